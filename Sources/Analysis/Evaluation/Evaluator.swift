import WarnSimCore

/// The metrics of one configuration for one ground-truth label.
package struct LabelMetrics: Sendable, Hashable {
    /// Pooled counts over the runs (expected phones for a probabilistic label).
    package var counts: LabelCounts
    /// Median hours from the labelled exposure to the warning, over true
    /// positives warned at or after their exposure (NaN if none).
    package var medianDelayHours: Double
    /// Share of at-risk phones warned within `warnedWithinDays` after their exposure.
    package var recallWithinK: Double
    /// 95 % percentile bootstrap intervals over phones (stratified by run).
    package var precisionInterval: BootstrapInterval
    package var recallInterval: BootstrapInterval
    package var f1Interval: BootstrapInterval
    /// 95 % bootstrap intervals over runs (seeds); NaN with a single run.
    package var precisionSeedInterval: BootstrapInterval
    package var recallSeedInterval: BootstrapInterval
    /// The lowest and highest value over the radio channels the runs were
    /// drawn under (each channel's runs pooled; ``RadioEnsemble``): the radio
    /// spread beside the seed spread. A single point with one channel.
    package var precisionRadioRange: BootstrapInterval
    package var recallRadioRange: BootstrapInterval
}

/// Turns warning times into metrics against the runs' ground truth, with
/// bootstrap intervals whose resamples are shared by all configurations.
package struct Evaluator: Sendable {
    package let labels: [PhoneLabels]
    package let options: LabelOptions
    package let resamples: Int
    let plans: [BootstrapPlan]
    /// Per label and run: the at-risk phones (slots) and their weighted sums per resample.
    let atRisk: [GroundTruthLabel: [[Int]]]
    let atRiskTotals: [GroundTruthLabel: [[Double]]]
    /// Run bootstrap: `runDraws[r]` lists the runs of resample r.
    let runDraws: [[Int]]
    /// The runs of each radio channel (indices into `labels`).
    let radioGroups: [[Int]]

    /// - Parameters:
    ///   - labels: the ground truth of each run (same order as the warnings later).
    ///   - resamples: bootstrap resamples (phones and runs).
    ///   - seed: the bootstrap's seed.
    ///   - radioGroups: the runs of each radio channel (``RunSet/radioGroups``); nil: one channel.
    package init(labels: [PhoneLabels], options: LabelOptions, resamples: Int, seed: UInt64, radioGroups: [[Int]]? = nil) {
        precondition(resamples > 0)
        precondition(radioGroups.map { $0.flatMap { $0 }.sorted() == Array(labels.indices) } ?? true)
        self.radioGroups = radioGroups ?? [Array(labels.indices)]
        self.labels = labels
        self.options = options
        self.resamples = resamples
        plans = labels.enumerated().map { BootstrapPlan(phones: $1.phones.count, resamples: resamples, seed: seed, stratum: UInt64($0)) }
        var atRisk: [GroundTruthLabel: [[Int]]] = [:]
        var totals: [GroundTruthLabel: [[Double]]] = [:]
        for label in GroundTruthLabel.allCases {
            atRisk[label] = labels.map { run in run.positive[label]!.indices.filter { run.positive[label]![$0] } }
            totals[label] = zip(labels, zip(plans, atRisk[label]!)).map { run, planAndPhones in
                var sum = [Double](repeating: 0, count: resamples)
                planAndPhones.0.accumulate(planAndPhones.1, value: { run.weight(label, $0) }, into: &sum)
                return sum
            }
        }
        self.atRisk = atRisk
        atRiskTotals = totals
        var stream = RandomStream(seed: seed, subsystem: StreamName.bootstrapRuns)
        runDraws =
            labels.count < 2
            ? []
            : (0..<resamples).map { _ in
                (0..<labels.count).map { _ in Int(stream.next() % UInt64(labels.count)) }
            }
    }

    /// The metrics of one configuration: `warnedAt[run][slot]` is the first
    /// HIGH time of app user `labels[run].phones[slot]`, or nil.
    package func evaluate(warnedAt: [[Int64?]]) -> [GroundTruthLabel: LabelMetrics] {
        precondition(warnedAt.count == labels.count)
        let warned = warnedAt.map { times in times.indices.filter { times[$0] != nil } }
        var warnedTotals = [Double](repeating: 0, count: resamples)
        for (run, phones) in warned.enumerated() { plans[run].accumulate(phones, into: &warnedTotals) }
        let phoneTotal = Double(labels.reduce(0) { $0 + $1.phones.count })
        let window = Int64(options.warnedWithinDays * 86_400)
        var result: [GroundTruthLabel: LabelMetrics] = [:]
        for label in GroundTruthLabel.allCases {
            var perRun: [LabelCounts] = []
            var counts = ResampledCounts(resamples: resamples)
            counts.phones = [Double](repeating: phoneTotal, count: resamples)
            var delays: [Double] = []
            var timely = 0.0
            for run in labels.indices {
                let positive = labels[run].positive[label]!
                let exposure = labels[run].exposureTime[label]!
                let hits = warned[run].filter { positive[$0] }
                let weight = { labels[run].weight(label, $0) }
                plans[run].accumulate(hits, value: weight, into: &counts.truePositives)
                for slot in hits {
                    let delay = warnedAt[run][slot]! - exposure[slot]!
                    if delay >= 0 {
                        delays.append(Double(delay) / 3600)
                        if delay <= window { timely += weight(slot) }
                    }
                }
                let atRiskSum = atRisk[label]![run].reduce(0.0) { $0 + weight($1) }
                let hitSum = hits.reduce(0.0) { $0 + weight($1) }
                perRun.append(
                    LabelCounts(
                        phones: Double(labels[run].phones.count), warned: Double(warned[run].count), atRisk: atRiskSum, hits: hitSum))
            }
            for r in 0..<resamples {
                var atRiskSum = 0.0
                for run in labels.indices { atRiskSum += atRiskTotals[label]![run][r] }
                counts.falsePositives[r] = warnedTotals[r] - counts.truePositives[r]
                counts.falseNegatives[r] = atRiskSum - counts.truePositives[r]
            }
            let pooled = perRun.reduce(LabelCounts(), +)
            let channels = radioGroups.map { $0.map { perRun[$0] }.reduce(LabelCounts(), +) }
            func range(_ metric: (LabelCounts) -> Double) -> BootstrapInterval {
                let values = channels.map(metric).filter { !$0.isNaN }
                return BootstrapInterval(lower: values.min() ?? .nan, upper: values.max() ?? .nan)
            }
            delays.sort()
            let seeds = seedCounts(perRun)
            result[label] = LabelMetrics(
                counts: pooled,
                medianDelayHours: delays.isEmpty ? .nan : BootstrapInterval.quantile(delays, 0.5),
                recallWithinK: pooled.atRisk <= 0 ? .nan : timely / pooled.atRisk,
                precisionInterval: counts.interval(\.precision), recallInterval: counts.interval(\.recall),
                f1Interval: counts.interval(\.f1),
                precisionSeedInterval: seeds?.interval(\.precision) ?? BootstrapInterval(lower: .nan, upper: .nan),
                recallSeedInterval: seeds?.interval(\.recall) ?? BootstrapInterval(lower: .nan, upper: .nan),
                precisionRadioRange: range(\.precision), recallRadioRange: range(\.recall))
        }
        return result
    }

    /// Resampled sums of whole runs' matrices (nil with fewer than two runs).
    func seedCounts(_ perRun: [LabelCounts]) -> ResampledCounts? {
        guard !runDraws.isEmpty else { return nil }
        var counts = ResampledCounts(resamples: resamples)
        for (r, draw) in runDraws.enumerated() {
            for run in draw {
                let m = perRun[run]
                counts.truePositives[r] += m.truePositives
                counts.falsePositives[r] += m.falsePositives
                counts.falseNegatives[r] += m.falseNegatives
                counts.phones[r] += m.phones
            }
        }
        return counts
    }
}
