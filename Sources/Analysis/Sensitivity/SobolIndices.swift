import WarnSimCore

/// First-order and total Sobol' indices estimated from the outputs of a
/// ``SobolDesign``, with percentile-bootstrap intervals.
///
/// With y_A, y_B and y_i the outputs at row j of A, B and A_B^(i), the
/// estimators are those recommended by A. Saltelli et al., Computer Physics
/// Communications 181 (2010) 259–270, Table 2:
/// - first order (their (b)): V_i ≈ (1/N) Σ_j y_B (y_i − y_A), S_i = V_i / V;
/// - total, after M. J. W. Jansen, "Analysis of variance designs for model
///   output", Computer Physics Communications 117 (1999) 35–43 (their (f)):
///   V_Ti ≈ (1/2N) Σ_j (y_A − y_i)², S_Ti = V_Ti / V;
///
/// where V is the sample variance (divisor 2N − 1) of the 2N pooled outputs
/// of A and B. The differences y_i − y_A are taken row by row, so a parameter
/// the model ignores (y_i == y_A on every row) gets exactly 0 for both
/// indices, with interval [0, 0]. Estimates are not clipped to [0, 1]: small
/// negative values of a first-order index are sampling noise.
///
/// Intervals: percentile bootstrap over the N base rows (B. Efron and R. J.
/// Tibshirani, *An Introduction to the Bootstrap*, 1993, ch. 13). Resample b
/// draws N row indices with replacement from the stream (seed,
/// `"analysis.sensitivity.bootstrap"`, b); the same rows serve every index and
/// the variance, which are all recomputed from them. Resamples whose outputs
/// are all equal (variance 0) are left out.
package struct SobolIndices: Sendable {
    /// One estimated index with its bootstrap interval.
    package struct Index: Hashable, Sendable {
        /// The estimate from all N base rows.
        package var value: Double
        /// The lower bound of the percentile-bootstrap interval.
        package var lower: Double
        /// The upper bound of the percentile-bootstrap interval.
        package var upper: Double
    }

    /// S_i, per parameter (Saltelli et al. 2010, Table 2 (b)).
    package let firstOrder: [Index]
    /// S_Ti, per parameter (Jansen 1999; Saltelli et al. 2010, Table 2 (f)).
    package let total: [Index]
    /// V, the sample variance of the pooled outputs of A and B.
    package let variance: Double
    /// True when the outputs of A and B are all equal (V = 0): the indices are
    /// then undefined, and every value and bound is NaN. (They are NaN too,
    /// with this false and V NaN, when an output is NaN or infinite.)
    package let outputIsConstant: Bool

    static let streamName = StreamName.sensitivityBootstrap

    /// Estimates the indices and their intervals.
    ///
    /// - Parameters:
    ///   - design: the design the outputs were computed on.
    ///   - outputs: the model output at each of `design.points`, in that order
    ///     (N(k + 2) finite values).
    ///   - resamples: the number of bootstrap resamples (> 0).
    ///   - confidence: the coverage of the intervals, in (0, 1).
    ///   - seed: the seed of the bootstrap draws.
    package init(design: SobolDesign, outputs: [Double], resamples: Int = 500, confidence: Double = 0.95, seed: UInt64) {
        let n = design.baseSamples
        let k = design.dimensions
        precondition(outputs.count == design.evaluationCount, "expected \(design.evaluationCount) outputs, got \(outputs.count)")
        precondition(resamples > 0 && confidence > 0 && confidence < 1, "resamples must be positive and confidence in (0, 1)")
        guard outputs.allSatisfy(\.isFinite) else {
            let undefined = [Index](repeating: Index(value: .nan, lower: .nan, upper: .nan), count: k)
            (firstOrder, total, variance, outputIsConstant) = (undefined, undefined, .nan, false)
            return
        }
        // Row-major per base row j: firstTerms[kj + i] = y_B (y_i − y_A), totalTerms[kj + i] = (y_A − y_i)².
        var firstTerms = [Double](repeating: 0, count: n * k)
        var totalTerms = [Double](repeating: 0, count: n * k)
        for i in 0..<k {
            for j in 0..<n {
                let difference = outputs[(2 + i) * n + j] - outputs[j]
                firstTerms[k * j + i] = outputs[n + j] * difference
                totalTerms[k * j + i] = difference * difference
            }
        }
        let estimator = SobolEstimator(outputs: outputs, baseSamples: n, dimensions: k, firstTerms: firstTerms, totalTerms: totalTerms)
        guard let estimate = estimator.estimate(rows: Array(0..<n)) else {
            let undefined = [Index](repeating: Index(value: .nan, lower: .nan, upper: .nan), count: k)
            (firstOrder, total, variance, outputIsConstant) = (undefined, undefined, 0, true)
            return
        }
        var firstSamples = [[Double]](repeating: [], count: k)
        var totalSamples = [[Double]](repeating: [], count: k)
        let subsystem = RandomStream.Subsystem(Self.streamName)
        var rows = [Int](repeating: 0, count: n)
        for resample in 0..<resamples {
            var stream = RandomStream(seed: seed, subsystem: subsystem, entity: UInt64(resample))
            for j in 0..<n { rows[j] = SensitivitySampling.index(below: n, using: &stream) }
            guard let sample = estimator.estimate(rows: rows) else { continue }
            for i in 0..<k {
                firstSamples[i].append(sample.first[i])
                totalSamples[i].append(sample.total[i])
            }
        }
        func index(_ value: Double, _ samples: [Double]) -> Index {
            let interval = BootstrapInterval.percentile(samples, confidence: confidence)
            let (lower, upper) = (interval.lower, interval.upper)
            return Index(value: value, lower: lower, upper: upper)
        }
        firstOrder = (0..<k).map { index(estimate.first[$0], firstSamples[$0]) }
        total = (0..<k).map { index(estimate.total[$0], totalSamples[$0]) }
        variance = estimate.variance
        outputIsConstant = false
    }
}

/// The estimators over a multiset of base rows (all rows, or a bootstrap resample).
private struct SobolEstimator {
    let outputs: [Double]
    let baseSamples: Int
    let dimensions: Int
    let firstTerms: [Double]
    let totalTerms: [Double]

    /// S_i and S_Ti over `rows`, or nil when the pooled outputs of A and B on them are all equal.
    func estimate(rows: [Int]) -> (first: [Double], total: [Double], variance: Double)? {
        let n = baseSamples
        let k = dimensions
        guard let firstRow = rows.first else { return nil }
        // Sums of outputs shifted by one of them, so that the one-pass variance does not cancel.
        let shift = outputs[firstRow]
        var sum = 0.0
        var sumOfSquares = 0.0
        var smallest = 0.0
        var largest = 0.0
        var first = [Double](repeating: 0, count: k)
        var total = [Double](repeating: 0, count: k)
        outputs.withUnsafeBufferPointer { y in
            firstTerms.withUnsafeBufferPointer { firstTerms in
                totalTerms.withUnsafeBufferPointer { totalTerms in
                    for j in rows {
                        let a = y[j] - shift
                        let b = y[n + j] - shift
                        smallest = min(smallest, a, b)
                        largest = max(largest, a, b)
                        sum += a + b
                        sumOfSquares += a * a + b * b
                        for i in 0..<k {
                            first[i] += firstTerms[k * j + i]
                            total[i] += totalTerms[k * j + i]
                        }
                    }
                }
            }
        }
        guard smallest < largest else { return nil }
        let count = Double(2 * rows.count)
        let variance = max(0, (sumOfSquares - sum * sum / count) / (count - 1))
        let rowCount = Double(rows.count)
        return (first.map { $0 / rowCount / variance }, total.map { $0 / (2 * rowCount) / variance }, variance)
    }
}

/// The draws shared by the sensitivity analyses.
enum SensitivitySampling {
    /// A uniform integer in 0..<bound, without bias (D. Lemire, "Fast random
    /// integer generation in an interval", ACM TOMACS 29 (2019), algorithm 5).
    static func index(below bound: Int, using stream: inout RandomStream) -> Int {
        precondition(bound > 0)
        let range = UInt64(bound)
        var product = stream.next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = stream.next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }
}
