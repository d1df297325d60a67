import Foundation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

/// A "billion laughs" YAML file (ten anchors of nine aliases, about 600 bytes)
/// given to every command that reads YAML: each refuses it with exit 2,
/// naming the file and the line of the first anchor, in well under the time a
/// hang would take. The bound on the time here is loose (a loaded CI machine);
/// the refusal itself takes milliseconds.
@Suite struct ExpansionBombTests {
    static let bomb = HostileYAML.billionLaughs

    /// Runs `arguments`, expects exit 2 with `file` and the anchor named on
    /// standard error, and returns the wall time.
    private func expectRefusal(_ arguments: [String], file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let start = Date()
        let result = try WarnSimProcess.run(arguments)
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(file), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("anchor &l0"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(seconds < 20, "\(arguments) took \(seconds) s", sourceLocation: sourceLocation)
    }

    @Test func everyYAMLReaderRefusesTheBomb() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bomb = folder.appendingPathComponent("bomb.yaml")
        try Self.bomb.write(to: bomb, atomically: true, encoding: .utf8)
        let vectors = try ReferenceData.path("cwa/test-vectors/android-2022-03-17.json")

        try expectRefusal(["config", "validate", bomb.path], file: bomb.path)
        try expectRefusal(["score", vectors, "--config", bomb.path], file: bomb.path)
        try expectRefusal(["replay", ProjectFiles.path("Configs/replay/histogram-example.csv"), "--config", bomb.path], file: bomb.path)
        // A scenario that is itself the bomb, and a scenario whose risk configuration is.
        try expectRefusal(["simulate", bomb.path, "--out", folder.appendingPathComponent("a").path], file: bomb.path)
        try expectRefusal(
            [
                "simulate", ProjectFiles.scenario("village-2k.yaml").path, "--set", "risk.configuration=\(bomb.path)",
                "--out", folder.appendingPathComponent("b").path,
            ], file: bomb.path)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b").path))

        // A sweep of `method: files` naming the bomb, on a recorded run.
        let run = try RecordedRunFixture.shared.get()
        let sweep = folder.appendingPathComponent("sweep.yaml")
        try "method: files\nconfigurations:\n  - \(bomb.path)\n".write(to: sweep, atomically: true, encoding: .utf8)
        try expectRefusal(["sweep", run, "--sweep", sweep.path, "--out", folder.appendingPathComponent("s").path], file: bomb.path)

        // A run folder whose risk.yaml was replaced by the bomb, its digest recomputed.
        let copy = folder.appendingPathComponent("run")
        try FileManager.default.copyItem(atPath: run, toPath: copy.path)
        let risk = copy.appendingPathComponent("risk.yaml")
        let oldDigest = RunManifest.digest(try Data(contentsOf: risk))
        try Self.bomb.write(to: risk, atomically: true, encoding: .utf8)
        let manifest = copy.appendingPathComponent("manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains(oldDigest))
        try text.replacingOccurrences(of: oldDigest, with: RunManifest.digest(Data(Self.bomb.utf8)))
            .write(to: manifest, atomically: true, encoding: .utf8)
        try expectRefusal(["evaluate", copy.path, "--out", folder.appendingPathComponent("e").path], file: risk.path)
        try expectRefusal(["windows", "export", copy.path, "--out", folder.appendingPathComponent("w.csv").path], file: risk.path)
    }
}
