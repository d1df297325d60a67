/// The sightings one phone has recorded, kept for the framework's 14-day
/// retention (Google/Apple, Exposure Notification Cryptography Specification
/// v1.2.1; google/exposure-notifications-internals), laid out for matching.
///
/// Layout: sightings are kept in sealed chunks, each holding sightings of one
/// UTC day (a day with more than 65,535 sightings or scans takes several
/// chunks). A chunk is one flat buffer, struct-of-arrays, with no per-sighting
/// heap objects:
///
/// - one *entry* per distinct (RPI, AEM) received that day, sorted by RPI (two
///   64-bit words), with the AEM and where its sightings end;
/// - one *scan* per distinct (time, previous scan time) that received anything:
///   seconds since the chunk's day start and the distance to the previous scan;
/// - per sighting, grouped by entry in time order: its scan and its calibrated
///   RSSI.
///
/// About 22 bytes per distinct RPI seen, 6 per scan and 3 per sighting. A
/// chunk on disk keeps nothing in memory but its counts and place: a pass
/// testing stored identifiers against a filter, or a match of one key, reads
/// the chunks of the days it needs (one `pread` each; a key's match reads
/// them once for all its identifiers, see ``loaded(days:)``).
/// Sightings being recorded go to an open chunk first, which is sealed (sorted
/// and packed) when the day changes, by ``seal()``, and before expiry.
/// Expiry drops whole chunks of days past the retention.
public struct SightingStore: Sendable {
    /// Days a sighting is kept.
    public static let retentionDays: Int64 = 14

    /// Sealed chunks in the order sealed (time order for time-ordered input).
    public private(set) var chunks: [SightingChunk] = []
    /// Each chunk's day, so that expiry finds expired chunks without reading
    /// (and copying) the chunks themselves.
    private var chunkDays: [Int64] = []
    /// Sightings not sealed yet.
    var open = SightingChunkBuilder()
    /// Serial of the next sealed chunk: serials grow by one per chunk, so a
    /// reader can tell which chunks arrived since it last looked.
    public private(set) var nextChunkSerial = 0
    /// Days before this one have been expired (nil before any expiry).
    public private(set) var expiredBeforeDay: Int64?
    /// How often the store was emptied by ``removeAll()``.
    public private(set) var clearCount = 0
    /// Where sealed chunks go; nil keeps them in memory.
    public var spill: SightingSpill?

    public init(spill: SightingSpill? = nil) {
        self.spill = spill
    }

    // MARK: Recording

    /// Records a sighting. Sightings of one UTC day should arrive together and
    /// in time order (as a phone records them); each RPI's sightings are kept
    /// in time order either way.
    ///
    /// - Parameter sighting: the sighting to store.
    public mutating func record(_ sighting: Sighting) {
        record(
            time: sighting.time, previousScanTime: sighting.previousScanTime,
            rpi: sighting.rpi, aem: sighting.aem, calibratedRSSI: sighting.calibratedRSSI)
    }

    /// Records one sighting given by its fields.
    ///
    /// - Parameters:
    ///   - time: Unix seconds of the reception.
    ///   - previousScanTime: Unix seconds of the previous scan, or `nil` if unknown.
    ///   - rpi: the received RPI.
    ///   - aem: the received AEM.
    ///   - calibratedRSSI: the RSSI after correction, in dBm.
    public mutating func record(
        time: Int64, previousScanTime: Int64?, rpi: KeyBytes, aem: AssociatedEncryptedMetadata, calibratedRSSI: Int8
    ) {
        if !open.accepts(time: time, previousScanTime: previousScanTime) { seal() }
        open.add(time: time, previousScanTime: previousScanTime, rpi: rpi, aem: aem.raw, rssi: calibratedRSSI)
    }

    /// Seals the open chunk (sorting and packing it) and releases its scratch memory.
    public mutating func seal() {
        var released = SightingChunkBuilder()
        seal(keepingScratchIn: &released)
    }

    /// Seals what is open and takes `scratch`'s buffers (with their capacity)
    /// for the sightings recorded next; pair with
    /// ``seal(keepingScratchIn:)``, which hands them back. Lets a caller that
    /// records a day into many stores reuse one set of buffers.
    ///
    /// - Parameter scratch: the buffers to lend; empty afterwards.
    public mutating func borrowScratch(_ scratch: inout SightingChunkBuilder) {
        if !open.isEmpty { seal() }
        scratch.removeAll()
        swap(&open, &scratch)
    }

    /// Seals the open chunk and hands its (now empty) buffers to `scratch`;
    /// the store keeps `scratch`'s previous buffers (empty after
    /// ``borrowScratch(_:)``).
    ///
    /// - Parameter scratch: receives the emptied buffers.
    public mutating func seal(keepingScratchIn scratch: inout SightingChunkBuilder) {
        if !open.isEmpty {
            let chunk = open.sealInPlace(serial: nextChunkSerial)
            chunks.append(spill.map { chunk.spilled(to: $0) } ?? chunk)
            chunkDays.append(chunk.day)
            nextChunkSerial += 1
        }
        open.removeAll()
        swap(&open, &scratch)
        open.removeAll()
    }

    /// Forgets the sightings of UTC days more than 14 days before the day of
    /// `now` (Unix seconds). Seals the open chunk first.
    ///
    /// - Parameter now: the current Unix seconds.
    public mutating func expire(now: Int64) {
        if !open.isEmpty { seal() }
        let cutoff = floorDiv(now, 86_400) - Self.retentionDays
        expiredBeforeDay = max(expiredBeforeDay ?? cutoff, cutoff)
        let expiredPrefix = chunkDays.prefix { $0 < cutoff }.count
        if chunkDays[expiredPrefix...].contains(where: { $0 < cutoff }) {
            chunks.removeAll { $0.day < cutoff }
            chunkDays.removeAll { $0 < cutoff }
        } else if expiredPrefix > 0 {
            // The usual case, chunks in day order: the expired ones lead.
            chunks.removeFirst(expiredPrefix)
            chunkDays.removeFirst(expiredPrefix)
        }
    }

    /// Deletes every sighting (the framework's reset). Serials keep growing.
    public mutating func removeAll() {
        chunks = []
        chunkDays = []
        open = SightingChunkBuilder()
        clearCount += 1
    }

    // MARK: Reading

    /// The number of stored sightings.
    public var count: Int { chunks.reduce(open.count) { $0 + $1.sightingCount } }
    /// Whether the store holds no sighting, sealed or open.
    public var isEmpty: Bool { chunks.isEmpty && open.isEmpty }

    /// What the sealed chunks hold and the bytes their buffers take (the open
    /// chunk, a reusable scratch, is not counted).
    public var footprint: SightingFootprint {
        var total = SightingFootprint()
        for chunk in chunks {
            total.entries += chunk.entryCount
            total.scans += chunk.scanCount
            total.sightings += chunk.sightingCount
            total.bytes += chunk.bytes
            total.residentBytes += chunk.residentBytes
        }
        return total
    }

    /// Every stored sighting in time order (sightings of one scan ordered by
    /// RPI, then AEM). Builds the list; meant for tests and inspection.
    public var sightings: [Sighting] {
        var out = [Sighting]()
        for chunk in chunks + (open.isEmpty ? [] : [open.seal(serial: -1)]) {
            var dayOut = [(order: (Int64, Int), sighting: Sighting)]()
            chunk.forEachSighting { s in dayOut.append(((s.time, dayOut.count), s)) }
            out += dayOut.sorted {
                ($0.order.0, $0.sighting.rpi.high, $0.sighting.rpi.low, $0.sighting.aem.raw, $0.order.1)
                    < ($1.order.0, $1.sighting.rpi.high, $1.sighting.rpi.low, $1.sighting.aem.raw, $1.order.1)
            }.map(\.sighting)
        }
        return out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The sightings of `rpi`, in time order.
    ///
    /// - Parameter rpi: the identifier.
    /// - Returns: every stored sighting of it; empty if none.
    public func sightings(of rpi: KeyBytes) -> [Sighting] {
        sightings(of: rpi, from: .min, through: .max)
    }

    /// The sightings of `rpi` received between `from` and `through` (Unix
    /// seconds, inclusive), in time order; only the chunks of the days in that
    /// range are searched.
    ///
    /// - Parameters:
    ///   - rpi: the identifier.
    ///   - from: the earliest reception time, Unix seconds.
    ///   - through: the latest reception time, Unix seconds.
    /// - Returns: the matching sightings; empty if none.
    public func sightings(of rpi: KeyBytes, from: Int64, through: Int64) -> [Sighting] {
        var out = [Sighting]()
        forEachSighting(of: rpi, from: from, through: through) { out.append($0) }
        return out
    }

    /// Calls `body` with each sighting of `rpi` between `from` and `through`
    /// (inclusive), in time order (stable for equal times).
    ///
    /// - Parameters:
    ///   - rpi: the identifier.
    ///   - from: the earliest reception time, Unix seconds (`.min` for no bound).
    ///   - through: the latest reception time, Unix seconds (`.max` for no bound).
    ///   - body: called once per sighting.
    public func forEachSighting(of rpi: KeyBytes, from: Int64, through: Int64, _ body: (Sighting) -> Void) {
        let firstDay = from == .min ? Int64.min : floorDiv(from, 86_400)
        let lastDay = through == .max ? Int64.max : floorDiv(through, 86_400)
        var found = [Sighting]()
        var sources = 0
        var ordered = true
        func visit(_ chunk: SightingChunk) {
            guard chunk.day >= firstDay, chunk.day <= lastDay else { return }
            var entryAEM: UInt32?
            chunk.forEachSighting(of: rpi) { s in
                if entryAEM != s.aem.raw {  // a new entry (one per AEM received)
                    entryAEM = s.aem.raw
                    sources += 1
                }
                guard s.time >= from, s.time <= through else { return }
                if let last = found.last, last.time > s.time { ordered = false }
                found.append(s)
            }
        }
        visitChunks { chunk in
            visit(chunk)
            return true
        }
        if !open.isEmpty { visit(open.seal(serial: -1)) }
        if sources > 1 && !ordered {
            found = found.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        found.forEach(body)
    }

    /// Calls `body` with the RPI of every sealed entry whose top 32 bits pass
    /// `test`, in the chunks sealed at or after `serial` (all by default) and
    /// of the UTC days in `days` (all by default), chunk by chunk in entry
    /// order; each such chunk is read once (from disk if it is there). The
    /// open chunk is not visited.
    ///
    /// - Parameters:
    ///   - serial: the first chunk serial visited.
    ///   - days: the UTC day numbers whose chunks are visited, ascending; nil for every day.
    ///   - test: decides on an entry from its RPI's top 32 bits.
    ///   - body: called with the RPI of each entry that passes.
    @inline(__always)
    public func forEachRPI(
        sealedFrom serial: Int = 0, onDays days: [Int64]? = nil, wherePrefix test: (UInt32) -> Bool, _ body: (KeyBytes) -> Void
    ) {
        visitChunks { chunk in
            if chunk.serial >= serial, days?.sortedContains(chunk.day) ?? true {
                chunk.forEachRPI(wherePrefix: test, body)
            }
            return true
        }
    }

    /// Calls `body` with every sealed chunk, in order, until `body` returns
    /// false. The chunks are borrowed through the buffer (`for chunk in`
    /// would copy each).
    @inline(__always)
    func visitChunks(_ body: (SightingChunk) -> Bool) {
        chunks.withUnsafeBufferPointer { chunks in
            for c in chunks.indices {
                guard body(chunks[c]) else { return }
            }
        }
    }

    /// The same sightings restricted to the UTC days in `days`, with their
    /// chunks in memory: a caller that looks up many identifiers of those
    /// days (the match of one key) reads each chunk on disk once, not once per
    /// identifier. The open chunk is kept as it is.
    ///
    /// - Parameter days: the UTC day numbers kept.
    /// - Returns: a store holding only those days' chunks, none on disk.
    public func loaded(days: ClosedRange<Int64>) -> SightingStore {
        var out = self
        out.spill = nil
        out.chunks = []
        out.chunkDays = []
        visitChunks { chunk in
            if days.contains(chunk.day) {
                out.chunks.append(chunk.loaded())
                out.chunkDays.append(chunk.day)
            }
            return true
        }
        return out
    }

    /// The same store with the chunks of the UTC days in `days` in memory
    /// (read from disk once) and every other chunk as it is: passes and
    /// matches over those days that follow one another share one read.
    ///
    /// - Parameter days: the UTC day numbers whose chunks are read, ascending.
    /// - Returns: the same sightings, those days' chunks in memory.
    public func withChunksInMemory(onDays days: [Int64]) -> SightingStore {
        var out = self
        for c in out.chunks.indices where out.chunks[c].isSpilled && days.sortedContains(out.chunks[c].day) {
            out.chunks[c] = out.chunks[c].loaded()
        }
        return out
    }

    /// Whether any sighting of `rpi` is stored.
    ///
    /// - Parameter rpi: the identifier.
    /// - Returns: whether it was seen (sealed or open sightings).
    public func contains(_ rpi: KeyBytes) -> Bool {
        var found = false
        visitChunks { chunk in
            found = chunk.firstEntry(matching: rpi) != nil
            return !found
        }
        return found
            || !open.isEmpty && open.seal(serial: -1).firstEntry(matching: rpi) != nil
    }

    /// Every distinct RPI seen, each once.
    public var distinctRPIs: Set<KeyBytes> {
        var out = Set<KeyBytes>()
        forEachEntryRPI { out.insert($0) }
        return out
    }

    /// Calls `body` with the RPI of every entry (an RPI seen on several days,
    /// or with several AEMs, comes several times).
    ///
    /// - Parameter body: called once per entry.
    public func forEachEntryRPI(_ body: (KeyBytes) -> Void) {
        for chunk in chunks { chunk.forEachRPI(body) }
        if !open.isEmpty { open.seal(serial: -1).forEachRPI(body) }
    }
}
