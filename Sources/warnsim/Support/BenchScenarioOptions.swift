import ArgumentParser
import Foundation
import Population

/// The scenario, thread count and seed of the benchmarks that run a town
/// (`bench world`, `bench simulate`).
struct BenchScenarioOptions: ParsableArguments {
    @Option(help: "Scenario file (its world sections; `bench simulate` also its app sections).")
    var scenario = "Configs/scenarios/town-10k.yaml"

    @OptionGroup var threadOptions: ThreadOptions

    /// `--threads`, or every core of this machine.
    var threads: Int { threadOptions.threads }

    @Option(help: "Seed.")
    var seed: UInt64 = 1

    /// The scenario file's URL, after checking `--threads`.
    func checkedScenarioURL() throws -> URL {
        _ = try threadOptions.checked()
        return URL(fileURLWithPath: scenario)
    }
}
