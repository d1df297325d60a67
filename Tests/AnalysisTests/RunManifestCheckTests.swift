import Analysis
import Foundation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

/// A run folder is read only if every file its manifest lists is present and
/// matches the recorded SHA-256: `evaluate` and `sweep` refuse a folder with
/// `summary.csv` or `windows.csv` missing or changed, naming the file.
@Suite struct RunManifestCheckTests {
    static func copyOfRun() throws -> URL {
        let original = try RecordedRunFixture.shared.get()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-manifest-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: original, toPath: copy.path)
        return copy
    }

    @Test(arguments: ["summary.csv", "windows.csv", "phones.csv", "risk.yaml"])
    func missingListedFileIsRefused(name: String) throws {
        let copy = try Self.copyOfRun()
        defer { try? FileManager.default.removeItem(at: copy) }
        _ = try RecordedRun.load(folder: copy.path)
        let file = copy.appendingPathComponent(name)
        try FileManager.default.removeItem(at: file)
        let error = try #require(throws: InputError.self) { try RecordedRun.load(folder: copy.path) }
        #expect(error.file == file.path)
        #expect(error.problem == "is listed in manifest.json but missing from the folder")
        #expect(throws: InputError.self) { try RunSet(folders: [copy.path], options: LabelOptions()) }
    }

    @Test(arguments: ["summary.csv", "windows.csv"])
    func changedListedFileIsRefused(name: String) throws {
        let copy = try Self.copyOfRun()
        defer { try? FileManager.default.removeItem(at: copy) }
        let file = copy.appendingPathComponent(name)
        try (try Data(contentsOf: file) + Data("x\n".utf8)).write(to: file)
        let error = try #require(throws: InputError.self) { try RecordedRun.load(folder: copy.path) }
        #expect(error.file == file.path)
        #expect(error.problem.contains("does not match its SHA-256 in manifest.json"))
    }

    @Test func manifestNamesOutsideTheFolderAreRefused() throws {
        let copy = try Self.copyOfRun()
        defer { try? FileManager.default.removeItem(at: copy) }
        let manifest = copy.appendingPathComponent("manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        for (name, value) in [("../outside.csv", "null"), ("extra.csv", "null"), ("summary.csv", "42")] {
            let edited = text.replacingOccurrences(of: "\"outputs\": {\n", with: "\"outputs\": {\n    \"\(name)\": \(value),\n")
            try edited.write(to: manifest, atomically: true, encoding: .utf8)
            let error = try #require(throws: InputError.self) { try RecordedRun.load(folder: copy.path) }
            #expect(error.description.contains(name), "\(error)")
        }
        // A listed file without a digest only has to be present.
        try "x\n".write(to: copy.appendingPathComponent("extra.csv"), atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"outputs\": {\n", with: "\"outputs\": {\n    \"extra.csv\": null,\n").write(
            to: manifest, atomically: true, encoding: .utf8)
        _ = try RecordedRun.load(folder: copy.path)
    }
}
