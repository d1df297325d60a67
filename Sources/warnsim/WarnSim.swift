import ArgumentParser

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
            DemoCommand.self,
            CryptoCommand.self,
            KeysCommand.self,
            BenchCommand.self,
            EvaluateCommand.self,
            ValidateCommand.self,
            SweepCommand.self,
            WindowsCommand.self,
            RegressCommand.self,
            ConfigCommand.self,
            ScoreCommand.self,
            ReplayCommand.self,
            RadioCommand.self,
        ]
    )
}
