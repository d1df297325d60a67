import WarnSimCore

/// The resamples of a paired, two-level bootstrap over recorded runs: each
/// resample draws the seeds (runs) with replacement and, within every drawn
/// seed, the phones with replacement (Davison and Hinkley, *Bootstrap Methods
/// and their Application*, 1997, §3.8, resampling both stages of a two-stage
/// design). The same draws serve every configuration, so the difference of
/// two configurations' metrics is computed resample by resample (a paired
/// comparison: the noise the two share cancels) and a configuration compared
/// with itself differs by exactly 0 in every resample.
///
/// Label counts are resampled at both stages. Metrics that are not sums over
/// phones (the field outcomes and the median delay) are resampled over seeds
/// only, from the drawn runs' whole statistics.
package struct PairedBootstrap: Sendable {
    package let resamples: Int
    /// `draws[r]`: the runs of resample r, each with the column of its run's phone plan.
    let draws: [[(run: Int, column: Int)]]
    let plans: [BootstrapPlan]
    let labels: [PhoneLabels]

    package init(labels: [PhoneLabels], resamples: Int, seed: UInt64) {
        precondition(resamples > 0 && !labels.isEmpty)
        self.resamples = resamples
        self.labels = labels
        plans = labels.enumerated().map { BootstrapPlan(phones: $1.phones.count, resamples: resamples, seed: seed, stratum: UInt64($0)) }
        var stream = RandomStream(seed: seed, subsystem: StreamName.pairedBootstrap)
        let n = labels.count
        draws = (0..<resamples).map { r in
            (0..<n).map { k in (Int(stream.next() % UInt64(n)), (r + k) % resamples) }
        }
    }

    /// One configuration's statistics in every resample: `result[r]` is the
    /// pooled statistics of resample r's runs, with label counts weighted by
    /// the drawn phones.
    ///
    /// - Parameters:
    ///   - perRun: the configuration's statistics of each run (``ConfigurationStatistics``).
    ///   - warnedAt: its warnings, per run and app-user slot.
    ///   - metricLabels: the labels whose counts are resampled.
    package func resampled(perRun: [RunStatistics], warnedAt: [[Int64?]], metricLabels: Set<GroundTruthLabel>) -> [RunStatistics] {
        precondition(perRun.count == labels.count && warnedAt.count == labels.count)
        // Per run and column: the phone-weighted sums of each label's counts.
        var warnedTotals: [[Double]] = []
        var hitTotals: [GroundTruthLabel: [[Double]]] = [:]
        var riskTotals: [GroundTruthLabel: [[Double]]] = [:]
        for run in labels.indices {
            let warned = warnedAt[run].indices.filter { warnedAt[run][$0] != nil }
            var totals = [Double](repeating: 0, count: resamples)
            plans[run].accumulate(warned, into: &totals)
            warnedTotals.append(totals)
            for label in metricLabels {
                let positive = labels[run].positive[label]!
                let weight = { labels[run].weight(label, $0) }
                var hits = [Double](repeating: 0, count: resamples)
                plans[run].accumulate(warned.filter { positive[$0] }, value: weight, into: &hits)
                var risk = [Double](repeating: 0, count: resamples)
                plans[run].accumulate(positive.indices.filter { positive[$0] }, value: weight, into: &risk)
                hitTotals[label, default: []].append(hits)
                riskTotals[label, default: []].append(risk)
            }
        }
        return draws.map { draw in
            var pooled = draw.reduce(RunStatistics()) { $0 + perRun[$1.run] }
            for label in metricLabels {
                var phones = 0.0
                var warned = 0.0
                var hits = 0.0
                var risk = 0.0
                for (run, column) in draw {
                    phones += Double(labels[run].phones.count)
                    warned += warnedTotals[run][column]
                    hits += hitTotals[label]![run][column]
                    risk += riskTotals[label]![run][column]
                }
                pooled.counts[label] = LabelCounts(phones: phones, warned: warned, atRisk: risk, hits: hits)
            }
            return pooled
        }
    }
}
