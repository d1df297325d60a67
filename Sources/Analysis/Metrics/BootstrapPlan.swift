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
package struct BootstrapPlan: Sendable {
    package let phones: Int
    package let resamples: Int
    /// Phone-major: `weights[phone × resamples + r]`.
    let weights: [UInt16]

    package init(phones: Int, resamples: Int, seed: UInt64, stratum: UInt64 = 0) {
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
    package func accumulate<S: Sequence>(_ phones: S, into totals: inout [Double]) where S.Element == Int {
        accumulate(phones, value: { _ in 1 }, into: &totals)
    }

    /// Adds each of `phones`' weight times its `value` to `totals` (one entry
    /// per resample): resampled sums of a per-phone quantity, such as the
    /// probability of infection of the expected-infection label.
    package func accumulate<S: Sequence>(_ phones: S, value: (Int) -> Double, into totals: inout [Double]) where S.Element == Int {
        precondition(totals.count == resamples)
        let r = resamples
        weights.withUnsafeBufferPointer { w in
            totals.withUnsafeMutableBufferPointer { t in
                for phone in phones {
                    let base = phone * r
                    let v = value(phone)
                    for i in 0..<r where w[base + i] != 0 { t[i] += Double(w[base + i]) * v }
                }
            }
        }
    }

    /// How often `phone` was drawn in resample `r`.
    package func weight(_ phone: Int, _ r: Int) -> Int { Int(weights[phone * resamples + r]) }
}

/// Resampled label counts: one set per resample.
package struct ResampledCounts: Sendable {
    package var truePositives: [Double]
    package var falsePositives: [Double]
    package var falseNegatives: [Double]
    package var phones: [Double]

    package init(resamples: Int) {
        truePositives = [Double](repeating: 0, count: resamples)
        falsePositives = truePositives
        falseNegatives = truePositives
        phones = truePositives
    }

    /// The counts of resample r.
    package func counts(_ r: Int) -> LabelCounts {
        let tp = truePositives[r]
        let fp = falsePositives[r]
        let fn = falseNegatives[r]
        return LabelCounts(truePositives: tp, falsePositives: fp, falseNegatives: fn, trueNegatives: phones[r] - tp - fp - fn)
    }

    /// The percentile interval of `metric` at `confidence`; resamples where it
    /// is NaN are left out, and the interval is NaN if all are.
    package func interval(_ metric: (LabelCounts) -> Double, confidence: Double = 0.95) -> BootstrapInterval {
        BootstrapInterval.percentile(phones.indices.map { metric(counts($0)) }, confidence: confidence)
    }
}
