import Foundation
import Testing
import WarnSimTestSupport

/// `compare`, `tune` and `sensitivity` through the binary: a configuration
/// compared with itself differs by exactly 0, the outputs are written and
/// accepted by `config validate`, and bad input exits 2 with nothing written.
@Suite struct TuningCommandTests {
    static let space = ProjectFiles.root.appendingPathComponent("Configs/tune/cwa-v2-borders-weights-thresholds.yaml").path
    static let production = ProjectFiles.root.appendingPathComponent("Configs/risk/cwa-2021-04-14.yaml").path

    @Test func compareWithItselfIsExactlyZero() throws {
        let run = try AnalysisCommandTests.run.get()
        let result = try WarnSimProcess.run([
            "compare", run, "--config", Self.production, "--config", Self.production, "--format", "csv", "--bootstrap", "50",
            "--require", "recall:not-worse",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count > 10)
        for row in rows {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false)
            #expect(cells[3] == "0.000000" || cells[3] == "nan", "\(row)")
            #expect((cells[4] == "0.000000" && cells[5] == "0.000000") || cells[4] == "nan", "\(row)")
        }
        let better = try WarnSimProcess.run([
            "compare", run, "--config", Self.production, "--config", Self.production, "--bootstrap", "50",
            "--require", "warnings_per_1000:better",
        ])
        #expect(better.status == 1)
        #expect(better.stderr.contains("requirement failed: expected_warnings_per_1000 better"))
    }

    @Test func tuneWritesAShippableRecommendation() throws {
        let run = try AnalysisCommandTests.run.get()
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("tune").path
        let result = try WarnSimProcess.run([
            "tune", run, "--space", Self.space, "--minimize", "warnings_per_1000", "--subject-to", "warnings_per_1000<=1000",
            "--budget", "40", "--holdout-seeds", "0", "--bootstrap", "20", "--out", out,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("held out none"))
        for name in ["recommended.yaml", "recommended.cwa-server.yaml", "trace.csv", "summary.csv", "convergence.svg", "manifest.json"] {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(name)"), "\(name)")
        }
        for name in ["recommended.yaml", "recommended.cwa-server.yaml"] {
            #expect(try WarnSimProcess.run(["config", "validate", "\(out)/\(name)"]).status == 0, "\(name)")
        }
        let trace = try String(contentsOfFile: "\(out)/trace.csv", encoding: .utf8)
        // λ = 4 + ⌊3 ln 7⌋ = 9: four whole generations fit in 40.
        #expect(trace.split(separator: "\n").count == 1 + 36)
        let sensitivity = try WarnSimProcess.run([
            "sensitivity", run, "--space", Self.space, "--method", "morris", "--samples", "3", "--metric", "warnings_per_1000",
            "--out", folder.appendingPathComponent("s").path,
        ])
        #expect(sensitivity.status == 0, "\(sensitivity.stderr)")
        #expect(sensitivity.stdout.contains("expected_warnings_per_1000,window_threshold,0.000000,0.000000,0.000000"))
    }

    @Test func badInputExitsTwoAndWritesNothing() throws {
        let run = try AnalysisCommandTests.run.get()
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("t").path
        let unknown = folder.appendingPathComponent("unknown.yaml").path
        try "parameters:\n  attenuation_border_9: {min: 50, max: 60, step: 1}\n".write(toFile: unknown, atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("empty.yaml").path
        try "parameters:\n  weight_1: {min: 1, max: 1}\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["tune", run, "--space", unknown, "--maximize", "recall", "--out", out], "attenuation_border_9"),
            (["tune", run, "--space", empty, "--maximize", "recall", "--out", out], "empty range"),
            (["tune", run, "--space", Self.space, "--maximize", "recal", "--out", out], "\"recal\" is not a metric"),
            (
                ["tune", run, "--space", Self.space, "--maximize", "recall", "--subject-to", "precision>=most", "--out", out],
                "neither a number"
            ),
            (["tune", run, "--space", Self.space, "--maximize", "recall", "--holdout-seeds", "3", "--out", out], "--holdout-seeds"),
            (
                ["tune", run, "--space", Self.space, "--maximize", "recall", "--budget", "5", "--holdout-seeds", "0", "--out", out],
                "needs at least two generations"
            ),
            (["compare", run, "--config", Self.production], "give exactly two"),
            (["compare", run, "--config", Self.production, "--config", Self.production, "--require", "recall:best"], "METRIC:better"),
        ]
        for (arguments, message) in cases {
            let result = try WarnSimProcess.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
