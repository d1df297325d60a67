import Foundation
import Testing
import WarnSimTestSupport

/// `simulate --seeds`: an ensemble folder whose seed folders are
/// byte-identical to single-seed runs, read whole by `evaluate`.
@Suite struct EnsembleCommandTests {
    @Test func ensembleSeedsEqualSingleRunsAndEvaluateReadsTheFolder() throws {
        let scenario = try ClosedLoopCommandTests.scenario()
        defer { try? FileManager.default.removeItem(at: scenario) }
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ensemble = folder.appendingPathComponent("ensemble")
        let result = try WarnSimProcess.run(["simulate", scenario.path, "--seeds", "4-5,9", "--days", "6", "--out", ensemble.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("3/3 seeds: "), "\(result.stderr)")
        let single = folder.appendingPathComponent("single")
        #expect(
            try WarnSimProcess.run(["simulate", scenario.path, "--seed", "5", "--days", "6", "--out", single.path, "--threads", "1"]).status
                == 0)
        for name in [
            "phones.csv", "infections.csv", "windows.csv", "summary.csv", "counterfactual.csv", "windows.bin", "exposures.bin",
            "contacts.bin",
        ] {
            let a = try Data(contentsOf: single.appendingPathComponent(name))
            let b = try Data(contentsOf: ensemble.appendingPathComponent("seed-5/\(name)"))
            #expect(a == b, "seed-5/\(name) differs from the single run")
        }
        let evaluation = try WarnSimProcess.run([
            "evaluate", ensemble.path, "--out", folder.appendingPathComponent("e").path, "--bootstrap", "50",
        ])
        #expect(evaluation.status == 0, "\(evaluation.stderr)")
        #expect(evaluation.stdout.contains(", 3 runs"))
        for bad in ["5-3", "x", "1,,2", ""] {
            let out = folder.appendingPathComponent("bad").path
            let refused = try WarnSimProcess.run(["simulate", scenario.path, "--seeds", bad, "--days", "2", "--out", out])
            #expect(refused.status == 2, "--seeds '\(bad)'")
            #expect(refused.stderr.contains("--seeds"))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    /// `--sightings disk` writes the same bytes as `--sightings memory`; a bad
    /// value exits 2 naming the option.
    @Test func sightingsOnDiskChangeNoOutput() throws {
        let scenario = try ClosedLoopCommandTests.scenario()
        defer { try? FileManager.default.removeItem(at: scenario) }
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for mode in ["memory", "disk"] {
            let result = try WarnSimProcess.run([
                "simulate", scenario.path, "--seed", "4", "--days", "6", "--out", folder.appendingPathComponent(mode).path,
                "--sightings", mode, "--sightings-dir", folder.appendingPathComponent("spill").path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        for name in [
            "phones.csv", "infections.csv", "windows.csv", "summary.csv", "counterfactual.csv", "windows.bin", "exposures.bin",
            "contacts.bin",
        ] {
            let a = try Data(contentsOf: folder.appendingPathComponent("memory/\(name)"))
            let b = try Data(contentsOf: folder.appendingPathComponent("disk/\(name)"))
            #expect(a == b, "\(name) differs with the sightings on disk")
        }
        let out = folder.appendingPathComponent("bad").path
        let refused = try WarnSimProcess.run(["simulate", scenario.path, "--sightings", "tape", "--days", "2", "--out", out])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--sightings"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
