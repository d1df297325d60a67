import WarnSimCore

/// Percentile bootstrap confidence intervals of confusion-matrix metrics over
/// phones (Efron and Tibshirani, *An Introduction to the Bootstrap*, 1993,
/// ch. 13): phones are resampled with replacement, the metric recomputed, and
/// the interval read from the empirical quantiles. Draws come from a
/// ``BootstrapPlan``, so intervals are reproducible from the seed.
package struct BootstrapInterval: Hashable, Sendable {
    package var lower: Double
    package var upper: Double

    /// The interval of `metric` at `confidence` (e.g. 0.95) from `resamples`
    /// resamples of the phones' (warned, atRisk) outcomes. Resamples whose
    /// metric is NaN (for example nobody warned) are left out; the interval is
    /// NaN if all are.
    package static func compute(
        warned: [Bool], atRisk: [Bool], metric: (LabelCounts) -> Double,
        resamples: Int = 1000, confidence: Double = 0.95, seed: UInt64
    ) -> BootstrapInterval {
        precondition(warned.count == atRisk.count && resamples > 0 && confidence > 0 && confidence < 1)
        let plan = BootstrapPlan(phones: warned.count, resamples: resamples, seed: seed)
        var counts = ResampledCounts(resamples: resamples)
        let phones = Array(warned.indices)
        plan.accumulate(phones.filter { warned[$0] && atRisk[$0] }, into: &counts.truePositives)
        plan.accumulate(phones.filter { warned[$0] && !atRisk[$0] }, into: &counts.falsePositives)
        plan.accumulate(phones.filter { !warned[$0] && atRisk[$0] }, into: &counts.falseNegatives)
        // Every resample draws exactly n phones.
        counts.phones = [Double](repeating: Double(warned.count), count: resamples)
        return counts.interval(metric, confidence: confidence)
    }

    /// The percentile interval at `confidence` of resampled values; NaN
    /// values are left out, and the interval is NaN if all are.
    package static func percentile(_ resampled: [Double], confidence: Double = 0.95) -> BootstrapInterval {
        let values = resampled.filter { !$0.isNaN }.sorted()
        guard !values.isEmpty else { return BootstrapInterval(lower: .nan, upper: .nan) }
        let alpha = (1 - confidence) / 2
        return BootstrapInterval(lower: quantile(values, alpha), upper: quantile(values, 1 - alpha))
    }

    /// Linear-interpolation quantile (type 7 of Hyndman and Fan 1996, the
    /// default of R and NumPy) of sorted values.
    package static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty && (0...1).contains(p))
        let position = p * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (position - Double(low)) * (sorted[high] - sorted[low])
    }
}
