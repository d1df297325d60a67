import Analysis
import Foundation
import RunRecords
import Simulation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

/// A run folder's digests prove that files were not changed, not that they
/// make sense: edited folders with their digests recomputed are refused by
/// the shared checks of meaning, naming the file, the record and the field.
@Suite struct RunFolderContractTests {
    /// A copy of the fixture run; `edit` changes it, and every file's digest
    /// in `manifest.json` is recomputed afterwards (the manifest's own edits
    /// included).
    static func edited(_ edit: (URL) throws -> Void) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-contract-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: try RecordedRunFixture.shared.get(), toPath: folder.path)
        let manifestURL = folder.appendingPathComponent("manifest.json")
        let before = try String(contentsOf: manifestURL, encoding: .utf8)
        var digests: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "manifest.json" {
            digests[name] = RunManifest.digest(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        try edit(folder)
        var manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        if manifest == before {
            for (name, old) in digests {
                let url = folder.appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                manifest = manifest.replacingOccurrences(of: old, with: RunManifest.digest(try Data(contentsOf: url)))
            }
            try manifest.write(to: manifestURL, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The error reading the edited folder raises.
    static func refusal(_ edit: (URL) throws -> Void) throws -> InputError? {
        let folder = try edited(edit)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try RecordedRun.load(folder: folder.path)
            return nil
        } catch let error as InputError {
            return error
        }
    }

    /// Replaces the first match of `pattern` (a regular expression) in `name`.
    static func replace(_ pattern: String, with replacement: String, in name: String, of folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(text.range(of: pattern, options: .regularExpression), "\(pattern) not in \(name)")
        try text.replacingCharacters(in: range, with: replacement).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Rewrites `phones.csv` cell `column` of the first row where `where` holds.
    static func editPhones(_ folder: URL, column: String, where condition: ([String: String]) -> Bool, to value: String) throws {
        let url = folder.appendingPathComponent("phones.csv")
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(header.firstIndex(of: column))
        for row in 1..<lines.count where !lines[row].isEmpty {
            var cells = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard condition(Dictionary(uniqueKeysWithValues: zip(header, cells))) else { continue }
            cells[index] = value
            lines[row] = cells.joined(separator: ",")
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        Issue.record("no phone row matches")
    }

    /// Rewrites the cells of the first transmission (a row with an infector) of `infections.csv`.
    static func editTransmission(_ folder: URL, _ change: (inout [String]) -> Void) throws {
        let url = folder.appendingPathComponent("infections.csv")
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try #require(lines.indices.dropFirst().first { !lines[$0].isEmpty && !lines[$0].contains(",-1,") })
        var cells = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        change(&cells)
        lines[row] = cells.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    static func editWindows(_ folder: URL, _ change: (inout [StoredWindow]) -> Void) throws {
        let url = folder.appendingPathComponent(WindowStore.fileName)
        var windows = try WindowStore.decode([UInt8](try Data(contentsOf: url)), file: url.path)
        change(&windows)
        try Data(WindowStore.encode(windows)).write(to: url)
    }

    @Test func extremeManifestTimesAndSizesAreRefused() throws {
        for (field, value) in [("start_time", "9223372036854775000"), ("start_time", "-86400"), ("days", "100000000000")] {
            let error = try Self.refusal {
                try Self.replace("\"\(field)\": [0-9]+", with: "\"\(field)\": \(value)", in: "manifest.json", of: $0)
            }
            #expect(error?.field == field, "\(String(describing: error))")
        }
    }

    @Test func aStartTimeThatContradictsTheRecordsIsRefused() throws {
        let run = try RecordedRun.load(folder: try RecordedRunFixture.shared.get())
        let error = try Self.refusal {
            try Self.replace("\"start_time\": [0-9]+", with: "\"start_time\": \(run.startTime + 7 * 86_400)", in: "manifest.json", of: $0)
        }
        #expect(error != nil)
        #expect(error?.problem.contains("outside the run") == true, "\(String(describing: error))")
    }

    @Test func extremePhoneTimesAreRefusedNamingTheColumn() throws {
        for column in ["first_warning_at", "warning_delay_s", "first_high_risk_at"] {
            let error = try Self.refusal {
                try Self.editPhones($0, column: column, where: { !($0["first_warning_at"] ?? "").isEmpty }, to: "9223372036854775000")
            }
            #expect(error?.file.hasSuffix("phones.csv") == true)
            #expect(error?.field?.hasSuffix(".\(column)") == true, "\(column): \(String(describing: error))")
        }
    }

    @Test func infectionsThatMakeNoSenseAreRefused() throws {
        let huge = try Self.refusal { try Self.editTransmission($0) { $0[2] = "1e15" } }
        #expect(huge?.field?.hasSuffix(".time_days") == true, "\(String(describing: huge))")
        let own = try Self.refusal { try Self.editTransmission($0) { $0[1] = $0[0] } }
        #expect(own?.problem.contains("own infector") == true, "\(String(describing: own))")
        let twice = try Self.refusal { folder in
            let url = folder.appendingPathComponent("infections.csv")
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            try (lines + [lines[1]]).joined(separator: "\n").appending("\n").write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(twice?.problem.contains("a second time") == true, "\(String(describing: twice))")
    }

    @Test func windowsOfTheOwnerItselfOrOfANonUploaderOrRepeatedAreRefused() throws {
        let run = try RecordedRun.load(folder: try RecordedRunFixture.shared.get())
        let silent = try #require(run.phones.first { $0.hasApp && !$0.sharedKeys }).person
        let cases: [(String, (inout [StoredWindow]) -> Void)] = [
            ("is the phone itself", { $0[0].owner = $0[0].phone }),
            ("never uploaded keys", { $0[0].owner = silent == $0[0].phone ? silent + 1 : silent }),
            ("repeats an earlier window", { $0.append($0[0]) }),
            ("outside the run", { $0[0].detectedAt = run.endTime + 86_400 }),
        ]
        for (problem, change) in cases {
            let error = try Self.refusal { try Self.editWindows($0, change) }
            #expect(error?.file.hasSuffix(WindowStore.fileName) == true, "\(problem): \(String(describing: error))")
            #expect(error?.problem.contains(problem) == true, "\(problem): \(String(describing: error))")
        }
    }

    @Test func countsThatDisagreeBetweenFilesAreRefused() throws {
        let error = try Self.refusal {
            try Self.editPhones($0, column: "keys_shared", where: { $0["has_app"] == "1" && ($0["keys_shared"] ?? "").isEmpty }, to: "3")
        }
        #expect(error?.file.hasSuffix("summary.csv") == true, "\(String(describing: error))")
        #expect(error?.field == "uploads")
    }

    @Test func aRunWithoutItsContactsIsRefused() throws {
        let error = try Self.refusal { folder in
            try Self.replace("\n *\"contacts.bin\": \"sha256:[0-9a-f]+\",?", with: "", in: "manifest.json", of: folder)
        }
        #expect(error?.field == "outputs.contacts.bin", "\(String(describing: error))")
    }

    @Test func theUneditedCopyIsRead() throws {
        #expect(try Self.refusal { _ in } == nil)
    }
}
