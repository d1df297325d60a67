/// The generated key tables of a Markdown document (`Configs/scenarios/README.md`):
/// each table stands between `<!-- fields: SECTION -->` and `<!-- end fields -->`
/// (`root` for the document root's keys), and everything outside the marked
/// regions is the document's own prose.
package enum ScenarioFieldRegions {
    /// The marker that opens the region of `section`.
    package static func opening(_ section: String) -> String { "<!-- fields: \(section.isEmpty ? "root" : section) -->" }
    /// The marker that closes a region.
    package static let closing = "<!-- end fields -->"

    /// `text` with every marked region's content replaced by its table's
    /// Markdown (``ScenarioFieldTable/markdown``); regions of unknown sections are left alone.
    package static func filled(_ text: String, tables: [ScenarioFieldTable]) -> String {
        var result = text
        for table in tables {
            let opening = opening(table.section)
            guard let start = result.range(of: opening),
                let end = result.range(of: closing, range: start.upperBound..<result.endIndex)
            else { continue }
            result.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n\n" + table.markdown + "\n")
        }
        return result
    }

    /// The sections of `tables` that have no marked region in `text`.
    package static func missing(in text: String, tables: [ScenarioFieldTable]) -> [String] {
        tables.filter { !text.contains(opening($0.section)) }.map { $0.section.isEmpty ? "root" : $0.section }
    }
}
