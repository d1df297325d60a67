import Analysis
import ArgumentParser
import Foundation
import WarnSimCore

struct RegressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regress",
        abstract: "Compare a metrics CSV with a baseline, configuration by configuration.",
        discussion: """
            Exit 0 when every metric of every baseline configuration is within the \
            tolerance, 1 when one is outside (or a configuration is missing), 2 on \
            bad input: among it a baseline with no rows (a comparison of 0 checks \
            never passes), tables whose parameter columns (every column but the \
            id and the metrics) or their values differ for the same id, and compared \
            cells that are neither finite decimal numbers nor nan (empty, inf, \
            0x1p3). nan (an undefined metric) matches only nan. Without --metrics \
            every metric column of the baseline is compared.
            """
    )

    @Argument(help: "The metrics CSV to check (for example a sweep's metrics.csv).")
    var metrics: String

    @Option(help: "The baseline metrics CSV.")
    var baseline: String

    @Option(help: "Largest allowed absolute difference.")
    var tolerance = 0.01

    @Option(name: .customLong("metrics"), help: "Comma-separated metric columns to compare (default: every metric column of the baseline).")
    var metricNames: String?

    @Flag(help: "List only the comparisons that failed (and the totals).")
    var failuresOnly = false

    @Option(help: "Also write the comparison as JUnit XML to this file.")
    var junit: String?

    func run() throws {
        let comparison: RegressionComparison
        do {
            let actual = try MetricsTable.read(contentsOf: URL(fileURLWithPath: metrics))
            let expected = try MetricsTable.read(contentsOf: URL(fileURLWithPath: baseline))
            let names =
                metricNames.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
                ?? RegressionComparison.allMetrics(of: expected)
            comparison = try RegressionComparison(actual: actual, baseline: expected, metrics: names, tolerance: tolerance)
        } catch {
            throw inputFailure(error)
        }
        if let junit {
            do {
                try AtomicFile.write(RegressionReport.junit(comparison), to: URL(fileURLWithPath: junit))
            } catch {
                throw inputFailure(file: junit, field: "--junit", "cannot be written (\(error.localizedDescription))")
            }
        }
        printOutput(RegressionReport.table(comparison, failuresOnly: failuresOnly))
        if !comparison.passed {
            // Each failure is listed once, in the table above; stderr says only that the check failed.
            let missing = comparison.failures.filter { $0.outcome == .missing }.count
            printError(
                "warnsim: regress: \(comparison.failures.count) of \(comparison.rows.count) checks failed"
                    + (missing > 0 ? " (\(missing) missing)" : "") + " against \(baseline)")
            throw ExitStatus.checkFailed
        }
    }
}
