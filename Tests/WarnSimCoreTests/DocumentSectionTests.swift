import Foundation
import Testing
import WarnSimCore

@Suite struct DocumentSectionTests {
    /// The problem text of the error `body` throws, with its field.
    private func failure(_ body: () throws -> Void) -> (field: String?, problem: String)? {
        do {
            try body()
            return nil
        } catch let error as InputError {
            return (error.field, error.problem)
        } catch {
            return (nil, "not an InputError: \(error)")
        }
    }

    /// YAML and JSON parse into the one tree: the same document in either
    /// spelling is the same tree, and a quoted number is text in both.
    @Test func yamlAndJSONAreOneTree() throws {
        let yaml = try DocumentTree.parse("a: 3\nb: [0.5, \"2\"]\nc: {d: true, e: null}\n", file: "x.yaml")
        let json = try DocumentTree.parse(#"{"a": 3, "b": [0.5, "2"], "c": {"d": true, "e": null}}"#, file: "x.json")
        #expect(yaml == json)
        for (tree, file) in [(yaml, "x.yaml"), (json, "x.json")] {
            let root = try DocumentSection(tree, file: file, path: "")
            #expect(try root.int("a") == 3)
            let element = failure { _ = try root.doubles("b", in: 0...5) }
            #expect(element?.field == "b[1]" && element?.problem == "expected a number, found '2'")
            let c = try root.section("c")
            #expect(try c.bool("d", default: false))
            #expect(c.isNull("e"))
        }
        // Strict JSON: what YAML would take is refused, naming the place.
        for text in [#"{"a": 1,}"#, #"{"a": NaN}"#, "{\"a\": 1} // note", #"{"a": 1, "a": 2}"#] {
            #expect(throws: InputError.self, "\(text)") { _ = try DocumentTree.parse(text, file: "x.json") }
        }
        // A `--set` value is YAML whatever it starts with.
        #expect(try DocumentTree.composeYAML("[low, high]", file: "--set") != nil)
        #expect(throws: InputError.self) { _ = try DocumentTree.parse("[low, high]", file: "x.yaml") }
    }

    @Test func readsTypedValuesAndRejectsQuotedNumbers() throws {
        let root = try DocumentSection.parse("a: 3\nb: 0.5\nc: [1, 2]\nd: text\n", file: "x.yaml")
        #expect(try root.int("a", in: 0...10) == 3)
        #expect(try root.double("b", in: 0...1) == 0.5)
        #expect(try root.doubles("c", in: 0...5, count: 2...2) == [1, 2])
        #expect(try root.string("d") == "text")
        try root.finish()

        let quoted = try DocumentSection.parse("a: \"3\"\nb: [1, \"2\"]\n", file: "x.yaml")
        let int = failure { _ = try quoted.int("a", in: 0...10) }
        #expect(int?.field == "a")
        #expect(int?.problem == "expected an integer, found '3'")
        let element = failure { _ = try quoted.doubles("b", in: 0...5) }
        #expect(element?.field == "b[1]")
        #expect(element?.problem == "expected a number, found '2'")
    }

    @Test func namesRangeMissingAndUnknownFieldsWithTheirPath() throws {
        let root = try DocumentSection.parse("outer:\n  rate: 2\n  typo: 1\n", file: "x.yaml")
        let outer = try root.section("outer")
        let range = failure { _ = try outer.double("rate", in: 0...1) }
        #expect(range?.field == "outer.rate")
        #expect(range?.problem == "2 is out of range 0.0...1.0")
        let missing = failure { _ = try outer.int("count", in: 0...9) }
        #expect(missing?.field == "outer.count")
        #expect(missing?.problem == "required field is missing")
        _ = try outer.int("limit", in: 0...9, default: 4)
        let unknown = failure { try outer.finish() }
        #expect(unknown?.field == "outer.typo")
        #expect(unknown?.problem == "unknown key (expected one of: count, limit, rate)")
    }

    @Test func emptyValuesAreEmptyMappingsAndEmptyDocumentsAreNamed() throws {
        let root = try DocumentSection.parse("services:\nother: ~\n", file: "x.yaml")
        let services = try root.section("services")
        #expect(services.keys.isEmpty)
        #expect(try services.int("n", in: 0...9, default: 7) == 7)
        #expect(try root.section("other").keys.isEmpty)
        #expect(try DocumentSection.parseDocument("", file: "x.yaml") == nil)
        let empty = failure { _ = try DocumentSection.parse("", file: "x.yaml") }
        #expect(empty?.problem == "the document is empty")
        let list = failure { _ = try DocumentSection.parse("- 1\n", file: "x.yaml") }
        #expect(list?.problem == "expected a mapping of keys to values, found a list")
        let duplicate = failure { _ = try DocumentSection.parse("a: 1\na: 2\n", file: "x.yaml") }
        // Yams refuses duplicate keys itself, naming the key and line.
        #expect(duplicate?.problem.hasPrefix("malformed YAML") == true)
        #expect(duplicate?.problem.contains("'a'") == true)
    }

    /// A referenced file that is missing is named by the field that refers to it.
    @Test func referencedFilesAreNamedByTheirField() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = try DocumentSection.parse(
            "one: DocumentSectionTests.swift\nmissing: nope.yaml\nlist: [DocumentSectionTests.swift, gone.yaml]\n", file: "x.yaml")
        #expect(try root.file("one", relativeTo: folder).lastPathComponent == "DocumentSectionTests.swift")
        let missing = failure { _ = try root.file("missing", relativeTo: folder) }
        #expect(missing?.field == "missing")
        #expect(missing?.problem.contains("'nope.yaml' does not exist") == true, "\(String(describing: missing))")
        let element = failure { _ = try root.files("list", relativeTo: folder) }
        #expect(element?.field == "list[1]")
        let directory = failure { _ = try DocumentSection.parse("dir: .\n", file: "x.yaml").file("dir", relativeTo: folder) }
        #expect(directory?.problem.contains("is a folder") == true)
    }
}
