import ArgumentParser

/// `warnsim radio`: the radio model's fit to real measurements, its check, and draws from it.
struct RadioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "radio",
        abstract: "Fit, check and sample the BLE radio model (distance → attenuation).",
        subcommands: [RadioFitCommand.self, RadioCheckCommand.self, RadioSampleCommand.self]
    )
}

/// Default locations of the reference data, relative to the project root.
enum RadioDefaults {
    static let dp3t = "Configs/radio/data/dp3t-exp34"
    static let lanfer = "Configs/radio/data/lanfer-multichannel-2022"
    static let dublin = "Configs/radio/data/leith-dublin-bus-2020"
    static let calibration = "Configs/radio/data/en-calibration-2020-08-12.csv"
    static let parameters = "Configs/radio/default.yaml"
}
