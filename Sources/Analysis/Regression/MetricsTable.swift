import Foundation
import WarnSimCore

/// A metrics CSV as `warnsim sweep` and `warnsim evaluate` write it: a header,
/// one row per configuration, an identifying column (`id`, else
/// `configuration`) and numeric metric columns.
package struct MetricsTable: Sendable {
    /// The file the table was read from (for messages).
    package let file: String
    /// Column names in file order.
    package let columns: [String]
    /// The identifying column's name.
    package let idColumn: String
    /// Configuration ids in file order.
    package let ids: [String]
    /// Cells by configuration id and column.
    private let cells: [String: [String: String]]
    /// The line of each configuration's row in the file.
    private let lines: [String: Int]

    /// The columns that describe a configuration rather than measure it: every
    /// column but the id and the metric columns `metrics.csv` writes
    /// (``MetricsCSV/isMetricColumn(_:)``), in file order. For a sweep these are
    /// the swept parameters.
    package var parameterColumns: [String] {
        columns.filter { $0 != idColumn && !MetricsCSV.isMetricColumn($0) }
    }

    /// The line in the file of configuration `id`'s row.
    ///
    /// - Parameter id: a configuration id of the table.
    /// - Returns: the 1-based line number, or `nil` if the table has no such row.
    package func line(of id: String) -> Int? { lines[id] }

    /// The raw text of a cell.
    ///
    /// - Parameters:
    ///   - column: a column name.
    ///   - id: a configuration id.
    /// - Returns: the cell's text, or `nil` if the row or the column is absent.
    package func text(_ column: String, of id: String) -> String? { cells[id]?[column] }

    /// Reads and checks a metrics CSV.
    package static func read(contentsOf url: URL) throws(InputError) -> MetricsTable {
        try table(CSVTable.read(path: url.path))
    }

    /// Parses CSV text; `file` names the source in errors.
    package static func parse(_ text: String, file: String) throws(InputError) -> MetricsTable {
        try table(CSVTable.parse(text, file: file))
    }

    static func table(_ csv: CSVTable) throws(InputError) -> MetricsTable {
        let file = csv.file
        let header = csv.header
        guard let idColumn = ["id", "configuration"].first(where: header.contains) else {
            throw InputError(
                file: file, problem: "needs an \"id\" (or \"configuration\") column; the header is \(header.joined(separator: ","))")
        }
        var ids = [String]()
        var cells = [String: [String: String]]()
        var lines = [String: Int]()
        for (index, row) in csv.rows.enumerated() {
            let fields = Dictionary(uniqueKeysWithValues: zip(header, row))
            let id = fields[idColumn]!
            let line = csv.lines[index]
            guard !id.isEmpty else { throw InputError(file: file, field: "line \(line).\(idColumn)", problem: "is empty") }
            guard cells[id] == nil else {
                throw InputError(file: file, field: "line \(line).\(idColumn)", problem: "configuration \"\(id)\" appears twice")
            }
            ids.append(id)
            cells[id] = fields
            lines[id] = line
        }
        return MetricsTable(file: file, columns: header, idColumn: idColumn, ids: ids, cells: cells, lines: lines)
    }

    /// Whether the table has a column.
    package func hasColumn(_ name: String) -> Bool { columns.contains(name) }

    /// The numeric value of `metric` for configuration `id`, as `metrics.csv`
    /// writes it: NaN for `nan` or an empty cell (an undefined metric, such as
    /// the precision of a configuration that never warns), otherwise a finite
    /// decimal number.
    ///
    /// - Parameters:
    ///   - metric: a column name.
    ///   - id: a configuration id.
    /// - Returns: the value, or `nil` if the configuration is absent.
    /// - Throws: `InputError` naming the file, the line and the column for any
    ///   other text (`inf`, hexadecimal floats such as `0x1p3`, words).
    package func value(_ metric: String, of id: String) throws(InputError) -> Double? {
        guard let row = cells[id] else { return nil }
        let text = row[metric, default: ""].trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text == "nan" { return .nan }
        return try finite(text, metric, id)
    }

    /// The value of `metric` for configuration `id` when it must be compared:
    /// a finite decimal number (``decimal(_:)``), or NaN for the exact text
    /// `nan` (an undefined metric, which matches only another `nan`); empty
    /// cells, `NaN`, `inf` and hexadecimal floats are refused, since a
    /// regression check cannot compare them.
    ///
    /// - Parameters:
    ///   - metric: a column name.
    ///   - id: a configuration id.
    /// - Returns: the value, or `nil` if the configuration is absent.
    /// - Throws: `InputError` naming the file, the line and the column.
    package func comparableValue(_ metric: String, of id: String) throws(InputError) -> Double? {
        guard let row = cells[id] else { return nil }
        return try finite(row[metric, default: ""].trimmingCharacters(in: .whitespaces), metric, id)
    }

    private func finite(_ text: String, _ metric: String, _ id: String) throws(InputError) -> Double {
        // `nan` is how metrics.csv writes an undefined metric (nobody warned, nobody at risk).
        if text == "nan" { return .nan }
        guard let value = Self.decimal(text) else {
            throw InputError(
                file: file, field: "line \(lines[id]!).\(metric)",
                problem: "\"\(text)\" is neither a finite decimal number nor nan (configuration \"\(id)\")")
        }
        return value
    }

    /// A finite number in plain decimal notation, `[+-]digits[.digits][e[+-]digits]`
    /// (as `metrics.csv` writes numbers; ``DecimalNumber``), or `nil` for anything else: empty text,
    /// `nan`, `inf`, hexadecimal floats, or a value that overflows to infinity.
    ///
    /// - Parameter text: the cell text, without surrounding white space.
    /// - Returns: the value, or `nil`.
    package static func decimal(_ text: String) -> Double? { DecimalNumber.parse(text) }
}
