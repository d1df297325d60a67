import ArgumentParser
import RiskCalculation
import WarnSimCore

/// `warnsim config show FILE`: the configuration as normalized WarnSim YAML.
struct ConfigShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a risk configuration as normalized WarnSim YAML."
    )

    @OptionGroup var options: ConfigFileOptions

    func run() throws {
        do {
            let loaded = try ConfigurationLoader.load(path: options.file, trlValueMappingPath: options.trlValueMapping)
            printOutput(ConfigurationWriter.yaml(loaded))
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
