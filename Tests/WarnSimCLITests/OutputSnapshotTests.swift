import Foundation
import SimulationTestSupport
import Testing
import WarnSimTestSupport

/// The text, CSV, JSON and XML outputs of `score`, `config show`, `regress`
/// and `evaluate`, compared with `__Snapshots__/<name>.txt`. Re-record with
/// `WARNSIM_RECORD_SNAPSHOTS=1 swift test --filter WarnSimCLITests` and review
/// `git diff Tests/` (Tests/README.md).
@Suite struct OutputSnapshotTests {
    static let androidVectors = "cwa/test-vectors/android-2022-03-17.json"

    /// Exit status, standard output and standard error in one text, for the
    /// commands whose exit code and messages are part of the behaviour.
    static func transcript(_ result: WarnSimProcess.Result) -> String {
        "exit status: \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)"
    }

    /// Replaces every occurrence of each key by its placeholder (longest key
    /// first, so a folder inside another is replaced whole).
    static func replacing(_ text: String, _ placeholders: [String: String]) -> String {
        placeholders.keys.sorted { $0.count > $1.count }.reduce(text) { text, key in
            text.replacingOccurrences(of: key, with: placeholders[key]!)
        }
    }

    // MARK: score

    /// `score` on the CWA Android app's test vectors (29 cases, its own
    /// configuration): the CSV (default and `--format csv` alike), the JSON,
    /// `--explain` and `--check`. Nothing is replaced: no paths or timings.
    @Test func scoreOnTheAndroidTestVectors() throws {
        let vectors = try ReferenceData.path(Self.androidVectors)
        let csv = try WarnSimProcess.run(["score", vectors], environment: WarnSimProcess.snapshotEnvironment)
        #expect(csv.status == 0 && csv.stderr.isEmpty, "\(csv.stderr)")
        assertSnapshot(csv.stdout, named: "score-android-csv")
        let explicitCSV = try WarnSimProcess.run(["score", vectors, "--format", "csv"], environment: WarnSimProcess.snapshotEnvironment)
        #expect(explicitCSV.status == 0)
        #expect(explicitCSV.stdout == csv.stdout, "--format csv is the default")

        let json = try WarnSimProcess.run(["score", vectors, "--format", "json"], environment: WarnSimProcess.snapshotEnvironment)
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) is [Any], "score --format json prints a JSON array")
        assertSnapshot(json.stdout, named: "score-android-json")

        let explain = try WarnSimProcess.run(["score", vectors, "--explain"], environment: WarnSimProcess.snapshotEnvironment)
        #expect(explain.status == 0 && explain.stderr.isEmpty, "\(explain.stderr)")
        assertSnapshot(explain.stdout, named: "score-android-explain")

        let check = try WarnSimProcess.run(["score", vectors, "--check"], environment: WarnSimProcess.snapshotEnvironment)
        #expect(check.status == 0, "\(check.stdout.suffix(400))")
        assertSnapshot(Self.transcript(check), named: "score-android-check")
    }

    // MARK: config show

    /// `config show` of the current CWA set (ENF v2 exposure windows) and of
    /// the 2020 ENF v1 set. Nothing is replaced.
    @Test(arguments: ["cwa-2021-04-14", "cwa-2020-enf-v1"])
    func configShow(name: String) throws {
        let file = try ProjectFiles.required(ProjectFiles.url("Configs/risk/\(name).yaml"))
        let result = try WarnSimProcess.run(["config", "show", file.path], environment: WarnSimProcess.snapshotEnvironment)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        assertSnapshot(result.stdout, named: "config-show-\(name)")
    }

    // MARK: regress

    /// `regress` passing and failing on small metrics CSVs written here: the
    /// transcript (table, failures on standard error, exit code) and the JUnit
    /// XML. The temporary folder's path is replaced by `<tmp>` (the output
    /// does not contain it today; the replacement keeps it stable if it does).
    @Test func regressPassingAndFailing() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.csv")
        let good = folder.appendingPathComponent("good.csv")
        let bad = folder.appendingPathComponent("bad.csv")
        try "id,precision,recall\nprod,0.4,0.7\nstrict,0.55,0.5\n".write(to: baseline, atomically: true, encoding: .utf8)
        // Within the default tolerance 0.01.
        try "id,precision,recall\nprod,0.401,0.7\nstrict,0.548,0.5\n".write(to: good, atomically: true, encoding: .utf8)
        // prod's recall is 0.1 lower; strict is missing; an extra configuration is ignored.
        try "id,precision,recall\nprod,0.4,0.6\nlenient,0.3,0.9\n".write(to: bad, atomically: true, encoding: .utf8)
        let placeholders = [folder.path: "<tmp>"]

        for (name, metrics, status) in [("pass", good, Int32(0)), ("fail", bad, Int32(1))] {
            let junit = folder.appendingPathComponent("\(name).xml")
            let result = try WarnSimProcess.run(
                ["regress", metrics.path, "--baseline", baseline.path, "--junit", junit.path],
                environment: WarnSimProcess.snapshotEnvironment)
            #expect(result.status == status, "\(result.stderr)")
            assertSnapshot(Self.replacing(Self.transcript(result), placeholders), named: "regress-\(name)")
            let xml = try String(contentsOf: junit, encoding: .utf8)
            assertSnapshot(Self.replacing(xml, placeholders), named: "regress-\(name)-junit")
        }
    }

    // MARK: evaluate

    /// `evaluate` on the recorded-run fixture (RecordedRunFixture, seed 11):
    /// its summary and the metrics.csv, labels.csv and manifest.json it writes.
    /// Replaced: the fixture's run folder (a temporary folder) by `<run>`, the
    /// output folder by `<out>`, the temporary scenario file the fixture was
    /// simulated from (`.test-<UUID>.yaml` beside the shipped scenarios) by
    /// `<scenario>.yaml`, and in manifest.json the SHA-256 of the run's own
    /// manifest.json (the input `runs[0]/manifest.json`) by
    /// `sha256:<run-manifest>`: that manifest lists its
    /// inputs by file name, and the fixture's scenario file has a new UUID
    /// name in every test process (its content hash and every other file of
    /// the run are byte-identical across processes), so the hash of the run
    /// manifest differs from one `swift test` to the next; and the source
    /// commit by `<commit>` (it changes with every commit). The hash of the
    /// metrics.csv written is kept.
    @Test func evaluateOnTheRecordedRun() throws {
        let run = try RecordedRunFixture.shared.get()
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("evaluation")
        let result = try WarnSimProcess.run(
            ["evaluate", run, "--out", out.path, "--bootstrap", "200", "--seed", "3"],
            environment: WarnSimProcess.snapshotEnvironment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        func scrub(_ text: String) -> String {
            Self.replacing(text, [run: "<run>", out.path: "<out>"])
                .replacing(/\.test-[0-9A-Fa-f-]{36}\.yaml/, with: "<scenario>.yaml")
                .replacing(/("(?:runs\[\d+\]\/)?manifest(?:\.json)?": )"sha256:[0-9a-f]{64}"/) { match in
                    "\(match.output.1)\"sha256:<run-manifest>\""
                }
                .replacing(/"source_commit": "[0-9a-f]{40}(-modified)?"/, with: "\"source_commit\": \"<commit>\"")
        }
        assertSnapshot(scrub(result.stdout), named: "evaluate-summary")
        for (file, name) in [
            ("metrics.csv", "evaluate-metrics-csv"), ("labels.csv", "evaluate-labels-csv"),
            ("manifest.json", "evaluate-manifest-json"),
        ] {
            let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            assertSnapshot(scrub(text), named: name)
        }
    }
}
