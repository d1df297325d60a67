import Foundation
import Testing
import WarnSimTestSupport

/// Long work reports progress on standard error, one line per step when
/// standard error is not a terminal (as here), nothing with `--quiet`; the
/// results on standard output and in the files do not change.
@Suite struct ProgressReportingTests {
    static let scenario = ProjectFiles.root.appendingPathComponent("Configs/scenarios/village-2k.yaml").path

    @Test func simulateReportsEachDayUnlessQuiet() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = ["simulate", Self.scenario, "--seed", "3", "--days", "3", "--no-counterfactual", "--no-timings"]
        let loud = try WarnSimProcess.run(base + ["--out", folder.appendingPathComponent("loud").path])
        #expect(loud.status == 0, "\(loud.stderr)")
        let lines = loud.stderr.split(separator: "\n")
        #expect(lines.count == 3, "\(loud.stderr)")
        #expect(lines.last?.hasPrefix("3/3 days: ") == true)
        #expect(lines.first?.hasPrefix("1/3 days") == true)
        let quiet = try WarnSimProcess.run(base + ["--out", folder.appendingPathComponent("quiet").path, "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout.replacingOccurrences(of: "quiet", with: "loud") == loud.stdout)
        for name in ["phones.csv", "windows.bin", "summary.csv", "manifest.json"] {
            let a = try Data(contentsOf: folder.appendingPathComponent("loud/\(name)"))
            let b = try Data(contentsOf: folder.appendingPathComponent("quiet/\(name)"))
            #expect(a == b, "\(name) differs with --quiet")
        }
    }

    @Test func ensemblesReportEachSeed() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WarnSimProcess.run([
            "simulate", Self.scenario, "--seeds", "1-2", "--days", "2", "--no-counterfactual", "--out",
            folder.appendingPathComponent("e").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines.contains { $0.hasPrefix("2/2 seeds: village-2k, seed ") }, "\(result.stderr)")
    }
}
