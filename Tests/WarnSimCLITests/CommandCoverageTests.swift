import Foundation
import Testing
import WarnSimTestSupport

/// Every leaf command of `warnsim` (from `--experimental-dump-help`) is run by
/// at least one CLI test with real arguments, not only with `--help`.
///
/// The check reads the sources of this test target: a command counts as run
/// when an array literal starting with its words, such as
/// `["radio", "fit", …]`, appears outside comments in a test file. The files
/// that run commands only generically (`--help` of every command) or only
/// enumerate them do not count.
@Suite struct CommandCoverageTests {
    /// Files whose command arrays do not count as running a command.
    static let excludedFiles: Set<String> = [
        "HelpSnapshotTests.swift", "CommandCoverageTests.swift", "CommandTree.swift",
    ]

    /// The Swift sources of this test target without `//` comments, by file name.
    static func sources(filePath: String = #filePath) throws -> [String: String] {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        var sources: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".swift") && !excludedFiles.contains(name) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            sources[name] = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
        }
        return sources
    }

    /// The files with an array literal starting with the words of `path`.
    static func files(running path: [String], in sources: [String: String]) -> [String] {
        let words = path.map { "\"\(NSRegularExpression.escapedPattern(for: $0))\"" }.joined(separator: #"\s*,\s*"#)
        guard let pattern = try? NSRegularExpression(pattern: #"\[\s*"# + words + #"\s*[,\]]"#) else { return [] }
        return sources.filter { _, text in
            pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }.keys.sorted()
    }

    @Test func everyLeafCommandIsRunByATest() throws {
        let tree = try CommandTree.shared.get()
        let sources = try Self.sources()
        #expect(sources.count >= 5, "test sources found: \(sources.keys.sorted())")
        #expect(tree.leaves.count >= 20, "\(tree.leaves)")
        for leaf in tree.leaves {
            #expect(
                !Self.files(running: leaf.path, in: sources).isEmpty,
                "no CLI test runs \(leaf) (an array literal [\(leaf.path.map { "\"\($0)\"" }.joined(separator: ", ")), …])")
        }
    }

    /// The matcher finds the arrays it should and only those.
    @Test func matcherRecognisesCommandArrays() {
        let sources = [
            "A.swift": """
            let a = try WarnSimProcess.run([
                "radio", "fit", "--dp3t", path,
            ])
            let b = ["bench",
                     "world"]
            let c = ["keys", "inspect-all"]
            let d = ["score"]
            """
        ]
        #expect(Self.files(running: ["radio", "fit"], in: sources) == ["A.swift"])
        #expect(Self.files(running: ["bench", "world"], in: sources) == ["A.swift"])
        #expect(Self.files(running: ["score"], in: sources) == ["A.swift"])
        #expect(Self.files(running: ["keys", "inspect"], in: sources).isEmpty)
        #expect(Self.files(running: ["radio"], in: sources).isEmpty == false)  // a parent's words start its children's arrays
        #expect(Self.files(running: ["fit"], in: sources).isEmpty)
        #expect(Self.files(running: ["world"], in: sources).isEmpty)
    }
}
