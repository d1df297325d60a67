import Foundation
import Testing
import WarnSimCore

@Suite struct YAMLSectionTests {
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

    @Test func readsTypedValuesAndRejectsQuotedNumbers() throws {
        let root = try YAMLSection.parse("a: 3\nb: 0.5\nc: [1, 2]\nd: text\n", file: "x.yaml")
        #expect(try root.int("a", in: 0...10) == 3)
        #expect(try root.double("b", in: 0...1) == 0.5)
        #expect(try root.doubles("c", in: 0...5, count: 2...2) == [1, 2])
        #expect(try root.string("d") == "text")
        try root.finish()

        let quoted = try YAMLSection.parse("a: \"3\"\nb: [1, \"2\"]\n", file: "x.yaml")
        let int = failure { _ = try quoted.int("a", in: 0...10) }
        #expect(int?.field == "a")
        #expect(int?.problem == "expected an integer, found '3'")
        let element = failure { _ = try quoted.doubles("b", in: 0...5) }
        #expect(element?.field == "b[1]")
        #expect(element?.problem == "expected a number, found '2'")
    }

    @Test func namesRangeMissingAndUnknownFieldsWithTheirPath() throws {
        let root = try YAMLSection.parse("outer:\n  rate: 2\n  typo: 1\n", file: "x.yaml")
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
        let root = try YAMLSection.parse("services:\nother: ~\n", file: "x.yaml")
        let services = try root.section("services")
        #expect(services.keys.isEmpty)
        #expect(try services.int("n", in: 0...9, default: 7) == 7)
        #expect(try root.section("other").keys.isEmpty)
        #expect(try YAMLSection.parseDocument("", file: "x.yaml") == nil)
        let empty = failure { _ = try YAMLSection.parse("", file: "x.yaml") }
        #expect(empty?.problem == "the document is empty")
        let list = failure { _ = try YAMLSection.parse("- 1\n", file: "x.yaml") }
        #expect(list?.problem == "expected a mapping of keys to values, found a list")
        let duplicate = failure { _ = try YAMLSection.parse("a: 1\na: 2\n", file: "x.yaml") }
        // Yams refuses duplicate keys itself, naming the key and line.
        #expect(duplicate?.problem.hasPrefix("malformed YAML") == true)
        #expect(duplicate?.problem.contains("'a'") == true)
    }

    /// A referenced file that is missing is named by the field that refers to it.
    @Test func referencedFilesAreNamedByTheirField() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = try YAMLSection.parse(
            "one: YAMLSectionTests.swift\nmissing: nope.yaml\nlist: [YAMLSectionTests.swift, gone.yaml]\n", file: "x.yaml")
        #expect(try root.file("one", relativeTo: folder).lastPathComponent == "YAMLSectionTests.swift")
        let missing = failure { _ = try root.file("missing", relativeTo: folder) }
        #expect(missing?.field == "missing")
        #expect(missing?.problem.contains("'nope.yaml' does not exist") == true, "\(String(describing: missing))")
        let element = failure { _ = try root.files("list", relativeTo: folder) }
        #expect(element?.field == "list[1]")
        let directory = failure { _ = try YAMLSection.parse("dir: .\n", file: "x.yaml").file("dir", relativeTo: folder) }
        #expect(directory?.problem.contains("is a folder") == true)
    }
}
