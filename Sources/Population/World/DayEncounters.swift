import WarnSimCore

/// The encounter stream of one day, struct-of-arrays: every pair of people
/// within radio range in the same venue, with start, end, environment and the
/// true distance as piecewise-constant segments. Ordered by venue, then as
/// generated within the venue; identical for any number of worker threads.
package struct DayEncounters: Sendable, Equatable {
    package var day: Int
    /// The two people (a < b).
    package var personA: [Int32] = []
    package var personB: [Int32] = []
    package var setting: [UInt8] = []
    /// Global venue index of the day's plan.
    package var venue: [Int32] = []
    /// Minutes after midnight, half-open.
    package var start: [Int16] = []
    package var end: [Int16] = []
    /// Smallest true distance during the encounter (metres).
    package var minimumDistance: [Float] = []
    /// First segment of each encounter; segments of encounter i are
    /// `segmentFirst[i]..<segmentFirst[i + 1]` (one extra element at the end; Int,
    /// since a day of a large town can hold more than 2^31 segments).
    package var segmentFirst: [Int] = [0]
    package var segmentStart: [Int16] = []
    package var segmentEnd: [Int16] = []
    package var segmentDistance: [Float] = []

    package init(day: Int) { self.day = day }

    package var count: Int { personA.count }

    /// The radio environment of encounter `i`.
    package func environment(_ i: Int) -> RadioEnvironment { Setting(rawValue: setting[i])!.environment }

    /// Duration of encounter `i` in minutes.
    package func duration(_ i: Int) -> Int { Int(end[i]) - Int(start[i]) }

    /// Segments of encounter `i`.
    package func segments(_ i: Int) -> Range<Int> { Int(segmentFirst[i])..<Int(segmentFirst[i + 1]) }

    /// A checksum of the stream's content that does not depend on the order of
    /// the encounters within the day: the wrapping sum over encounters of a hash
    /// of (venue, people, setting, interval, minimum distance, segments). Two
    /// builds of the generator that produce the same encounters give the same
    /// checksum (`WorldBenchmark` reports it).
    package func contentChecksum() -> UInt64 {
        var sum: UInt64 = 0
        for i in 0..<count {
            var h = SplitMix64.mix(UInt64(UInt32(bitPattern: venue[i])) << 32 | UInt64(setting[i]))
            h = SplitMix64.mix(h ^ (UInt64(UInt32(bitPattern: personA[i])) << 32 | UInt64(UInt32(bitPattern: personB[i]))))
            h = SplitMix64.mix(
                h
                    ^ (UInt64(UInt16(bitPattern: start[i])) << 48 | UInt64(UInt16(bitPattern: end[i])) << 32
                        | UInt64(minimumDistance[i].bitPattern)))
            for s in segments(i) {
                h = SplitMix64.mix(
                    h
                        ^ (UInt64(UInt16(bitPattern: segmentStart[s])) << 48 | UInt64(UInt16(bitPattern: segmentEnd[s])) << 32
                            | UInt64(segmentDistance[s].bitPattern)))
            }
            sum &+= h
        }
        return sum &+ SplitMix64.mix(UInt64(day))
    }
}
