import ArgumentParser
import Foundation
import Population
import WarnSimCore

struct RadioCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Per DP-3T scenario and distance band: measured against simulated attenuation (median, IQR, KS)."
    )

    @Option(help: "Radio parameters (YAML).")
    var config = RadioDefaults.parameters

    @Option(help: "The DP-3T experiment-34 folder.")
    var dp3t = RadioDefaults.dp3t

    @Option(help: "Google's per-device calibration CSV.")
    var calibration = RadioDefaults.calibration

    @Option(help: "Seed of the simulated draws.")
    var seed: UInt64 = 20_200_731

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    func run() throws {
        do {
            let parameters = try RadioParameters.load(URL(fileURLWithPath: config))
            let scenarios = try DP3TMeasurements.loadAll(directory: URL(fileURLWithPath: dp3t))
            let table = try DeviceCalibrationTable.load(URL(fileURLWithPath: calibration))
            let rows = try RadioCheck.run(scenarios: scenarios, table: table, parameters: parameters, seed: seed)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                printOutput(String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n")
            } else {
                printOutput(RadioParametersWriter.checkTable(rows))
            }
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
