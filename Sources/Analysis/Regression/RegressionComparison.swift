import WarnSimCore

/// Compares a metrics table with a baseline, configuration by configuration
/// (`warnsim regress`): every configuration of the baseline must be present and
/// each selected metric must lie within `tolerance` (absolute) of the baseline.
package struct RegressionComparison: Sendable {
    /// One (configuration, metric) comparison.
    package struct Row: Hashable, Sendable {
        package enum Outcome: String, Hashable, Sendable {
            case pass
            case fail
            /// The configuration is in the baseline but not in the metrics.
            case missing
        }

        package var configuration: String
        package var metric: String
        package var baseline: Double
        package var actual: Double?
        package var outcome: Outcome

        /// actual − baseline, when both exist.
        package var difference: Double? { actual.map { $0 - baseline } }
    }

    package let rows: [Row]
    /// Configurations in the metrics but not in the baseline (reported, not failed).
    package let newConfigurations: [String]
    package let tolerance: Double
    package let metrics: [String]

    /// The metric columns of `baseline` (``MetricsCSV/isMetricColumn(_:)``), in
    /// file order: what `regress` compares when `--metrics` does not narrow it.
    package static func allMetrics(of baseline: MetricsTable) -> [String] {
        baseline.columns.filter(MetricsCSV.isMetricColumn)
    }

    /// Compares `actual` with `baseline` on `metrics`.
    ///
    /// - Parameters:
    ///   - actual: the metrics to check.
    ///   - baseline: the expected metrics.
    ///   - metrics: the metric columns to compare.
    ///   - tolerance: the largest allowed absolute difference (finite, ≥ 0).
    /// - Throws: `InputError` for a bad argument, a missing column, a baseline
    ///   with no rows, tables whose configurations differ (parameter columns or
    ///   their values), a compared cell that is not a finite decimal number, or
    ///   a comparison of 0 checks.
    package init(actual: MetricsTable, baseline: MetricsTable, metrics: [String], tolerance: Double) throws(InputError) {
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
        guard !baseline.ids.isEmpty else {
            throw InputError(
                file: baseline.file, problem: "holds no rows, only a header: a truncated or empty baseline would compare nothing")
        }
        try Self.checkSameConfigurations(actual, baseline)
        var rows = [Row]()
        for id in baseline.ids {
            for metric in metrics {
                let expected = try baseline.comparableValue(metric, of: id)!
                guard let value = try actual.comparableValue(metric, of: id) else {
                    rows.append(Row(configuration: id, metric: metric, baseline: expected, actual: nil, outcome: .missing))
                    continue
                }
                // Undefined in both matches; undefined in one only is a change, never within any tolerance.
                let within = (value.isNaN && expected.isNaN) || abs(value - expected) <= tolerance
                rows.append(Row(configuration: id, metric: metric, baseline: expected, actual: value, outcome: within ? .pass : .fail))
            }
        }
        guard !rows.isEmpty else {
            throw InputError(file: baseline.file, problem: "0 checks compared: a comparison that checks nothing cannot pass")
        }
        let known = Set(baseline.ids)
        self.rows = rows
        self.newConfigurations = actual.ids.filter { !known.contains($0) }
        self.tolerance = tolerance
        self.metrics = metrics
    }

    /// Refuses tables that describe different configurations under the same
    /// ids: both must have the same parameter columns
    /// (``MetricsTable/parameterColumns``), and every configuration in both must
    /// have the same value in each (numerically equal, or the same text).
    static func checkSameConfigurations(_ actual: MetricsTable, _ baseline: MetricsTable) throws(InputError) {
        let actualColumns = actual.parameterColumns
        let baselineColumns = baseline.parameterColumns
        for column in actualColumns where !baselineColumns.contains(column) {
            throw InputError(
                file: actual.file, field: column,
                problem:
                    "parameter column not in the baseline \(baseline.file) (its parameter columns: \(baselineColumns.isEmpty ? "none" : baselineColumns.joined(separator: ","))): the sweeps differ"
            )
        }
        for column in baselineColumns where !actualColumns.contains(column) {
            throw InputError(
                file: baseline.file, field: column,
                problem:
                    "baseline parameter column missing from \(actual.file) (its parameter columns: \(actualColumns.isEmpty ? "none" : actualColumns.joined(separator: ","))): the sweeps differ"
            )
        }
        for id in actual.ids where baseline.line(of: id) != nil {
            for column in baselineColumns {
                let mine = actual.text(column, of: id) ?? ""
                let theirs = baseline.text(column, of: id) ?? ""
                let same: Bool
                if let a = MetricsTable.decimal(mine), let b = MetricsTable.decimal(theirs) {
                    same = a == b
                } else {
                    same = mine == theirs
                }
                guard same else {
                    throw InputError(
                        file: actual.file, field: "line \(actual.line(of: id)!).\(column)",
                        problem:
                            "configuration \"\(id)\" has \(column) \"\(mine)\", but \"\(theirs)\" in the baseline \(baseline.file) (line \(baseline.line(of: id)!)): the configurations differ"
                    )
                }
            }
        }
    }

    /// Rows outside tolerance or missing.
    package var failures: [Row] { rows.filter { $0.outcome != .pass } }

    package var passed: Bool { failures.isEmpty }
}
