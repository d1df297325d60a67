import Foundation
import Testing
import WarnSimTestSupport

/// `warnsim redraw` through the binary: with the run's own channel it gives
/// back the run's windows byte for byte; through another channel the same
/// encounters give other windows, the folder is a run `evaluate` reads, and
/// the radio range appears beside the seed interval; several channels in one
/// pass give each channel's folder as a redraw through it alone; bad input
/// exits 2 and writes nothing.
@Suite struct RedrawCommandTests {
    /// A run of the 800-person village (seed 4, 10 days) in a new temporary folder.
    static func simulated() throws -> (folder: URL, scenario: URL, run: String) {
        let scenario = try ClosedLoopCommandTests.scenario()
        let folder = try WarnSimProcess.temporaryFolder()
        let run = folder.appendingPathComponent("run").path
        let result = try WarnSimProcess.run(
            ["simulate", scenario.path, "--seed", "4", "--days", "10", "--out", run, "--no-timings"])
        #expect(result.status == 0, "\(result.stderr)")
        return (folder, scenario, run)
    }

    /// The shipped channel with every room 12 dB more attenuating: a channel
    /// that must change what the phones at home and in shops see.
    static func fainterRooms(in folder: URL) throws -> URL {
        let shipped = ProjectFiles.root.appendingPathComponent("Configs/radio/default.yaml")
        var text = try String(contentsOf: shipped, encoding: .utf8)
        text = text.replacingOccurrences(of: "attenuation_at_1m_db: 52.36", with: "attenuation_at_1m_db: 64.36")
        #expect(text.contains("attenuation_at_1m_db: 64.36"))
        let url = folder.appendingPathComponent("fainter-rooms.yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func bytes(_ folder: String, _ name: String) -> Data? {
        FileManager.default.contents(atPath: URL(fileURLWithPath: folder).appendingPathComponent(name).path)
    }

    @Test func ownChannelGivesTheRunsWindowsByteForByte() throws {
        let (folder, scenario, run) = try Self.simulated()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: scenario)
        }
        let out = folder.appendingPathComponent("own").path
        let result = try WarnSimProcess.run(["redraw", run, "--scenario", scenario.path, "--out", out, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        for name in [
            "windows.bin", "windows.csv", "phones.csv", "summary.csv", "infections.csv", "exposures.bin", "contacts.bin",
            "risk.yaml", "counterfactual.csv",
        ] {
            let original = Self.bytes(run, name)
            #expect(original != nil, "\(name) missing in the run")
            #expect(Self.bytes(out, name) == original, "\(name) differs from the run's")
        }
        let manifest = try String(contentsOf: URL(fileURLWithPath: out + "/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"redrawn_from\": {\"run_manifest\": \"sha256:"))
        #expect(manifest.contains("\"loop\": \"open"))
        // A redraw is not redrawn again: the run it came from is.
        let again = folder.appendingPathComponent("again").path
        let twice = try WarnSimProcess.run(["redraw", out, "--scenario", scenario.path, "--out", again, "--quiet"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("redrawn_from"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: again))
    }

    @Test func anotherChannelChangesWindowsNotEncountersAndEvaluateShowsTheRadioRange() throws {
        let (folder, scenario, run) = try Self.simulated()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: scenario)
        }
        let radio = try Self.fainterRooms(in: folder)
        let out = folder.appendingPathComponent("fainter").path
        let result = try WarnSimProcess.run(
            ["redraw", run, "--scenario", scenario.path, "--radio", radio.path, "--out", out, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 run redrawn through fainter-rooms.yaml"))
        // Same world: encounters, infections and the truth of the key-days.
        for name in ["infections.csv", "exposures.bin", "contacts.bin", "counterfactual.csv"] {
            #expect(Self.bytes(out, name) == Self.bytes(run, name), "\(name) must be the run's")
        }
        // Fainter rooms: fewer windows, none stronger than the run's strongest.
        let count = { (folder: String) throws -> Int in
            try String(contentsOf: URL(fileURLWithPath: folder + "/windows.csv"), encoding: .utf8)
                .split(separator: "\n").count - 1
        }
        #expect(try count(out) < count(run), "12 dB fainter rooms must record fewer windows")
        let manifest = try String(contentsOf: URL(fileURLWithPath: out + "/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"radio_parameters\": {\"file\": \"fainter-rooms.yaml\""))
        let evaluation = try WarnSimProcess.run(
            ["evaluate", run, out, "--out", folder.appendingPathComponent("e").path, "--bootstrap", "100"])
        #expect(evaluation.status == 0, "\(evaluation.stderr)")
        #expect(evaluation.stdout.contains("radio variants (detectable): 2 channels"))
        #expect(evaluation.stdout.contains("fainter-rooms.yaml (1 run"), "\(evaluation.stdout)")
    }

    @Test func severalChannelsInOnePassGiveWhatEachGivesAlone() throws {
        let (folder, scenario, run) = try Self.simulated()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: scenario)
        }
        let fainter = try Self.fainterRooms(in: folder)
        let own = ProjectFiles.root.appendingPathComponent("Configs/radio/default.yaml")
        let both = folder.appendingPathComponent("both").path
        let result = try WarnSimProcess.run(
            ["redraw", run, "--scenario", scenario.path, "--radio", fainter.path, "--radio", own.path, "--out", both, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 run redrawn through 2 channels (fainter-rooms.yaml, default.yaml)"), "\(result.stdout)")
        for (name, radio) in [("fainter-rooms", fainter), ("default", own)] {
            let alone = folder.appendingPathComponent("alone-" + name).path
            let single = try WarnSimProcess.run(
                ["redraw", run, "--scenario", scenario.path, "--radio", radio.path, "--out", alone, "--quiet"])
            #expect(single.status == 0, "\(single.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: alone).sorted()
            #expect(files.contains("windows.bin") && files.contains("manifest.json"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: both + "/" + name).sorted() == files)
            for file in files {
                #expect(Self.bytes(both + "/" + name, file) == Self.bytes(alone, file), "\(name)/\(file) differs from the redraw alone")
            }
        }
        // The run's own channel, among others, still gives the run's windows.
        #expect(Self.bytes(both + "/default", "windows.bin") == Self.bytes(run, "windows.bin"))
        #expect(Self.bytes(both + "/fainter-rooms", "windows.bin") != Self.bytes(run, "windows.bin"))
        // Two channels that would share a folder are refused before anything is simulated.
        let copy = folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fainter, to: copy.appendingPathComponent("fainter-rooms.yaml"))
        let clash = folder.appendingPathComponent("clash").path
        let refused = try WarnSimProcess.run(
            [
                "redraw", run, "--scenario", scenario.path, "--radio", fainter.path, "--radio",
                copy.appendingPathComponent("fainter-rooms.yaml").path, "--out", clash, "--quiet",
            ])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--radio") && refused.stderr.contains("fainter-rooms"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: clash))
    }

    @Test func anEnsembleIsRedrawnSeedsAtOnceWithTheBytesOfOneAtATime() throws {
        let scenario = try ClosedLoopCommandTests.scenario()
        let folder = try WarnSimProcess.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: scenario)
        }
        let runs = folder.appendingPathComponent("runs").path
        let simulated = try WarnSimProcess.run(
            ["simulate", scenario.path, "--seeds", "4-5", "--days", "6", "--out", runs, "--no-timings", "--quiet"])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let radio = try Self.fainterRooms(in: folder)
        var outputs: [String] = []
        for threads in ["1", "2"] {
            let out = folder.appendingPathComponent("redrawn-\(threads)").path
            let result = try WarnSimProcess.run(
                ["redraw", runs, "--scenario", scenario.path, "--radio", radio.path, "--out", out, "--threads", threads, "--quiet"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("2 runs redrawn through fainter-rooms.yaml"), "\(result.stdout)")
            outputs.append(out)
        }
        for seed in ["seed-4", "seed-5"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: outputs[0] + "/" + seed).sorted()
            #expect(files.contains("windows.bin"))
            for file in files {
                #expect(
                    Self.bytes(outputs[0] + "/" + seed, file) == Self.bytes(outputs[1] + "/" + seed, file),
                    "\(seed)/\(file) differs between one thread and two")
            }
        }
    }

    @Test func badInputExitsTwoAndWritesNothing() throws {
        let (folder, scenario, run) = try Self.simulated()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: scenario)
        }
        let out = folder.appendingPathComponent("bad").path
        let shipped = ProjectFiles.root.appendingPathComponent("Configs/radio/default.yaml")
        let text = try String(contentsOf: shipped, encoding: .utf8)
        let unknown = folder.appendingPathComponent("unknown-key.yaml")
        try text.replacingOccurrences(of: "    path_loss_exponent: 1.34", with: "    path_loss_exponent: 1.34\n    path_loss_exponant: 2")
            .write(to: unknown, atomically: true, encoding: .utf8)
        let range = folder.appendingPathComponent("out-of-range.yaml")
        try text.replacingOccurrences(of: "scan_sigma_db: 3.85", with: "scan_sigma_db: -3.85")
            .write(to: range, atomically: true, encoding: .utf8)
        let other = ProjectFiles.root.appendingPathComponent("Configs/scenarios/village-2k.yaml").path
        let notARun = folder.appendingPathComponent("not-a-run")
        try FileManager.default.createDirectory(at: notARun, withIntermediateDirectories: true)
        let base = ["redraw", run, "--scenario", scenario.path, "--quiet"]
        let cases: [([String], String)] = [
            (base + ["--radio", unknown.path, "--out", out], "path_loss_exponant"),
            (base + ["--radio", range.path, "--out", out], "scan_sigma_db"),
            (base + ["--out", run], "--out"),
            (["redraw", run, "--scenario", other, "--out", out], "is not the scenario"),
            (["redraw", notARun.path, "--scenario", scenario.path, "--out", out], "manifest.json"),
        ]
        for (arguments, message) in cases {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) wrote \(out)")
        }
        // A damaged run: one byte of windows.bin changed.
        let windows = URL(fileURLWithPath: run + "/windows.bin")
        var data = try Data(contentsOf: windows)
        data[data.count - 1] ^= 0x01
        try data.write(to: windows)
        let damaged = try WarnSimProcess.run(base + ["--out", out])
        #expect(damaged.status == 2)
        #expect(damaged.stderr.contains("windows.bin"), "\(damaged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
