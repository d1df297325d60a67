import Analysis
import Foundation
import Testing
import WarnSimTestSupport

/// Process-level faults against the output contract (``OutputFolder``): a
/// run killed at several moments, a run into a full file system, reruns into
/// a used folder and outputs that overlap their inputs. After each, `--out`
/// holds either nothing new or a complete run, and reruns never mix.
@Suite(.serialized) struct ProcessFaultTests {
    static let village = ProjectFiles.scenario("village-2k.yaml").path

    /// A short village run's arguments into `out`.
    static func simulate(_ out: URL, _ extra: [String] = []) -> [String] {
        ["simulate", village, "--days", "2", "--no-counterfactual", "--no-timings", "--threads", "2", "--out", out.path] + extra
    }

    /// The entries of `folder`'s parent that belong to `folder` (staging or
    /// replaced siblings included).
    static func traces(of folder: URL) -> [String] {
        let name = folder.lastPathComponent
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)) ?? []
        return entries.filter { $0 == name || $0.hasPrefix(".\(name).") }.sorted()
    }

    @Test func aRunKilledAtAnyMomentLeavesNothingOrACompleteRun() throws {
        let root = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // How long a whole run takes here, then kills spread over it.
        let clock = ContinuousClock()
        let started = clock.now
        let whole = try WarnSimProcess.run(Self.simulate(root.appendingPathComponent("whole")))
        #expect(whole.status == 0, "\(whole.stderr)")
        let elapsed = (clock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        var outcomes: [String] = []
        for (index, fraction) in [0.05, 0.3, 0.6, 0.8, 0.9, 0.95, 0.98, 1.02].enumerated() {
            let out = root.appendingPathComponent("killed-\(index)")
            let process = Process()
            process.executableURL = WarnSimProcess.executable
            process.arguments = Self.simulate(out)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: seconds * fraction)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: out.path) {
                // Whatever is at --out is a complete, readable run.
                _ = try RecordedRun.load(folder: out.path)
                outcomes.append("complete")
            } else {
                outcomes.append("nothing")
            }
            // A later run into the same place succeeds and clears what the killed one left beside it.
            let again = try WarnSimProcess.run(Self.simulate(out))
            #expect(again.status == 0, "\(again.stderr)")
            #expect(Self.traces(of: out) == [out.lastPathComponent], "\(Self.traces(of: out))")
            let same = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(same == (try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("whole").path).sorted()))
        }
        print("kill -9 outcomes over \(String(format: "%.1f", seconds)) s runs: \(outcomes)")
        #expect(outcomes.first == "nothing")
    }

    /// A small file system that fills up: a 32 KiB tmpfs when this process
    /// may mount one (root in CI), otherwise a file-size limit of 32 blocks (16 or 32 KiB) on
    /// the process (`ulimit -f`, with SIGXFSZ ignored so that writes fail
    /// with EFBIG as they would with ENOSPC).
    @Test func aRunIntoAFullFileSystemLeavesNothing() throws {
        let root = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let small = root.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let mounted = getuid() == 0 && Self.shell("mount -t tmpfs -o size=32k tmpfs '\(small.path)'") == 0
        defer { if mounted { _ = Self.shell("umount '\(small.path)'") } }
        let out = small.appendingPathComponent("run")
        let arguments = Self.simulate(out).map { "'\($0)'" }.joined(separator: " ")
        let limit = mounted ? "" : "trap '' XFSZ; ulimit -f 32; "
        let errors = root.appendingPathComponent("stderr.txt")
        let status = Self.shell("\(limit)exec '\(WarnSimProcess.executable.path)' \(arguments) 2> '\(errors.path)' > /dev/null")
        let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        print("full file system (\(mounted ? "tmpfs of 32 KiB" : "ulimit -f 32")): exit \(status), \(message)")
        #expect(status == 2, "\(message)")
        #expect(message.contains("--out"), "\(message)")
        #expect(Self.traces(of: out).isEmpty, "\(Self.traces(of: out))")
    }

    @Test func rerunsReplaceTheFolderWholeAndForeignFoldersNeedForce() throws {
        let root = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("ensemble")
        #expect(try WarnSimProcess.run(Self.simulate(out, ["--seeds", "1-3"])).status == 0)
        let rerun = try WarnSimProcess.run(Self.simulate(out, ["--seeds", "1-2", "--set", "response.warned_quarantine_probability=0.5"]))
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["seed-1", "seed-2"])
        let evaluation = root.appendingPathComponent("evaluation")
        let evaluate = try WarnSimProcess.run(["evaluate", out.path, "--out", evaluation.path, "--bootstrap", "20"])
        #expect(evaluate.status == 0, "\(evaluate.stderr)")
        #expect(evaluate.stdout.contains("2 runs"), "\(evaluate.stdout)")

        // A folder of other files is refused, named, and left as it was; --force replaces it whole.
        let foreign = root.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try "keep".write(to: foreign.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try WarnSimProcess.run(["evaluate", out.path, "--out", foreign.path, "--bootstrap", "20"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--out") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: foreign.path) == ["notes.txt"])
        let forced = try WarnSimProcess.run(["evaluate", out.path, "--out", foreign.path, "--bootstrap", "20", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(!FileManager.default.fileExists(atPath: foreign.appendingPathComponent("notes.txt").path))
        // Another command's output is foreign too.
        #expect(try WarnSimProcess.run(["demo", "--out", evaluation.path]).status == 2)
    }

    @Test func outputsThatOverlapTheirInputsOrCannotBeWrittenAreRefused() throws {
        let root = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = root.appendingPathComponent("run")
        #expect(try WarnSimProcess.run(Self.simulate(run)).status == 0)
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: run.path) {
                files[name] = try Data(contentsOf: run.appendingPathComponent(name))
            }
            return files
        }
        let before = try snapshot()
        let sweep = ProjectFiles.path("Configs/sweeps/day-threshold.yaml")
        let overlapping: [[String]] = [
            ["evaluate", run.path, "--out", run.path],
            ["evaluate", run.path, "--out", run.appendingPathComponent("evaluation").path],
            ["evaluate", run.path, "--out", root.path],
            ["sweep", run.path, "--sweep", sweep, "--out", run.path],
            ["windows", "export", run.path, "--out", run.appendingPathComponent("phones.csv").path],
            ["simulate", Self.village, "--out", ProjectFiles.path("Configs")],
        ]
        for arguments in overlapping {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--out") && result.stderr.contains("input"), "\(arguments): \(result.stderr)")
        }
        #expect(try snapshot() == before, "an overlapping --out changed the run")

        // --out below a file cannot be created: exit 2 naming --out, not a raw error.
        let elsewhere = root.appendingPathComponent("blocker")
        try "file".write(to: elsewhere, atomically: true, encoding: .utf8)
        let unwritable: [[String]] = [
            ["sweep", run.path, "--sweep", sweep, "--out", elsewhere.appendingPathComponent("sweep").path],
            [
                "replay", ProjectFiles.path("Configs/replay/histogram-example.csv"), "--config",
                ProjectFiles.path("Configs/risk/cwa-2021-04-14.yaml"), "--out", elsewhere.appendingPathComponent("replay").path,
            ],
            ["evaluate", run.path, "--out", elsewhere.appendingPathComponent("evaluation").path],
            ["simulate", Self.village, "--days", "1", "--out", elsewhere.appendingPathComponent("run").path],
            ["demo", "--out", elsewhere.path],
            ["windows", "export", run.path, "--out", elsewhere.appendingPathComponent("windows.json").path],
            [
                "keys", "keygen", "--private-key", elsewhere.appendingPathComponent("key.pem").path, "--public-key",
                root.appendingPathComponent("public.pem").path,
            ],
        ]
        for arguments in unwritable {
            let result = try WarnSimProcess.run(arguments)
            let option = arguments.contains("keygen") ? "--private-key" : "--out"
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(option), "\(arguments): \(result.stderr)")
        }
        // A public key that cannot be written takes the private key with it: no half pair.
        let keygen = try WarnSimProcess.run([
            "keys", "keygen", "--private-key", root.appendingPathComponent("private.pem").path, "--public-key",
            elsewhere.appendingPathComponent("public.pem").path,
        ])
        #expect(keygen.status == 2 && keygen.stderr.contains("--public-key"), "\(keygen.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("private.pem").path))
        // regress --junit.
        let evaluation = root.appendingPathComponent("evaluation")
        #expect(try WarnSimProcess.run(["evaluate", run.path, "--out", evaluation.path, "--bootstrap", "20"]).status == 0)
        // The short run leaves some rates undefined (nan), which regress does not compare; zeros stand in.
        let metrics = root.appendingPathComponent("metrics.csv").path
        try String(contentsOf: evaluation.appendingPathComponent("metrics.csv"), encoding: .utf8)
            .replacingOccurrences(of: ",nan", with: ",0").write(toFile: metrics, atomically: true, encoding: .utf8)
        let regress = try WarnSimProcess.run([
            "regress", metrics, "--baseline", metrics, "--junit", elsewhere.appendingPathComponent("junit.xml").path,
        ])
        #expect(regress.status == 2 && regress.stderr.contains("--junit"), "\(regress.stderr)")
    }

    /// Runs `command` with /bin/sh and returns its exit status.
    static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
