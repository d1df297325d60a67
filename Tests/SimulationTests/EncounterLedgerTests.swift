import ExposureNotification
import Foundation
import Population
import Testing
import WarnSimCore

@testable import Simulation

/// The ledger's day and the scans' encounter index, built by counting sorts
/// and filled by several threads, against the definitions they implement:
/// a plain comparison sort of the app users' encounters, and the encounters
/// a phone can hear someone in, person by person.
@Suite struct EncounterLedgerTests {
    /// A Monday's encounters in the village, and who has the app (every
    /// third person without one, so that both filters remove something).
    static let village = Result {
        var world = try ScanPipelineTests.village()
        let day = world.simulate(day: 0, workers: 2)
        let hasApp = (0..<world.town.people).map { $0 % 3 != 0 }
        return (encounters: day.encounters, exposures: day.exposures, hasApp: hasApp)
    }

    @Test("pair order is the comparison sort of the app users' encounters by pair, start and number")
    func pairOrder() throws {
        let (day, _, hasApp) = try Self.village.get()
        let key = { (i: Int) in UInt64(UInt32(day.personA[i])) << 32 | UInt64(UInt32(day.personB[i])) }
        let expected = (0..<day.count)
            .filter { hasApp[Int(day.personA[$0])] && hasApp[Int(day.personB[$0])] }
            .sorted { (key($0), day.start[$0], $0) < (key($1), day.start[$1], $1) }
            .map(Int32.init)
        #expect(expected.count > 1000 && expected.count < day.count)
        #expect(EncounterLedger.pairOrder(of: day, hasApp: hasApp, workers: 1) == expected)
        #expect(EncounterLedger.pairOrder(of: day, hasApp: hasApp, workers: 2) == expected)
    }

    @Test("a ledger day holds each kept encounter's pair, start and segments, the same on one and two threads")
    func ledgerDay() throws {
        let (day, exposures, hasApp) = try Self.village.get()
        func built(workers: Int) -> EncounterLedger.Day {
            var ledger = EncounterLedger(distanceWeight: { 1 / max($0, 1) })
            ledger.add(encounters: day, exposures: exposures, hasApp: hasApp, workers: workers)
            return ledger.days[0]
        }
        let (one, two) = (built(workers: 1), built(workers: 2))
        let order = EncounterLedger.pairOrder(of: day, hasApp: hasApp)
        #expect(Array(one.pair) == Array(two.pair) && Array(one.segmentFirst) == Array(two.segmentFirst))
        #expect(Array(one.segmentDistance) == Array(two.segmentDistance) && Array(one.segmentEnd) == Array(two.segmentEnd))
        #expect(one.doseEntry == two.doseEntry && one.doseToA == two.doseToA && one.doseToB == two.doseToB)
        #expect(one.pair.count == order.count)
        for (k, i) in order.enumerated().map({ ($0.offset, Int($0.element)) }) {
            #expect(one.pair[k] == UInt64(UInt32(day.personA[i])) << 32 | UInt64(UInt32(day.personB[i])))
            #expect(one.start[k] == day.start[i])
            let mine = Int(one.segmentFirst[k])..<Int(one.segmentFirst[k + 1])
            #expect(Array(one.segmentStart[mine]) == Array(day.segmentStart[day.segments(i)]))
            #expect(Array(one.segmentDistance[mine]) == Array(day.segmentDistance[day.segments(i)]))
        }
        // Every exposure between two app users has its entry's dose.
        for record in exposures where hasApp[Int(day.personA[Int(record.encounter)])] && hasApp[Int(day.personB[Int(record.encounter)])] {
            let k = order.firstIndex(of: record.encounter)!
            let position = try #require(one.dosePosition(k))
            let toB = record.exposed == day.personB[Int(record.encounter)]
            #expect((toB ? one.doseToB[position] : one.doseToA[position]) == record.dose)
        }
    }

    @Test("the scan index lists, per receiving person, the encounters whose other person advertises, in encounter order")
    func scanIndex() throws {
        let (day, _, hasApp) = try Self.village.get()
        let people = hasApp.count
        let advertises = (0..<people).map { hasApp[$0] && $0 % 5 != 1 }
        let index = DayEncounterIndex(day, people: people, receives: hasApp, advertises: advertises)
        var expected = [[Int32]](repeating: [], count: people)
        for i in 0..<day.count {
            let (a, b) = (Int(day.personA[i]), Int(day.personB[i]))
            if hasApp[a] && advertises[b] { expected[a].append(Int32(i)) }
            if hasApp[b] && advertises[a] { expected[b].append(Int32(i)) }
        }
        #expect(expected.joined().count > 1000)
        for p in 0..<people { #expect(Array(index.encounters(of: p)) == expected[p]) }
    }
}
