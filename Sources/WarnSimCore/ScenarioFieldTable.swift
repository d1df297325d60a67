/// The fields of one scenario section (`response`, `population`, …), declared
/// once as a static list by the section's type, or of the document's top
/// level (an empty ``section``).
package struct ScenarioFieldTable: Sendable {
    /// The section's top-level key; empty for the keys of the document root.
    package var section: String
    /// The section's fields, in the order they are documented.
    package var fields: [ScenarioField]

    /// The table of `section`.
    package init(section: String, fields: [ScenarioField]) {
        self.section = section
        self.fields = fields
    }

    /// The field's path from the document root (`response.quarantine_days`).
    package func path(of field: ScenarioField) -> String { section.isEmpty ? field.key : "\(section).\(field.key)" }

    /// The paths from the document root of every declared field.
    package var paths: [String] { fields.map { path(of: $0) } }

    /// The table as Markdown: key, type and range, default, unit, meaning and source.
    package var markdown: String {
        var lines = ["| field | type and range | default | unit | meaning | source |", "|---|---|---|---|---|---|"]
        for field in fields {
            let cells = [
                "`\(path(of: field))`", field.kind.summary, field.shownDefault, field.unit,
                field.meaning, field.source,
            ]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table as plain text, one block per field (`warnsim scenario describe`).
    package var text: String {
        fields.map { field in
            var lines = ["\(path(of: field))", "  type:    \(field.kind.summary)", "  default: \(field.shownDefault)"]
            if !field.unit.isEmpty { lines.append("  unit:    \(field.unit)") }
            lines.append("  meaning: \(field.meaning)")
            if !field.source.isEmpty { lines.append("  source:  \(field.source)") }
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// The field declared at `path` (from the document root) in any of `tables`.
    package static func field(at path: String, in tables: [ScenarioFieldTable]) -> (table: ScenarioFieldTable, field: ScenarioField)? {
        for table in tables {
            if let field = table.fields.first(where: { table.path(of: $0) == path }) { return (table, field) }
        }
        return nil
    }

    /// Checks a `--set` against the declarations: its path must be a declared
    /// field (or lie inside a structured one) and its value must be of the
    /// field's type and in its range.
    ///
    /// - Parameter file: The file errors name: the scenario the value is set
    ///   in, as the loader would name it, or `--set` when there is none.
    /// - Throws: ``InputError`` (`file`, the field's path) naming the problem.
    package static func check(_ override: FieldOverride, against tables: [ScenarioFieldTable], file: String = "--set") throws(InputError) {
        let path = override.path.joined(separator: ".")
        guard let (_, field) = field(at: path, in: tables) else {
            let inside = tables.contains { table in
                table.fields.contains { field in
                    guard case .structured = field.kind else { return false }
                    return path.hasPrefix(table.path(of: field) + ".")
                }
            }
            guard inside else {
                throw InputError(
                    file: file, field: path,
                    problem: "unknown key (not a declared scenario field; `warnsim scenario describe` lists them)")
            }
            return
        }
        let value = try DocumentTree.composeYAML(override.value, file: "--set") ?? .scalar(DocumentScalar(text: "", isQuoted: false))
        let prefix = override.path.dropLast().joined(separator: ".")
        let section = try DocumentSection(.map([DocumentEntry(key: field.leaf, value: value)]), file: file, path: prefix)
        try section.check(field)
    }
}
