import Population
import Services
import WarnSimCore

extension Scenario {
    /// The keys of the document root that no section reads.
    package enum Fields {
        /// `description`.
        package static let description = ScenarioField(
            "description", .text, .optional("none"), meaning: "free text about the scenario, written to the run manifest")
        /// `base` (read by ``BaseDocument`` before the sections are parsed).
        package static let base = ScenarioField(
            "base", .file, .optional("none"),
            meaning: "a scenario file in the same folder whose fields this file starts from (mappings merge key by key)")
    }

    /// The document root's own keys: `name`, `description` and `base`.
    package static let rootFieldTable = ScenarioFieldTable(
        section: "", fields: [WorldConfig.Fields.name, Fields.description, Fields.base])

    /// Every key a scenario file may hold, section by section, in the order
    /// of `Configs/scenarios/README.md`: each section type's declarations.
    package static let fieldTables: [ScenarioFieldTable] =
        [rootFieldTable] + WorldConfig.fieldTables + [
            AppConfig.appFieldTable, AppConfig.riskFieldTable, AppConfig.runFieldTable, ServicesConfig.fieldTable,
            TestingConfig.fieldTable, ResponseConfig.fieldTable,
        ]

    /// The table of `section` (`root` for the document root's own keys).
    ///
    /// - Throws: ``InputError`` naming the sections when there is no such section.
    package static func fieldTable(named section: String) throws(InputError) -> ScenarioFieldTable {
        let name = section == "root" ? "" : section
        guard let table = fieldTables.first(where: { $0.section == name }) else {
            let names = fieldTables.map { $0.section.isEmpty ? "root" : $0.section }
            throw InputError(
                file: InputError.argument, field: "SECTION", problem: "'\(section)' is not one of \(names.joined(separator: ", "))")
        }
        return table
    }

    /// What `warnsim scenario describe [SECTION]` prints: every field of the
    /// section, or of every section, with its type, range, default, unit,
    /// meaning and source.
    package static func describeFields(section: String? = nil) throws(InputError) -> String {
        let tables =
            try section.map { (name: String) throws(InputError) -> [ScenarioFieldTable] in [try fieldTable(named: name)] } ?? fieldTables
        return tables.map { table in
            "# \(table.section.isEmpty ? "root" : table.section)\n\n" + table.text
        }.joined(separator: "\n")
    }
}
