import Foundation
import Population
import Services
import Simulation
import Testing

/// The loop closed: warnings change what people do, tests are taken by the
/// infected and the uninfected alike with their real error rates, and a run's
/// counterfactual (every warning ignored) differs only by the warnings' effect.
@Suite struct ClosedLoopTests {
    static let scenarios = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Configs/scenarios")

    /// The village shrunk to 800 people with 40 initial infections (enough
    /// warnings in three weeks), with `response` appended as its `response:` section.
    static func scenario(response: String = "") throws -> Scenario {
        var text = try String(contentsOf: scenarios.appendingPathComponent("village-2k.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "  people: 2000", with: "  people: 800")
        text = text.replacingOccurrences(of: "  initial_infections: 100", with: "  initial_infections: 40")
        if !response.isEmpty { text += "\nresponse:\n" + response }
        let url = scenarios.appendingPathComponent(".test-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Scenario.load(url)
    }

    static func run(_ scenario: Scenario, days: Int = 21, ignoringWarnings: Bool = false, workers: Int = 2) throws -> SimulationRun {
        var run = try SimulationRun(
            world: scenario.world, app: scenario.app, seed: 11, workers: workers, ignoringWarnings: ignoringWarnings)
        for day in 0..<days { try run.simulate(day: day) }
        return run
    }

    /// Every warned user tests and stays home; nobody stays home for symptoms
    /// alone (so warned people who ignore their warning meet others).
    static let fullCompliance = """
          warned_test_probability: 1
          warned_quarantine_probability: 1
          isolation_compliance: 1
          symptomatic_isolation: 0

        """

    /// Infections caused outside the infector's household after the infector saw a warning.
    static func infectionsByWarnedOutsideHome(_ run: SimulationRun) -> Int {
        run.world.infections.filter { infection in
            guard infection.infector >= 0, let seen = run.phones[Int(infection.infector)].firstWarningTime else { return false }
            let time = run.app.startTime + Int64(infection.time * 86_400)
            return time > seen + 86_400 && infection.setting != Setting.home.rawValue
        }.count
    }

    @Test func warnedPeopleWhoStayHomeInfectFewerThanWarnedPeopleWhoDoNot() throws {
        let scenario = try Self.scenario(response: Self.fullCompliance)
        let complying = try Self.run(scenario)
        let ignoring = try Self.run(scenario, ignoringWarnings: true)
        let warned = complying.phones.filter { $0.firstWarningTime != nil }.count
        #expect(warned > 10, "too few warnings (\(warned)) for the comparison")
        let withResponse = Self.infectionsByWarnedOutsideHome(complying)
        let without = Self.infectionsByWarnedOutsideHome(ignoring)
        #expect(without > 0, "warned people who ignore their warning infected nobody outside home")
        #expect(withResponse < without, "outside-home infections by warned people: \(withResponse) complying, \(without) ignoring")
        // Full compliance: every warned user books a test and stays home the next day.
        #expect(complying.summary.reduce(0) { $0 + $1.quarantined } > 0)
        #expect(ignoring.summary.reduce(0) { $0 + $1.quarantined } == 0)
    }

    @Test func counterfactualIsTheRunWithWarningsIgnored() throws {
        let scenario = try Self.scenario()
        let ignoring = try Self.run(scenario, days: 14, ignoringWarnings: true)
        var counterfactual = CounterfactualRun(scenario: scenario, seed: 11, workers: 1)
        for day in 0..<14 { counterfactual.simulate(day: day) }
        #expect(counterfactual.world.infections == ignoring.world.infections)
        #expect(counterfactual.summary.map(\.isolating) == ignoring.summary.map(\.isolating))
        #expect(counterfactual.health.testsTaken == ignoring.health.testsTaken)
    }

    @Test func negativeAndInvalidResultsOccurAndNeverYieldATAN() throws {
        let scenario = try Self.scenario()
        // Invalid results are rare (0.86 %): raise their share for this test.
        var app = scenario.app
        app.testing.invalidShare = 0.2
        var run = try SimulationRun(world: scenario.world, app: app, seed: 11, workers: 2)
        for day in 0..<14 { try run.simulate(day: day) }
        let days = run.summary
        #expect(days.reduce(0) { $0 + $1.negativeResults } > 0)
        #expect(days.reduce(0) { $0 + $1.invalidResults } > 0)
        #expect(days.reduce(0) { $0 + $1.appNegativeResults } > 0)
        #expect(days.reduce(0) { $0 + $1.appInvalidResults } > 0)
        // Uninfected people tested NEGATIVE; some infected people too (PCR sensitivity).
        let infected = { (person: Int) in run.world.disease.infectionTime[person].isFinite }
        #expect(run.phones.indices.contains { run.health.testsTaken[$0] > 0 && !infected($0) })
        var backend = run.backend
        let now = run.app.startTime + 14 * 86_400
        var refused = 0
        for phone in run.phones {
            guard let test = phone.app?.test, let result = test.result, result != .positive else { continue }
            #expect(throws: VerificationError.self) { try backend.requestTAN(registrationToken: test.token, now: now) }
            refused += 1
        }
        #expect(refused > 0)
        // Every upload came from a positive result.
        for phone in run.phones where phone.app?.hasSharedKeys == true {
            #expect(run.health.positiveKnownAt[phone.person] != nil)
        }
    }

    @Test func usersWithoutNotificationsSeeTheirWarningWhenTheyOpenTheApp() throws {
        let run = try Self.run(try Self.scenario(), days: 14)
        var withPermission = 0
        var without = 0
        for phone in run.phones {
            guard let high = phone.firstHighRiskTime, let app = phone.app else { continue }
            let end = run.app.startTime + 14 * 86_400
            if app.consents.notifications {
                #expect(phone.firstWarningTime == high)
                #expect(phone.warningDelay == 0)
                withPermission += 1
            } else {
                #expect(phone.warningDelay > 0)
                #expect(phone.firstWarningTime == (high + phone.warningDelay < end ? high + phone.warningDelay : nil))
                without += 1
            }
        }
        #expect(withPermission > 0)
        #expect(without > 0, "no warned user without notification permission in this run")
    }

    @Test func symptomAnswersFollowTheTrueOnset() {
        let shares = SymptomAnswerShares.defaults
        #expect(shares.answer(onsetDaysAgo: 3, u: 0.1) == .exactOnset(daysAgo: 3))
        #expect(shares.answer(onsetDaysAgo: 3, u: 0.6) == .withinLastSevenDays)
        #expect(shares.answer(onsetDaysAgo: 9, u: 0.6) == .oneToTwoWeeksAgo)
        #expect(shares.answer(onsetDaysAgo: 20, u: 0.6) == .moreThanTwoWeeksAgo)
        #expect(shares.answer(onsetDaysAgo: 3, u: 0.75) == .symptomsWithoutDate)
        #expect(shares.answer(onsetDaysAgo: 3, u: 0.95) == .noAnswer)
        #expect(shares.answer(onsetDaysAgo: nil, u: 0.5) == .noSymptoms)
        #expect(shares.answer(onsetDaysAgo: nil, u: 0.9) == .noAnswer)
    }

    @Test func falseNegativeRatesAreKucirkasCurve() {
        let testing = TestingConfig.defaults
        #expect(testing.falseNegativeRate(daysSinceInfection: 0.5) == 1)
        #expect(testing.falseNegativeRate(daysSinceInfection: 5.2) == 0.387)
        #expect(testing.falseNegativeRate(daysSinceInfection: 8) == 0.191)
        #expect(testing.falseNegativeRate(daysSinceInfection: 40) == 0.630)
        #expect(testing.falseNegativeRate(daysSinceInfection: -1) == 1)
    }
}
