import Analysis
import ArgumentParser
import Foundation
import RiskCalculation
import WarnSimCore

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "The paired difference B − A of two risk configurations on the same recorded runs, with intervals.",
        discussion: """
            Scores both configurations on the windows the runs recorded (the same \
            phones, the same encounters) and reports, for every metric, A, B, B − A \
            with a 95 % paired bootstrap interval (seeds resampled, and phones within \
            each drawn seed; the same draws for A and B, so what they share cancels) \
            and the share of resamples in which B is better. Field outcomes and the \
            median delay are resampled over seeds only. Better means higher for \
            precision, recall, F1, timely recall and the shares of the warned who \
            turned out positive or infected, lower for false positives, warnings and \
            delays. --require METRIC:better (the interval lies wholly on the better \
            side of 0) or METRIC:not-worse (it does not lie wholly on the worse side) \
            exits 1 when it fails, so CI can hold a threshold change to "not worse \
            than production". With --out DIR it also writes comparison.csv (the \
            csv output), differences.svg (the paired differences of the shares \
            with their intervals) and manifest.json, a folder `warnsim report` reads.
            """
    )

    @Argument(help: "Run folders written by `warnsim simulate` (one configuration; several seeds).")
    var runs: [String]

    @Option(name: .customLong("config"), help: "The configuration A, then B (give it twice).")
    var configs: [String] = []

    @Option(name: .customLong("label"), help: "Labels whose metrics to compare (repeatable; default expected and detectable).")
    var labelNames: [String] = []

    @Option(help: "Output: text or csv.")
    var format: String = "text"

    @Option(name: .customLong("require"), help: "METRIC:better or METRIC:not-worse; exit 1 if B fails it (repeatable).")
    var requirements: [String] = []

    @Option(help: "Bootstrap resamples.")
    var bootstrap: Int = 1000

    @Option(help: "Seed of the bootstrap.")
    var seed: UInt64 = 1

    @Option(help: "Also write comparison.csv, differences.svg and manifest.json into this folder.")
    var out: String?

    @OptionGroup var labelOptions: LabelArguments
    @OptionGroup var threads: ThreadOptions
    @OptionGroup var force: ForceOption

    func run() throws {
        guard configs.count == 2 else {
            throw inputFailure(file: "<argument>", field: "--config", "give exactly two: --config A --config B (got \(configs.count))")
        }
        guard ["text", "csv"].contains(format) else { throw inputFailure(file: "<argument>", field: "--format", "must be text or csv") }
        guard (10...100_000).contains(bootstrap) else {
            throw inputFailure(file: "<argument>", field: "--bootstrap", "must be within 10…100000")
        }
        let workers = try threads.checked()
        if let out { try checkOutputFolder(out, command: "compare", inputs: runs + configs, force: force.force) }
        var labels: [GroundTruthLabel] = []
        for name in labelNames.isEmpty ? [GroundTruthLabel.expected.rawValue, GroundTruthLabel.detectable.rawValue] : labelNames {
            guard let label = GroundTruthLabel(rawValue: name) else {
                throw inputFailure(
                    file: "<argument>", field: "--label",
                    "\"\(name)\" is not one of \(GroundTruthLabel.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !labels.contains(label) { labels.append(label) }
        }
        let comparison: PairedComparison
        let checks: [ComparisonRequirement]
        let set: RunSet
        do {
            checks = try requirements.map { try ComparisonRequirement(parsing: $0, defaultLabel: labels[0], option: "--require") }
            let a = try ConfigurationLoader.load(path: configs[0])
            let b = try ConfigurationLoader.load(path: configs[1])
            set = try RunSet(folders: runs, options: try labelOptions.options())
            try set.checkOneScenario()
            var metrics = PairedComparison.metrics(labels: labels)
            for check in checks where !metrics.contains(check.metric) { metrics.append(check.metric) }
            comparison = try PairedComparison.compare(
                runs: set, a: a, b: b, metrics: metrics, resamples: bootstrap, seed: seed, workers: workers)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        if let out {
            let table = comparison.csv
            let chart = comparison.differencesChart(
                a: URL(fileURLWithPath: configs[0]).deletingPathExtension().lastPathComponent,
                b: URL(fileURLWithPath: configs[1]).deletingPathExtension().lastPathComponent
            ).svg()
            let manifest = AnalysisManifest(
                version: WarnSimVersion.string, command: "compare", runs: set.runs, options: set.options, bootstrap: bootstrap, seed: seed,
                production: set.production.name,
                extra: ["config_a": configs[0], "config_b": configs[1]])
            let inputs = try configs.enumerated().map { index, path in
                (
                    "config_\(index == 0 ? "a" : "b")/" + URL(fileURLWithPath: path).lastPathComponent,
                    try Data(contentsOf: URL(fileURLWithPath: path))
                )
            }
            try writingOutputFolder(out, command: "compare", inputs: runs + configs, force: force.force) { folder in
                try AtomicFile.write(table, to: folder.appendingPathComponent(PairedComparison.csvFileName))
                try AtomicFile.write(chart, to: folder.appendingPathComponent(PairedComparison.chartFileName))
                try manifest.manifest(
                    outputs: [PairedComparison.csvFileName: Data(table.utf8), PairedComparison.chartFileName: Data(chart.utf8)],
                    extraInputs: inputs
                ).write(into: folder)
            }
        }
        printOutput(format == "csv" ? comparison.csv : comparison.text(a: configs[0], b: configs[1]))
        var failed = false
        for check in checks {
            let row = comparison.rows.first { $0.metric == check.metric }!
            if !PairedComparison.meets(row, check.requirement) {
                printError(
                    "warnsim: requirement failed: \(check.metric) \(check.requirement.rawValue): B − A = \(MetricsCSV.fixed(row.difference, 4)) [\(MetricsCSV.fixed(row.interval.lower, 4)), \(MetricsCSV.fixed(row.interval.upper, 4))]"
                )
                failed = true
            }
        }
        if failed { throw ExitStatus.checkFailed }
    }
}
