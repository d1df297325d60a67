import ArgumentParser

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure this machine's throughput for the hot paths (build with -c release).",
        subcommands: [BenchCryptoCommand.self, BenchScoreCommand.self, BenchWorldCommand.self, BenchSimulateCommand.self]
    )
}
