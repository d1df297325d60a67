import CSV
import Foundation

/// A CSV file with a header row, read whole, with typed cell access whose
/// errors name the file, the line and the column. The one CSV reader of
/// WarnSim (built on CSV.swift): files with a single header use ``parse(_:file:)``,
/// formats with comment lines or several header blocks read
/// ``records(_:file:trimming:comments:)`` and interpret the rows themselves.
package struct CSVTable: Sendable {
    package let file: String
    /// Column names in file order.
    package let header: [String]
    /// Data rows (blank lines skipped); `lines[i]` is row i's line number in the file.
    package let rows: [[String]]
    package let lines: [Int]

    /// Reads a UTF-8 CSV file.
    package static func read(path: String) throws(InputError) -> CSVTable {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, problem: "cannot be read (missing or not a file)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: path, problem: "is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Parses CSV text; `file` names the source in errors.
    package static func parse(_ text: String, file: String) throws(InputError) -> CSVTable {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true)
        } catch {
            throw InputError(file: file, problem: "has no CSV header row")
        }
        guard let header = reader.headerRow, !header.isEmpty, header != [""] else {
            throw InputError(file: file, problem: "has no CSV header row")
        }
        if let duplicate = Dictionary(grouping: header, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw InputError(file: file, field: duplicate, problem: "column appears more than once in the header")
        }
        var rows: [[String]] = []
        var lines: [Int] = []
        var line = 1
        while let row = reader.next() {
            line += 1
            if row == [""] { continue }
            guard row.count == header.count else {
                throw InputError(file: file, field: "line \(line)", problem: "has \(row.count) fields, the header has \(header.count)")
            }
            rows.append(row)
            lines.append(line)
        }
        if let error = reader.error {
            throw InputError(file: file, field: "line \(line + 1)", problem: "is not valid CSV (\(error))")
        }
        return CSVTable(file: file, header: header, rows: rows, lines: lines)
    }

    /// One non-blank row of a CSV text with its line number (1-based).
    package struct Record: Sendable, Equatable {
        package var line: Int
        package var cells: [String]
    }

    /// Every non-blank row of `text`, parsed by CSV.swift (quoted fields,
    /// CRLF line ends), with its line number. With `trimming`, spaces and tabs
    /// around each cell are removed; with `comments`, lines whose first
    /// non-blank character is `#` are skipped before parsing, so a comment may
    /// hold any text.
    package static func records(
        _ text: String, file: String, trimming: Bool = true, comments: Bool = false
    ) throws(InputError) -> [Record] {
        var source = text
        if comments {
            // "\r\n" is one Character in Swift: split on both line ends.
            source = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { line in
                line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") ? "" : line
            }.joined(separator: "\n")
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(string: source, hasHeaderRow: false, trimFields: trimming)
        } catch {
            throw InputError(file: file, field: "line 1", problem: "is not valid CSV (\(error))")
        }
        var records: [Record] = []
        var line = 0
        while let row = reader.next() {
            line += 1
            if row.allSatisfy(\.isEmpty) { continue }
            records.append(Record(line: line, cells: row))
        }
        if let error = reader.error {
            throw InputError(file: file, field: "line \(line + 1)", problem: "is not valid CSV (\(error))")
        }
        return records
    }

    /// The index of a required column.
    package func column(_ name: String) throws(InputError) -> Int {
        guard let index = header.firstIndex(of: name) else {
            throw InputError(file: file, field: name, problem: "required column is missing; the header is \(header.joined(separator: ","))")
        }
        return index
    }

    /// An error about row `row`'s cell in column `column`.
    package func invalid(row: Int, column: Int, _ problem: String) -> InputError {
        InputError(file: file, field: "line \(lines[row]).\(header[column])", problem: problem)
    }

    package func int(row: Int, column: Int, in range: ClosedRange<Int>) throws(InputError) -> Int {
        let text = rows[row][column]
        guard let value = Int(text), range.contains(value) else {
            throw invalid(row: row, column: column, "\"\(text)\" is not an integer in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// An optional integer: nil for an empty cell.
    package func optionalInt64(row: Int, column: Int) throws(InputError) -> Int64? {
        let text = rows[row][column]
        if text.isEmpty { return nil }
        guard let value = Int64(text) else { throw invalid(row: row, column: column, "\"\(text)\" is not an integer") }
        return value
    }

    /// A finite number in plain decimal notation (``DecimalNumber``): no
    /// hexadecimal floats, `nan` or `inf`.
    package func double(row: Int, column: Int) throws(InputError) -> Double {
        let text = rows[row][column]
        guard let value = DecimalNumber.parse(text) else {
            throw invalid(row: row, column: column, "\"\(text)\" is not a finite decimal number")
        }
        return value
    }

    package func flag(row: Int, column: Int) throws(InputError) -> Bool {
        switch rows[row][column] {
        case "1": return true
        case "0": return false
        case let text: throw invalid(row: row, column: column, "\"\(text)\" is not 0 or 1")
        }
    }
}
