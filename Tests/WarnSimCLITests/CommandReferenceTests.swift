import Foundation
import Testing
import WarnSimTestSupport

/// The DocC command reference (`Sources/warnsim/WarnSim.docc/CommandReference.md`)
/// is generated from the help snapshots, which ``HelpSnapshotTests`` holds to
/// the binary's own `--help`: one section per command, in the order of the
/// command tree. A page that differs fails; `WARNSIM_RECORD_SNAPSHOTS=1`
/// writes it (and fails, like a snapshot recording).
@Suite struct CommandReferenceTests {
    static let page = ProjectFiles.root.appendingPathComponent("Sources/warnsim/WarnSim.docc/CommandReference.md")

    /// The page for `commands`, from their snapshot files.
    static func reference(_ commands: [CommandTree.Command]) throws -> String {
        var out = """
            # Command reference

            Every command's `--help`, as the binary prints it.

            ## Overview

            This page is generated from the help snapshots in `Tests/WarnSimCLITests/__Snapshots__/`, \
            which a test compares with the binary's `--help`; another test fails when this page differs \
            from them. Regenerate both after changing a command with \
            `WARNSIM_RECORD_SNAPSHOTS=1 swift test --filter "HelpSnapshotTests|CommandReferenceTests"` \
            and review `git diff`. Exit codes and what the commands are for: <doc:Commands>.

            """
        for command in commands {
            let name = HelpSnapshotTests.snapshotName(command)
            let url = Snapshot.url(named: name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CommandTreeError(problem: "missing help snapshot \(url.path); record the help snapshots first")
            }
            let help = String(decoding: data, as: UTF8.self)
            #expect(!help.contains("```"), "\(name): a fence inside the help text would end the code block")
            out += "\n## " + (["warnsim"] + command.path).joined(separator: " ") + "\n\n```text\n"
            out += help.hasSuffix("\n") ? help : help + "\n"
            out += "```\n"
        }
        return out
    }

    @Test func commandReferenceIsTheHelpText() throws {
        let expected = try Self.reference(try CommandTree.shared.get().commands)
        let existing = FileManager.default.contents(atPath: Self.page.path).map { String(decoding: $0, as: UTF8.self) }
        if Snapshot.isRecording {
            try Data(expected.utf8).write(to: Self.page, options: .atomic)
            Issue.record("wrote \(Self.page.lastPathComponent) (\(existing == expected ? "unchanged" : "changed")); review git diff")
            return
        }
        guard let existing else {
            Issue.record("missing \(Self.page.path); write it with WARNSIM_RECORD_SNAPSHOTS=1")
            return
        }
        #expect(
            existing == expected,
            "CommandReference.md differs from the help snapshots (- page, + help):\n\(Snapshot.lineDiff(expected: existing, actual: expected))"
        )
    }
}
