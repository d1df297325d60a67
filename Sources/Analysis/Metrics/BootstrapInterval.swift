import WarnSimCore

/// Percentile bootstrap confidence intervals of confusion-matrix metrics over
/// phones (Efron and Tibshirani, *An Introduction to the Bootstrap*, 1993,
/// ch. 13): phones are resampled with replacement, the metric recomputed, and
/// the interval read from the empirical quantiles. Draws come from a
/// `RandomStream`, so intervals are reproducible from the seed.
public struct BootstrapInterval: Hashable, Sendable {
    public var lower: Double
    public var upper: Double

    /// The interval of `metric` at `confidence` (e.g. 0.95) from `resamples`
    /// resamples of the phones' (warned, atRisk) outcomes. Resamples whose
    /// metric is NaN (for example nobody warned) are left out; the interval is
    /// NaN if all are.
    public static func compute(
        warned: [Bool], atRisk: [Bool], metric: (ConfusionMatrix) -> Double,
        resamples: Int = 1000, confidence: Double = 0.95, seed: UInt64
    ) -> BootstrapInterval {
        precondition(warned.count == atRisk.count && resamples > 0 && confidence > 0 && confidence < 1)
        let n = warned.count
        guard n > 0 else { return BootstrapInterval(lower: .nan, upper: .nan) }
        // Each phone falls in one of four cells; resampling phones is resampling cells.
        let cells = zip(warned, atRisk).map { ($0 ? 2 : 0) + ($1 ? 1 : 0) }
        var stream = RandomStream(seed: seed, subsystem: "bootstrap")
        var values = [Double]()
        values.reserveCapacity(resamples)
        for _ in 0..<resamples {
            var counts = (0, 0, 0, 0)
            for _ in 0..<n {
                switch cells[Int(stream.next() % UInt64(n))] {
                case 3: counts.0 += 1
                case 2: counts.1 += 1
                case 1: counts.2 += 1
                default: counts.3 += 1
                }
            }
            let value = metric(ConfusionMatrix(
                truePositives: counts.0, falsePositives: counts.1, falseNegatives: counts.2, trueNegatives: counts.3))
            if !value.isNaN { values.append(value) }
        }
        guard !values.isEmpty else { return BootstrapInterval(lower: .nan, upper: .nan) }
        values.sort()
        let alpha = (1 - confidence) / 2
        return BootstrapInterval(lower: quantile(values, alpha), upper: quantile(values, 1 - alpha))
    }

    /// Linear-interpolation quantile (type 7 of Hyndman and Fan 1996, the
    /// default of R and NumPy) of sorted values.
    public static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty && (0...1).contains(p))
        let position = p * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (position - Double(low)) * (sorted[high] - sorted[low])
    }
}
