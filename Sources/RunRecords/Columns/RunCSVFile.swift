/// A CSV file of a run folder: its name and its columns in file order, each
/// declared once (``RecordColumn``).
package protocol RunCSVFile {
    /// The file's name in a run folder.
    static var fileName: String { get }
    /// The columns in file order.
    static var columns: [RecordColumn] { get }
}

extension RunCSVFile {
    /// The header row, with its line end.
    package static var headerLine: String { columns.map(\.name).joined(separator: ",") + "\n" }

    /// A writer that starts the file with its header row.
    package static func writer() -> RunCSVWriter { RunCSVWriter(fileName: fileName, columns: columns) }

    /// The Markdown table of the columns, for Outputs/README.md: name, type, unit and meaning per column.
    package static func markdownTable() -> String {
        var out = "| column | type | unit | meaning |\n|---|---|---|---|\n"
        for column in columns {
            out += "| `\(column.name)` | \(column.type.rawValue) | \(column.unit) | \(column.meaning) |\n"
        }
        return out
    }
}
