/// Order statistics and distribution distances used by the radio fit and check.
package enum SampleStatistics {
    /// The `q`-quantile of an ascending-sorted sample (linear interpolation
    /// between order statistics, "type 7").
    package static func quantile(sorted values: [Double], _ q: Double) -> Double {
        precondition(!values.isEmpty, "quantile of an empty sample")
        let position = q * Double(values.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, values.count - 1)
        let fraction = position - Double(lower)
        return values[lower] + (values[upper] - values[lower]) * fraction
    }

    /// Median of an unsorted sample.
    package static func median(_ values: [Double]) -> Double {
        quantile(sorted: values.sorted(), 0.5)
    }

    /// Two-sample Kolmogorov–Smirnov statistic: the largest gap between the
    /// two empirical distribution functions.
    package static func kolmogorovSmirnov(_ a: [Double], _ b: [Double]) -> Double {
        let x = a.sorted()
        let y = b.sorted()
        guard !x.isEmpty, !y.isEmpty else { return 1 }
        var i = 0
        var j = 0
        var largest = 0.0
        while i < x.count && j < y.count {
            let value = min(x[i], y[j])
            while i < x.count && x[i] <= value { i += 1 }
            while j < y.count && y[j] <= value { j += 1 }
            largest = max(largest, abs(Double(i) / Double(x.count) - Double(j) / Double(y.count)))
        }
        return largest
    }

    /// Mean and (sample) standard deviation.
    package static func meanAndStandardDeviation(_ values: [Double]) -> (mean: Double, sd: Double) {
        guard !values.isEmpty else { return (0, 0) }
        let mean = values.reduce(0, +) / Double(values.count)
        guard values.count > 1 else { return (mean, 0) }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        return (mean, variance.squareRoot())
    }
}
