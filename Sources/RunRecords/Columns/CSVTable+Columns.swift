import WarnSimCore

extension CSVTable {
    /// The index of a required declared column.
    package func column(_ column: RecordColumn) throws(InputError) -> Int {
        try self.column(column.name)
    }

    /// The index of a declared column that older run folders lack, nil when absent.
    package func optionalColumn(_ column: RecordColumn) throws(InputError) -> Int? {
        header.contains(column.name) ? try self.column(column.name) : nil
    }
}
