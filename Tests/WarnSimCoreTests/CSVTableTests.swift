import Testing
import WarnSimCore

@Suite("CSVTable: the one CSV reader, with a header or as records")
struct CSVTableTests {
    @Test("records keep their line numbers, skip blank and comment lines, and unquote quoted cells")
    func records() throws {
        let text = "# a comment, with \"quotes\" and commas\nname, value\n\n\"a, b\",1\r\n  # indented comment\nc , 2\n"
        let records = try CSVTable.records(text, file: "t.csv", comments: true)
        #expect(records.map(\.line) == [2, 4, 6])
        #expect(records.map(\.cells) == [["name", "value"], ["a, b", "1"], ["c", "2"]])
    }

    @Test("without comments, a # line is a row")
    func hashIsARowWithoutComments() throws {
        let records = try CSVTable.records("#x,1\ny,2\n", file: "t.csv")
        #expect(records.map(\.cells) == [["#x", "1"], ["y", "2"]])
    }

    @Test("a row whose field count differs from the header is refused naming the file and the line")
    func headerTable() throws {
        let table = try CSVTable.parse("a,b\n1,2\n\n3,4\n", file: "t.csv")
        #expect(table.rows == [["1", "2"], ["3", "4"]])
        #expect(table.lines == [2, 4])
        let error = #expect(throws: InputError.self) { try CSVTable.parse("a,b\n1,2,3\n", file: "t.csv") }
        #expect(error?.file == "t.csv")
        #expect(error?.field == "line 2")
    }
}
