import Analysis
import ArgumentParser
import Foundation
import RiskCalculation
import WarnSimCore

struct SensitivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensitivity",
        abstract: "Global sensitivity of the metrics to each parameter of a space: Sobol' indices or Morris effects.",
        discussion: """
            Scores a Saltelli design (N × (k + 2) configurations; Saltelli et al. 2010 \
            first-order estimator, Jansen 1999 total) or N Morris trajectories \
            (N × (k + 1); Morris 1991, μ* after Campolongo et al. 2007) over the space's \
            parameters on the runs' recorded windows, and writes sensitivity.csv (every \
            metric × parameter, with 95 % bootstrap intervals), one bar chart per metric \
            (sensitivity-METRIC.svg) and manifest.json into --out. Unprefixed label \
            metrics use the expected-infection label.
            """
    )

    @Argument(help: "Run folders written by `warnsim simulate`.")
    var runs: [String]

    @Option(help: "The space (YAML, as for tune).")
    var space: String

    @Option(help: "sobol or morris.")
    var method: String = "sobol"

    @Option(help: "Sobol' base samples N, or Morris trajectories.")
    var samples: Int = 256

    @Option(name: .customLong("metric"), help: "Metrics to analyse (repeatable; default precision, recall, warnings_per_1000).")
    var metricNames: [String] = []

    @Option(help: "Seed of the design and the bootstrap.")
    var seed: UInt64 = 1

    @Option(help: "Output folder.")
    var out: String

    @OptionGroup var threads: ThreadOptions
    @OptionGroup var force: ForceOption

    func run() throws {
        try checkOutputFolder(out, command: "sensitivity", inputs: runs + [space], force: force.force)
        let workers = try threads.checked()
        guard let mode = SensitivityRunner.Method(rawValue: method) else {
            throw inputFailure(file: "<argument>", field: "--method", "must be sobol or morris")
        }
        guard (2...100_000).contains(samples) else { throw inputFailure(file: "<argument>", field: "--samples", "must be within 2…100000") }
        let runner: SensitivityRunner
        do {
            let metrics = try (metricNames.isEmpty ? ["precision", "recall", "warnings_per_1000"] : metricNames).map {
                try MetricName(parsing: $0, defaultLabel: .expected, file: "<argument>", field: "--metric")
            }
            let (tuneSpace, set) = try TuneSpace.load(path: space, runFolders: runs)
            runner = SensitivityRunner(runs: set, space: tuneSpace, metrics: metrics, method: mode, samples: samples, seed: seed)
            guard runner.evaluationCount <= 2_000_000 else {
                throw InputError(
                    file: "<argument>", field: "--samples",
                    problem: "the design needs \(runner.evaluationCount) configurations; at most 2,000,000")
            }
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let interactive = isatty(STDERR_FILENO) == 1
        let rows = try writingOutputFolder(out, command: "sensitivity", inputs: runs + [space], force: force.force) { folder in
            let rows = try runner.run(workers: workers) { done, total in if interactive { printError("configurations \(done)/\(total)") } }
            var outputs: [String: Data] = ["sensitivity.csv": Data(runner.csv(rows).utf8)]
            for metric in runner.metrics { outputs["sensitivity-\(metric).svg"] = Data(runner.chart(rows, metric: metric).utf8) }
            for name in outputs.keys.sorted() { try AtomicFile.write(outputs[name]!, to: folder.appendingPathComponent(name)) }
            let manifest = AnalysisManifest(
                version: WarnSimVersion.string, command: "sensitivity", runs: runner.runs.runs, options: runner.runs.options,
                bootstrap: 500,
                seed: seed, production: runner.runs.production.name,
                extra: ["method": method, "samples": String(samples), "configurations_scored": String(runner.evaluationCount)])
            let spaceURL = URL(fileURLWithPath: space)
            try manifest.manifest(outputs: outputs, extraInputs: [(spaceURL.lastPathComponent, try Data(contentsOf: spaceURL))]).write(
                into: folder)
            return rows
        }
        printOutput(runner.csv(rows))
    }
}
