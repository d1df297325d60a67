import Analysis
import Foundation
import RiskCalculation
import Simulation
import WarnSimCore

/// `sweep --confirm N`: the fast screen re-scores recorded windows, which
/// cannot show what a configuration does to the world (its warnings send
/// other people home and start other chains). Confirmation takes the N
/// configurations of the screen's Pareto front with the best F1 (and the
/// production configuration), puts each live on every phone of the scenario,
/// re-simulates every seed of the screened runs with the loop closed, and
/// evaluates the new runs like `evaluate`: precision and recall as confirmed
/// next to the screen's, and the loop outcomes (infections averted against
/// the counterfactual, quarantine person-days).
package struct SweepConfirmation: Sendable {
    /// One confirmed configuration.
    package struct Row: Sendable {
        package var id: String
        /// The scenario variant's fields (`path=value;…`), empty for the runs' own scenario.
        package var variant: String
        package var screenPrecision: Double
        package var screenRecall: Double
        package var metrics: LabelMetrics
        package var loop: LoopOutcomes
        /// Each re-simulated run's totals, in the runs' order (for paired differences).
        package var perRun: [ConfirmedRun]
    }

    /// What one re-simulated seed did: its totals and its counterfactual's infections.
    package struct ConfirmedRun: Sendable, Hashable {
        package var seed: UInt64
        package var totals: RecordedRun.DayTotals
        package var counterfactualInfections: Int?
    }

    package let scenario: Scenario
    package let runs: RunSet
    /// The label of the confirmed precision and recall (the runs' primary label unless set).
    package var label: GroundTruthLabel
    /// The runs' own `--set` fields, applied to every variant first.
    package let overrides: [FieldOverride]

    /// Checks that `scenario` (with its `--set` overrides) is the one the runs
    /// were simulated from: the scenario file's SHA-256 must be among each
    /// run's manifest inputs, and the overrides must be the runs' own.
    /// The re-simulations must fit in this machine's memory (``RunMemoryEstimate``).
    package init(scenario: Scenario, overrides fields: [FieldOverride], runs: RunSet) throws {
        for run in runs.runs {
            try RunProvenance(runFolder: run.folder).check(
                scenario: scenario, overrides: fields.map(\.description), purpose: "confirmation")
        }
        try RunMemoryEstimate(
            people: scenario.world.population.people, days: runs.runs.map(\.days).max() ?? scenario.app.days,
            part: .runWithCounterfactual
        ).check(file: scenario.url.path)
        self.scenario = scenario
        self.runs = runs
        self.overrides = fields
        label = runs.options.primary
    }

    /// The ids to confirm: production, then the `count` points of the Pareto
    /// front with the highest F1 (ties by id).
    package static func choose(_ points: [PrecisionRecallPoint], count: Int) -> [String] {
        func f1(_ p: PrecisionRecallPoint) -> Double {
            let value = LabelCounts.f1(precision: p.precision, recall: p.recall)
            return value.isNaN ? 0 : value
        }
        let front = ParetoFront.compute(points).filter { $0.id != "production" }
        let best = front.sorted { (f1($0), $1.id) > (f1($1), $0.id) }.prefix(count).map(\.id)
        return (points.contains { $0.id == "production" } ? ["production"] : []) + best
    }

    /// Simulates every chosen configuration under every scenario variant
    /// (`variants`: extra `--set` fields, `[[]]` for the runs' own scenario) on
    /// every seed into `folder/confirm/ID[@VARIANT]/seed-N/` and evaluates them.
    package func run(
        ids: [String], variants: [[FieldOverride]] = [[]], configurations: [String: RiskConfiguration],
        screen: [String: PrecisionRecallPoint], folder: URL, workers: Int, resamples: Int, seed: UInt64, version: String,
        progress: (String) -> Void
    ) throws -> [Row] {
        var rows: [Row] = []
        for variant in variants {
            let scenario = variant.isEmpty ? self.scenario : try Scenario.load(self.scenario.url, overrides: overrides + variant)
            let name = variant.map(\.description).joined(separator: ";")
            for id in ids {
                guard let configuration = configurations[id] else { continue }
                rows.append(
                    try confirm(
                        id: id, variant: name, configuration: configuration, scenario: scenario, screen: screen[id], folder: folder,
                        workers: workers, resamples: resamples, seed: seed, version: version, progress: progress))
            }
        }
        return rows
    }

    /// One configuration under one scenario, on every seed.
    func confirm(
        id: String, variant: String, configuration: RiskConfiguration, scenario: Scenario, screen: PrecisionRecallPoint?,
        folder: URL, workers: Int, resamples: Int, seed: UInt64, version: String, progress: (String) -> Void
    ) throws -> Row {
        var app = scenario.app
        app.risk = configuration
        let live = Scenario(url: scenario.url, world: scenario.world, app: app, description: scenario.description)
        let fields = overrides.map(\.description) + (variant.isEmpty ? [] : variant.split(separator: ";").map(String.init))
        var folders: [String] = []
        let label = variant.isEmpty ? id : "\(id)@\(variant)"
        for recorded in runs.runs {
            progress("confirming \(label), seed \(recorded.seed)")
            let out = folder.appendingPathComponent("confirm").appendingPathComponent(Self.folderName(label))
                .appendingPathComponent("seed-\(recorded.seed)")
            let job = RunJob(scenario: live, seed: recorded.seed, days: recorded.days, counterfactual: true, overrides: fields)
            _ = try job.run(into: out, workers: workers, version: version)
            folders.append(out.path)
        }
        let set = try RunSet(folders: folders, options: runs.options)
        let evaluator = Evaluator(labels: set.labels, options: runs.options, resamples: resamples, seed: seed, radioGroups: set.radioGroups)
        let metrics = evaluator.evaluate(warnedAt: set.recordedWarnings)
        // The screen saw the runs' own scenario only.
        return Row(
            id: id, variant: variant, screenPrecision: variant.isEmpty ? screen?.precision ?? .nan : .nan,
            screenRecall: variant.isEmpty ? screen?.recall ?? .nan : .nan, metrics: metrics[self.label]!,
            loop: LoopOutcomes(runs: set.runs, resamples: resamples, seed: seed),
            perRun: set.runs.map { ConfirmedRun(seed: $0.seed, totals: $0.totals, counterfactualInfections: $0.counterfactualInfections) })
    }

    /// A folder name for a configuration id (letters, digits, `-`, `_`, `.` kept).
    static func folderName(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
    }

    /// `confirmed.csv`: per configuration, the screen's precision and recall,
    /// the confirmed ones with their bootstrap intervals, then the loop outcomes.
    package static func csv(_ rows: [Row]) -> String {
        var out =
            ([
                "id", "scenario", "screen_precision", "screen_recall", "precision", "precision_low", "precision_high", "recall",
                "recall_low",
                "recall_high",
            ] + LoopOutcomes.columns).joined(separator: ",") + "\n"
        for row in rows {
            let m = row.metrics
            out +=
                ([
                    MetricsCSV.escape(row.id), MetricsCSV.escape(row.variant), MetricsCSV.fixed(row.screenPrecision, 6),
                    MetricsCSV.fixed(row.screenRecall, 6),
                    MetricsCSV.fixed(m.counts.precision, 6), MetricsCSV.fixed(m.precisionInterval.lower, 6),
                    MetricsCSV.fixed(m.precisionInterval.upper, 6), MetricsCSV.fixed(m.counts.recall, 6),
                    MetricsCSV.fixed(m.recallInterval.lower, 6), MetricsCSV.fixed(m.recallInterval.upper, 6),
                ] + row.loop.cells).joined(separator: ",") + "\n"
        }
        return out
    }

    /// The printed table.
    package static func text(_ rows: [Row], label: GroundTruthLabel) -> String {
        var out = "confirmed with the loop closed (label \(label.rawValue)):\n"
        out += "id                        screen P  screen R  confirmed P  confirmed R  averted/run  quarantine days  scenario\n"
        for row in rows {
            func f(_ x: Double, _ width: Int) -> String {
                let text = x.isNaN ? "n/a" : String(format: "%.3f", x)
                return text.padding(toLength: width, withPad: " ", startingAt: 0)
            }
            let averted = row.loop.avertedPerRun.isNaN ? "n/a" : String(format: "%.1f", row.loop.avertedPerRun)
            out += row.id.padding(toLength: 26, withPad: " ", startingAt: 0) + f(row.screenPrecision, 10) + f(row.screenRecall, 10)
            out += f(row.metrics.counts.precision, 13) + f(row.metrics.counts.recall, 13)
            out += averted.padding(toLength: 13, withPad: " ", startingAt: 0)
            out += String(row.loop.quarantinePersonDays).padding(toLength: 17, withPad: " ", startingAt: 0)
            out += (row.variant.isEmpty ? "as simulated" : row.variant) + "\n"
        }
        return out
    }
}
