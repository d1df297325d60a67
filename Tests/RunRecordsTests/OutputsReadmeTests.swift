import Foundation
import RunRecords
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The column tables of Outputs/README.md are the declarations' rendering.
/// Regenerate them with `WARNSIM_RECORD_SNAPSHOTS=1 swift test --filter OutputsReadmeTests`.
@Suite struct OutputsReadmeTests {
    /// The README holds a region per run-folder CSV file, and each region is that file's table.
    @Test func columnTablesMatchDeclarations() throws {
        let url = ProjectFiles.url("Outputs/README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let rendered = try ColumnTables.render(readme, file: url.path)
        for csv in ColumnTables.files {
            #expect(readme.contains(ColumnTables.openingLine(csv.fileName)), "Outputs/README.md has no region for \(csv.fileName)")
        }
        if Snapshot.isRecording {
            if rendered != readme { try Data(rendered.utf8).write(to: url) }
            Issue.record("\(Snapshot.recordVariable)=1: Outputs/README.md regenerated; run again without it")
            return
        }
        #expect(
            rendered == readme,
            "Outputs/README.md's column tables differ from the declarations in RunRecords; regenerate with \(Snapshot.recordVariable)=1 swift test --filter OutputsReadmeTests"
        )
    }

    /// A region of a file that is not a run-folder CSV is refused, naming the README.
    @Test func unknownRegionRefused() {
        var caught: (any Error)?
        do { _ = try ColumnTables.render("<!-- columns: nothing.csv -->\n<!-- end columns -->\n", file: "README.md") } catch {
            caught = error
        }
        #expect((caught as? InputError)?.file == "README.md")
    }
}
