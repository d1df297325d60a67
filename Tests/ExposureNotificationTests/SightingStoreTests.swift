import ExposureNotification
import Foundation
import Testing
import WarnSimCore

/// The compact sighting store against a plain list of sightings: the same
/// sightings per RPI (in time order), per time range, after expiry, across
/// sealed and open chunks, with previous-scan times of every kind.
@Suite struct SightingStoreTests {
    static let dayStart: Int64 = 1_618_358_400  // 2021-04-14 00:00 UTC

    /// Random scans over `days` days receiving from a pool of identifiers; each
    /// RPI always comes with one AEM unless `mixedAEMs`.
    static func randomSightings(seed: UInt64, days: Int, mixedAEMs: Bool = false) -> [Sighting] {
        var stream = RandomStream(seed: seed, subsystem: "sighting-store-test")
        let pool = (0..<60).map { _ in KeyBytes(low: stream.next(), high: stream.next()) }
        let aems = pool.map { _ in AssociatedEncryptedMetadata(raw: UInt32(truncatingIfNeeded: stream.next())) }
        // A few pairs sharing the high word, to exercise the sort's tie handling.
        let tied = (0..<6).map { KeyBytes(low: stream.next(), high: pool[$0].high) }
        let rpis = pool + tied
        var out = [Sighting]()
        var time = dayStart + Int64(stream.next() % 3000)
        var previous: Int64?
        while time < dayStart + Int64(days) * 86_400 {
            let prior: Int64?
            switch stream.next() % 10 {
            case 0: prior = nil
            case 1: prior = time - 200_000  // far back: does not fit 16 bits
            case 2: prior = time + 7  // nonsense, but must round-trip
            default: prior = previous
            }
            for _ in 0..<Int(stream.next() % 4) {
                let r = Int(stream.next() % UInt64(rpis.count))
                var aem = aems[r % pool.count]
                if mixedAEMs && stream.next() % 3 == 0 { aem = AssociatedEncryptedMetadata(raw: aem.raw ^ 1) }
                out.append(
                    Sighting(
                        time: time, rpi: rpis[r], aem: aem, calibratedRSSI: Int8(-40 - Int(stream.next() % 60)),
                        previousScanTime: prior))
            }
            previous = time
            time += 60 + Int64(stream.next() % 900)
        }
        return out
    }

    static func store(_ sightings: [Sighting], sealEvery: Int = 0) -> SightingStore {
        var store = SightingStore()
        for (i, s) in sightings.enumerated() {
            store.record(s)
            if sealEvery > 0 && i % sealEvery == sealEvery - 1 { store.seal() }
        }
        return store
    }

    @Test func sightingsPerRPIAreThoseRecordedInTimeOrder() {
        let all = Self.randomSightings(seed: 1, days: 4)
        #expect(all.count > 500)
        for sealEvery in [0, 37] {
            let store = Self.store(all, sealEvery: sealEvery)
            #expect(store.count == all.count)
            let rpis = Set(all.map(\.rpi))
            #expect(store.distinctRPIs == rpis)
            for rpi in rpis {
                #expect(store.contains(rpi))
                #expect(store.sightings(of: rpi) == all.filter { $0.rpi == rpi })
            }
            #expect(!store.contains(KeyBytes(low: 1, high: 2)))
            #expect(store.sightings.count == all.count)
            #expect(Set(store.sightings) == Set(all))
        }
    }

    @Test func timeRangesAndSealingDoNotChangeAnswers() {
        let all = Self.randomSightings(seed: 2, days: 3)
        var store = Self.store(all)
        let open = store  // last day still open
        store.seal()
        var stream = RandomStream(seed: 3, subsystem: "ranges")
        for _ in 0..<300 {
            let s = all[Int(stream.next() % UInt64(all.count))]
            let from = s.time - Int64(stream.next() % 20_000)
            let through = s.time + Int64(stream.next() % 20_000)
            let expected = all.filter { $0.rpi == s.rpi && $0.time >= from && $0.time <= through }
            #expect(store.sightings(of: s.rpi, from: from, through: through) == expected)
            #expect(open.sightings(of: s.rpi, from: from, through: through) == expected)
        }
    }

    @Test func severalAEMsForOneRPIAreAllKept() {
        let all = Self.randomSightings(seed: 4, days: 2, mixedAEMs: true)
        let store = Self.store(all)
        for rpi in Set(all.map(\.rpi)) {
            let got = store.sightings(of: rpi)
            let expected = all.filter { $0.rpi == rpi }
            #expect(got.map(\.time) == expected.map(\.time))
            #expect(Set(got) == Set(expected))
        }
    }

    @Test func expiryDropsWholeDaysPastTheRetention() {
        let all = Self.randomSightings(seed: 5, days: 6)
        var store = Self.store(all)
        for day in [15, 17, 19] as [Int64] {
            let now = Self.dayStart + day * 86_400 + 3600
            store.expire(now: now)
            let cutoff = (Self.dayStart / 86_400 + day - 14) * 86_400
            let kept = all.filter { $0.time >= cutoff }
            #expect(store.count == kept.count)
            for rpi in Set(all.map(\.rpi)) {
                #expect(store.sightings(of: rpi) == kept.filter { $0.rpi == rpi })
            }
            #expect(store.expiredBeforeDay == Self.dayStart / 86_400 + day - 14)
        }
        let serial = store.nextChunkSerial
        store.removeAll()
        #expect(store.count == 0 && store.clearCount == 1 && store.nextChunkSerial == serial)
    }

    /// Sightings recorded out of day order leave chunks out of day order;
    /// expiry still drops exactly the days past the retention.
    @Test func expiryOfChunksOutOfDayOrder() {
        let all = Self.randomSightings(seed: 8, days: 6)
        var store = SightingStore()
        // Days 4 and 5 first, then days 0 to 3.
        for sighting in all.filter({ $0.time >= Self.dayStart + 4 * 86_400 }) { store.record(sighting) }
        store.seal()
        for sighting in all.filter({ $0.time < Self.dayStart + 4 * 86_400 }) { store.record(sighting) }
        store.seal()
        #expect(store.chunks.first!.day > store.chunks.last!.day)
        for day in [16, 19] as [Int64] {
            store.expire(now: Self.dayStart + day * 86_400)
            let cutoff = (Self.dayStart / 86_400 + day - 14) * 86_400
            let kept = all.filter { $0.time >= cutoff }
            #expect(store.count == kept.count)
            #expect(store.chunks.allSatisfy { $0.day >= cutoff / 86_400 })
            for rpi in Set(all.map(\.rpi)) { #expect(store.sightings(of: rpi) == kept.filter { $0.rpi == rpi }) }
        }
    }

    @Test func aDayWithMoreThan65535SightingsTakesSeveralChunks() {
        var store = SightingStore()
        let rpi = KeyBytes(low: 42, high: 43)
        var expected = [Sighting]()
        for i in 0..<70_000 {
            let time = Self.dayStart + Int64(i)
            let sighting = Sighting(
                time: time, rpi: i % 2 == 0 ? rpi : KeyBytes(low: UInt64(i), high: 7),
                aem: AssociatedEncryptedMetadata(raw: 9), calibratedRSSI: -60, previousScanTime: time - 1)
            store.record(sighting)
            if i % 2 == 0 { expected.append(sighting) }
        }
        store.seal()
        #expect(store.chunks.count == 2)
        #expect(store.chunks.allSatisfy { $0.day == Self.dayStart / 86_400 })
        #expect(store.sightings(of: rpi) == expected)
    }

    @Test func scratchBuffersAreLentAndReturned() {
        let all = Self.randomSightings(seed: 6, days: 1)
        var scratch = SightingChunkBuilder()
        var stores = [SightingStore(), SightingStore()]
        for k in stores.indices {
            stores[k].borrowScratch(&scratch)
            for s in all where Int(s.rpi.low % 2) == k { stores[k].record(s) }
            stores[k].seal(keepingScratchIn: &scratch)
        }
        for k in stores.indices {
            #expect(stores[k].sightings.count == all.filter { Int($0.rpi.low % 2) == k }.count)
            #expect(stores[k].chunks.count == 1)
        }
    }
}
