import Analysis
import ExposureNotification
import Foundation
import RiskCalculation
import Simulation
import SimulationTestSupport
import Testing
import WarnSimTestSupport

@Suite("Encounter-level outcomes: phone × uploader key-day units")
struct EncounterOutcomesTests {
    /// The batch scorer's unit decisions equal the exact CWA engine run on each
    /// unit's windows by hand, and the counts add up to the universe of
    /// key-days × eligible phones.
    @Test func unitsMatchTheExactEngineAndAddUp() throws {
        let set = try RunSet(folders: [try RecordedRunFixture.shared.get()], options: LabelOptions())
        let run = set.runs[0]
        let keyDays = try #require(run.keyDays)
        #expect(!keyDays.isEmpty)
        let outcome = try EncounterScorer(runs: set.runs, options: LabelOptions()).outcomes(
            configurations: [set.production], workers: 2)[0]
        let matrix = try #require(outcome.matrix)
        let eligible = run.phones.filter { $0.hasApp && $0.exposureLogging }.count
        let universe = keyDays.reduce(0) { $0 + eligible - (run.phones[$1.owner].exposureLogging ? 1 : 0) }
        #expect(matrix.phones == universe)

        // By hand: a unit is at risk with ≥ 15 cumulative minutes within 2 m,
        // flagged when the exact engine gives its own windows HIGH.
        guard case .cwaExposureWindows(let parameters) = set.production.scheme else {
            Issue.record("the fixture runs CWA v2")
            return
        }
        var atRisk = Set<[Int]>()
        for keyDay in keyDays {
            for contact in keyDay.contacts {
                let minutes = contact.encounters.joined().filter { $0.distance <= 2 }.reduce(0) { $0 + Int($1.end - $1.start) }
                if minutes >= 15 { atRisk.insert([contact.phone, keyDay.owner, keyDay.day]) }
            }
        }
        let keyDaySet = Set(keyDays.map { [$0.owner, $0.day] })
        var windows: [[Int]: [ExposureWindow]] = [:]
        for w in run.windows where keyDaySet.contains([w.owner, w.window.dayNumber]) {
            windows[[w.phone, w.owner, w.window.dayNumber], default: []].append(w.window)
        }
        var flagged = Set<[Int]>()
        for (unit, own) in windows {
            let engine = CWARiskEngine(parameters: parameters, platform: run.phones[unit[0]].platform)
            if try engine.calculate(own, referenceDay: unit[2]).totalRiskLevel == .high { flagged.insert(unit) }
        }
        #expect(!flagged.isEmpty && !atRisk.isEmpty, "the fixture exercises both")
        #expect(matrix.truePositives == flagged.intersection(atRisk).count)
        #expect(matrix.falsePositives == flagged.subtracting(atRisk).count)
        #expect(matrix.falseNegatives == atRisk.subtracting(flagged).count)

        // A stricter distance can only shrink the units at risk.
        var near = LabelOptions()
        near.closeContactMetres = 1
        let strict = try #require(
            try EncounterScorer(runs: set.runs, options: near).outcomes(configurations: [set.production], workers: 1)[0].matrix)
        #expect(strict.atRisk <= matrix.atRisk && strict.warned == matrix.warned && strict.phones == matrix.phones)
    }

    @Test func runsWithoutContactsReadNaN() throws {
        let outcome = EncounterOutcomes(matrix: nil)
        #expect(outcome.cells.count == EncounterOutcomes.columns.count)
        #expect(outcome.cells.allSatisfy { $0 == "nan" })
        #expect(outcome.summaryLine(options: LabelOptions()).contains("n/a"))
    }
}
