import Foundation
import Testing
import WarnSimTestSupport

/// `radio fit`, `radio check` and `radio sample` on the measurements shipped
/// in Configs/radio/data. Every path is passed explicitly: the commands'
/// defaults are relative to the working directory.
@Suite struct RadioCommandTests {
    static func calibration() throws -> String { try ProjectFiles.required(ProjectFiles.calibrationTable).path }
    static func dp3t() throws -> String { try ProjectFiles.required(ProjectFiles.dp3t).path }
    static func radioDefault() throws -> String { try ProjectFiles.required(ProjectFiles.radioDefault).path }

    /// The shipped radio model is the fit's output: fitting again writes the
    /// same bytes as Configs/radio/default.yaml, and --report holds the
    /// figures printed on standard output.
    @Test func fitReproducesTheShippedModel() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("radio.yaml")
        let report = folder.appendingPathComponent("fit.md")
        let result = try WarnSimProcess.run([
            "radio", "fit", "--dp3t", try Self.dp3t(), "--calibration", try Self.calibration(),
            "--out", out.path, "--report", report.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOf: out, encoding: .utf8)
        let shipped = try String(contentsOfFile: try Self.radioDefault(), encoding: .utf8)
        #expect(
            written == shipped,
            "radio fit output differs from Configs/radio/default.yaml:\n\(Snapshot.lineDiff(expected: shipped, actual: written))")
        #expect(try String(contentsOf: report, encoding: .utf8) == result.stdout)
        #expect(result.stdout.contains("| room |") && result.stdout.contains("| vehicle |"), "\(result.stdout.prefix(400))")
    }

    @Test func fitOfAMissingFolderExitsTwoAndWritesNothing() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("radio.yaml")
        let missing = folder.appendingPathComponent("no-dp3t").path
        let result = try WarnSimProcess.run(["radio", "fit", "--dp3t", missing, "--calibration", try Self.calibration(), "--out", out.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-dp3t"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// The measured scenarios: the `scenarioNN-NAME.sqlite` files of the
    /// DP-3T folder.
    static func measuredScenarios() throws -> [String] {
        let folder = try ProjectFiles.required(ProjectFiles.dp3t.appendingPathComponent("exp34-epfl-soldiers"))
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("scenario") && $0.hasSuffix(".sqlite") }
            .compactMap { $0.dropLast(".sqlite".count).split(separator: "-", maxSplits: 1).last.map(String.init) }
            .sorted()
    }

    /// `radio check`: exit 0, a Markdown table with a row per scenario and
    /// distance band for every measured scenario, KS distances in [0, 1], and
    /// `--json` giving the same rows.
    @Test func checkCoversEveryMeasuredScenario() throws {
        let scenarios = try Self.measuredScenarios()
        #expect(scenarios.count == 6, "\(scenarios)")
        let arguments = [
            "radio", "check", "--config", try Self.radioDefault(), "--dp3t", try Self.dp3t(), "--calibration", try Self.calibration(),
        ]
        let table = try WarnSimProcess.run(arguments)
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "| scenario | band | n measured | n simulated | median meas. | median sim. | IQR meas. | IQR sim. | KS |")
        let rows = lines.dropFirst(2).map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(Set(rows.map { $0[0] }) == Set(scenarios), "scenarios in the table")
        for row in rows {
            #expect(row.count == 9, "\(row)")
            let ks = Double(row[8]) ?? -1
            #expect((0...1).contains(ks), "\(row)")
            #expect((Int(row[2]) ?? 0) > 0 && (Int(row[3]) ?? 0) > 0, "\(row)")
        }

        let json = try WarnSimProcess.run(arguments + ["--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == rows.count)
        for (object, row) in zip(objects, rows) {
            #expect(object["scenario"] as? String == row[0] && object["band"] as? String == row[1], "\(object)")
            #expect((object["measuredCount"] as? NSNumber)?.stringValue == row[2], "\(object)")
        }
    }

    static func sample(seed: String, extra: [String] = []) throws -> WarnSimProcess.Result {
        try WarnSimProcess.run(
            [
                "radio", "sample", "--distance", "1.5", "--environment", "room", "--count", "1000", "--seed", seed,
                "--config", try radioDefault(), "--calibration", try calibration(),
            ] + extra)
    }

    /// `radio sample` at 1.5 m in a room: the received draws plus those
    /// reported below the detection limit are the 1000 asked for, the median
    /// attenuation is within the DP-3T rooms' measured medians for 1–2 m
    /// (55–59 dB) give or take a few dB, the same seed gives the same bytes and
    /// another seed other draws.
    @Test func sampleIsPlausibleAndReproducible() throws {
        let first = try Self.sample(seed: "7")
        #expect(first.status == 0, "\(first.stderr)")
        var lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.removeFirst() == "distance_m,attenuation_db,rssi_dbm,tx_power_dbm")
        let undetected = first.stderr.firstMatch(of: /(\d+) of 1000 draws were below the detection limit/).flatMap { Int($0.output.1) } ?? 0
        #expect(lines.count + undetected == 1000, "\(lines.count) printed, stderr: \(first.stderr)")
        #expect(lines.count > 900, "most draws at 1.5 m are received")
        let attenuations = lines.compactMap { Int($0.split(separator: ",")[1]) }.sorted()
        #expect(attenuations.count == lines.count)
        #expect(lines.allSatisfy { $0.hasPrefix("1.5,") })
        let median = attenuations[attenuations.count / 2]
        #expect((50...65).contains(median), "median attenuation \(median) dB at 1.5 m")

        let again = try Self.sample(seed: "7")
        #expect(again.stdout == first.stdout && again.stderr == first.stderr, "same seed, same draws")
        let other = try Self.sample(seed: "8")
        #expect(other.status == 0)
        #expect(other.stdout != first.stdout, "another seed, other draws")
    }

    @Test(arguments: [
        (["--distance", "0"], "--distance"),
        (["--environment", "cave"], "--environment"),
        (["--count", "0"], "--count"),
        (["--carriage", "hat"], "--carriage"),
    ])
    func sampleRejectsBadArguments(override: [String], field: String) throws {
        let result = try Self.sample(seed: "7", extra: override)
        #expect(result.status == 2, "\(override): \(result.stderr)")
        #expect(result.stderr.contains(field), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
