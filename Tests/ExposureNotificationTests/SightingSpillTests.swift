import Foundation
import Testing
import WarnSimCore

@testable import ExposureNotification

/// Sightings kept on disk answer every question exactly as sightings kept in
/// memory, keep nothing of their sightings in memory, and turn I/O failures into
/// a reported failure instead of a crash or a wrong answer.
@Suite struct SightingSpillTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-spill-test-\(UUID().uuidString)")
    }

    static func stores(_ sightings: [Sighting], sealEvery: Int, spill: SightingSpill) -> (memory: SightingStore, disk: SightingStore) {
        var memory = SightingStore()
        var disk = SightingStore(spill: spill)
        for (i, s) in sightings.enumerated() {
            memory.record(s)
            disk.record(s)
            if sealEvery > 0 && i % sealEvery == sealEvery - 1 {
                memory.seal()
                disk.seal()
            }
        }
        memory.seal()
        disk.seal()
        return (memory, disk)
    }

    /// The folder tree a spill created is gone when the spill ends; a folder
    /// that existed before stays.
    @Test func aSpillRemovesTheFoldersItCreated() throws {
        let existing = Self.folder()
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: existing) }
        let nested = existing.appendingPathComponent("a/b/c")
        do {
            let spill = try SightingSpill(folder: nested)
            _ = Self.stores(SightingStoreTests.randomSightings(seed: 3, days: 2, mixedAEMs: false), sealEvery: 17, spill: spill)
            #expect(spill.bytesWritten > 0)
            #expect(FileManager.default.fileExists(atPath: nested.path))
        }
        #expect(!FileManager.default.fileExists(atPath: existing.appendingPathComponent("a").path))
        #expect(FileManager.default.fileExists(atPath: existing.path))
    }

    @Test func diskAnswersAsMemory() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = try SightingSpill(folder: folder)
        let all = SightingStoreTests.randomSightings(seed: 7, days: 5, mixedAEMs: true)
        for sealEvery in [0, 53] {
            let (memory, disk) = Self.stores(all, sealEvery: sealEvery, spill: spill)
            #expect(disk.chunks.allSatisfy { $0.isSpilled })
            #expect(disk.count == memory.count)
            #expect(disk.sightings == memory.sightings)
            #expect(disk.distinctRPIs == memory.distinctRPIs)
            for rpi in memory.distinctRPIs {
                #expect(disk.contains(rpi))
                #expect(disk.sightings(of: rpi) == memory.sightings(of: rpi))
                // An RPI sharing the top 32 bits but not the rest is not there.
                let twin = KeyBytes(low: rpi.low ^ 1, high: rpi.high)
                #expect(!disk.contains(twin))
                #expect(disk.sightings(of: twin).isEmpty)
            }
            var stream = RandomStream(seed: 8, subsystem: "spill-ranges")
            for _ in 0..<200 {
                let s = all[Int(stream.next() % UInt64(all.count))]
                let from = s.time - Int64(stream.next() % 30_000)
                let through = s.time + Int64(stream.next() % 30_000)
                #expect(
                    disk.sightings(of: s.rpi, from: from, through: through) == memory.sightings(of: s.rpi, from: from, through: through))
            }
            let (m, d) = (memory.footprint, disk.footprint)
            #expect(m.bytes == d.bytes && m.entries == d.entries && m.sightings == d.sightings)
            #expect(d.residentBytes == 0)
            #expect(m.residentBytes == m.bytes)
        }
        #expect(spill.failure == nil)
        #expect(spill.bytesWritten > 0)
        // Every answer above was read back from disk, and counted.
        #expect(spill.bytesRead > 0)
    }

    /// The filter pass of matching sees the same RPIs from a chunk on disk as
    /// from one in memory, for a test that reads only the top 32 bits.
    @Test func filterPassSeesTheSameRPIs() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = SightingStoreTests.randomSightings(seed: 9, days: 3)
        let (memory, disk) = Self.stores(all, sealEvery: 0, spill: try SightingSpill(folder: folder))
        for shift in [UInt32(0), 8, 26] {
            let test: (UInt32) -> Bool = { ($0 >> shift) % 3 == 0 }
            var fromMemory = [KeyBytes]()
            var fromDisk = [KeyBytes]()
            memory.forEachRPI(wherePrefix: test) { fromMemory.append($0) }
            disk.forEachRPI(wherePrefix: test) { fromDisk.append($0) }
            #expect(fromDisk == fromMemory)
            #expect(!fromDisk.isEmpty)
            // Exactly the entries whose RPI's top 32 bits pass, in chunk and entry order.
            var expected = [KeyBytes]()
            for chunk in memory.chunks {
                for e in 0..<chunk.entryCount where test(UInt32(truncatingIfNeeded: chunk.rpi(ofEntry: e).high >> 32)) {
                    expected.append(chunk.rpi(ofEntry: e))
                }
            }
            #expect(fromMemory == expected)
            // From a later serial on, only the later chunks' entries.
            var later = [KeyBytes]()
            disk.forEachRPI(sealedFrom: disk.chunks[1].serial, wherePrefix: test) { later.append($0) }
            #expect(later == Array(expected.dropFirst(expected.count - later.count)) && later.count < expected.count)
            // Restricted to some days, exactly the entries of those days' chunks.
            let days = [memory.chunks[0].day, memory.chunks[2].day]
            var ofDays = [KeyBytes]()
            disk.forEachRPI(onDays: days, wherePrefix: test) { ofDays.append($0) }
            var expectedOfDays = [KeyBytes]()
            for chunk in memory.chunks where days.contains(chunk.day) {
                for e in 0..<chunk.entryCount where test(UInt32(truncatingIfNeeded: chunk.rpi(ofEntry: e).high >> 32)) {
                    expectedOfDays.append(chunk.rpi(ofEntry: e))
                }
            }
            #expect(ofDays == expectedOfDays && !ofDays.isEmpty && ofDays.count < expected.count)
            var none = [KeyBytes]()
            disk.forEachRPI(onDays: [], wherePrefix: test) { none.append($0) }
            #expect(none.isEmpty)
        }
    }

    /// Expiry and reset drop spilled chunks like chunks in memory.
    @Test func expiryAndResetWorkOnDisk() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = try SightingSpill(folder: folder)
        let all = SightingStoreTests.randomSightings(seed: 10, days: 20)
        var (memory, disk) = Self.stores(all, sealEvery: 0, spill: spill)
        let now = SightingStoreTests.dayStart + 19 * 86_400
        memory.expire(now: now)
        disk.expire(now: now)
        spill.release(daysBefore: now / 86_400 - SightingStore.retentionDays)
        #expect(disk.sightings == memory.sightings)
        #expect(disk.chunks.count == memory.chunks.count)
        #expect(disk.chunks.map(\.day) == memory.chunks.map(\.day))
        // Nothing of a chunk on disk stays in memory.
        #expect(disk.footprint.residentBytes == 0 && disk.footprint.bytes == memory.footprint.bytes)
        disk.removeAll()
        #expect(disk.count == 0)
        #expect(spill.failure == nil)
    }

    /// A store loaded for some days holds exactly those days' sightings, in
    /// memory, and a key's match through it reads as from the store itself.
    @Test func loadedDaysAreThoseDaysInMemory() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = try SightingSpill(folder: folder)
        let all = SightingStoreTests.randomSightings(seed: 12, days: 5)
        let (memory, disk) = Self.stores(all, sealEvery: 0, spill: spill)
        #expect(disk.chunks.allSatisfy { $0.isSpilled })
        let firstDay = SightingStoreTests.dayStart / 86_400
        for days in [firstDay...firstDay, (firstDay + 1)...(firstDay + 3), (firstDay - 2)...(firstDay - 1)] {
            let loaded = disk.loaded(days: days)
            #expect(loaded.chunks.allSatisfy { !$0.isSpilled && days.contains($0.day) })
            #expect(loaded.sightings == memory.sightings.filter { days.contains(floorDiv($0.time, 86_400)) })
            for rpi in Set(all.map(\.rpi)).prefix(40) {
                #expect(
                    loaded.sightings(of: rpi, from: days.lowerBound * 86_400, through: days.upperBound * 86_400 + 86_399)
                        == memory.sightings(of: rpi, from: days.lowerBound * 86_400, through: days.upperBound * 86_400 + 86_399))
            }
        }
        #expect(spill.failure == nil)
    }

    /// A folder that cannot hold files: the chunk stays in memory, answers
    /// stay right, and the failure is reported.
    @Test func unwritableFolderIsReportedNotFatal() throws {
        let folder = Self.folder()
        let spill = try SightingSpill(folder: folder)
        try FileManager.default.removeItem(at: folder)
        let all = SightingStoreTests.randomSightings(seed: 11, days: 2)
        let (memory, disk) = Self.stores(all, sealEvery: 0, spill: spill)
        #expect(disk.sightings == memory.sightings)
        #expect(!disk.chunks.contains { $0.isSpilled })
        let failure = try #require(spill.failure)
        #expect(failure.contains(folder.lastPathComponent))
    }
}
