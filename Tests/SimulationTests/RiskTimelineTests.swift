import Crypto
import ExposureNotification
import Foundation
import RiskCalculation
import Services
import Simulation
import Testing
import WarnSimCore

/// `risk.timeline`: configurations published on the signed app-configuration
/// endpoint on their dates reach the phones at their next fetch and change
/// their scores from then on; forged configurations are refused.
@Suite struct RiskTimelineTests {
    /// The village's start, Monday 2021-04-12 00:00 UTC.
    static let start: Int64 = 1_618_185_600
    /// 2021-04-17 00:00 UTC, day 5 of the run.
    static let switchTime = start + 5 * 86_400

    static let risk = SimulationRunTests.scenarios.deletingLastPathComponent().appendingPathComponent("risk")

    static func scheme(_ file: String) throws -> RiskScheme {
        try ConfigurationLoader.load(path: risk.appendingPathComponent(file).path).scheme
    }

    /// The village starting with the CWA's ENF v1 parameters of 2020 and
    /// switching to the CWA v2 parameters on 2021-04-17.
    static func v1ToV2() throws -> URL {
        try LiveDecisionCheck.village {
            $0.replacingOccurrences(
                of: "  configuration: ../risk/cwa-2021-04-14.yaml\n",
                with: """
                      configuration: ../risk/cwa-2020-enf-v1.yaml
                      timeline:
                        - date: 2021-04-17
                          configuration: ../risk/cwa-2021-04-14.yaml

                    """)
        }
    }

    /// A timeline run of 9 days and what the phones ran on the day before the switch.
    struct Observed: Sendable {
        var run: SimulationRun
        /// Scheme identifiers of the app phones' engines at the end of day 4.
        var enginesBeforeSwitch: Set<String>
        /// Whether every app's last result at the end of day 4 was an ENF v1 summary.
        var v1ResultsBeforeSwitch: Bool
    }

    static func timelineRun(workers: Int) throws -> Observed {
        let url = try v1ToV2()
        defer { try? FileManager.default.removeItem(at: url) }
        var run = try SimulationRun(scenario: try Scenario.load(url), seed: 11, workers: workers)
        var engines = Set<String>()
        var v1Results = true
        for day in 0..<9 {
            try run.simulate(day: day)
            if day == 4 {
                engines = Set(run.phones.compactMap { $0.engine?.scheme.identifier })
                v1Results = run.phones.compactMap(\.app).allSatisfy { $0.lastRisk == nil || $0.lastRisk?.enfV1 != nil }
            }
        }
        return Observed(run: run, enginesBeforeSwitch: engines, v1ResultsBeforeSwitch: v1Results)
    }

    static let shared = Result { try timelineRun(workers: 2) }

    @Test func aConfigurationChangeReachesThePhonesOnItsDate() throws {
        let observed = try Self.shared.get()
        let run = observed.run
        let v1 = try Self.scheme("cwa-2020-enf-v1.yaml")
        let v2 = try Self.scheme("cwa-2021-04-14.yaml")
        #expect(run.app.riskTimeline.map(\.publishedAt) == [Self.switchTime])
        #expect(run.publishedTimelineEntries == 1)
        #expect(run.rejectedAppConfigurations == 0)
        #expect(run.acceptedConfigurations.map(\.at) == [Self.start, Self.switchTime])
        #expect(run.acceptedConfigurations.map(\.configuration.scheme) == [v1, v2])
        // Before the date every phone ran v1; from it on, v2 in its own platform's variant.
        #expect(observed.enginesBeforeSwitch == [RiskScheme.cwa2020Identifier])
        #expect(observed.v1ResultsBeforeSwitch)
        for phone in run.phones where phone.hasApp {
            #expect(phone.engine?.scheme == v2 && phone.engine?.platform == phone.platform)
        }
        #expect(run.riskConfiguration.scheme == v2)

        // Every detection: before the date the v1 decision, from it on the v2 one.
        let inForce = { (at: Int64) in at < Self.switchTime ? v1 : v2 }
        let notInForce = { (at: Int64) in at < Self.switchTime ? v2 : v1 }
        let tally = try LiveDecisionCheck.check(run, scheme: inForce, other: notInForce)
        #expect(tally.mismatches.isEmpty, "\(tally.mismatches.prefix(5))")
        #expect(tally.byScheme[RiskScheme.cwa2020Identifier, default: 0] > 0)
        #expect(tally.byScheme[RiskScheme.cwaExposureWindowsIdentifier, default: 0] > 0)
        #expect(tally.differingUnderOther > 0, "the two schemes must decide some detection differently")
        for phone in run.phones where phone.hasApp {
            #expect(phone.firstHighRiskTime == (try LiveDecisionCheck.firstHigh(phone, in: run, scheme: inForce)), "person \(phone.person)")
        }
    }

    /// A configuration not signed with the backend's key, and the backend's
    /// own bytes with the payload altered, are refused: the phones keep the
    /// configuration they had, and still take up the next genuine one.
    @Test func forgedConfigurationsAreRefused() throws {
        let url = try LiveDecisionCheck.village {
            $0.replacingOccurrences(
                of: "  configuration: ../risk/cwa-2021-04-14.yaml\n",
                with: """
                      configuration: ../risk/cwa-2021-04-14.yaml
                      timeline:
                        - date: 2021-04-15
                          configuration: ../risk/cwa-2020-06-16-launch-enf-v1.yaml

                    """)
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let v2 = try Self.scheme("cwa-2021-04-14.yaml")
        let v1 = try Self.scheme("cwa-2020-06-16-launch-enf-v1.yaml")
        let genuine = Self.start + 3 * 86_400
        var run = try SimulationRun(scenario: try Scenario.load(url), seed: 11, workers: 2)
        try run.simulate(day: 0)

        // Signed with another key: a valid container, a signature that does not verify.
        let forgedPayload = Data(ConfigurationWriter.yaml(RiskConfiguration(name: "forged", source: "attacker", scheme: v1)).utf8)
        let forged = try SignedAppConfiguration.seal(
            payload: forgedPayload, version: UInt64(Self.start + 86_400 - 60), with: P256.Signing.PrivateKey())
        try run.serveTamperedAppConfiguration(forged, now: Self.start + 86_400 - 60)
        try run.simulate(day: 1)
        #expect(run.rejectedAppConfigurations == 1)
        #expect(run.phones.filter(\.hasApp).allSatisfy { $0.engine?.scheme == v2 })

        // The backend's signed bytes with one payload byte changed.
        var altered = try run.backend.fetchAppConfiguration(now: Self.start)
        altered[altered.startIndex + 40] ^= 0x01
        try run.serveTamperedAppConfiguration(altered, now: Self.start + 2 * 86_400 - 60)
        try run.simulate(day: 2)
        #expect(run.rejectedAppConfigurations == 2)
        #expect(run.phones.filter(\.hasApp).allSatisfy { $0.engine?.scheme == v2 })
        #expect(run.riskConfiguration.scheme == v2)

        // The next genuine publication is taken up.
        for day in 3..<7 { try run.simulate(day: day) }
        #expect(run.rejectedAppConfigurations == 2)
        #expect(run.acceptedConfigurations.map(\.at) == [Self.start, genuine])
        #expect(run.phones.filter(\.hasApp).allSatisfy { $0.engine?.scheme == v1 })
        let tally = try LiveDecisionCheck.check(run, scheme: { $0 < genuine ? v2 : v1 })
        #expect(tally.mismatches.isEmpty, "\(tally.mismatches.prefix(5))")
        #expect(tally.byScheme[RiskScheme.cwaExposureWindowsIdentifier, default: 0] > 0)
        #expect(tally.byScheme[RiskScheme.cwa2020Identifier, default: 0] > 0)
    }

    /// A timeline run writes byte-identical files on 1 and 2 threads; the
    /// manifest records the timeline and the configurations the phones used,
    /// `risk.yaml` the final one.
    @Test func sameFilesOnOneAndTwoThreads() throws {
        let two = try Self.shared.get().run
        let one = try Self.timelineRun(workers: 1).run
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-timeline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        var files: [[String: Data]] = []
        for (name, run) in [("one", one), ("two", two)] {
            let folder = base.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try RunOutputs.write(run, to: folder, version: "test", inputs: [], timings: nil)
            var contents: [String: Data] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                contents[file] = try Data(contentsOf: folder.appendingPathComponent(file))
            }
            files.append(contents)
        }
        #expect(files[0].keys.sorted() == files[1].keys.sorted())
        for (name, data) in files[0] { #expect(files[1][name] == data, "\(name) differs between 1 and 2 threads") }

        let manifest = String(decoding: try #require(files[0]["manifest.json"]), as: UTF8.self)
        #expect(manifest.contains("\"risk_timeline\": [{\"date\": \"2021-04-17\", \"published_at\": \(Self.switchTime)"))
        #expect(manifest.contains("{\"from\": \(Self.switchTime), \"configuration\": \"cwa-2021-04-14\""))
        let risk = String(decoding: try #require(files[0]["risk.yaml"]), as: UTF8.self)
        #expect(try ConfigurationLoader.load(text: risk, file: "risk.yaml").scheme == (try Self.scheme("cwa-2021-04-14.yaml")))
    }

    @Test func badTimelinesNameTheFieldAndTheProblem() throws {
        let folder = SimulationRunTests.scenarios
        let invalid = folder.appendingPathComponent(".test-invalid-\(UUID().uuidString).yaml")
        try "scheme: cwa-2020-enf-v1\nname: x\nsource: y\nparameters: {}\n".write(to: invalid, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: invalid) }
        func timeline(_ entries: String) -> (String) -> String {
            {
                $0.replacingOccurrences(
                    of: "  configuration: ../risk/cwa-2021-04-14.yaml\n",
                    with: "  configuration: ../risk/cwa-2021-04-14.yaml\n  timeline:\n" + entries)
            }
        }
        let entry = { (date: String, file: String) in "    - date: \(date)\n      configuration: \(file)\n" }
        let cases: [(String, String, String)] = [
            (entry("2021-04-12", "../risk/cwa-2020-enf-v1.yaml"), "risk.timeline[0].date", "not after simulation.start_date"),
            (entry("2021-04-26", "../risk/cwa-2020-enf-v1.yaml"), "risk.timeline[0].date", "after the run's last day 2021-04-25"),
            (entry("2021-04-31", "../risk/cwa-2020-enf-v1.yaml"), "risk.timeline[0].date", "YYYY-MM-DD"),
            (
                entry("2021-04-16", "../risk/cwa-2020-enf-v1.yaml") + entry("2021-04-15", "../risk/cwa-2021-04-14.yaml"),
                "risk.timeline[1].date", "not after the previous entry's date 2021-04-16"
            ),
            (entry("2021-04-16", "../risk/no-such-file.yaml"), "risk.timeline[0].configuration", "no-such-file.yaml"),
            (entry("2021-04-16", invalid.lastPathComponent), "risk.timeline[0].configuration", "parameters"),
            (entry("2021-04-16", "../risk/cwa-2020-enf-v1.yaml") + "      platform: ios\n", "risk.timeline[0].platform", "unknown key"),
            ("    date: 2021-04-16\n", "risk.timeline", "expected a list"),
            ("    - 2021-04-16\n", "risk.timeline[0]", "expected a mapping"),
        ]
        for (entries, field, problem) in cases {
            let url = try LiveDecisionCheck.village(timeline(entries))
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                _ = try Scenario.load(url)
                Issue.record("accepted the bad timeline for \(field)")
            } catch let error as InputError {
                #expect(error.file == url.path)
                #expect(error.field == field, "\(error)")
                #expect(error.problem.contains(problem), "\(error)")
            }
        }
    }
}
