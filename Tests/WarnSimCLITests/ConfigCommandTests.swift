import Foundation
import Testing
import WarnSimTestSupport

/// `config validate` and `config show` on the shipped risk parameter sets and
/// on broken copies.
@Suite struct ConfigCommandTests {
    /// Every shipped set: Configs/risk/*.yaml and Configs/risk/history/*.yaml.
    static func shippedSets() throws -> [URL] {
        var files: [URL] = []
        for folder in ["Configs/risk", "Configs/risk/history"] {
            let url = try ProjectFiles.required(ProjectFiles.url(folder))
            files += try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix(".yaml") }.sorted().map { url.appendingPathComponent($0) }
        }
        return files
    }

    @Test func validateAcceptsEveryShippedSet() throws {
        let files = try Self.shippedSets()
        #expect(files.count >= 5, "\(files)")
        for file in files {
            let result = try WarnSimProcess.run(["config", "validate", file.path])
            #expect(result.status == 0, "\(file.lastPathComponent): \(result.stderr)")
            #expect(result.stdout.hasPrefix("\(file.path): valid "), "\(result.stdout)")
            #expect(result.stderr.isEmpty)
        }
    }

    /// A copy of the current set with one value broken: exit 2, and standard
    /// error names the file and the field.
    @Test(arguments: [
        ("weight: 0.8", "weight: -0.8", "parameters.minutesAtAttenuationWeights[0].weight"),
        ("riskLevel: LOW", "riskLevel: MEDIUM", "riskLevel"),
        ("scheme: cwa-exposure-windows", "scheme: cwa-3000", "scheme"),
    ])
    func validateNamesTheBrokenField(original: String, broken: String, field: String) throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try ProjectFiles.required(ProjectFiles.url("Configs/risk/cwa-2021-04-14.yaml"))
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(text.contains(original))
        let copy = folder.appendingPathComponent("broken.yaml")
        try text.replacingOccurrences(of: original, with: broken).write(to: copy, atomically: true, encoding: .utf8)
        for command in ["validate", "show"] {
            let result = try WarnSimProcess.run(["config", command, copy.path])
            #expect(result.status == 2, "config \(command) \(broken): \(result.stdout)")
            #expect(result.stderr.contains(copy.path) && result.stderr.contains(field), "config \(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func validateOfAMissingFileExitsTwo() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none.yaml").path
        let result = try WarnSimProcess.run(["config", "validate", missing])
        #expect(result.status == 2)
        #expect(result.stderr.contains(missing), "\(result.stderr)")
    }

    /// `config show` prints a valid set, and showing what it printed gives
    /// the same text (the normalized form is a fixed point), for every
    /// shipped set.
    @Test func showIsValidAndStable() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in try Self.shippedSets() {
            let shown = try WarnSimProcess.run(["config", "show", file.path])
            #expect(shown.status == 0, "\(file.lastPathComponent): \(shown.stderr)")
            let copy = folder.appendingPathComponent(file.lastPathComponent)
            try shown.stdout.write(to: copy, atomically: true, encoding: .utf8)
            #expect(try WarnSimProcess.run(["config", "validate", copy.path]).status == 0, "\(file.lastPathComponent)")
            let again = try WarnSimProcess.run(["config", "show", copy.path])
            #expect(again.status == 0)
            #expect(
                again.stdout == shown.stdout,
                "config show of \(file.lastPathComponent) is not stable:\n\(Snapshot.lineDiff(expected: shown.stdout, actual: again.stdout))"
            )
        }
    }
}
