import Testing

@testable import Simulation

/// The record of whom a phone heard: kept by day, in order, each once, days
/// past the retention forgotten; and a package is unheard only when none of
/// its owner-days was heard.
@Suite struct HeardTransmittersTests {
    @Test func recordsEachTransmitterOncePerDayAndForgetsOldDays() {
        var heard = HeardTransmitters()
        var people: [Int32] = [7, 3, 7, 12, 3]
        heard.record(day: 100, people: &people)
        var next: [Int32] = [3, 1]
        heard.record(day: 101, people: &next)
        #expect(
            heard.entries
                == [(100, 3), (100, 7), (100, 12), (101, 1), (101, 3)].map {
                    HeardTransmitters.entry(day: $0.0, person: $0.1)
                })
        #expect(heard.heardAny(of: [HeardTransmitters.entry(day: 101, person: 7), HeardTransmitters.entry(day: 100, person: 7)]))
        #expect(!heard.heardAny(of: [HeardTransmitters.entry(day: 101, person: 7), HeardTransmitters.entry(day: 102, person: 3)]))
        #expect(!heard.heardAny(of: []))
        // A day recorded again (out of order) keeps the entries sorted and unique.
        var again: [Int32] = [2, 3]
        heard.record(day: 100, people: &again)
        #expect(heard.entries == heard.entries.sorted() && Set(heard.entries).count == heard.entries.count)
        #expect(heard.heardAny(of: [HeardTransmitters.entry(day: 100, person: 2)]))
        // 16 days later the first day is gone, the second kept.
        var none: [Int32] = []
        heard.record(day: 116, people: &none)
        #expect(heard.entries.allSatisfy { $0 >> 32 == 101 })
        #expect(heard.entries.count == 2)
    }
}
