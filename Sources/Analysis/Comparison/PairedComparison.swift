import RiskCalculation
import WarnSimCore

/// The paired comparison of two configurations, B − A, on the same runs:
/// for each metric both values, the difference, its paired bootstrap interval
/// (``PairedBootstrap``) and the share of resamples in which B is better.
package struct PairedComparison: Sendable {
    package struct Row: Sendable, Hashable {
        package var metric: MetricName
        package var a: Double
        package var b: Double
        /// Each configuration's own interval, from the same resamples.
        package var aInterval: BootstrapInterval
        package var bInterval: BootstrapInterval
        /// B − A on all runs.
        package var difference: Double
        package var interval: BootstrapInterval
        /// Share of resamples in which B is strictly better than A (in the
        /// metric's direction, ``MetricName/Quantity/higherIsBetter``); ties
        /// count as not better. NaN when no resample defines both.
        package var probabilityBetter: Double
    }

    package let rows: [Row]

    /// Compares the statistics of A and B (per run, from one ``ConfigurationStatistics`` call).
    ///
    /// - Parameters:
    ///   - metrics: the metrics to compare, in output order.
    ///   - a, b: each configuration's statistics per run and its warnings per run and slot.
    ///   - bootstrap: the shared resamples.
    ///   - confidence: of the intervals.
    package init(
        metrics: [MetricName], a: (perRun: [RunStatistics], warnedAt: [[Int64?]]),
        b: (perRun: [RunStatistics], warnedAt: [[Int64?]]), bootstrap: PairedBootstrap, confidence: Double = 0.95
    ) {
        let labels = Set(metrics.compactMap(\.label))
        let resampledA = bootstrap.resampled(perRun: a.perRun, warnedAt: a.warnedAt, metricLabels: labels)
        let resampledB = bootstrap.resampled(perRun: b.perRun, warnedAt: b.warnedAt, metricLabels: labels)
        let pooledA = a.perRun.reduce(RunStatistics(), +)
        let pooledB = b.perRun.reduce(RunStatistics(), +)
        rows = metrics.map { metric in
            var differences: [Double] = []
            var better = 0
            let valuesA = resampledA.map { $0.value(metric) }
            let valuesB = resampledB.map { $0.value(metric) }
            for (va, vb) in zip(valuesA, valuesB) {
                guard va.isFinite, vb.isFinite else { continue }
                differences.append(vb - va)
                if metric.quantity.higherIsBetter ? vb > va : vb < va { better += 1 }
            }
            let va = pooledA.value(metric)
            let vb = pooledB.value(metric)
            return Row(
                metric: metric, a: va, b: vb, aInterval: BootstrapInterval.percentile(valuesA, confidence: confidence),
                bInterval: BootstrapInterval.percentile(valuesB, confidence: confidence), difference: vb - va,
                interval: BootstrapInterval.percentile(differences, confidence: confidence),
                probabilityBetter: differences.isEmpty ? .nan : Double(better) / Double(differences.count))
        }
    }

    /// Whether B is better than A in `metric` beyond the interval (its whole
    /// interval on the better side of 0), or not worse (the interval does not
    /// lie wholly on the worse side).
    package enum Requirement: String, Sendable, CaseIterable {
        case better
        case notWorse = "not-worse"
    }

    /// Whether `row` meets `requirement`.
    package static func meets(_ row: Row, _ requirement: Requirement) -> Bool {
        let higher = row.metric.quantity.higherIsBetter
        let low = row.interval.lower
        let high = row.interval.upper
        guard low.isFinite, high.isFinite else { return false }
        switch requirement {
        case .better: return higher ? low > 0 : high < 0
        case .notWorse: return higher ? high >= 0 : low <= 0
        }
    }

    /// `compare.csv`: one row per metric.
    package var csv: String {
        var out = "metric,a,b,difference,difference_low,difference_high,probability_b_better,higher_is_better\n"
        for row in rows {
            out +=
                [
                    row.metric.description, MetricsCSV.fixed(row.a, 6), MetricsCSV.fixed(row.b, 6), MetricsCSV.fixed(row.difference, 6),
                    MetricsCSV.fixed(row.interval.lower, 6), MetricsCSV.fixed(row.interval.upper, 6),
                    MetricsCSV.fixed(row.probabilityBetter, 4), row.metric.quantity.higherIsBetter ? "1" : "0",
                ].joined(separator: ",") + "\n"
        }
        return out
    }

    /// The table `warnsim compare` prints.
    package func text(a: String, b: String) -> String {
        func pad(_ s: String, _ width: Int) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }
        func n(_ v: Double) -> String { MetricsCSV.fixed(v, 4) }
        var out = "A = \(a)\nB = \(b)\n"
        out += pad("metric", 34) + pad("A", 11) + pad("B", 11) + pad("B − A (95% paired CI)", 34) + "P(B better)\n"
        for row in rows {
            out += pad(row.metric.description, 34) + pad(n(row.a), 11) + pad(n(row.b), 11)
            out += pad("\(n(row.difference)) [\(n(row.interval.lower)), \(n(row.interval.upper))]", 34)
            out += MetricsCSV.fixed(row.probabilityBetter, 3) + "\n"
        }
        return out
    }
}

extension PairedComparison {
    /// The metrics `compare` reports for `labels`: every label metric of each
    /// label, then the field outcomes.
    package static func metrics(labels: [GroundTruthLabel]) -> [MetricName] {
        labels.flatMap { label in MetricName.Quantity.allCases.filter(\.isLabelMetric).map { MetricName($0, label: label) } }
            + MetricName.Quantity.allCases.filter { !$0.isLabelMetric }.map { MetricName($0, label: nil) }
    }

    /// Scores A and B on `runs` in one batch and compares them.
    package static func compare(
        runs: RunSet, a: RiskConfiguration, b: RiskConfiguration, metrics: [MetricName], resamples: Int, seed: UInt64, workers: Int
    ) throws -> PairedComparison {
        try compare(runs: runs, a: a, each: [b], metrics: metrics, resamples: resamples, seed: seed, workers: workers)[0]
    }

    /// Scores A and every B on `runs` in one batch and compares each B with
    /// A, all on the same bootstrap draws (what separate calls would give).
    package static func compare(
        runs: RunSet, a: RiskConfiguration, each bs: [RiskConfiguration], metrics: [MetricName], resamples: Int, seed: UInt64,
        workers: Int
    ) throws -> [PairedComparison] {
        let scorer = ConfigurationStatistics(runs: runs)
        let warned = try scorer.warnings([a] + bs, workers: workers)
        let statistics = scorer.statistics(warnings: warned)
        let bootstrap = PairedBootstrap(labels: runs.labels, resamples: resamples, seed: seed)
        return bs.indices.map { i in
            PairedComparison(
                metrics: metrics, a: (statistics[0], warned[0]), b: (statistics[i + 1], warned[i + 1]), bootstrap: bootstrap)
        }
    }
}

/// A `--require 'METRIC:better|not-worse'` of `warnsim compare`.
package struct ComparisonRequirement: Sendable, Hashable {
    package var metric: MetricName
    package var requirement: PairedComparison.Requirement

    /// Parses `METRIC:better` or `METRIC:not-worse`.
    package init(parsing text: String, defaultLabel: GroundTruthLabel, option: String) throws(InputError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let requirement = PairedComparison.Requirement(rawValue: parts[1]) else {
            throw InputError(file: "<argument>", field: option, problem: "\"\(text)\" is not METRIC:better or METRIC:not-worse")
        }
        metric = try MetricName(parsing: parts[0], defaultLabel: defaultLabel, file: "<argument>", field: option)
        self.requirement = requirement
    }
}
