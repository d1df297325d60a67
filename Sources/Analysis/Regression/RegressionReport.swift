import Foundation
import WarnSimCore

/// Renders a ``RegressionComparison`` for people (a table) and for CI systems
/// (JUnit XML).
package enum RegressionReport {
    /// A fixed-width table, one line per comparison, then a summary line.
    package static func table(_ comparison: RegressionComparison, failuresOnly: Bool = false) -> String {
        func number(_ value: Double?) -> String {
            guard let value else { return "—" }
            return value.isNaN ? "nan" : String(format: "%.6f", value)
        }
        func signed(_ value: Double?) -> String {
            guard let value else { return "—" }
            return value.isNaN ? "nan" : String(format: "%+.6f", value)
        }
        let header = ["configuration", "metric", "baseline", "actual", "difference", "result"]
        var lines = [header]
        for row in comparison.rows where !(failuresOnly && row.outcome == .pass) {
            lines.append([
                row.configuration, row.metric, number(row.baseline), number(row.actual), signed(row.difference),
                row.outcome == .pass ? "ok" : row.outcome == .missing ? "MISSING" : "FAIL",
            ])
        }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max()! }
        var out = lines.map { cells in
            cells.enumerated().map { index, cell in
                index < 2
                    ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
        out += "\n"
        for id in comparison.newConfigurations {
            out += "new configuration (not in the baseline): \(id)\n"
        }
        let failed = comparison.failures.count
        out += "\(comparison.rows.count - failed) passed, \(failed) failed (tolerance \(comparison.tolerance))\n"
        return out
    }

    /// JUnit XML: one test suite, one test case per (configuration, metric).
    package static func junit(_ comparison: RegressionComparison) -> String {
        let failures = comparison.rows.filter { $0.outcome == .fail }.count
        let errors = comparison.rows.filter { $0.outcome == .missing }.count
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="warnsim regress" tests="\#(comparison.rows.count)" failures="\#(failures)" errors="\#(errors)">"# + "\n"
        xml += #"  <testsuite name="warnsim regress" tests="\#(comparison.rows.count)" failures="\#(failures)" errors="\#(errors)">"# + "\n"
        for row in comparison.rows {
            let name = escape("\(row.configuration).\(row.metric)")
            xml += #"    <testcase classname="\#(escape(row.configuration))" name="\#(name)">"#
            switch row.outcome {
            case .pass:
                break
            case .fail:
                let message =
                    "\(row.metric) of \(row.configuration) is \(row.actual ?? .nan), baseline \(row.baseline), tolerance \(comparison.tolerance)"
                xml += "\n" + #"      <failure message="\#(escape(message))" type="outside-tolerance"/>"# + "\n    "
            case .missing:
                let message = "configuration \(row.configuration) is in the baseline but not in the metrics"
                xml += "\n" + #"      <error message="\#(escape(message))" type="missing-configuration"/>"# + "\n    "
            }
            xml += "</testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    static func escape(_ text: String) -> String { TextEscaping.xml(text) }
}
