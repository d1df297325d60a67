import Foundation
import Testing
import WarnSimTestSupport

/// `warnsim report` through the binary: one self-contained HTML file for a
/// run, a `files` sweep, a tune and a compare, byte-identical when made again;
/// every kind of bad input exits 2 naming the folder or option, with nothing
/// written. (CI renders the quick start's report in headless Chromium:
/// `.ci/check-report-in-browser.py`.)
@Suite struct ReportCommandTests {
    static let production = ProjectFiles.root.appendingPathComponent("Configs/risk/cwa-2021-04-14.yaml").path
    static let history = ProjectFiles.root.appendingPathComponent("Configs/sweeps/history.yaml").path
    static let space = ProjectFiles.root.appendingPathComponent("Configs/tune/cwa-v2-borders-weights-thresholds.yaml").path
    static let legacy = ProjectFiles.root.appendingPathComponent("Configs/risk/history/cwa-v2-2020-12-10-f10b8528a-legacy.yaml").path

    /// The run, its history sweep, a tune and a compare, made once.
    static let folders = Result { () throws -> (run: String, sweep: String, tune: String, compare: String, root: URL) in
        let run = try AnalysisCommandTests.run.get()
        let root = try WarnSimProcess.temporaryFolder()
        let sweep = root.appendingPathComponent("sweep").path
        let tune = root.appendingPathComponent("tune").path
        let compare = root.appendingPathComponent("compare").path
        for arguments in [
            ["sweep", run, "--sweep", history, "--out", sweep, "--quiet"],
            [
                "tune", run, "--space", space, "--minimize", "warnings_per_1000", "--subject-to", "warnings_per_1000<=1000", "--budget",
                "20", "--holdout-seeds", "0", "--bootstrap", "20", "--out", tune, "--quiet",
            ],
            ["compare", run, "--config", production, "--config", legacy, "--bootstrap", "50", "--out", compare],
        ] {
            let result = try WarnSimProcess.run(arguments)
            guard result.status == 0 else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(arguments[0]): \(result.stderr)"])
            }
        }
        return (run, sweep, tune, compare, root)
    }

    @Test func reportIsOneSelfContainedFileThatReproduces() throws {
        let f = try Self.folders.get()
        let out = f.root.appendingPathComponent("report.html").path
        let again = f.root.appendingPathComponent("again.html").path
        let arguments = [f.run, f.sweep, f.tune, f.compare, "--bootstrap", "100"]
        let result = try WarnSimProcess.run(["report"] + arguments + ["--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for id in ["id=\"ensemble\"", "id=\"sweep-1\"", "id=\"tune-2\"", "id=\"compare-3\""] { #expect(html.contains(id), "\(id)") }
        // Figures: the ensemble's intervals, the sweep's two plots, the convergence, the differences.
        #expect(html.components(separatedBy: "<figure").count - 1 == 5)
        #expect(html.components(separatedBy: "<svg").count - 1 == 5)
        #expect(!html.contains("<?xml"), "inline SVG carries no XML declaration")
        // Nothing that could make a request or run code.
        for forbidden in ["<script", "src=", "<link", "@import", "url(", "href=\"http"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        // What was simulated, how to make it again, and the history sweep's configurations named on its plots.
        #expect(html.contains("warnsim simulate village-2k") || html.contains("warnsim simulate .test-"))
        #expect(html.contains("--sweep history.yaml"))
        #expect(html.contains("cwa-v2-2020-12-10-f10b8528a-legacy"))
        #expect(html.contains("sha256:"))
        #expect(html.contains("Read with care"))
        #expect(html.contains("was not confirmed by re-simulation"))
        // The same inputs give the same bytes.
        let second = try WarnSimProcess.run(["report"] + arguments + ["--out", again])
        #expect(second.status == 0, "\(second.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: out))
        let b = try String(contentsOfFile: again, encoding: .utf8).replacingOccurrences(of: "again.html", with: "report.html")
        #expect(a == Data(b.utf8))
    }

    @Test func badInputExitsTwoNamingTheProblemAndWritesNothing() throws {
        let f = try Self.folders.get()
        let work = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let empty = work.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        // An evaluate folder, and a sweep whose summary was edited after the sweep.
        let evaluation = work.appendingPathComponent("evaluation").path
        #expect(try WarnSimProcess.run(["evaluate", f.run, "--bootstrap", "20", "--out", evaluation]).status == 0)
        let edited = work.appendingPathComponent("edited-sweep")
        try FileManager.default.copyItem(atPath: f.sweep, toPath: edited.path)
        let summary = edited.appendingPathComponent("summary.csv")
        try (String(contentsOf: summary, encoding: .utf8) + "best F1,forged,,,,,,,,,,,better\n").write(
            to: summary, atomically: true, encoding: .utf8)
        let out = work.appendingPathComponent("report.html").path
        let cases: [([String], String)] = [
            (["report", empty.path, "--out", out], "is none of the folders a report reads"),
            (["report", work.appendingPathComponent("missing").path, "--out", out], "is not a folder"),
            (["report", evaluation, "--out", out], "command: is \"evaluate\""),
            (["report", edited.path, "--out", out], "summary.csv: does not match its SHA-256"),
            (["report", f.compare, "--out", work.appendingPathComponent("no/such/folder/report.html").path], "--out: cannot be written"),
            (["report", f.compare, "--out", work.path], "--out: is a folder"),
            (["report", f.compare, "--registry", work.appendingPathComponent("nowhere").path, "--out", out], "--registry"),
        ]
        for (arguments, message) in cases {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) wrote a report")
        }
    }
}
