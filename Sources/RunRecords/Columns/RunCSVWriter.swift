/// Writes one run-folder CSV file: the header from the declared columns, then
/// rows whose cells are set by column (``RunCSVRow``), never by position.
package struct RunCSVWriter: Sendable {
    /// The file's name, for messages.
    package let fileName: String
    let columns: [RecordColumn]
    let positions: [String: Int]
    /// The file's text so far.
    package private(set) var text: String

    /// A writer for a file with `columns`, started with the header row.
    package init(fileName: String, columns: [RecordColumn]) {
        self.fileName = fileName
        self.columns = columns
        positions = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1.name, $0) })
        text = columns.map(\.name).joined(separator: ",") + "\n"
    }

    /// Appends one row: `fill` sets every column's cell (a column left unset is a programming error).
    package mutating func row(_ fill: (inout RunCSVRow) -> Void) {
        var row = RunCSVRow(positions: positions, count: columns.count)
        fill(&row)
        for (index, cell) in row.cells.enumerated() where cell == nil {
            preconditionFailure("\(fileName): column \(columns[index].name) was not set")
        }
        text += row.cells.map { $0 ?? "" }.joined(separator: ",") + "\n"
    }
}

/// One row being written by a ``RunCSVWriter``: cells set by their declared column.
package struct RunCSVRow: Sendable {
    let positions: [String: Int]
    var cells: [String?]

    init(positions: [String: Int], count: Int) {
        self.positions = positions
        cells = Array(repeating: nil, count: count)
    }

    /// The cell of `column` (a column of another file is a programming error).
    package subscript(column: RecordColumn) -> String {
        get { cells[position(column)] ?? "" }
        set { cells[position(column)] = newValue }
    }

    func position(_ column: RecordColumn) -> Int {
        guard let position = positions[column.name] else { preconditionFailure("\(column.name) is not a column of this file") }
        return position
    }
}
