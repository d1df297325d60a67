import Analysis
import Foundation
import Testing
import WarnSimCore

/// A CSV cell read as a number must be a plain decimal: a hexadecimal float
/// such as `0x1p3` (which Swift's `Double(_:)` reads as 8) is refused naming
/// the file, the line and the column.
@Suite struct CSVTableHexFloatTests {
    @Test func hexadecimalFloatIsRefusedNamingFileRowAndColumn() throws {
        let table = try CSVTable.parse("person,infector,time_days\n0,-1,0.5\n1,0,0x1p3\n", file: "infections.csv")
        #expect(try table.double(row: 0, column: 2) == 0.5)
        let error = try #require(throws: InputError.self) { _ = try table.double(row: 1, column: 2) }
        #expect(error == InputError(file: "infections.csv", field: "line 3.time_days", problem: "\"0x1p3\" is not a finite decimal number"))
    }

    @Test(arguments: ["nan", "inf", "-infinity", "0x10", "1_0", " 1"])
    func otherNonDecimalCellsAreRefused(cell: String) throws {
        let table = try CSVTable.parse("x\n\"\(cell)\"\n", file: "t.csv")
        let error = try #require(throws: InputError.self) { _ = try table.double(row: 0, column: 0) }
        #expect(error.file == "t.csv" && error.field == "line 2.x", "\(error)")
    }
}
