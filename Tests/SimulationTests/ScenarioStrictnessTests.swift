import Foundation
import Population
import Simulation
import Testing
import WarnSimCore

/// Scenario fields that were once read leniently are errors naming the
/// field: unknown keys in `*.time` sections, the fields the scenario README
/// calls required, and more initial infections than people.
@Suite struct ScenarioStrictnessTests {
    static func expectRejected(_ field: String, problem: String, _ edit: @escaping (String) -> String) throws {
        let url = try SimulationRunTests.scenario(edit)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try Scenario.load(url)
            Issue.record("accepted bad input for \(field)")
        } catch let error as InputError {
            #expect(error.field == field, "\(error)")
            #expect(problem.isEmpty || error.problem.contains(problem), "\(error)")
            #expect(error.file == url.path, "\(error)")
        }
    }

    @Test func anUnknownKeyInATimeSectionNamesIt() throws {
        try Self.expectRejected("population.work.time.typo", problem: "unknown key") {
            $0.replacingOccurrences(
                of: "      duration_minutes: 480\n  school:", with: "      duration_minutes: 480\n      typo: 1\n  school:")
        }
        try Self.expectRejected("population.leisure.time.start", problem: "unknown key") {
            $0.replacingOccurrences(of: "      start_minute: 1140\n", with: "      start_minute: 1140\n      start: 1\n")
        }
    }

    @Test func requiredAppRiskAndServicesFieldsAreRequired() throws {
        try Self.expectRejected("app.max_detections_per_day", problem: "required field is missing") {
            $0.replacingOccurrences(of: "  max_detections_per_day: 6\n", with: "")
        }
        try Self.expectRejected("app.ios_share", problem: "required field is missing") {
            $0.replacingOccurrences(of: "  ios_share: 0.47\n", with: "")
        }
        try Self.expectRejected("app.ios.download_interval_minutes", problem: "required field is missing") {
            $0.replacingOccurrences(of: "    download_interval_minutes: 120\n", with: "")
        }
        try Self.expectRejected("app.android.scan_jitter_s", problem: "must be less than scan_interval_s") {
            $0.replacingOccurrences(of: "    scan_jitter_s: 90\n", with: "    scan_jitter_s: 300\n")
        }
        // A scenario from before the phones had platforms names the fields that replaced risk.platform.
        try Self.expectRejected("risk.platform", problem: "app.ios_share") {
            $0.replacingOccurrences(
                of: "  configuration: ../risk/cwa-2021-04-14.yaml\n",
                with: "  configuration: ../risk/cwa-2021-04-14.yaml\n  platform: android\n")
        }
        try Self.expectRejected("services.distribution.shifting-policy-threshold", problem: "required field is missing") {
            $0.replacingOccurrences(of: "    shifting-policy-threshold: 1\n", with: "")
        }
        try Self.expectRejected("services", problem: "required field is missing") {
            String($0[..<$0.range(of: "services:\n")!.lowerBound])
        }
    }

    @Test func moreInitialInfectionsThanPeopleIsAnError() throws {
        try Self.expectRejected("epidemiology.initial_infections", problem: "801 exceeds population.people (800)") {
            $0.replacingOccurrences(of: "  initial_infections: 100\n", with: "  initial_infections: 801\n")
        }
        // As many as there are people is allowed.
        let url = try SimulationRunTests.scenario {
            $0.replacingOccurrences(of: "  initial_infections: 100\n", with: "  initial_infections: 800\n")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try Scenario.load(url).world.epidemiology.initialInfections == 800)
    }

    @Test func theShippedScenariosStateEveryRequiredField() throws {
        for name in [
            "town-10k.yaml", "city-100k.yaml", "region-1m.yaml", "village-2k.yaml", "town-10k-lockdown-2021.yaml", "cwa-2020-v1.yaml",
            "cwa-v1-to-v2-timeline.yaml",
        ] {
            let scenario = try Scenario.load(SimulationRunTests.scenarios.appendingPathComponent(name))
            #expect(scenario.app.services.distribution.shiftingPolicyThreshold == 1)
            #expect(scenario.app.maxDetectionsPerDay == 6)
        }
    }
}

/// Scenario sizes stay where the world's 32-bit person and venue indices hold.
@Suite struct ScenarioSizeLimitTests {
    @Test func peopleAboveTheLoadersBoundAreRefusedBeforeAnythingIsBuilt() throws {
        for people in ["50000001", "2147483648", "9223372036854775807", "99999999999999999999"] {
            try ScenarioStrictnessTests.expectRejected("population.people", problem: "") {
                $0.replacingOccurrences(of: "  people: 800\n", with: "  people: \(people)\n")
            }
        }
        // The bound keeps person indices (Int32) and their household and venue
        // numbers below 2^31.
        #expect(50_000_000 < Int(Int32.max))
    }
}
