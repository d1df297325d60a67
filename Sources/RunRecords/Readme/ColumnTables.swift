import WarnSimCore

/// The column tables of Outputs/README.md, rendered from the declarations: the
/// README holds a region per CSV file, from `<!-- columns: FILE -->` to
/// `<!-- end columns -->`, whose content is that file's ``RunCSVFile/markdownTable()``.
package enum ColumnTables {
    /// Every run-folder CSV file, in the README's order.
    package static var files: [any RunCSVFile.Type] {
        [PhonesCSV.self, InfectionsCSV.self, WindowsCSV.self, SummaryCSV.self, CounterfactualCSV.self]
    }

    /// The line that opens a file's region.
    package static func openingLine(_ fileName: String) -> String { "<!-- columns: \(fileName) -->" }
    /// The line that closes a region.
    package static let closingLine = "<!-- end columns -->"

    /// `readme` with every region's content replaced by its file's table.
    ///
    /// - Parameters:
    ///   - readme: The README's text.
    ///   - file: The README's path, for messages.
    /// - Returns: The README with current tables.
    /// - Throws: `InputError` for a region of an unknown file or one left open.
    package static func render(_ readme: String, file: String) throws(InputError) -> String {
        var out: [Substring] = []
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            out.append(line)
            guard line.hasPrefix("<!-- columns: ") else { continue }
            guard let csv = files.first(where: { openingLine($0.fileName) == line }) else {
                throw InputError(file: file, field: String(line), problem: "names no run-folder CSV file")
            }
            guard let end = lines.firstIndex(of: Substring(closingLine)) else {
                throw InputError(file: file, field: String(line), problem: "has no \(closingLine) line")
            }
            out.append("")
            out += csv.markdownTable().split(separator: "\n")
            out.append("")
            out.append(lines[end])
            lines = lines[(end + 1)...]
        }
        return out.joined(separator: "\n")
    }
}
