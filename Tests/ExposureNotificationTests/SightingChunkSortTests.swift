import Testing
import WarnSimCore

@testable import ExposureNotification

/// The bucket sort that orders a chunk's sightings before packing gives the
/// order of the standard library's sort on every size and distribution it
/// meets: below and above its cut-over to the standard sort, uniform top
/// bits, and clusters sharing their top bits (one RPI seen in many scans).
@Suite struct SightingChunkSortTests {
    static func values(count: Int, distinctHighs: Int, seed: UInt64) -> [UInt64] {
        var stream = RandomStream(seed: seed, subsystem: "sighting-chunk-sort-test")
        let highs = (0..<max(distinctHighs, 1)).map { _ in stream.next() }
        return (0..<count).map { i in highs[Int(stream.next() % UInt64(highs.count))] & ~0xFFFF | UInt64(i) }
    }

    @Test(arguments: [0, 1, 2, 31, 32, 33, 100, 1000, 65_535])
    func bucketSortEqualsTheStandardSort(count: Int) {
        for distinct in [1, 3, count / 2, count] {
            var builder = SightingChunkBuilder()
            builder.order = Self.values(count: count, distinctHighs: distinct, seed: UInt64(count * 7 + distinct))
            let expected = builder.order.sorted()
            builder.sortOrder()
            #expect(builder.order == expected, "count \(count), \(distinct) distinct high words")
            // The scratch is reused: a second, different sort on the same builder.
            builder.order = Self.values(count: count, distinctHighs: distinct, seed: UInt64(count * 11 + distinct + 1))
            let second = builder.order.sorted()
            builder.sortOrder()
            #expect(builder.order == second)
        }
    }
}
