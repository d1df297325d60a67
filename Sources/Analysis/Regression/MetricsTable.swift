import Foundation
import WarnSimCore

/// A metrics CSV as `warnsim sweep` and `warnsim evaluate` write it: a header,
/// one row per configuration, an identifying column (`id`, else
/// `configuration`) and numeric metric columns.
public struct MetricsTable: Sendable {
    /// The file the table was read from (for messages).
    public let file: String
    /// Column names in file order.
    public let columns: [String]
    /// The identifying column's name.
    public let idColumn: String
    /// Configuration ids in file order.
    public let ids: [String]
    /// Cells by configuration id and column.
    private let cells: [String: [String: String]]

    /// Reads and checks a metrics CSV.
    public static func read(contentsOf url: URL) throws(InputError) -> MetricsTable {
        try table(CSVTable.read(path: url.path))
    }

    /// Parses CSV text; `file` names the source in errors.
    public static func parse(_ text: String, file: String) throws(InputError) -> MetricsTable {
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
        }
        return MetricsTable(file: file, columns: header, idColumn: idColumn, ids: ids, cells: cells)
    }

    /// Whether the table has a column.
    public func hasColumn(_ name: String) -> Bool { columns.contains(name) }

    /// The numeric value of `metric` for configuration `id`: nil if the
    /// configuration is absent; NaN for an empty cell or `nan`; an error for
    /// anything that is not a number.
    public func value(_ metric: String, of id: String) throws(InputError) -> Double? {
        guard let row = cells[id] else { return nil }
        let text = row[metric, default: ""].trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text.lowercased() == "nan" { return .nan }
        guard let value = Double(text) else {
            throw InputError(file: file, field: "\(id).\(metric)", problem: "\"\(text)\" is not a number")
        }
        return value
    }
}
