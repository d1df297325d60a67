import Analysis
import Foundation
import Plot
import WarnSimCore

/// How far the runs agree with the field: every run-metric figure of the
/// validation registry measured on the report's runs, as `warnsim validate
/// --runs` measures it (pooled value, seed bootstrap interval, agreement when
/// the interval overlaps the published band).
enum FieldAgreement {
    static func section(
        figures: [ValidationFigure], runs: RunSet, scenario: String?
    ) -> (
        body: [Node<HTML.BodyContext>], cautions: [String]
    ) {
        var body: [Node<HTML.BodyContext>] = [.h3(.text("Agreement with the field"))]
        let runMetrics = figures.filter { if case .runMetric = $0.measure { true } else { false } }
        guard !runMetrics.isEmpty else {
            body.append(
                ReportHTML.paragraph("No validation registry was read (--registry), so nothing here is checked against field figures."))
            return (body, ["The scenario was not compared with field figures (no validation registry)."])
        }
        // In seed order, as `validate --runs` orders them, so the bootstrap names the same runs
        // (a tally is one run's counts, whatever the order or the label options).
        let ordered = runs.runs.indices.sorted { (runs.runs[$0].seed, runs.runs[$0].folder) < (runs.runs[$1].seed, runs.runs[$1].folder) }
        let perRun = FieldOutcomeCalculator(runs: runs).tallies(warnedAt: runs.recordedWarnings)
        let tallies = ordered.map { perRun[$0] }
        var rows: [[String]] = []
        var misses: [String] = []
        var elsewhere: [String] = []
        for (index, figure) in figures.enumerated() {
            guard case .runMetric(let figureScenario, _, _, let column) = figure.measure else { continue }
            let result = ValidationResult(figure: figure, tallies: tallies, column: column, entity: UInt64(index))
            let registryScenario = URL(fileURLWithPath: figureScenario).lastPathComponent
            let applies = registryScenario == scenario
            if !applies { elsewhere.append(figure.id) }
            if !result.passed { misses.append(figure.id) }
            let p = figure.published
            rows.append([
                figure.id, figure.description,
                "\(ReportHTML.number(p.value, 3)) (\(ReportHTML.number(p.low, 3))–\(ReportHTML.number(p.high, 3)))",
                ReportHTML.interval(result.measured, result.low, result.high), result.passed ? "agrees" : "misses",
                applies ? "this scenario" : registryScenario, figure.source,
            ])
        }
        body.append(
            ReportHTML.table(
                ["figure", "what", "published (band)", "these runs (95 % CI)", "verdict", "registry measures it on", "source"], rows,
                caption:
                    "Run-metric figures of the validation registry measured on these runs (seed bootstrap, as warnsim validate --runs)."))
        var cautions: [String] = []
        if !misses.isEmpty {
            cautions.append(
                "These runs miss \(misses.count) field figure\(misses.count == 1 ? "" : "s") (\(misses.joined(separator: ", "))): "
                    + "the scenario warns differently from the field, so read its precision and recall as a model's, not the field's.")
        }
        if !elsewhere.isEmpty {
            cautions.append(
                "The registry checks \(elsewhere.joined(separator: ", ")) on another scenario (column \"registry measures it on\"); "
                    + "here they are measured on this one, which need not have the field's conditions.")
        }
        return (body, cautions)
    }
}
