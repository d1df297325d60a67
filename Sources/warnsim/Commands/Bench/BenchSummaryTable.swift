import Foundation

/// The short Markdown table `warnsim bench crypto`, `score` and `simulate`
/// print after their figures, for an analyst to paste: the time, the peak
/// memory, person-days per second where the benchmark has them, and one row
/// per ratio to a ceiling measured in the same run, with how much the
/// ceiling's repetitions differed ((highest − lowest) / highest).
struct BenchSummaryTable {
    /// One measured rate against its ceiling.
    struct Ratio {
        /// What was measured, e.g. "RPI derivation, 2 threads".
        var figure: String
        /// The measured rate over the ceiling; nil when nothing was measured.
        var ratio: Double?
        /// The ceiling, e.g. "AES bulk 780.1 M blocks/s".
        var ceiling: String
        /// The lowest and highest of the ceiling's repetitions.
        var spread: [Double]
        var repetitions: Int
    }

    var benchmark: String
    var seconds: Double
    var peakRssBytes: Int
    var personDaysPerSecond: Double?
    var ratios: [Ratio]

    /// The table, with a blank line before it and a newline after it.
    var text: String {
        let personDays = personDaysPerSecond.map { String(format: "%.0f", $0) } ?? "–"
        let common = String(format: "| %@ | %.2f s | %.0f MB | %@ ", benchmark, seconds, Double(peakRssBytes) / 1e6, personDays)
        var lines = [
            "",
            "| bench | time | peak RSS | person-days/s | measured | ratio to ceiling | ceiling | ceiling spread |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for row in ratios {
            let ratio = row.ratio.map { String(format: "%.3f", $0) } ?? "–"
            let high = row.spread.max() ?? 0
            let relative = high > 0 ? (high - (row.spread.min() ?? 0)) / high : 0
            lines.append(
                common + "| \(row.figure) | \(ratio) | \(row.ceiling) | "
                    + String(format: "%.1f %% of %d |", 100 * relative, row.repetitions))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
