/// What a run-folder CSV cell holds (the `type` of Outputs/README.md's column tables).
package enum ColumnType: String, Hashable, Sendable {
    /// A whole number in decimal.
    case integer
    /// A decimal number with a fixed number of decimals.
    case decimal
    /// `0` or `1`.
    case flag
    /// Text: a name from a fixed set, or a list in the column's own syntax.
    case text
    /// Unix seconds.
    case time
    /// An ISO 8601 UTC timestamp (`2021-04-12T07:45:45Z`).
    case timestamp
    /// An ISO 8601 calendar date (`2021-04-12`).
    case date
}
