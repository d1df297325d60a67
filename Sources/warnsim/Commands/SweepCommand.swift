import Analysis
import ArgumentParser
import Foundation
import WarnSimCore

struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Score many risk configurations on recorded runs: metrics, Pareto front and plots.",
        discussion: """
            SWEEP.yaml defines a grid, random set or Latin hypercube over risk \
            parameters, or lists configuration files (Configs/sweeps/README.md). \
            Every configuration is scored on the runs' recorded exposure windows \
            with the batch scorer. Writes metrics.csv, pareto.csv, pr-curve.svg, \
            pareto.svg, manifest.json (and rejected.csv for invalid combinations) \
            into --out. An interrupted sweep started again resumes and writes the \
            same bytes.
            """
    )

    @Argument(help: "Run folders written by `warnsim simulate` (same risk configuration).")
    var runs: [String]

    @Option(help: "The sweep definition (YAML).")
    var sweep: String

    @Option(help: "Output folder.")
    var out: String

    @OptionGroup var threadOptions: ThreadOptions

    /// `--threads`, or every core of this machine.
    var threads: Int { threadOptions.threads }

    func run() throws {
        _ = try threadOptions.checked()
        let runner: SweepRunner
        do {
            let spec = try SweepSpecification.load(path: sweep)
            runner = try SweepRunner(spec: spec, runs: RunSet(folders: runs, options: spec.labels), version: WarnSimVersion.string)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let progress = isatty(STDERR_FILENO) == 1
        let clock = ContinuousClock()
        let started = clock.now
        let timings: SweepRunner.Timings
        do {
            timings = try runner.run(folder: URL(fileURLWithPath: out), workers: threads) { done, total in
                if progress { printError("configurations \(done)/\(total)") }
            }
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let seconds = (clock.now - started).inSeconds
        let scored = runner.plan.scored.count
        let rejected = runner.plan.entries.count - scored
        printOutput(
            "\(scored) configurations scored\(rejected > 0 ? ", \(rejected) rejected (see rejected.csv)" : "") in \(String(format: "%.2f", seconds)) s "
                + "(preparing \(String(format: "%.2f", timings.prepare)) s, batch scoring of \(timings.moments) detection moments \(String(format: "%.2f", timings.scoring)) s, "
                + "metrics \(String(format: "%.2f", timings.metrics)) s); wrote \(out)/\n")
    }
}
