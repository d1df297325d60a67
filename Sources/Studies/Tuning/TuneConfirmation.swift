import Analysis
import Foundation
import RiskCalculation
import WarnSimCore

/// `tune --confirm`: production and the recommendation put live on every
/// phone and re-simulated with the loop closed on the held-out seeds, each
/// seed with the same random streams for both (common random numbers: the
/// same people meet, fall ill and test alike until a warning changes what they
/// do), then compared seed by seed: the paired differences in infections
/// averted, quarantine and isolation person-days and warnings.
///
/// The interval of each difference is a 95 % percentile bootstrap of the mean
/// per-seed difference over the seeds (`LoopOutcomes`' resampling); with
/// fewer than ``decisiveSeeds`` seeds it is coarse, and the text says so.
package struct TuneConfirmation: Sendable {
    /// A loop outcome compared seed by seed.
    package struct Difference: Sendable, Hashable {
        package var outcome: String
        package var seeds: Int
        /// Means per run.
        package var production: Double
        package var recommended: Double
        package var difference: Double
        package var lower: Double
        package var upper: Double
        /// Seeds on which the recommendation's value is higher, and lower.
        package var seedsHigher: Int
        package var seedsLower: Int
    }

    /// Below this many held-out seeds the percentile bootstrap over seeds has
    /// too few distinct resamples to be trusted (Efron & Tibshirani, An
    /// Introduction to the Bootstrap, 1993, §13.3: percentile intervals
    /// undercover in small samples).
    package static let decisiveSeeds = 10

    package let rows: [SweepConfirmation.Row]
    package let differences: [Difference]

    /// Re-simulates production and `recommended` on the confirmation's runs
    /// (the held-out seeds) into `folder/confirm/{production,recommended}/seed-N/`.
    package init(
        confirmation: SweepConfirmation, production: RiskConfiguration, recommended: RiskConfiguration,
        screen: [String: PrecisionRecallPoint], folder: URL, workers: Int, resamples: Int, seed: UInt64, version: String,
        progress: (String) -> Void
    ) throws {
        rows = try confirmation.run(
            ids: ["production", "recommended"], configurations: ["production": production, "recommended": recommended],
            screen: screen, folder: folder, workers: workers, resamples: resamples, seed: seed, version: version,
            progress: progress)
        differences = Self.differences(production: rows[0].perRun, recommended: rows[1].perRun, resamples: resamples, seed: seed)
    }

    /// The paired differences of two configurations' runs of the same seeds.
    static func differences(
        production: [SweepConfirmation.ConfirmedRun], recommended: [SweepConfirmation.ConfirmedRun], resamples: Int, seed: UInt64
    ) -> [Difference] {
        precondition(production.map(\.seed) == recommended.map(\.seed))
        let outcomes: [(String, (SweepConfirmation.ConfirmedRun) -> Double?)] = [
            ("infections_averted", { run in run.counterfactualInfections.map { Double($0 - run.totals.infections) } }),
            ("infections", { Double($0.totals.infections) }),
            ("quarantine_person_days", { Double($0.totals.quarantined) }),
            ("isolation_person_days", { Double($0.totals.isolating) }),
            ("warnings", { Double($0.totals.warnings) }),
            ("uploads", { Double($0.totals.uploads) }),
        ]
        return outcomes.compactMap { name, value in
            var a: [Double] = []
            var b: [Double] = []
            for (runA, runB) in zip(production, recommended) {
                guard let va = value(runA), let vb = value(runB) else { continue }
                a.append(va)
                b.append(vb)
            }
            guard !a.isEmpty else { return nil }
            let d = zip(b, a).map { $0 - $1 }
            func mean(_ x: [Double]) -> Double { x.reduce(0, +) / Double(x.count) }
            let (lower, upper) = LoopOutcomes.interval(d, resamples: resamples, seed: seed)
            return Difference(
                outcome: name, seeds: d.count, production: mean(a), recommended: mean(b), difference: mean(d), lower: lower,
                upper: upper, seedsHigher: d.filter { $0 > 0 }.count, seedsLower: d.filter { $0 < 0 }.count)
        }
    }

    /// `confirmed-differences.csv`: one row per outcome, means per run.
    package var csv: String {
        var out =
            "outcome,seeds,production_per_run,recommended_per_run,difference_per_run,difference_low,difference_high,"
            + "seeds_recommended_higher,seeds_recommended_lower\n"
        for d in differences {
            out +=
                [
                    d.outcome, String(d.seeds), MetricsCSV.fixed(d.production, 4), MetricsCSV.fixed(d.recommended, 4),
                    MetricsCSV.fixed(d.difference, 4), MetricsCSV.fixed(d.lower, 4), MetricsCSV.fixed(d.upper, 4),
                    String(d.seedsHigher), String(d.seedsLower),
                ].joined(separator: ",") + "\n"
        }
        return out
    }

    /// The printed lines.
    package var text: String {
        func n(_ v: Double) -> String { v.isNaN ? "n/a" : String(format: "%.1f", v) }
        let seeds = differences.first?.seeds ?? 0
        var out = "confirmed with the loop closed on the \(seeds) held-out seed(s), recommended − production per run (95% CI over seeds):\n"
        for d in differences {
            let interval = d.lower.isNaN ? "(one seed: no interval)" : "[\(n(d.lower)), \(n(d.upper))]"
            out += "  \(d.outcome): production \(n(d.production)), recommended \(n(d.recommended)), "
            out += "difference \(n(d.difference)) \(interval); higher on \(d.seedsHigher), lower on \(d.seedsLower) seed(s)\n"
        }
        if seeds < Self.decisiveSeeds {
            out +=
                "  with \(seeds) seed(s) these intervals are coarse (a percentile bootstrap over so few seeds undercovers): "
                + "hold out at least \(Self.decisiveSeeds) seeds before deciding on them\n"
        }
        return out
    }
}
