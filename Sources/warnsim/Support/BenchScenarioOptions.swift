import ArgumentParser
import Foundation
import Population

/// The scenario, thread count and seed of the benchmarks that run a town
/// (`bench world`, `bench simulate`).
struct BenchScenarioOptions: ParsableArguments {
    @Option(help: "Scenario file (its world sections; `bench simulate` also its app sections).")
    var scenario = "Configs/scenarios/town-10k.yaml"

    @Option(name: .customLong("threads"), help: "Worker threads (default: all cores).")
    var threadCount: Int?

    /// `--threads`, or every core of this machine.
    var threads: Int { threadCount ?? ProcessInfo.processInfo.activeProcessorCount }

    @Option(help: "Seed.")
    var seed: UInt64 = 1

    /// The scenario file's URL, after checking `--threads`.
    func checkedScenarioURL() throws -> URL {
        guard (1...1024).contains(threads) else { throw inputFailure(file: "<argument>", field: "--threads", "must be in 1...1024") }
        return URL(fileURLWithPath: scenario)
    }
}
