import Foundation
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("manifest.json: the writer's version and the commit its sources were built from")
struct RunManifestTests {
    /// The tests run from a git checkout, so the build recorded a commit; it
    /// must be the checkout's HEAD (modified or not), never a stale value.
    @Test("source_commit is the commit of the checkout the tests were built from")
    func sourceCommitIsTheCheckoutsHead() throws {
        let commit = RunManifest.sourceCommit
        #expect(commit.wholeMatch(of: /[0-9a-f]{40}(-modified)?/) != nil, "source_commit is \(commit)")
        let head = try Self.git(["rev-parse", "HEAD"])
        #expect(commit.hasPrefix(head), "built from \(commit), the checkout is at \(head)")
    }

    @Test("the manifest names the version and the source commit, in that order, before the command")
    func keysInOrder() throws {
        var manifest = RunManifest(command: "simulate", version: "9.9.9", seed: 7)
        manifest.add("people", 10)
        let lines = manifest.json.split(separator: "\n").map(String.init)
        #expect(lines[1] == "  \"warnsim_version\": \"9.9.9\",")
        #expect(lines[2] == "  \"source_commit\": \"\(RunManifest.sourceCommit)\",")
        #expect(lines[3] == "  \"command\": \"simulate\",")
        #expect(lines[4] == "  \"seed\": 7,")
    }

    static func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", ProjectFiles.root.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments) failed")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
