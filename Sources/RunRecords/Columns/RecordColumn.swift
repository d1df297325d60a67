/// One column of a run-folder CSV file: its header name, the type and unit of
/// its cells and what they mean. Every column of every run-folder CSV file is
/// declared once, as a static constant of its file's ``RunCSVFile`` type; the
/// writer, the reader and the tables of Outputs/README.md use that declaration.
package struct RecordColumn: Hashable, Sendable {
    /// The name in the header row.
    package let name: String
    /// What a cell holds.
    package let type: ColumnType
    /// The unit of a cell's number (empty for none).
    package let unit: String
    /// What the column means, in Markdown (Outputs/README.md shows it as is).
    package let meaning: String

    /// A column declaration.
    package init(_ name: String, _ type: ColumnType, unit: String = "", _ meaning: String) {
        self.name = name
        self.type = type
        self.unit = unit
        self.meaning = meaning
    }
}
