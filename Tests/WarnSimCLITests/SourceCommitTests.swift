import Foundation
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite("manifest.json names the commit the warnsim binary was built from")
struct SourceCommitTests {
    /// The tests run from a git checkout, so the build recorded a commit; it
    /// must be the checkout's HEAD (modified or not), never a stale value.
    @Test("source_commit is the commit of the checkout the binary was built from")
    func sourceCommitIsTheCheckoutsHead() throws {
        let commit = try Self.sourceCommit(environment: [:])
        #expect(commit.wholeMatch(of: /[0-9a-f]{40}(-modified)?/) != nil, "source_commit is \(commit)")
        let head = try Self.git(["rev-parse", "HEAD"])
        #expect(commit.hasPrefix(head), "built from \(commit), the checkout is at \(head)")
    }

    @Test("WARNSIM_SOURCE_COMMIT replaces the recorded commit (builds from a source archive)")
    func environmentOverrides() throws {
        #expect(try Self.sourceCommit(environment: ["WARNSIM_SOURCE_COMMIT": "archive-1.2"]) == "archive-1.2")
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

    /// The `source_commit` of the manifest `warnsim demo` writes.
    static func sourceCommit(environment: [String: String]) throws -> String {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("demo")
        let result = try WarnSimProcess.run(["demo", "--out", out.path], environment: environment)
        try #require(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        let match = try #require(text.firstMatch(of: /"source_commit": "([^"]*)"/), "no source_commit in \(text)")
        return String(match.output.1)
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
