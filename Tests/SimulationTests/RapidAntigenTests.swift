import Crypto
import ExposureNotification
import Foundation
import Population
import Services
import Testing
import WarnSimCore

@testable import Simulation

/// Rapid antigen tests (`testing.rapid_antigen`) and PCR specificity
/// (`testing.pcr_specificity`): the cited figures, the rates of false
/// positives over many deterministic draws, and a positive rapid test's way to
/// a key upload (CWA 2.1).
@Suite struct RapidAntigenTests {
    static let start: Int64 = 1_618_185_600  // 2021-04-12 00:00 UTC

    @Test func sensitivityTableIsBasilesTable3() {
        let rapid = RapidAntigenTesting(warnedShare: 1)
        // Basile et al. 2021, Table 3, row "Total": Ag-RDT / NAAT positivity.
        #expect(abs(rapid.sensitivity(daysSinceOnset: nil) - 30.8 / 90.9) < 0.001)
        #expect(abs(rapid.sensitivity(daysSinceOnset: -0.5) - 30.8 / 90.9) < 0.001)
        for day in 0...7 { #expect(abs(rapid.sensitivity(daysSinceOnset: Double(day) + 0.5) - 84.2 / 93.1) < 0.001) }
        #expect(abs(rapid.sensitivity(daysSinceOnset: 8) - 53.8 / 80.7) < 0.001)
        #expect(abs(rapid.sensitivity(daysSinceOnset: 30) - 53.8 / 80.7) < 0.001)
        #expect(rapid.specificity == 0.9968)
        #expect(rapid.resultMinutes == 20)
        #expect(TestingConfig.defaults.pcrSpecificity == 1)
        #expect(TestingConfig.defaults.rapidAntigen == nil)
    }

    /// `people` uninfected people who all see a warning at the start and all
    /// get tested; the positive results over the next 30 days.
    static func warnedPositives(people: Int, testing: TestingConfig) -> (tests: Int, rapid: Int, positives: Int) {
        var response = ResponseConfig.defaults
        response.warnedTestProbability = 1
        var health = HealthSystem(
            people: people, testing: testing, response: response, startTime: start, seed: 11, ignoresWarnings: false)
        for person in 0..<people { health.warningWillBeSeen(by: person, at: start) }
        let disease = DiseaseState(people: people)
        var tests = 0
        var rapid = 0
        var positives = 0
        for hour in 0..<(30 * 24) {
            let outcome = health.runHour(now: start + Int64(hour) * 3600, disease: disease)
            tests += outcome.tests.count
            rapid += outcome.tests.filter { $0.kind == .rapidAntigen }.count
            positives += outcome.results.filter { $0.result == .positive }.count
        }
        return (tests, rapid, positives)
    }

    @Test func rapidTestsOfTheUninfectedArePositiveAtOneMinusSpecificity() {
        var testing = TestingConfig.defaults
        testing.invalidShare = 0
        testing.rapidAntigen = RapidAntigenTesting(warnedShare: 1, specificity: 0.99)
        let outcome = Self.warnedPositives(people: 20_000, testing: testing)
        #expect(outcome.tests == 20_000)
        #expect(outcome.rapid == 20_000)
        // 200 expected; 4 standard deviations (sd 14) either side.
        #expect((144...256).contains(outcome.positives), "\(outcome.positives) false positives")
    }

    @Test func pcrTestsOfTheUninfectedArePositiveAtOneMinusSpecificity() {
        var testing = TestingConfig.defaults
        testing.invalidShare = 0
        testing.pcrSpecificity = 0.995
        let outcome = Self.warnedPositives(people: 20_000, testing: testing)
        #expect(outcome.tests == 20_000)
        #expect(outcome.rapid == 0)
        // 100 expected (sd 10).
        #expect((60...140).contains(outcome.positives), "\(outcome.positives) false positives")
        // The default specificity of 1: no positive among the uninfected.
        #expect(Self.warnedPositives(people: 2_000, testing: TestingConfig.defaults).positives == 0)
    }

    @Test func warnedShareSplitsTheTestKinds() {
        var testing = TestingConfig.defaults
        testing.invalidShare = 0
        testing.rapidAntigen = RapidAntigenTesting(warnedShare: 0.355)
        let outcome = Self.warnedPositives(people: 10_000, testing: testing)
        #expect(outcome.tests == 10_000)
        // 3,550 expected (sd 48).
        #expect((3_358...3_742).contains(outcome.rapid), "\(outcome.rapid) rapid tests")
    }

    @Test func infectedPeopleTestPositiveAtPCRTimesRelativeSensitivity() {
        var testing = TestingConfig.defaults
        testing.invalidShare = 0
        testing.rapidAntigen = RapidAntigenTesting(warnedShare: 1, specificity: 1)
        let people = 20_000
        var response = ResponseConfig.defaults
        response.warnedTestProbability = 1
        response.warnedTestDelayHours = 0.01  // tested within the hour of the warning
        var health = HealthSystem(
            people: people, testing: testing, response: response, startTime: Self.start, seed: 12, ignoresWarnings: false)
        var disease = DiseaseState(people: people)
        for person in 0..<people {
            // Infected 6.5 days before the test, symptom onset 2.5 days before it.
            disease.infectionTime[person] = 3.5
            disease.onset[person] = 7.5
            disease.symptomatic[person] = true
            health.warningWillBeSeen(by: person, at: Self.start + 10 * 86_400)
        }
        var positives = 0
        for hour in (10 * 24)..<(12 * 24) {
            positives +=
                health.runHour(now: Self.start + Int64(hour) * 3600, disease: disease).results.filter {
                    $0.result == .positive
                }.count
        }
        // Kucirka day 6: false-negative 0.248; Basile days 0–7 after onset: 0.904.
        let expected = Double(people) * (1 - 0.248) * 0.904
        #expect(abs(Double(positives) - expected) < 4 * (expected * (1 - expected / Double(people))).squareRoot())
    }

    @Test func aPositiveRapidTestIsRegisteredByQRCodeAndItsKeysUploadWithinAnHour() throws {
        var backend = try CoronaWarnAppTests.backend()
        var app = CoronaWarnAppTests.app(1)
        // Two days of advertising: keys to share.
        for hour in stride(from: 0, to: 48, by: 4) { _ = app.advertisement(at: Self.start + Int64(hour) * 3600) }
        var phone = SimulatedPhone(
            person: 0, app: app, scanClock: ScanPipeline.ScanClock(person: 0, start: Self.start, seed: 1))
        phone.user.willShare = true
        let taken = Self.start + 2 * 86_400 + 10 * 3600
        let test = TakenTest(
            person: 0, number: 1, takenAt: taken, result: .positive, knownAt: taken + 20 * 60, reason: .warning,
            kind: .rapidAntigen)
        #expect(phone.register(test, backend: &backend, seed: 3))
        #expect(phone.app?.test?.polling == .rapidAntigen)
        var uploaded = 0
        var t = taken
        while phone.app?.hasSharedKeys != true && t < taken + 86_400 {
            t += 15 * 60
            uploaded =
                phone.useBackend(
                    now: t, backend: &backend, shares: .defaults, seed: 3, onsetDaysAgo: { _ in nil }
                ).keysUploaded
        }
        #expect(uploaded > 0)
        // Polled every 15 minutes in the first 90: the upload follows the result within the hour.
        #expect(t - test.knownAt <= 3600)
    }

    @Test func aRapidTestOfATeleTANUserIsNotRegistered() throws {
        var backend = try CoronaWarnAppTests.backend()
        var phone = SimulatedPhone(
            person: 0, app: CoronaWarnAppTests.app(1), scanClock: ScanPipeline.ScanClock(person: 0, start: Self.start, seed: 1))
        phone.user.testRoute = .teleTAN
        let test = TakenTest(
            person: 0, number: 1, takenAt: Self.start, result: .positive, knownAt: Self.start + 1200, reason: .warning,
            kind: .rapidAntigen)
        #expect(!phone.register(test, backend: &backend, seed: 3))
        #expect(!phone.hasPendingBackendWork)
    }
}
