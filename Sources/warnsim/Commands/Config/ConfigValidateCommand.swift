import ArgumentParser
import RiskCalculation
import WarnSimCore

/// `warnsim config validate FILE`: exit 0 and one line if the file is a valid
/// parameter set, exit 2 with the file, field and problem otherwise.
struct ConfigValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a risk configuration file; exit 2 naming the field and the problem if it is invalid."
    )

    @OptionGroup var options: ConfigFileOptions

    func run() throws {
        do {
            let loaded = try ConfigurationLoader.load(path: options.file, trlValueMappingPath: options.trlValueMapping)
            printOutput("\(options.file): valid \(loaded.scheme.identifier) configuration \"\(loaded.name)\"\n")
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
