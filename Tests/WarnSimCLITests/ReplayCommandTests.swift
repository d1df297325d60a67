import Foundation
import Testing
import WarnSimTestSupport

/// `warnsim replay` on a histogram file, a raw-sightings data set and a labelled
/// test-vector file, each with two configurations in one call.
@Suite struct ReplayCommandTests {
    static let configs = ["Configs/risk/cwa-2021-04-14.yaml", "Configs/risk/cwa-2020-06-16-launch-enf-v1.yaml"]

    func arguments(_ dataset: String, out: URL? = nil) throws -> [String] {
        var arguments = ["replay", try ProjectFiles.required(ProjectFiles.url(dataset)).path]
        for config in Self.configs { arguments += ["--config", ProjectFiles.path(config)] }
        arguments += ["--calibration", ProjectFiles.calibrationTable.path]
        if let out { arguments += ["--out", out.path] }
        return arguments
    }

    @Test(arguments: [
        "Configs/replay/histogram-example.csv",
        "Configs/radio/data/dp3t-exp34/exp34-epfl-soldiers/scenario06-movement.sqlite",
        "Configs/radio/data/lanfer-multichannel-2022/bus",
        "Configs/replay/test-vectors-labelled-example.json",
    ])
    func replayWritesOneRowPerConfiguration(dataset: String) throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WarnSimProcess.run(try arguments(dataset, out: folder))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\nconfiguration ").count == 3, "\(result.stdout)")
        #expect(result.stdout.contains("TPR ") && result.stdout.contains("Clopper–Pearson 95 %"))
        let replay = try String(contentsOf: folder.appendingPathComponent("replay.csv"), encoding: .utf8)
        let lines = replay.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("configuration,file,scheme,cases,tp,fp,fn,tn,tpr,"))
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            let counts = cells[4...7].map { Int($0)! }
            #expect(counts.reduce(0, +) == Int(cells[3])!)
        }
        let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"command\": \"replay\""))
        let cases = try String(contentsOf: folder.appendingPathComponent("cases.csv"), encoding: .utf8)
        #expect(cases.hasPrefix("configuration,"))
        // The same call gives the same bytes.
        let second = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: second) }
        _ = try WarnSimProcess.run(try arguments(dataset, out: second))
        #expect(
            try Data(contentsOf: second.appendingPathComponent("cases.csv")) == Data(contentsOf: folder.appendingPathComponent("cases.csv"))
        )
    }

    /// Leith & Farrell (PLoS ONE 16(4): e0250826) found that on the Dublin bus no rule of 2020 of the Swiss
    /// kind would have notified any pair, all of which were within 2 m for at least 15 minutes. The 2020
    /// configurations of the CWA (ENF v1 and the first exposure-window one) and Immuni agree: no pair is
    /// warned. The April 2021 configuration, with its high-attenuation bucket up to 73 dB, warns about half
    /// of the pairs with 15 minutes or more (Configs/replay/README.md, "The Dublin Bus").
    @Test func dublinBusAsPublished() throws {
        var arguments = ["replay", try ProjectFiles.required(ProjectFiles.dublinReplay).path]
        for config in [
            "Configs/risk/cwa-2020-enf-v1.yaml", "Configs/risk/history/cwa-v2-2020-12-10-f10b8528a-legacy.yaml",
            "Configs/risk/immuni-2020-10-android.yaml", "Configs/risk/cwa-2021-04-14.yaml",
        ] {
            arguments += ["--config", try ProjectFiles.required(ProjectFiles.url(config)).path]
        }
        let result = try WarnSimProcess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let blocks = result.stdout.components(separatedBy: "\nconfiguration ").dropFirst()
        #expect(blocks.count == 4)
        for block in blocks.prefix(3) { #expect(block.contains("TP 0  FP 0  FN 51  TN 9"), "\(block)") }
        #expect(blocks.last!.contains("TP 27  FP 2  FN 24  TN 7"), "\(blocks.last!)")
    }

    @Test func malformedHistogramExitsTwoAndWritesNothing() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.csv")
        try "id,distance_m,min_40_50\na,1,x\n".write(to: bad, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        var arguments = ["replay", bad.path, "--out", out.path]
        for config in Self.configs { arguments += ["--config", ProjectFiles.path(config)] }
        let result = try WarnSimProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(bad.path) && result.stderr.contains("line 2, min_40_50"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func scoreAddsTruthColumnAndSummary() throws {
        let path = try ProjectFiles.required(ProjectFiles.url("Configs/replay/test-vectors-labelled-example.json")).path
        let result = try WarnSimProcess.run(["score", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("case,description,total_risk_level,"))
        #expect(result.stdout.split(separator: "\n")[0].hasSuffix(",truth"))
        #expect(result.stdout.contains("# TP ") && result.stdout.contains("# precision "))
        let json = try WarnSimProcess.run(["score", path, "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"truth\": "))
        #expect(json.stderr.contains("# TPR "))
    }
}
