import Foundation
import WarnSimCore

/// What a configuration's warnings did in the closed loop, over a set of
/// runs: infections averted against each run's counterfactual (the same
/// scenario and seed with every warning ignored, `counterfactual.csv`), and
/// what the warnings cost in people sent home.
package struct LoopOutcomes: Sendable, Hashable {
    /// Runs counted, and how many of them have a counterfactual.
    package var runs: Int
    package var runsWithCounterfactual: Int
    /// Infections during the runs (seeds excluded), and in their counterfactuals.
    package var infections: Int
    package var counterfactualInfections: Int
    /// Infections averted per run (mean over the runs with a counterfactual),
    /// with a 95 % percentile bootstrap interval over the runs (seeds); the
    /// interval is NaN with fewer than two runs.
    package var avertedPerRun: Double
    package var avertedLower: Double
    package var avertedUpper: Double
    /// Person-days at home in quarantine after a warning, in isolation after a
    /// positive result, and with reduced contacts after a warning (summed over runs).
    package var quarantinePersonDays: Int
    package var isolationPersonDays: Int
    package var reducedContactPersonDays: Int
    /// Warnings seen and uploads (summed over runs).
    package var warnings: Int
    package var uploads: Int

    /// Quarantine person-days per infection averted (runs with a
    /// counterfactual only); NaN when no infection was averted.
    package var quarantineDaysPerAverted: Double {
        let averted = Double(counterfactualInfections - infectionsWithCounterfactual)
        return averted > 0 ? Double(quarantineWithCounterfactual) / averted : .nan
    }
    var infectionsWithCounterfactual = 0
    var quarantineWithCounterfactual = 0

    /// The CSV columns, in file order.
    package static let columns = [
        "runs", "runs_with_counterfactual", "infections", "counterfactual_infections", "infections_averted_per_run",
        "infections_averted_low", "infections_averted_high", "quarantine_person_days", "isolation_person_days",
        "reduced_contact_person_days", "quarantine_days_per_infection_averted", "warnings_seen", "uploads",
        "warnings_per_uploader",
    ]

    /// The values of ``columns``.
    package var cells: [String] {
        [
            String(runs), String(runsWithCounterfactual), String(infections), String(counterfactualInfections),
            MetricsCSV.fixed(avertedPerRun, 4), MetricsCSV.fixed(avertedLower, 4), MetricsCSV.fixed(avertedUpper, 4),
            String(quarantinePersonDays), String(isolationPersonDays), String(reducedContactPersonDays),
            MetricsCSV.fixed(quarantineDaysPerAverted, 4), String(warnings), String(uploads),
            MetricsCSV.fixed(uploads == 0 ? .nan : Double(warnings) / Double(uploads), 6),
        ]
    }

    /// The outcomes of `runs`; the interval comes from `resamples` bootstrap
    /// resamples of the runs (stream (seed, `bootstrap.runs`)).
    package init(runs: [RecordedRun], resamples: Int, seed: UInt64) {
        self.runs = runs.count
        let paired = runs.compactMap { run in run.counterfactualInfections.map { (run.totals.infections, $0, run.totals.quarantined) } }
        runsWithCounterfactual = paired.count
        infections = runs.reduce(0) { $0 + $1.totals.infections }
        counterfactualInfections = paired.reduce(0) { $0 + $1.1 }
        infectionsWithCounterfactual = paired.reduce(0) { $0 + $1.0 }
        quarantineWithCounterfactual = paired.reduce(0) { $0 + $1.2 }
        quarantinePersonDays = runs.reduce(0) { $0 + $1.totals.quarantined }
        isolationPersonDays = runs.reduce(0) { $0 + $1.totals.isolating }
        reducedContactPersonDays = runs.reduce(0) { $0 + $1.totals.reducedContacts }
        warnings = runs.reduce(0) { $0 + $1.totals.warnings }
        uploads = runs.reduce(0) { $0 + $1.totals.uploads }
        let averted = paired.map { Double($0.1 - $0.0) }
        avertedPerRun = averted.isEmpty ? .nan : averted.reduce(0, +) / Double(averted.count)
        (avertedLower, avertedUpper) = Self.interval(averted, resamples: resamples, seed: seed)
    }

    /// Percentile bootstrap interval (95 %) of the mean of `values`, resampling the values.
    package static func interval(_ values: [Double], resamples: Int, seed: UInt64) -> (Double, Double) {
        guard values.count >= 2 else { return (.nan, .nan) }
        var random = RandomStream(seed: seed, subsystem: StreamName.bootstrapRuns, entity: 1)
        var means: [Double] = []
        means.reserveCapacity(resamples)
        for _ in 0..<resamples {
            var sum = 0.0
            for _ in values.indices { sum += values[Int(random.next() % UInt64(values.count))] }
            means.append(sum / Double(values.count))
        }
        means.sort()
        return (BootstrapInterval.quantile(means, 0.025), BootstrapInterval.quantile(means, 0.975))
    }

    /// The printed lines.
    package var text: String {
        func number(_ value: Double) -> String { value.isNaN ? "n/a" : String(format: "%.1f", value) }
        var lines: [String] = []
        if runsWithCounterfactual == 0 {
            lines.append("infections averted: n/a (no counterfactual.csv; simulate without --no-counterfactual)")
        } else {
            let interval =
                avertedLower.isNaN
                ? "(one run: give several seeds for an interval)"
                : "[\(number(avertedLower)), \(number(avertedUpper))] across \(runsWithCounterfactual) runs"
            lines.append(
                "infections averted per run: \(number(avertedPerRun)) \(interval); \(infectionsWithCounterfactual) infections "
                    + "against \(counterfactualInfections) with warnings ignored")
        }
        lines.append(
            "person-days at home: \(quarantinePersonDays) in quarantine after a warning, \(isolationPersonDays) in isolation; "
                + "\(reducedContactPersonDays) with reduced contacts")
        lines.append("quarantine person-days per infection averted: \(number(quarantineDaysPerAverted))")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension LoopOutcomes {
    /// `outcomes.csv`: one row per configuration (`id`, then ``columns``).
    package static func csv(rows: [(id: String, outcomes: LoopOutcomes)]) -> String {
        var out = (["id"] + columns).joined(separator: ",") + "\n"
        for row in rows { out += ([row.id] + row.outcomes.cells).joined(separator: ",") + "\n" }
        return out
    }
}
