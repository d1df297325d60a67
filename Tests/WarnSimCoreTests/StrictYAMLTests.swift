import Testing
import WarnSimCore
import WarnSimTestSupport

/// The YAML screen every reader goes through: expansion bombs, aliases,
/// deep nesting and stray byte-order marks are refused before a tree is built.
@Suite struct StrictYAMLTests {
    static let billionLaughs = HostileYAML.billionLaughs

    private func refusal(_ text: String) -> InputError? {
        do {
            _ = try StrictYAML.compose(text, file: "bomb.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test func billionLaughsIsRefusedAtItsFirstAnchor() {
        #expect(Self.billionLaughs.utf8.count < 700)
        let error = refusal(Self.billionLaughs)
        #expect(error?.file == "bomb.yaml")
        #expect(error?.field == "line 1")
        #expect(error?.problem.contains("anchor &l0") == true, "\(String(describing: error))")
    }

    @Test func aSmallAliasIsRefusedNamingLineAndAlias() {
        let anchor = refusal("name: x\nsource: *n\n")
        // An undefined alias is a syntax error of the composer; a defined one is refused by name.
        #expect(anchor != nil)
        let alias = refusal("name: x\nsource: *n\nother: &n y\n")
        #expect(alias?.field == "line 2")
        #expect(alias?.problem.contains("alias *n") == true, "\(String(describing: alias))")
        let defined = refusal("name: &n x\nsource: *n\n")
        #expect(defined?.field == "line 1")
        #expect(defined?.problem.contains("anchor &n") == true)
    }

    @Test func anchorsOnMappingsAndListsAreRefused() {
        #expect(refusal("base: &b\n  a: 1\n")?.problem.contains("anchor &b") == true)
        #expect(refusal("list: &l\n  - 1\n")?.problem.contains("anchor &l") == true)
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: StrictYAML.maximumDepth + 1) + String(repeating: "]", count: StrictYAML.maximumDepth + 1)
        #expect(refusal("a: " + deep + "\n")?.problem.contains("deeper than") == true)
        let fine = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(refusal("a: " + fine + "\n") == nil)
    }

    @Test func aByteOrderMarkInsideTheDocumentIsRefused() {
        let error = refusal("a: 1\n\u{FEFF}b: 2\n")
        #expect(error?.field == "line 2")
        #expect(error?.problem.contains("byte-order mark") == true)
        // At the very start it is the file's encoding mark and is allowed.
        #expect(refusal("\u{FEFF}a: 1\n") == nil)
    }

    @Test func ordinaryDocumentsAndTextWithAmpersandsAndStarsPass() throws {
        let text = "title: \"Q&A *notes*\"\nplain: a & b * c\nblock: |\n  - *not an alias\n  &nor an anchor\nlist: [1, 2]\n"
        let node = try StrictYAML.compose(text, file: "ok.yaml")
        #expect(node?.mapping?["plain"]?.string == "a & b * c")
        #expect(node?.mapping?["block"]?.string == "- *not an alias\n&nor an anchor\n")
        #expect(try StrictYAML.compose("", file: "empty.yaml") == nil)
    }

    @Test func everyReaderOfTheCoreGoesThroughTheScreen() {
        #expect(throws: InputError.self) { _ = try DocumentSection.parse(Self.billionLaughs, file: "bomb.yaml") }
        #expect(throws: InputError.self) { _ = try FieldOverride(parsing: "a.b=*x") }
        #expect(throws: InputError.self) { _ = try FieldOverride(parsing: "a.b=&x 1") }
    }
}
