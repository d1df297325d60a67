import WarnSimCore

/// The resamples of a phone bootstrap, drawn once and shared by every
/// configuration and label (common random numbers: differences between
/// configurations are not blurred by different draws).
///
/// Resample r draws n phones with replacement; `weight(phone, r)` is how often
/// phone `phone` was drawn. A count over a set of phones in resample r is the
/// sum of their weights, so a configuration costs (phones it warns or labels)
/// × resamples additions instead of n × resamples draws. Draws come from the
/// stream (seed, "bootstrap", stratum), so plans are reproducible.
public struct BootstrapPlan: Sendable {
    public let phones: Int
    public let resamples: Int
    /// Phone-major: `weights[phone × resamples + r]`.
    let weights: [UInt16]

    public init(phones: Int, resamples: Int, seed: UInt64, stratum: UInt64 = 0) {
        precondition(phones >= 0 && resamples > 0)
        self.phones = phones
        self.resamples = resamples
        var weights = [UInt16](repeating: 0, count: phones * resamples)
        var stream = RandomStream(seed: seed, subsystem: StreamName.bootstrap, entity: stratum)
        if phones > 0 {
            for r in 0..<resamples {
                for _ in 0..<phones {
                    let p = Int(stream.next() % UInt64(phones))
                    // A phone drawn 65,535 times out of n is beyond any real resample; saturate rather than trap.
                    weights[p * resamples + r] &+= weights[p * resamples + r] == .max ? 0 : 1
                }
            }
        }
        self.weights = weights
    }

    /// Adds the weights of `phones` to `totals` (one entry per resample).
    public func accumulate<S: Sequence>(_ phones: S, into totals: inout [Int32]) where S.Element == Int {
        precondition(totals.count == resamples)
        let r = resamples
        weights.withUnsafeBufferPointer { w in
            totals.withUnsafeMutableBufferPointer { t in
                for phone in phones {
                    let base = phone * r
                    for i in 0..<r { t[i] &+= Int32(truncatingIfNeeded: w[base + i]) }
                }
            }
        }
    }
}

/// Resampled confusion matrices: one per resample.
public struct ResampledCounts: Sendable {
    public var truePositives: [Int32]
    public var falsePositives: [Int32]
    public var falseNegatives: [Int32]
    public var phones: [Int32]

    public init(resamples: Int) {
        truePositives = [Int32](repeating: 0, count: resamples)
        falsePositives = truePositives
        falseNegatives = truePositives
        phones = truePositives
    }

    /// The matrix of resample r.
    public func matrix(_ r: Int) -> ConfusionMatrix {
        let tp = Int(truePositives[r])
        let fp = Int(falsePositives[r])
        let fn = Int(falseNegatives[r])
        return ConfusionMatrix(truePositives: tp, falsePositives: fp, falseNegatives: fn, trueNegatives: Int(phones[r]) - tp - fp - fn)
    }

    /// The percentile interval of `metric` at `confidence`; resamples where it
    /// is NaN are left out, and the interval is NaN if all are.
    public func interval(_ metric: (ConfusionMatrix) -> Double, confidence: Double = 0.95) -> BootstrapInterval {
        var values: [Double] = []
        values.reserveCapacity(phones.count)
        for r in phones.indices {
            let value = metric(matrix(r))
            if !value.isNaN { values.append(value) }
        }
        guard !values.isEmpty else { return BootstrapInterval(lower: .nan, upper: .nan) }
        values.sort()
        let alpha = (1 - confidence) / 2
        return BootstrapInterval(lower: BootstrapInterval.quantile(values, alpha), upper: BootstrapInterval.quantile(values, 1 - alpha))
    }
}
