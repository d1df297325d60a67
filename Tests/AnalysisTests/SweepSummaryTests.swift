import Foundation
import SimulationTestSupport
import Testing
import WarnSimTestSupport

@testable import Analysis

/// The console summary of a sweep: each objective's pick meets its objective
/// on the screen, its paired differences agree with the screen's metrics, and
/// thin labels are called thin.
@Suite struct SweepSummaryTests {
    @Test func picksMeetTheirObjectivesAndComparePairedWithProduction() throws {
        let spec = try SweepSpecification.load(path: ProjectFiles.url("Configs/sweeps/day-threshold.yaml").path)
        let runner = try SweepRunner(
            spec: spec, runs: RunSet(folders: [try RecordedRunFixture.shared.get()], options: spec.labels), version: "test")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-summary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try runner.run(folder: out, workers: 2) { _, _ in }
        let file = out.appendingPathComponent("metrics.csv")
        let points = try runner.points(metrics: try String(contentsOf: file, encoding: .utf8), file: file.path)
        let summary = try SweepSummary(runner: runner, points: points, resamples: 200, seed: 1, workers: 2)
        let production = try #require(points.first { $0.id == "production" })
        let byID = Dictionary(uniqueKeysWithValues: points.map { ($0.id, $0) })
        #expect(summary.label == .detectable)
        #expect(summary.atRisk > 0 && summary.atRisk == summary.atRisk.rounded(), "a binary label counts whole people")
        #expect(summary.picks.count + summary.unmet.count == SweepSummary.objectives.count)
        for pick in summary.picks {
            let point = try #require(byID[pick.id])
            #expect(pick.id != "production")
            #expect(pick.parameters.count == runner.plan.columns.count && pick.parameters[0].hasPrefix("day_threshold="))
            // The paired comparison re-scores the same windows: B and A are the screen's values (metrics.csv has 6 decimals).
            let precision = try #require(pick.comparison.rows.first { $0.metric.quantity == .precision })
            let recall = try #require(pick.comparison.rows.first { $0.metric.quantity == .recall })
            #expect(abs(precision.b - point.precision) < 5e-7 && abs(precision.a - production.precision) < 5e-7)
            #expect(abs(recall.b - point.recall) < 5e-7 && abs(recall.a - production.recall) < 5e-7)
            #expect(precision.interval.lower <= precision.difference && precision.difference <= precision.interval.upper)
            switch pick.objective {
            case "most recall at no less precision than production":
                #expect(point.precision >= production.precision && point.recall > production.recall)
            case "most precision at no less recall than production":
                #expect(point.recall >= production.recall && point.precision > production.precision)
            default:
                let f1 = LabelCounts.f1(precision: point.precision, recall: point.recall)
                #expect(points.allSatisfy { LabelCounts.f1(precision: $0.precision, recall: $0.recall) <= f1 || $0.id == "production" })
            }
        }
        #expect(summary.text.contains("people at risk"))
        #expect(summary.text.contains("caution: fewer than 30") == (summary.atRisk < 30))
        // summary.csv: one row per pick and metric, one per objective nothing met;
        // the sweep wrote the same table (same bootstrap: the file's 200 resamples, seed 1).
        let lines = summary.csv.split(separator: "\n")
        #expect(lines[0].hasPrefix("objective,id,parameters,label,at_risk,metric,production,candidate,difference,"))
        #expect(lines.count == 1 + summary.picks.reduce(0) { $0 + $1.comparison.rows.count } + summary.unmet.count)
        #expect(try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8) == summary.csv)
        for pick in summary.picks {
            let precision = try #require(pick.comparison.rows.first { $0.metric.quantity == .precision })
            #expect(
                lines.contains {
                    $0.hasPrefix("\(pick.objective),\(pick.id),") && $0.contains(",precision,")
                        && $0.hasSuffix(",\(SweepSummary.verdict(precision))")
                })
        }
    }

    @Test func parametersAreRoundedToFourSignificantDigits() {
        #expect(SweepSummary.rounded(9) == "9")
        #expect(SweepSummary.rounded(0.30000000000000004) == "0.3")
        #expect(SweepSummary.rounded(12.345678) == "12.35")
        #expect(SweepSummary.rounded(0.000123456) == "0.0001235")
        #expect(SweepSummary.rounded(-63) == "-63")
    }
}
