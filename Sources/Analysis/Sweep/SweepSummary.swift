import Foundation
import RiskCalculation
import WarnSimCore

/// What a sweep found, in a few lines for the console: production, and for
/// each of the usual objectives the configuration of the screen that meets it
/// best, with its parameter values and its paired differences to production
/// (``PairedComparison``: the same windows, seeds and phones resampled alike),
/// so that the analyst sees at once whether anything beat production by more
/// than noise. When the primary label has fewer than ``thinAtRisk`` people at
/// risk, the summary says so: recall then takes only a few values.
package struct SweepSummary: Sendable {
    /// One objective's best configuration.
    package struct Pick: Sendable {
        package var objective: String
        package var id: String
        /// The swept parameters, `name=value`, values to four significant digits.
        package var parameters: [String]
        package var comparison: PairedComparison
    }

    /// Below this many people at risk (expected people for a probabilistic
    /// label), recall moves in steps of several percentage points: a rule of
    /// thumb, the size at which a binomial proportion's 95 % interval is
    /// narrower than ±0.2 around 0.8.
    package static let thinAtRisk = 30.0

    package let label: GroundTruthLabel
    package let atRisk: Double
    package let picks: [Pick]
    /// Objectives no configuration met (nothing beat production there).
    package let unmet: [String]

    /// The objectives, over the screen's precision and recall of the primary label.
    static let objectives:
        [(
            name: String, qualifies: @Sendable (PrecisionRecallPoint, PrecisionRecallPoint) -> Bool,
            score: @Sendable (PrecisionRecallPoint) -> Double
        )] = [
            ("best F1", { _, _ in true }, { LabelCounts.f1(precision: $0.precision, recall: $0.recall) }),
            ("most recall at no less precision than production", { $0.precision >= $1.precision }, { $0.recall }),
            ("most precision at no less recall than production", { $0.recall >= $1.recall }, { $0.precision }),
        ]

    /// Picks the configurations of `points` (the screen's `metrics.csv`) and
    /// compares each with production on the runs.
    package init(runner: SweepRunner, points: [PrecisionRecallPoint], resamples: Int, seed: UInt64, workers: Int) throws {
        let label = runner.runs.options.primary
        self.label = label
        atRisk = runner.runs.atRisk(label)
        let entries = Dictionary(runner.plan.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let production = points.first { $0.id == "production" }
        // The picks first, then production and all of them scored in one batch.
        var chosen: [(objective: String, id: String, parameters: [String], configuration: RiskConfiguration)] = []
        var unmet: [String] = []
        let metrics = [MetricName.Quantity.precision, .recall, .warningsPer1000].map { MetricName($0, label: label) }
        for objective in Self.objectives {
            guard let production else { break }
            let candidates = points.filter {
                $0.id != "production" && $0.precision.isFinite && $0.recall.isFinite && objective.qualifies($0, production)
            }
            // Highest score; ties by higher F1, then by id.
            guard
                let best = candidates.max(by: {
                    (objective.score($0), LabelCounts.f1(precision: $0.precision, recall: $0.recall), $1.id)
                        < (objective.score($1), LabelCounts.f1(precision: $1.precision, recall: $1.recall), $0.id)
                }), objective.score(best) > objective.score(production) || objective.name == "best F1",
                let entry = entries[best.id], let configuration = entry.configuration
            else {
                unmet.append(objective.name)
                continue
            }
            let parameters = zip(runner.plan.columns, entry.cells).map { name, cell in
                "\(name)=\(Double(cell).map { Self.rounded($0) } ?? cell)"
            }
            chosen.append((objective.name, best.id, parameters, configuration))
        }
        let comparisons = try PairedComparison.compare(
            runs: runner.runs, a: runner.runs.production, each: chosen.map(\.configuration), metrics: metrics, resamples: resamples,
            seed: seed, workers: workers)
        let picks = zip(chosen, comparisons).map { pick, comparison in
            Pick(objective: pick.objective, id: pick.id, parameters: pick.parameters, comparison: comparison)
        }
        self.picks = picks
        self.unmet = production == nil ? [] : unmet
    }

    /// `value` to four significant digits, without trailing zeros.
    static func rounded(_ value: Double) -> String {
        guard value.isFinite, value != value.rounded() || abs(value) >= 1e4 else {
            return value.isFinite ? String(Int64(value)) : String(value)
        }
        var text = String(format: "%.4g", value)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// `summary.csv`: per objective and metric, the pick against production
    /// with the paired difference and its interval; an objective nothing met
    /// has one row with an empty `id`.
    package var csv: String {
        let people = MetricsCSV.fixed(atRisk, label.isProbabilistic ? 1 : 0)
        var out =
            "objective,id,parameters,label,at_risk,metric,production,candidate,difference,difference_low,difference_high,"
            + "probability_better,verdict\n"
        for pick in picks {
            for row in pick.comparison.rows {
                out +=
                    [
                        pick.objective, pick.id, pick.parameters.joined(separator: " "), label.rawValue, people,
                        row.metric.quantity.rawValue, MetricsCSV.fixed(row.a, 6), MetricsCSV.fixed(row.b, 6),
                        MetricsCSV.fixed(row.difference, 6), MetricsCSV.fixed(row.interval.lower, 6),
                        MetricsCSV.fixed(row.interval.upper, 6), MetricsCSV.fixed(row.probabilityBetter, 4), Self.verdict(row),
                    ].map(MetricsCSV.escape).joined(separator: ",") + "\n"
            }
        }
        for objective in unmet {
            out +=
                [objective, "", "", label.rawValue, people, "", "", "", "", "", "", "", "no configuration beats production"]
                .map(MetricsCSV.escape).joined(separator: ",") + "\n"
        }
        return out
    }

    /// `better` when the whole interval is on the better side of 0, `within
    /// noise` when it straddles 0, `worse` otherwise.
    static func verdict(_ row: PairedComparison.Row) -> String {
        PairedComparison.meets(row, .better) ? "better" : PairedComparison.meets(row, .notWorse) ? "within noise" : "worse"
    }

    /// The printed lines.
    package var text: String {
        func n(_ v: Double) -> String { MetricsCSV.fixed(v, 4) }
        let people = label.isProbabilistic ? String(format: "%.1f expected", atRisk) : String(Int(atRisk.rounded()))
        var out = "summary (label \(label.rawValue), \(people) people at risk; differences to production with 95% paired intervals):\n"
        for pick in picks {
            out += "  \(pick.objective): \(pick.id) (\(pick.parameters.joined(separator: ", ")))\n"
            for row in pick.comparison.rows {
                let quantity = row.metric.quantity.rawValue
                let verdict = Self.verdict(row)
                out +=
                    "    \(quantity): \(n(row.b)) against \(n(row.a)), \(n(row.difference)) [\(n(row.interval.lower)), \(n(row.interval.upper))], \(verdict)\n"
            }
        }
        for objective in unmet { out += "  \(objective): no configuration beats production\n" }
        if !picks.isEmpty {
            out +=
                "  these picks were chosen on the runs they are compared on, so their differences are optimistic (the winner's curse): "
                + "check them on other seeds (warnsim compare, or warnsim tune --holdout-seeds)\n"
        }
        if atRisk < Self.thinAtRisk {
            out +=
                "  caution: fewer than \(Int(Self.thinAtRisk)) people at risk under \(label.rawValue), so recall takes few values; "
                + (label.isProbabilistic
                    ? "simulate more seeds or people\n"
                    : "simulate more seeds or people, or read the expected label (labels: {primary: expected})\n")
        }
        return out
    }
}
