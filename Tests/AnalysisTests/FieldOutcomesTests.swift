import Foundation
import SimulationTestSupport
import Testing
import WarnSimTestSupport

@testable import Analysis

@Suite("Field outcomes: the data donation's figures from a recorded run")
struct FieldOutcomesTests {
    @Test func outcomesOfTheRecordedWarnings() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let run = set.runs[0]
        let outcomes = FieldOutcomeCalculator(runs: set).outcomes(warnedAt: set.recordedWarnings)
        let warned = run.phones.filter { $0.hasApp && $0.firstHighRiskAt != nil }
        #expect(outcomes.warnedPhones == warned.count)
        #expect(outcomes.uploaders == run.phones.filter(\.sharedKeys).count)
        #expect(outcomes.uploaders > 0, "the fixture has uploads")
        #expect(outcomes.warningsPerUploader == Double(warned.count) / Double(outcomes.uploaders))
        if outcomes.warnedPhones > 0 {
            // A warning follows a detected exposure, within the 14 days the framework keeps.
            #expect(outcomes.exposureToWarningDaysMedian >= 0 && outcomes.exposureToWarningDaysMedian <= 15)
            #expect(outcomes.exposureToWarningDaysMean >= 0 && outcomes.exposureToWarningDaysMean <= 15)
            for share in [outcomes.warnedLaterPositiveShare, outcomes.warnedLaterInfectedShare] {
                #expect(share >= 0 && share <= 1)
            }
        }
    }

    /// Per-run tallies add up to the outcomes of the runs together (what
    /// `warnsim validate` pools and resamples).
    @Test func perRunTalliesAddUpToThePooledOutcomes() throws {
        let folder = try RecordedRunFixture.shared.get()
        let set = try RunSet(folders: [folder, folder], options: LabelOptions())
        let calculator = FieldOutcomeCalculator(runs: set)
        let tallies = calculator.tallies(warnedAt: set.recordedWarnings)
        #expect(tallies.count == 2 && tallies[0] == tallies[1])
        let pooled = calculator.outcomes(warnedAt: set.recordedWarnings)
        #expect(pooled == (tallies[0] + tallies[1]).outcomes)
        #expect(pooled.warnedPhones == 2 * tallies[0].warned && pooled.uploaders == 2 * tallies[0].uploaders)
        #expect(pooled.warningsPerUploader == tallies[0].outcomes.warningsPerUploader)
    }

    @Test func nobodyWarnedGivesNaNsAndZeroCounts() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let none = set.recordedWarnings.map { $0.map { _ in Int64?.none } }
        let outcomes = FieldOutcomeCalculator(runs: set).outcomes(warnedAt: none)
        #expect(outcomes.warnedPhones == 0)
        #expect(outcomes.warningsPerUploader == 0)
        #expect(outcomes.exposureToWarningDaysMean.isNaN && outcomes.warnedLaterPositiveShare.isNaN)
    }

    @Test func delayIsFromTheMostRecentDetectedExposure() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let run = set.runs[0]
        // Warn one phone that has windows, one day after its last detection.
        guard let window = run.windows.max(by: { $0.detectedAt < $1.detectedAt }) else {
            Issue.record("the fixture has windows")
            return
        }
        let slot = try #require(set.labels[0].phones.firstIndex(of: window.phone))
        var warned = set.recordedWarnings.map { $0.map { _ in Int64?.none } }
        let at = window.detectedAt + 86_400
        warned[0][slot] = at
        let latest = run.windows.filter { $0.phone == window.phone && $0.detectedAt <= at }.map(\.firstScanTime).max()!
        let outcomes = FieldOutcomeCalculator(runs: set).outcomes(warnedAt: warned)
        #expect(outcomes.warnedPhones == 1)
        #expect(outcomes.exposureToWarningDaysMedian == Double(at - latest) / 86_400)
    }

    /// The data donation counts PCR tests with their results: a warned user's
    /// first test after the warning whose result was still pending when the
    /// run ended is not a tested user (it counted as a negative one before).
    @Test func aFirstTestStillPendingAtTheEndIsNotCounted() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        var calculator = FieldOutcomeCalculator(runs: set)
        var warned = set.recordedWarnings.map { $0.map { _ in Int64?.none } }
        let at: Int64 = 1_618_300_000
        warned[0][0] = at
        calculator.appTests[0][0] = [RecordedRun.AppTest(registeredAt: at + 3_600, result: "")]
        let pending = calculator.tallies(warnedAt: warned)[0]
        #expect(pending.warned == 1 && pending.tested == 0 && pending.testedPositive == 0)
        #expect(calculator.outcomes(warnedAt: warned).warnedTestedPositiveShare.isNaN)
        for result in ["POSITIVE", "NEGATIVE"] {
            calculator.appTests[0][0] = [
                RecordedRun.AppTest(registeredAt: at - 60, result: "NEGATIVE"),
                RecordedRun.AppTest(registeredAt: at + 3_600, result: result),
            ]
            let known = calculator.tallies(warnedAt: warned)[0]
            #expect(known.tested == 1 && known.testedPositive == (result == "POSITIVE" ? 1 : 0), "\(result)")
        }
    }
}
