import ExposureNotification
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The columns of one ``EncounterLedger`` day in one block: allocated memory,
/// or, when the run keeps its sightings on disk, a file in the sightings'
/// folder mapped read-only (created and unlinked at once, so it disappears
/// with the mapping even if the process is killed).
///
/// A mapped day is read back by the page cache only where a lookup touches
/// it, and ``evict()`` hands the touched pages back, so the ledger's 16 days
/// (a quarter of a run's memory at 100,000 people with sightings on disk,
/// `heaptrack`) do not stay resident. If the file cannot be written or
/// mapped the day stays in memory: what the run computes is the same either way.
///
/// The columns point into memory this object owns: read them only while it
/// is alive (the ledger's days hold it).
final class LedgerDayColumns: @unchecked Sendable {
    /// Pair key `a << 32 | b` (a < b) of each entry, sorted.
    let pair: UnsafeBufferPointer<UInt64>
    /// Start minute of each entry.
    let start: UnsafeBufferPointer<Int16>
    /// Entry `e`'s segments are `segmentFirst[e]..<segmentFirst[e + 1]`.
    let segmentFirst: UnsafeBufferPointer<Int32>
    let segmentStart: UnsafeBufferPointer<Int16>
    let segmentEnd: UnsafeBufferPointer<Int16>
    let segmentDistance: UnsafeBufferPointer<Float>
    private let base: UnsafeMutableRawPointer
    private let length: Int
    /// Whether `base` is a file mapping (else an allocation).
    let isMapped: Bool

    /// The columns given, copied into one block, mapped from a file in
    /// `folder` if one is given.
    init(
        pair: [UInt64], start: [Int16], segmentFirst: [Int32], segmentStart: [Int16], segmentEnd: [Int16],
        segmentDistance: [Float], folder: URL?
    ) {
        precondition(start.count == pair.count && segmentFirst.count == pair.count + 1)
        precondition(segmentEnd.count == segmentStart.count && segmentDistance.count == segmentStart.count)
        // Widest alignment first: 8-byte keys, 4-byte columns, then 2-byte ones.
        let firstOffset = 8 * pair.count
        let distanceOffset = firstOffset + 4 * segmentFirst.count
        let startOffset = distanceOffset + 4 * segmentDistance.count
        let segmentStartOffset = startOffset + 2 * start.count
        let segmentEndOffset = segmentStartOffset + 2 * segmentStart.count
        let length = max(segmentEndOffset + 2 * segmentEnd.count, 8)
        func write(_ body: (Int, UnsafeRawBufferPointer) -> Bool) -> Bool {
            pair.withUnsafeBytes { body(0, $0) } && segmentFirst.withUnsafeBytes { body(firstOffset, $0) }
                && segmentDistance.withUnsafeBytes { body(distanceOffset, $0) }
                && start.withUnsafeBytes { body(startOffset, $0) }
                && segmentStart.withUnsafeBytes { body(segmentStartOffset, $0) }
                && segmentEnd.withUnsafeBytes { body(segmentEndOffset, $0) }
        }
        var mapped: UnsafeMutableRawPointer?
        if let folder { mapped = Self.map(length: length, folder: folder, write: write) }
        let block: UnsafeMutableRawPointer
        if let mapped {
            block = mapped
        } else {
            block = .allocate(byteCount: length, alignment: 8)
            _ = write { offset, bytes in
                if let source = bytes.baseAddress { (block + offset).copyMemory(from: source, byteCount: bytes.count) }
                return true
            }
        }
        func column<T>(_ offset: Int, _ count: Int, as type: T.Type) -> UnsafeBufferPointer<T> {
            UnsafeBufferPointer(start: (block + offset).assumingMemoryBound(to: T.self), count: count)
        }
        base = block
        isMapped = mapped != nil
        self.length = length
        self.pair = column(0, pair.count, as: UInt64.self)
        self.segmentFirst = column(firstOffset, segmentFirst.count, as: Int32.self)
        self.segmentDistance = column(distanceOffset, segmentDistance.count, as: Float.self)
        self.start = column(startOffset, start.count, as: Int16.self)
        self.segmentStart = column(segmentStartOffset, segmentStart.count, as: Int16.self)
        self.segmentEnd = column(segmentEndOffset, segmentEnd.count, as: Int16.self)
    }

    deinit {
        if isMapped { munmap(base, length) } else { base.deallocate() }
    }

    /// Hands the pages lookups have read back to the system (a mapped day
    /// only; the next lookup reads them from the page cache again).
    func evict() {
        guard isMapped else { return }
        _ = madvise(base, length, Int32(MADV_DONTNEED))
    }

    /// Writes `length` bytes through `write` into a new unlinked file in
    /// `folder` and maps it read-only; nil if any step fails.
    private static func map(
        length: Int, folder: URL, write: ((Int, UnsafeRawBufferPointer) -> Bool) -> Bool
    ) -> UnsafeMutableRawPointer? {
        let path = folder.appendingPathComponent("ledger-\(UUID().uuidString).bin").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        defer { close(descriptor) }
        let written = write { offset, bytes in PositionalIO.write(bytes, to: descriptor, at: Int64(offset)) }
        guard written, ftruncate(descriptor, off_t(length)) == 0 else { return nil }
        let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        return address
    }
}
