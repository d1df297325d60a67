import ExposureNotification
import Foundation
import Testing
import WarnSimCore

@testable import Simulation

/// The run-wide record of who heard whom: each transmitter's receivers of a
/// day ascending and distinct, whatever the split into workers; days past the
/// retention forgotten; and a package's audience is the receivers of its
/// owners on its keys' days, or unknown when an owner is.
@Suite struct AudiencesTests {
    /// What receivers `r` heard on a day, split over workers as the scan pipeline splits people.
    static func heard(_ lists: [Int32: [Int32]], workers: Int, people: Int) -> [Audiences.Heard] {
        (0..<workers).map { worker in
            var part = Audiences.Heard()
            for receiver in Parallel.chunk(worker, of: workers, count: people) {
                var people = lists[Int32(receiver)] ?? []
                part.add(receiver: Int32(receiver), people: &people)
            }
            return part
        }
    }

    @Test func keepsEachTransmittersReceiversByDayAndForgetsOldDays() {
        let lists: [Int32: [Int32]] = [0: [7, 3, 7], 2: [3], 5: [12, 3, 3], 9: [0]]
        var one = Audiences()
        var three = Audiences()
        one.record(day: 100, people: 13, heard: Self.heard(lists, workers: 1, people: 13))
        three.record(day: 100, people: 13, heard: Self.heard(lists, workers: 3, people: 13))
        for audiences in [one, three] {
            #expect(Array(audiences.receivers(of: 3, on: 100)) == [0, 2, 5])
            #expect(Array(audiences.receivers(of: 7, on: 100)) == [0])
            #expect(Array(audiences.receivers(of: 12, on: 100)) == [5])
            #expect(Array(audiences.receivers(of: 0, on: 100)) == [9])
            #expect(audiences.receivers(of: 1, on: 100).isEmpty)
            #expect(audiences.receivers(of: 3, on: 101).isEmpty)
        }
        // The next day, recorded again, and 16 days later (the first is gone).
        one.record(day: 101, people: 13, heard: Self.heard([4: [3]], workers: 2, people: 13))
        one.record(day: 101, people: 13, heard: Self.heard([6: [3]], workers: 2, people: 13))
        #expect(Array(one.receivers(of: 3, on: 101)) == [6])
        #expect(Array(one.receivers(of: 3, on: 100)) == [0, 2, 5])
        one.record(day: 116, people: 13, heard: [])
        #expect(one.receivers(of: 3, on: 100).isEmpty)
        #expect(Array(one.receivers(of: 3, on: 101)) == [6])
        #expect(one.days.map(\.day) == [101, 116])
    }

    @Test func aPackagesAudienceIsWhoHeardItsOwnersOnTheKeysDays() {
        let day: UInt32 = 20_000
        let key = { (byte: UInt8, day: UInt32) in
            DiagnosisKey(
                keyData: KeyBytes(Data(repeating: byte, count: 16))!,
                rollingStartIntervalNumber: ENIntervalNumber(rawValue: day * 144), rollingPeriod: 144)
        }
        var audiences = Audiences()
        audiences.record(day: UInt64(day), people: 10, heard: Self.heard([1: [4], 2: [4, 8], 3: [8]], workers: 2, people: 10))
        audiences.record(day: UInt64(day + 1), people: 10, heard: Self.heard([5: [4], 6: [9]], workers: 2, people: 10))
        let owners = [CoronaWarnApp.KeyIdentity(key(1, day)): 4, CoronaWarnApp.KeyIdentity(key(2, day + 1)): 9]
        #expect(audiences.audience(of: [key(1, day)], owners: owners) == [1, 2])
        #expect(audiences.audience(of: [key(1, day), key(2, day + 1)], owners: owners) == [1, 2, 6])
        // Person 4 was heard by 5 on the next day, not on the key's day.
        #expect(audiences.audience(of: [key(2, day + 1)], owners: owners) == [6])
        #expect(audiences.audience(of: [key(1, day), key(3, day)], owners: owners) == nil)
    }
}
