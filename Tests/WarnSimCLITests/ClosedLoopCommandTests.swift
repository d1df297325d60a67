import Foundation
import Testing
import WarnSimTestSupport

/// The closed loop through the binary: `simulate --set` changes a scenario
/// field (checked like the file), `evaluate` reports infections averted
/// against the counterfactual, and `sweep --confirm` re-simulates the best
/// configurations live, as `tune --confirm` does production and its
/// recommendation on the held-out seeds.
@Suite struct ClosedLoopCommandTests {
    /// The village shrunk to 800 people, written beside the shipped scenarios.
    static func scenario() throws -> URL {
        let scenarios = ProjectFiles.root.appendingPathComponent("Configs/scenarios")
        var text = try String(contentsOf: scenarios.appendingPathComponent("village-2k.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "  people: 2000", with: "  people: 800")
        let url = scenarios.appendingPathComponent(".test-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func setOverridesAFieldAndBadOverridesExitTwo() throws {
        let scenario = try Self.scenario()
        defer { try? FileManager.default.removeItem(at: scenario) }
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = ["simulate", scenario.path, "--seed", "4", "--days", "10"]
        let plain = try WarnSimProcess.run(base + ["--out", folder.appendingPathComponent("plain").path])
        #expect(plain.status == 0, "\(plain.stderr)")
        let home = try WarnSimProcess.run(
            base + [
                "--out", folder.appendingPathComponent("home").path, "--set", "response.isolation_compliance=1", "--set",
                "testing.symptomatic_test_probability=1",
            ])
        #expect(home.status == 0, "\(home.stderr)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("home/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"overrides\": [\"response.isolation_compliance=1\", \"testing.symptomatic_test_probability=1\"]"))
        let isolation = { (name: String) throws -> Int in
            let summary = try String(contentsOf: folder.appendingPathComponent("\(name)/summary.csv"), encoding: .utf8)
            let rows = summary.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let column = rows[0].firstIndex(of: "isolating")!
            return rows.dropFirst().reduce(0) { $0 + Int($1[column])! }
        }
        #expect(try isolation("home") > isolation("plain"), "full compliance and testing must isolate more people")
        for (override, message) in [
            ("response.quarantine_dayz=3", "response.quarantine_dayz: unknown key"),
            ("response.quarantine_days=-3", "response.quarantine_days: -3 is out of range"),
            ("app.adoption_by_age.x=1", "needs a mapping here"),
            ("nonsense", "expected path.to.field=value"),
        ] {
            let out = folder.appendingPathComponent("bad").path
            let result = try WarnSimProcess.run(base + ["--out", out, "--set", override])
            #expect(result.status == 2, "--set \(override)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test func evaluateReportsAvertedInfectionsAndSweepConfirms() throws {
        let scenario = try Self.scenario()
        defer { try? FileManager.default.removeItem(at: scenario) }
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var runs: [String] = []
        for seed in ["4", "5"] {
            let out = folder.appendingPathComponent("run-\(seed)").path
            let result = try WarnSimProcess.run(["simulate", scenario.path, "--seed", seed, "--days", "10", "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: out + "/counterfactual.csv"))
            runs.append(out)
        }
        let evaluation = try WarnSimProcess.run(
            ["evaluate"] + runs + ["--out", folder.appendingPathComponent("e").path, "--bootstrap", "100"])
        #expect(evaluation.status == 0, "\(evaluation.stderr)")
        #expect(evaluation.stdout.contains("infections averted per run: "))
        #expect(evaluation.stdout.contains(" across 2 runs"))
        let outcomes = try String(contentsOf: folder.appendingPathComponent("e/outcomes.csv"), encoding: .utf8)
        #expect(outcomes.hasPrefix("id,runs,runs_with_counterfactual,infections,counterfactual_infections,infections_averted_per_run,"))
        #expect(outcomes.contains("\nproduction,2,2,"))

        let sweepFile = ProjectFiles.root.appendingPathComponent("Configs/sweeps/day-threshold.yaml").path
        let sweepOut = folder.appendingPathComponent("s").path
        let sweep = try WarnSimProcess.run(
            ["sweep"] + runs + ["--sweep", sweepFile, "--out", sweepOut, "--confirm", "2", "--scenario", scenario.path])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stdout.contains("confirmed with the loop closed"))
        let confirmed = try String(contentsOf: URL(fileURLWithPath: sweepOut + "/confirmed.csv"), encoding: .utf8)
        // The sweep's manifest pins confirmed.csv beside its other outputs.
        let manifest = try String(contentsOf: URL(fileURLWithPath: sweepOut + "/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"confirmed.csv\": \"sha256:"))
        #expect(manifest.contains("\"metrics.csv\": \"sha256:") && manifest.contains("\"summary.csv\": \"sha256:"))
        // The report reads the confirmed sweep: no caution about a missing confirmation.
        let report = try WarnSimProcess.run(["report", sweepOut, "--out", folder.appendingPathComponent("sweep-report.html").path])
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: URL(fileURLWithPath: folder.appendingPathComponent("sweep-report.html").path), encoding: .utf8)
        #expect(html.contains("Confirmed by re-simulation") && !html.contains("was confirmed by re-simulation: the screen"))
        let rows = confirmed.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.first?.first == "production")
        // Production re-simulated live is the run itself: its confirmed metrics equal the screen's.
        if let production = rows.first { #expect(production[2] == production[4] && production[3] == production[7]) }
        #expect(FileManager.default.fileExists(atPath: sweepOut + "/confirm/production/seed-4/summary.csv"))

        // A scenario the runs were not simulated from is refused.
        let other = try WarnSimProcess.run(
            ["sweep"] + runs + [
                "--sweep", sweepFile, "--out", folder.appendingPathComponent("s2").path, "--confirm", "1", "--scenario",
                ProjectFiles.scenario("town-10k.yaml").path,
            ])
        #expect(other.status == 2)
        #expect(other.stderr.contains("is not the scenario"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s2").path))
    }

    @Test func tuneConfirmsTheRecommendationOnTheHeldOutSeeds() throws {
        let scenario = try Self.scenario()
        defer { try? FileManager.default.removeItem(at: scenario) }
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var runs: [String] = []
        for seed in ["4", "5", "6"] {
            let out = folder.appendingPathComponent("run-\(seed)").path
            let result = try WarnSimProcess.run(["simulate", scenario.path, "--seed", seed, "--days", "10", "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            runs.append(out)
        }
        let space = ProjectFiles.root.appendingPathComponent("Configs/tune/cwa-v2-borders-weights-thresholds.yaml").path
        let base = ["tune"] + runs + ["--space", space, "--maximize", "recall", "--search", "latin_hypercube", "--budget", "20"]
        let out = folder.appendingPathComponent("t").path
        let tune = try WarnSimProcess.run(base + ["--holdout-seeds", "2", "--confirm", "--scenario", scenario.path, "--out", out])
        #expect(tune.status == 0, "\(tune.stderr)")
        #expect(tune.stdout.contains("confirmed with the loop closed on the 2 held-out seed(s)"))
        #expect(tune.stdout.contains("hold out at least 10 seeds"))
        let confirmed = try String(contentsOf: URL(fileURLWithPath: out + "/confirmed.csv"), encoding: .utf8)
        let rows = confirmed.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.map { String($0[0]) } == ["production", "recommended"])
        // Production re-simulated live is the held-out runs themselves: confirmed equals screened.
        if let production = rows.first { #expect(production[2] == production[4] && production[3] == production[7]) }
        #expect(rows.allSatisfy { $0[LoopOutcomesColumns.index(of: "runs")] == "2" })
        let differences = try String(contentsOf: URL(fileURLWithPath: out + "/confirmed-differences.csv"), encoding: .utf8)
        let lines = differences.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(lines.first?.prefix(3) == ["outcome", "seeds", "production_per_run"])
        #expect(lines.dropFirst().map { String($0[0]) }.starts(with: ["infections_averted", "infections", "quarantine_person_days"]))
        #expect(lines.dropFirst().allSatisfy { $0[1] == "2" })
        for seed in ["5", "6"] {
            #expect(FileManager.default.fileExists(atPath: out + "/confirm/recommended/seed-\(seed)/summary.csv"))
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/confirm/recommended/seed-4"), "seed 4 tuned: not confirmed")

        // Runs of another scenario (other --set fields) are not pooled; another radio channel is.
        let quarantine = folder.appendingPathComponent("run-q").path
        let radio = folder.appendingPathComponent("run-r").path
        for (out, field) in [
            (quarantine, "response.quarantine_days=5"), (radio, "radio.parameters=../radio/variants/bus-lanfer-empty.yaml"),
        ] {
            let result = try WarnSimProcess.run(
                ["simulate", scenario.path, "--seed", "6", "--days", "10", "--out", out, "--set", field, "--no-counterfactual"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let mixed = try WarnSimProcess.run(
            [
                "tune", runs[0], quarantine, "--space", space, "--maximize", "recall", "--holdout-seeds", "1", "--out",
                folder.appendingPathComponent("mixed").path,
            ])
        #expect(mixed.status == 2)
        #expect(
            mixed.stderr.contains("run-q/manifest.json") && mixed.stderr.contains("--set response.quarantine_days=5"), "\(mixed.stderr)")
        let channels = try WarnSimProcess.run(
            [
                "tune", runs[0], radio, "--space", space, "--maximize", "recall", "--search", "latin_hypercube", "--budget", "10",
                "--holdout-seeds", "1", "--out", folder.appendingPathComponent("channels").path,
            ])
        #expect(channels.status == 0 || channels.status == 1, "\(channels.stderr)")
        // A sweep over two channels reports each configuration's radio range beside its seed interval.
        let sweepOut = folder.appendingPathComponent("sweep-channels").path
        let sweep = try WarnSimProcess.run([
            "sweep", runs[0], runs[1], radio, "--sweep", ProjectFiles.root.appendingPathComponent("Configs/sweeps/day-threshold.yaml").path,
            "--out", sweepOut,
        ])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let metrics = try String(contentsOf: URL(fileURLWithPath: sweepOut + "/metrics.csv"), encoding: .utf8)
        let table = metrics.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let column = { (name: String) in table[0].firstIndex(of: name)! }
        var spread = false
        for row in table.dropFirst() {
            for metric in ["precision", "recall"] {
                guard let value = Double(row[column(metric)]), !value.isNaN,
                    let low = Double(row[column(metric + "_radio_low")]), let high = Double(row[column(metric + "_radio_high")])
                else { continue }
                #expect(low <= value + 1e-6 && value <= high + 1e-6, "\(row[0]) \(metric): \(low) \(value) \(high)")
                if high > low { spread = true }
            }
        }
        #expect(spread, "two channels give some configuration a radio range wider than a point")
        // A sweep folder is not a run folder: evaluate says what it is.
        let notRuns = try WarnSimProcess.run(["evaluate", sweepOut])
        #expect(notRuns.status == 2)
        #expect(notRuns.stderr.contains("is the output of `warnsim sweep`, not a run folder"), "\(notRuns.stderr)")

        for (arguments, message) in [
            (["--holdout-seeds", "0", "--confirm", "--scenario", scenario.path], "needs held-out seeds"),
            (["--holdout-seeds", "1", "--confirm"], "--confirm needs the scenario"),
            (["--holdout-seeds", "1", "--confirm", "--scenario", ProjectFiles.scenario("town-10k.yaml").path], "is not the scenario"),
        ] {
            let bad = folder.appendingPathComponent("bad").path
            let result = try WarnSimProcess.run(base + arguments + ["--out", bad])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: bad))
        }
    }

    @Test func sweepFilesVaryScenarioFieldsThroughConfirmation() throws {
        let scenario = try Self.scenario()
        defer { try? FileManager.default.removeItem(at: scenario) }
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run").path
        #expect(try WarnSimProcess.run(["simulate", scenario.path, "--seed", "11", "--days", "14", "--out", run]).status == 0)
        let sweepFile = folder.appendingPathComponent("sweep.yaml")
        try """
        method: grid
        parameters:
          day_threshold: {values: [5, 9, 30]}
        scenario_fields:
          response.warned_quarantine_probability: ["0", "1"]
        """.write(to: sweepFile, atomically: true, encoding: .utf8)
        // Without --confirm the scenario fields cannot be scored: refused.
        let screened = try WarnSimProcess.run(["sweep", run, "--sweep", sweepFile.path, "--out", folder.appendingPathComponent("s0").path])
        #expect(screened.status == 2)
        #expect(screened.stderr.contains("scenario_fields"))
        let out = folder.appendingPathComponent("s").path
        let sweep = try WarnSimProcess.run([
            "sweep", run, "--sweep", sweepFile.path, "--out", out, "--confirm", "1", "--scenario", scenario.path,
        ])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let confirmed = try String(contentsOf: URL(fileURLWithPath: out + "/confirmed.csv"), encoding: .utf8)
        let rows = confirmed.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.count >= 2 && rows.count % 2 == 0, "production and the front's best, under each of two variants")
        #expect(rows.first?.first == "production")
        #expect(
            Set(rows.map { String($0[1]) }) == ["response.warned_quarantine_probability=0", "response.warned_quarantine_probability=1"])
        // Nobody quarantines in the first variant; warned users do in the second.
        let quarantine = LoopOutcomesColumns.index(of: "quarantine_person_days")
        for row in rows where row[1].hasSuffix("=0") { #expect(row[quarantine] == "0") }
        #expect(rows.contains { $0[1].hasSuffix("=1") && $0[quarantine] != "0" })
    }
}

/// Column positions of `confirmed.csv`.
enum LoopOutcomesColumns {
    static let header = [
        "id", "scenario", "screen_precision", "screen_recall", "precision", "precision_low", "precision_high", "recall", "recall_low",
        "recall_high", "runs", "runs_with_counterfactual", "infections", "counterfactual_infections", "infections_averted_per_run",
        "infections_averted_low", "infections_averted_high", "quarantine_person_days",
    ]
    static func index(of column: String) -> Int { header.firstIndex(of: column)! }
}
