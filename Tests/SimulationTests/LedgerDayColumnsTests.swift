import Foundation
import Testing

@testable import Simulation

/// A ledger day kept on disk (mapped from an unlinked file in the sightings'
/// folder) reads as the same columns as one kept in memory, also after its
/// pages are handed back.
@Suite struct LedgerDayColumnsTests {
    static func columns(folder: URL?, entries: Int) -> LedgerDayColumns {
        var pair: [UInt64] = []
        var start: [Int16] = []
        var segmentFirst: [Int32] = [0]
        var (segmentStart, segmentEnd, segmentDistance) = ([Int16](), [Int16](), [Float]())
        for e in 0..<entries {
            pair.append(UInt64(e) << 32 | UInt64(e * 7 + 1))
            start.append(Int16(e % 1_440))
            for s in 0..<(e % 3 + 1) {
                segmentStart.append(Int16(e % 1_000 + s))
                segmentEnd.append(Int16(e % 1_000 + s + 1))
                segmentDistance.append(Float(e) * 0.25 + Float(s))
            }
            segmentFirst.append(Int32(segmentStart.count))
        }
        return LedgerDayColumns(
            pair: pair, start: start, segmentFirst: segmentFirst, segmentStart: segmentStart, segmentEnd: segmentEnd,
            segmentDistance: segmentDistance, folder: folder)
    }

    @Test(arguments: [0, 1, 3, 50_000])
    func diskReadsAsMemory(entries: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let memory = Self.columns(folder: nil, entries: entries)
        let disk = Self.columns(folder: folder, entries: entries)
        #expect(!memory.isMapped)
        #expect(disk.isMapped)
        // The file is unlinked at once: the folder holds no names.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        for _ in 0..<2 {
            #expect(Array(disk.pair) == Array(memory.pair))
            #expect(Array(disk.start) == Array(memory.start))
            #expect(Array(disk.segmentFirst) == Array(memory.segmentFirst))
            #expect(Array(disk.segmentStart) == Array(memory.segmentStart))
            #expect(Array(disk.segmentEnd) == Array(memory.segmentEnd))
            #expect(Array(disk.segmentDistance) == Array(memory.segmentDistance))
            disk.evict()
            memory.evict()
        }
    }

    /// A folder that cannot take the file leaves the day in memory.
    @Test func anUnwritableFolderKeepsTheDayInMemory() {
        let missing = URL(fileURLWithPath: "/nonexistent-warnsim-\(UUID().uuidString)")
        let columns = Self.columns(folder: missing, entries: 10)
        let reference = Self.columns(folder: nil, entries: 10)
        #expect(!columns.isMapped)
        withExtendedLifetime((columns, reference)) {
            #expect(Array(columns.pair) == Array(reference.pair))
            #expect(Array(columns.segmentDistance) == Array(reference.segmentDistance))
        }
    }
}
