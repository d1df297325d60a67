import Foundation
import Population
import Services
import Simulation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The scenario fields are declared once (``ScenarioFieldTable``): every key
/// of the shipped scenarios is declared, every declared range is enforced
/// with an error naming the file and the key, `--set` is checked against
/// the declarations, and the key tables of `Configs/scenarios/README.md` are
/// the declarations' (regenerate with `WARNSIM_RECORD_FIELDS=1`).
@Suite struct ScenarioFieldTests {
    static let scenarios = ProjectFiles.url("Configs/scenarios")

    /// The shipped scenario files.
    static func shipped() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: scenarios, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The dotted paths of every leaf value under `node` (list elements as `key[]`).
    static func leafPaths(_ tree: DocumentTree, prefix: String) -> [String] {
        switch tree {
        case .map(let entries):
            return entries.flatMap { leafPaths($0.value, prefix: prefix.isEmpty ? $0.key : "\(prefix).\($0.key)") }
        case .list(let items) where items.contains(where: { if case .map = $0 { true } else { false } }):
            return items.flatMap { leafPaths($0, prefix: prefix + "[]") }
        default:
            return [prefix]
        }
    }

    /// `tree` as JSON text, which the document reader reads back as the same
    /// tree (a scalar written unquoted stays unquoted only if JSON allows it).
    static func json(_ tree: DocumentTree) -> String {
        switch tree {
        case .map(let entries): return "{" + entries.map { "\(quoted($0.key)): \(json($0.value))" }.joined(separator: ", ") + "}"
        case .list(let items): return "[" + items.map(json).joined(separator: ", ") + "]"
        case .scalar(let scalar) where scalar.isNull: return "null"
        case .scalar(let scalar):
            let isJSONLiteral = scalar.text == "true" || scalar.text == "false" || (scalar.integer != nil || scalar.number != nil)
            return !scalar.isQuoted && isJSONLiteral ? scalar.text : quoted(scalar.text)
        }
    }

    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    @Test func everyKeyOfEveryShippedScenarioIsDeclared() throws {
        let declared = Set(Scenario.fieldTables.flatMap(\.paths))
        for url in try Self.shipped() {
            let document = try BaseDocument.load(url)
            for path in Self.leafPaths(document.tree, prefix: "") {
                #expect(declared.contains(path), "\(url.lastPathComponent): \(path) is not declared")
            }
        }
    }

    /// The first shipped scenario that states `path`, else the village.
    static func scenario(stating path: String) throws -> DocumentTree {
        for url in try shipped() {
            let tree = try BaseDocument.load(url).tree
            if leafPaths(tree, prefix: "").contains(path) { return tree }
        }
        return try BaseDocument.load(scenarios.appendingPathComponent("village-2k.yaml")).tree
    }

    @Test func everyDeclaredRangeIsEnforcedNamingTheFileAndKey() throws {
        for table in Scenario.fieldTables {
            for field in table.fields where !field.key.contains("[]") {
                let value: String
                switch field.kind {
                case .real(let range): value = range.upperBound < 1e6 ? "\(range.upperBound + 1)" : "\(range.lowerBound - 1)"
                case .integer(let range): value = "\(range.upperBound + 1)"
                default: continue
                }
                let path = table.path(of: field)
                let override = try FieldOverride(parsing: "\(path)=\(value)")
                let node = try override.apply(to: try Self.scenario(stating: path), file: "test")
                let url = Self.scenarios.appendingPathComponent(".fields-test-\(UUID().uuidString).yaml")
                try Self.json(node).write(to: url, atomically: true, encoding: .utf8)
                defer { try? FileManager.default.removeItem(at: url) }
                do {
                    _ = try Scenario.load(url)
                    Issue.record("\(path)=\(value) was accepted")
                } catch let error as InputError {
                    #expect(error.file == url.path && error.field == path && error.problem.contains("out of range"), "\(path): \(error)")
                }
                #expect(throws: InputError.self, "--set \(path)=\(value)") {
                    try ScenarioFieldTable.check(override, against: Scenario.fieldTables)
                }
            }
        }
    }

    @Test func setIsCheckedAgainstTheDeclarations() throws {
        let tables = Scenario.fieldTables
        try ScenarioFieldTable.check(try FieldOverride(parsing: "response.quarantine_days=14"), against: tables)
        try ScenarioFieldTable.check(try FieldOverride(parsing: "app.android.scan_jitter_s=10"), against: tables)
        do {
            try ScenarioFieldTable.check(try FieldOverride(parsing: "response.quarantine_dayz=14"), against: tables)
            Issue.record("an undeclared key was accepted")
        } catch {
            #expect(error.file == "--set" && error.field == "response.quarantine_dayz" && error.problem.contains("unknown key"), "\(error)")
        }
        do {
            try ScenarioFieldTable.check(try FieldOverride(parsing: "response.quarantine_days=61"), against: tables)
            Issue.record("an out-of-range value was accepted")
        } catch {
            #expect(error.file == "--set" && error.field == "response.quarantine_days", "\(error)")
        }
    }

    @Test func defaultsAreTheDeclarations() {
        #expect(ResponseConfig.defaults.quarantineDays == 10)
        #expect(ResponseConfig.defaults.symptomaticIsolation == 0.425)
        #expect(TestingConfig.defaults.falseNegativeByDay == TestingConfig.kucirkaFalseNegatives)
        #expect(ServicesConfig().distribution.shiftingPolicyThreshold == 140)
        #expect(ServicesConfig().distribution.verificationKeyID == "262")
    }

    @Test func describeListsEverySection() throws {
        let text = try Scenario.describeFields()
        for path in Scenario.fieldTables.flatMap(\.paths) { #expect(text.contains(path + "\n"), "\(path)") }
        #expect(try Scenario.describeFields(section: "response").hasPrefix("# response\n"))
        #expect(throws: InputError.self) { try Scenario.describeFields(section: "nonsense") }
    }

    @Test func readmeTablesAreTheDeclarations() throws {
        let url = ProjectFiles.url("Configs/scenarios/README.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(ScenarioFieldRegions.missing(in: text, tables: Scenario.fieldTables) == [])
        let generated = ScenarioFieldRegions.filled(text, tables: Scenario.fieldTables)
        if ProcessInfo.processInfo.environment["WARNSIM_RECORD_FIELDS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            generated == text,
            "Configs/scenarios/README.md's field tables differ from the declarations; regenerate with WARNSIM_RECORD_FIELDS=1 swift test --filter ScenarioFieldTests"
        )
    }
}
