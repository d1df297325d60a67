import Foundation
import RunRecords
import Testing
import WarnSimCore

/// Every run-folder CSV file reads back by its declared columns what its writer wrote.
@Suite struct CSVRoundTripTests {
    /// A row of every file, each cell its column's name and row number, read back by column.
    @Test func everyFileRoundTrips() throws {
        for csv in ColumnTables.files {
            var writer = csv.writer()
            for number in 0..<3 {
                writer.row { row in
                    for column in csv.columns { row[column] = "\(column.name)-\(number)" }
                }
            }
            #expect(writer.text.hasPrefix(csv.headerLine))
            let table = try CSVTable.parse(writer.text, file: csv.fileName)
            #expect(table.rows.count == 3)
            for column in csv.columns {
                let index = try table.column(column)
                #expect(table.rows.indices.map { table.rows[$0][index] } == (0..<3).map { "\(column.name)-\($0)" })
            }
        }
    }

    /// Column names are unique within a file and every column has a meaning.
    @Test func declarationsAreComplete() {
        for csv in ColumnTables.files {
            #expect(Set(csv.columns.map(\.name)).count == csv.columns.count, "\(csv.fileName)")
            #expect(csv.columns.allSatisfy { !$0.meaning.isEmpty && !$0.meaning.contains("|") }, "\(csv.fileName)")
        }
    }

    /// A missing declared column is an error naming the file and the column.
    @Test func missingColumnNamed() throws {
        let table = try CSVTable.parse("person,has_app\n0,1\n", file: "run/phones.csv")
        var caught: InputError?
        do { _ = try table.column(PhonesCSV.warningDelay) } catch { caught = error }
        #expect(caught?.file == "run/phones.csv")
        #expect(caught?.field == "warning_delay_s")
        #expect(try table.optionalColumn(PhonesCSV.platform) == nil)
    }
}
