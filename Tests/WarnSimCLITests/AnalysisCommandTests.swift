import Foundation
import Testing
import WarnSimTestSupport

/// `simulate` → `evaluate`, `sweep`, `windows export` → `score --check`
/// through the binary, and their exit codes on bad input.
@Suite struct AnalysisCommandTests {
    /// A 9-day run of the village shrunk to 800 people, simulated once.
    static let run = Result { () throws -> String in
        let folder = try WarnSimProcess.temporaryFolder()
        let scenarios = ProjectFiles.root.appendingPathComponent("Configs/scenarios")
        var text = try String(contentsOf: scenarios.appendingPathComponent("village-2k.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "  people: 2000", with: "  people: 800")
        let scenario = scenarios.appendingPathComponent(".test-\(UUID().uuidString).yaml")
        try text.write(to: scenario, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scenario) }
        let out = folder.appendingPathComponent("run").path
        let result = try WarnSimProcess.run(["simulate", scenario.path, "--seed", "4", "--days", "9", "--out", out])
        guard result.status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
        return out
    }

    @Test func evaluateSweepAndExportWork() throws {
        let run = try Self.run.get()
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let evaluation = try WarnSimProcess.run(["evaluate", run, "--out", folder.appendingPathComponent("e").path, "--bootstrap", "100"])
        #expect(evaluation.status == 0, "\(evaluation.stderr)")
        #expect(evaluation.stdout.contains("detectable*"))
        for name in ["metrics.csv", "labels.csv", "manifest.json"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("e/\(name)").path))
        }
        let sweep = try WarnSimProcess.run([
            "sweep", run, "--sweep", ProjectFiles.root.appendingPathComponent("Configs/sweeps/day-threshold.yaml").path,
            "--out", folder.appendingPathComponent("s").path,
        ])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let metrics = try String(contentsOf: folder.appendingPathComponent("s/metrics.csv"), encoding: .utf8)
        #expect(metrics.hasPrefix("id,day_threshold,phones,tp,fp,fn,tn,precision,recall,"))
        #expect(metrics.contains("\nproduction,9,"))
        // A sweep's metrics regress cleanly against themselves, undefined
        // metrics included (nan: this short run may have no detectable
        // infection; nan matches only nan).
        let sweepMetrics = folder.appendingPathComponent("s/metrics.csv").path
        let regress = try WarnSimProcess.run([
            "regress", sweepMetrics, "--baseline", sweepMetrics, "--metrics", "warnings_per_1000,fp,tn",
        ])
        #expect(regress.status == 0, "\(regress.stderr)")
        let everything = try WarnSimProcess.run(["regress", sweepMetrics, "--baseline", sweepMetrics])
        #expect(everything.status == 0, "\(everything.stderr)")
        #expect(everything.stdout.contains(" 0 failed"))
        let export = folder.appendingPathComponent("windows.json").path
        #expect(try WarnSimProcess.run(["windows", "export", run, "--format", "cwa-json", "--out", export]).status == 0)
        let check = try WarnSimProcess.run(["score", export, "--platform", "android", "--check"])
        #expect(check.status == 0, "\(check.stdout.suffix(300))")
        #expect(check.stdout.contains(" 0 failed"))
    }

    @Test func badInputExitsTwoNamingTheProblemAndWritesNothing() throws {
        let run = try Self.run.get()
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A copy of the run with a changed phones.csv.
        let tampered = folder.appendingPathComponent("tampered")
        try FileManager.default.copyItem(atPath: run, toPath: tampered.path)
        let phones = tampered.appendingPathComponent("phones.csv")
        try (String(contentsOf: phones, encoding: .utf8) + "\n").write(to: phones, atomically: true, encoding: .utf8)
        // Copies without summary.csv and with a changed windows.csv.
        let noSummary = folder.appendingPathComponent("no-summary")
        try FileManager.default.copyItem(atPath: run, toPath: noSummary.path)
        try FileManager.default.removeItem(at: noSummary.appendingPathComponent("summary.csv"))
        let editedWindows = folder.appendingPathComponent("edited-windows")
        try FileManager.default.copyItem(atPath: run, toPath: editedWindows.path)
        let windowsCSV = editedWindows.appendingPathComponent("windows.csv")
        try (String(contentsOf: windowsCSV, encoding: .utf8) + "\n").write(to: windowsCSV, atomically: true, encoding: .utf8)
        let badSweep = folder.appendingPathComponent("bad.yaml")
        try "method: grid\nparameters:\n  weight_9: {values: [1]}\n".write(to: badSweep, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let cases: [([String], String)] = [
            (["evaluate", folder.appendingPathComponent("missing").path, "--out", out.path], "does not exist"),
            (["evaluate", tampered.path, "--out", out.path], "phones.csv"),
            (
                ["evaluate", noSummary.path, "--out", out.path],
                "\(noSummary.appendingPathComponent("summary.csv").path): is listed in manifest.json but missing"
            ),
            (["evaluate", editedWindows.path, "--out", out.path], "\(windowsCSV.path): does not match its SHA-256"),
            (["evaluate", run, "--out", out.path, "--primary-label", "sick"], "--primary-label"),
            (["evaluate", run, "--out", out.path, "--close-contact-metres", "0"], "--close-contact-metres"),
            (["sweep", run, "--sweep", badSweep.path, "--out", out.path], "weight_9"),
            (["sweep", run, "--sweep", folder.appendingPathComponent("none.yaml").path, "--out", out.path], "none.yaml"),
            (["windows", "export", run, "--format", "csv"], "--format"),
            (["windows", "export", tampered.path], "phones.csv"),
        ]
        for (arguments, expected) in cases {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("metrics.csv").path))
    }
}
