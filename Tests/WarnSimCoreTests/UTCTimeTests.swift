import Foundation
import Testing
import WarnSimCore

/// The calendar columns beside Unix seconds and day numbers: known dates, leap
/// days, times before 1970, and agreement with Foundation's ISO 8601 formatter
/// over a century of times.
@Suite struct UTCTimeTests {
    @Test func knownTimesAndDates() {
        #expect(UTCTime.timestamp(seconds: 0) == "1970-01-01T00:00:00Z")
        #expect(UTCTime.timestamp(seconds: 1_618_185_600) == "2021-04-12T00:00:00Z")
        #expect(UTCTime.timestamp(seconds: 1_618_213_545) == "2021-04-12T07:45:45Z")
        #expect(UTCTime.timestamp(seconds: -1) == "1969-12-31T23:59:59Z")
        #expect(UTCTime.date(day: 11_016) == "2000-02-29")
        #expect(UTCTime.date(day: 18_729) == "2021-04-12")
        #expect(UTCTime.date(seconds: 1_618_271_999) == "2021-04-12")
        #expect(UTCTime.timestamp(nil) == "")
    }

    @Test func agreesWithFoundationOverACentury() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Int64(state >> 33) % 3_155_760_000 - 1_577_880_000  // 1920 … 2020
            #expect(UTCTime.timestamp(seconds: seconds) == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
    }
}
