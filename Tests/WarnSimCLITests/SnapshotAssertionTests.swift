import Foundation
import Testing
import WarnSimTestSupport

/// The helpers behind `assertSnapshot` (WarnSimTestSupport/SnapshotAssertion.swift).
@Suite struct SnapshotAssertionTests {
    @Test func snapshotsLiveInTheTargetsSnapshotFolder() {
        let expected = ProjectFiles.url("Tests/WarnSimCLITests/__Snapshots__").standardizedFileURL.path
        #expect(Snapshot.folder().standardizedFileURL.path == expected)
        #expect(
            Snapshot.folder(filePath: ProjectFiles.path("Tests/WarnSimCLITests/Sub/Deeper/X.swift")).standardizedFileURL.path == expected)
        #expect(Snapshot.url(named: "help-radio-fit").lastPathComponent == "help-radio-fit.txt")
    }

    @Test func namesAreRestrictedToSafeCharacters() {
        #expect(Snapshot.isValidName("help-radio-fit"))
        #expect(Snapshot.isValidName("config-show-cwa-2021-04-14.v1_x"))
        for name in ["", ".hidden", "a/b", "../x", "a b", "é"] {
            #expect(!Snapshot.isValidName(name), "\(name)")
        }
    }

    @Test func lineDiffShowsOnlyTheChangedBlockWithContext() {
        let expected = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let actual = expected.replacingOccurrences(of: "line 10\n", with: "line ten\nline 10b\n")
        #expect(
            Snapshot.lineDiff(expected: expected, actual: actual) == """
                  … 7 equal line(s)
                  8: line 8
                  9: line 9
                - 10: line 10
                + 10: line ten
                + 11: line 10b
                  11: line 11
                  12: line 12
                  … 8 equal line(s)
                """)
    }

    @Test func lineDiffTruncatesLongBlocksAndNamesNewlineDifferences() {
        let long = Snapshot.lineDiff(expected: "", actual: (1...30).map(String.init).joined(separator: "\n"), maximumLines: 5)
        #expect(long.hasSuffix("+ 5: 5\n+ … 25 more line(s)"), "\(long)")
        #expect(Snapshot.lineDiff(expected: "a\nb\n", actual: "a\nb").contains("final newline"))
    }
}
