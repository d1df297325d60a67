import WarnSimCore

/// Compares a metrics table with a baseline, configuration by configuration
/// (`warnsim regress`): every configuration of the baseline must be present and
/// each selected metric must lie within `tolerance` (absolute) of the baseline.
public struct RegressionComparison: Sendable {
    /// One (configuration, metric) comparison.
    public struct Row: Hashable, Sendable {
        public enum Outcome: String, Hashable, Sendable {
            case pass
            case fail
            /// The configuration is in the baseline but not in the metrics.
            case missing
        }

        public var configuration: String
        public var metric: String
        public var baseline: Double
        public var actual: Double?
        public var outcome: Outcome

        /// actual − baseline, when both exist.
        public var difference: Double? { actual.map { $0 - baseline } }
    }

    public let rows: [Row]
    /// Configurations in the metrics but not in the baseline (reported, not failed).
    public let newConfigurations: [String]
    public let tolerance: Double
    public let metrics: [String]

    /// Compares `actual` with `baseline` on `metrics`.
    public init(actual: MetricsTable, baseline: MetricsTable, metrics: [String], tolerance: Double) throws(InputError) {
        guard tolerance >= 0, tolerance.isFinite else {
            throw InputError(file: "<argument>", field: "--tolerance", problem: "must be a finite number ≥ 0")
        }
        guard !metrics.isEmpty else {
            throw InputError(file: "<argument>", field: "--metrics", problem: "names no metric")
        }
        for metric in metrics {
            for table in [baseline, actual] where !table.hasColumn(metric) {
                throw InputError(
                    file: table.file, field: metric, problem: "no such column (columns: \(table.columns.joined(separator: ",")))")
            }
        }
        var rows = [Row]()
        for id in baseline.ids {
            for metric in metrics {
                let expected = try baseline.value(metric, of: id)!
                guard let value = try actual.value(metric, of: id) else {
                    rows.append(Row(configuration: id, metric: metric, baseline: expected, actual: nil, outcome: .missing))
                    continue
                }
                let within: Bool
                if expected.isNaN || value.isNaN {
                    within = expected.isNaN && value.isNaN
                } else {
                    within = abs(value - expected) <= tolerance
                }
                rows.append(Row(configuration: id, metric: metric, baseline: expected, actual: value, outcome: within ? .pass : .fail))
            }
        }
        let known = Set(baseline.ids)
        self.rows = rows
        self.newConfigurations = actual.ids.filter { !known.contains($0) }
        self.tolerance = tolerance
        self.metrics = metrics
    }

    /// Rows outside tolerance or missing.
    public var failures: [Row] { rows.filter { $0.outcome != .pass } }

    public var passed: Bool { failures.isEmpty }
}
