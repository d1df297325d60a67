/// What one run contributes to every metric of one configuration, in a form
/// that adds over runs: per label the counts, the timely-warned weight and
/// the delays, and the field-outcome tally. The metric of a set of runs (all,
/// or a bootstrap resample of seeds) is the metric of their sum.
package struct RunStatistics: Sendable, Hashable {
    package var counts: [GroundTruthLabel: LabelCounts] = [:]
    /// Per label: the at-risk weight warned within the timely window.
    package var timely: [GroundTruthLabel: Double] = [:]
    /// Per label: hours from the labelled exposure to the warning of warned at-risk phones.
    package var delays: [GroundTruthLabel: [Double]] = [:]
    package var field = FieldOutcomeTally()

    package init() {}

    package static func + (a: RunStatistics, b: RunStatistics) -> RunStatistics {
        var sum = a
        for (label, c) in b.counts { sum.counts[label] = (sum.counts[label] ?? LabelCounts()) + c }
        for (label, t) in b.timely { sum.timely[label, default: 0] += t }
        for (label, d) in b.delays { sum.delays[label, default: []] += d }
        sum.field = sum.field + b.field
        return sum
    }

    /// The value of `metric` on these statistics (NaN where undefined).
    package func value(_ metric: MetricName) -> Double {
        if let label = metric.label {
            let c = counts[label] ?? LabelCounts()
            switch metric.quantity {
            case .precision: return c.precision
            case .recall: return c.recall
            case .f1: return c.f1
            case .falsePositiveRate: return c.falsePositiveRate
            case .warningsPer1000: return c.warningsPerThousand
            case .recallWithinK: return c.atRisk <= 0 ? .nan : (timely[label] ?? 0) / c.atRisk
            case .medianDelayHours:
                let d = (delays[label] ?? []).sorted()
                return d.isEmpty ? .nan : BootstrapInterval.quantile(d, 0.5)
            default: break
            }
        }
        return field.outcomes.value(of: metric.quantity.rawValue) ?? .nan
    }

    /// The statistics of one run under one configuration.
    ///
    /// - Parameters:
    ///   - labels: the run's ground truth.
    ///   - warnedAt: per app-user slot, when the warning was seen (nil: never).
    ///   - field: the run's field-outcome tally under the same warnings.
    ///   - timelyWithin: seconds after the exposure within which a warning is timely.
    ///   - wanted: the labels to count (all by default).
    package init(
        labels: PhoneLabels, warnedAt: [Int64?], field: FieldOutcomeTally, timelyWithin: Int64,
        wanted: Set<GroundTruthLabel> = Set(GroundTruthLabel.allCases)
    ) {
        self.field = field
        let phones = Double(labels.phones.count)
        let warned = Double(warnedAt.reduce(0) { $0 + ($1 == nil ? 0 : 1) })
        for label in wanted {
            let positive = labels.positive[label]!
            let exposure = labels.exposureTime[label]!
            var atRisk = 0.0
            var hits = 0.0
            var onTime = 0.0
            var delay: [Double] = []
            for slot in positive.indices where positive[slot] {
                let w = labels.weight(label, slot)
                atRisk += w
                guard let time = warnedAt[slot] else { continue }
                hits += w
                let d = time - exposure[slot]!
                if d >= 0 {
                    delay.append(Double(d) / 3600)
                    if d <= timelyWithin { onTime += w }
                }
            }
            counts[label] = LabelCounts(phones: phones, warned: warned, atRisk: atRisk, hits: hits)
            timely[label] = onTime
            delays[label] = delay
        }
    }
}
