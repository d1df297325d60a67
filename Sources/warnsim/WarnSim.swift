import ArgumentParser
import Foundation
import WarnSimCore

/// The `warnsim` command: argument parsing, progress and exit codes only; the
/// work is done by the library modules.
@main
struct WarnSim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warnsim",
        abstract: "Simulate exposure-notification warnings and tune the risk parameters behind them.",
        discussion: """
            Exit codes: 0 success; 1 a check or comparison failed; 2 invalid or \
            unreadable input; 3 a signature did not verify.
            """,
        version: WarnSimVersion.string,
        subcommands: [
            SimulateCommand.self,
            RedrawCommand.self,
            DemoCommand.self,
            CryptoCommand.self,
            KeysCommand.self,
            BenchCommand.self,
            EvaluateCommand.self,
            ValidateCommand.self,
            SweepCommand.self,
            CompareCommand.self,
            ReportCommand.self,
            TuneCommand.self,
            SensitivityCommand.self,
            WindowsCommand.self,
            RegressCommand.self,
            ConfigCommand.self,
            ScoreCommand.self,
            ReplayCommand.self,
            RadioCommand.self,
            ClusterCommand.self,
            ScenarioCommand.self,
        ]
    )

    /// Parses and runs the command as ArgumentParser does, except that an
    /// option value that does not parse (`--days abc`, `--days -1`, a missing
    /// value) is invalid input: exit 2 with a message naming the option, like
    /// every range check in the commands. `--help` still exits 0 and other
    /// usage errors (an unknown option) keep ArgumentParser's exit code 64; a
    /// misspelled subcommand is named with the nearest real one.
    static func main() async {
        let environment = ProcessInfo.processInfo.environment["WARNSIM_SOURCE_COMMIT"] ?? ""
        RunManifest.sourceCommit = environment.isEmpty ? buildSourceCommit : environment
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure, let problem = OptionValueFailure(message: message(for: error)) {
                exit(withError: inputFailure(problem.error))
            }
            if exitCode(for: error) == .validationFailure,
                let suggestion = CommandSuggestion.message(
                    root: CommandSuggestion.Node(self), arguments: Array(CommandLine.arguments.dropFirst()))
            {
                printError("warnsim: error: \(suggestion)")
                exit(withError: ExitCode.validationFailure)
            }
            exit(withError: error)
        }
    }
}
