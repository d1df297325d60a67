import Foundation

extension MetricName.Quantity {
    /// Whether the quantity is a share within 0…1 (precision, recall, F1,
    /// rates and the shares of the warned), so its differences share one axis.
    package var isShare: Bool {
        switch self {
        case .precision, .recall, .f1, .falsePositiveRate, .recallWithinK, .warnedLaterPositiveShare, .warnedLaterInfectedShare,
            .warnedTestedShare, .warnedTestedPositiveShare:
            true
        case .warningsPer1000, .medianDelayHours, .warningsPerUploader, .exposureToWarningDaysMedian, .exposureToWarningDaysMean:
            false
        }
    }
}

extension PairedComparison {
    /// The file name `warnsim compare --out` writes ``differencesChart(a:b:)`` to.
    package static let chartFileName = "differences.svg"
    /// The file name of ``csv`` in `warnsim compare --out`.
    package static let csvFileName = "comparison.csv"

    /// The paired differences B − A of every share (one axis; counts and
    /// delays are in the table only), each with its 95 % interval, green
    /// where B is better beyond the interval, red where worse, grey within noise.
    ///
    /// - Parameters:
    ///   - a: The name of configuration A.
    ///   - b: The name of configuration B.
    /// - Returns: The chart.
    package func differencesChart(a: String, b: String) -> IntervalChart {
        let shown = rows.filter { $0.metric.quantity.isShare }
        return IntervalChart(
            title: "B − A, 95 % paired intervals (A = \(a), B = \(b))", axisLabel: "difference B − A (share)",
            rows: shown.map { row in
                let color =
                    Self.meets(row, .better) ? "#2ca02c" : Self.meets(row, .notWorse) ? "#7f7f7f" : "#d62728"
                return IntervalChart.Row(
                    name: row.metric.description, value: row.difference, low: row.interval.lower, high: row.interval.upper, color: color)
            }, reference: 0,
            footnote: "green: B better beyond the interval; grey: within noise; red: B worse (seeds, then phones resampled)")
    }
}
