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
            than production".
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

    @OptionGroup var labelOptions: LabelArguments
    @OptionGroup var threads: ThreadOptions

    func run() throws {
        guard configs.count == 2 else {
            throw inputFailure(file: "<argument>", field: "--config", "give exactly two: --config A --config B (got \(configs.count))")
        }
        guard ["text", "csv"].contains(format) else { throw inputFailure(file: "<argument>", field: "--format", "must be text or csv") }
        guard (10...100_000).contains(bootstrap) else {
            throw inputFailure(file: "<argument>", field: "--bootstrap", "must be within 10…100000")
        }
        let workers = try threads.checked()
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
        do {
            checks = try requirements.map { try ComparisonRequirement(parsing: $0, defaultLabel: labels[0], option: "--require") }
            let a = try ConfigurationLoader.load(path: configs[0])
            let b = try ConfigurationLoader.load(path: configs[1])
            let set = try RunSet(folders: runs, options: try labelOptions.options())
            try set.checkOneScenario()
            var metrics = PairedComparison.metrics(labels: labels)
            for check in checks where !metrics.contains(check.metric) { metrics.append(check.metric) }
            comparison = try PairedComparison.compare(
                runs: set, a: a, b: b, metrics: metrics, resamples: bootstrap, seed: seed, workers: workers)
        } catch let error as InputError {
            throw inputFailure(error)
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
