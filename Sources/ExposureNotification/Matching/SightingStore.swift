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
/// About 22 bytes per distinct RPI seen, 6 per scan and 3 per sighting.
/// Sightings being recorded go to an open chunk first, which is sealed (sorted
/// and packed) when the day changes, by ``seal()``, and before expiry.
/// Expiry drops whole chunks of days past the retention.
public struct SightingStore: Sendable {
    /// Days a sighting is kept.
    public static let retentionDays: Int64 = 14

    /// Sealed chunks in the order sealed (time order for time-ordered input).
    public private(set) var chunks: [SightingChunk] = []
    /// Sightings not sealed yet.
    var open = SightingChunkBuilder()
    /// Serial of the next sealed chunk: serials grow by one per chunk, so a
    /// reader can tell which chunks arrived since it last looked.
    public private(set) var nextChunkSerial = 0
    /// Days before this one have been expired (nil before any expiry).
    public private(set) var expiredBeforeDay: Int64?
    /// How often the store was emptied by ``removeAll()``.
    public private(set) var clearCount = 0

    public init() {}

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
        seal()
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
            chunks.append(open.sealInPlace(serial: nextChunkSerial))
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
        seal()
        let cutoff = floorDiv(now, 86_400) - Self.retentionDays
        expiredBeforeDay = max(expiredBeforeDay ?? cutoff, cutoff)
        if chunks.contains(where: { $0.day < cutoff }) {
            chunks.removeAll { $0.day < cutoff }
        }
    }

    /// Deletes every sighting (the framework's reset). Serials keep growing.
    public mutating func removeAll() {
        chunks = []
        open = SightingChunkBuilder()
        clearCount += 1
    }

    // MARK: Reading

    /// The number of stored sightings.
    public var count: Int { chunks.reduce(open.count) { $0 + $1.sightingCount } }

    /// Every stored sighting in time order (sightings of one scan ordered by
    /// RPI, then AEM). Builds the list; meant for tests and inspection.
    public var sightings: [Sighting] {
        var out = [Sighting]()
        for chunk in chunks + (open.isEmpty ? [] : [open.seal(serial: -1)]) {
            var dayOut = [(order: (Int64, Int), sighting: Sighting)]()
            for entry in 0..<chunk.entryCount {
                chunk.forEachSighting(ofEntry: entry) { s in
                    dayOut.append(((s.time, dayOut.count), s))
                }
            }
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
            chunk.forEachEntry(matching: rpi) { entry in
                sources += 1
                chunk.forEachSighting(ofEntry: entry) { s in
                    guard s.time >= from, s.time <= through else { return }
                    if let last = found.last, last.time > s.time { ordered = false }
                    found.append(s)
                }
            }
        }
        for chunk in chunks { visit(chunk) }
        if !open.isEmpty { visit(open.seal(serial: -1)) }
        if sources > 1 && !ordered {
            found = found.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        found.forEach(body)
    }

    /// Whether any sighting of `rpi` is stored.
    ///
    /// - Parameter rpi: the identifier.
    /// - Returns: whether it was seen (sealed or open sightings).
    public func contains(_ rpi: KeyBytes) -> Bool {
        if chunks.contains(where: { $0.firstEntry(matching: rpi) != nil }) { return true }
        return !open.isEmpty && open.seal(serial: -1).firstEntry(matching: rpi) != nil
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

/// One sealed chunk of a ``SightingStore``: the sightings of one UTC day
/// (or part of one), packed into one buffer (see ``SightingStore`` for the
/// layout).
public struct SightingChunk: Sendable {
    /// UTC day number of every sighting in the chunk.
    public let day: Int64
    /// Position in the store's sealing order.
    public let serial: Int
    public let entryCount: Int
    public let scanCount: Int
    public let sightingCount: Int
    /// rpiHigh[E] rpiLow[E] (UInt64), aem[E] scanSeconds[S] (UInt32),
    /// entryEnd[E] scanDelta[S] sightingScan[N] (UInt16), rssi[N] (Int8).
    let storage: [UInt64]
    /// Previous-scan times that do not fit a 16-bit distance (scan → time).
    let farPrevious: [UInt16: Int64]

    /// `scanDelta` value for "previous scan unknown or far away: see farPrevious".
    static let deltaEscape: UInt16 = .max
    /// At most this many sightings (and scans) per chunk, so 16-bit indices fit.
    static let capacity = Int(UInt16.max)

    init(day: Int64, serial: Int, entries: Int, scans: Int, sightings: Int, storage: [UInt64], farPrevious: [UInt16: Int64]) {
        self.day = day
        self.serial = serial
        self.entryCount = entries
        self.scanCount = scans
        self.sightingCount = sightings
        self.storage = storage
        self.farPrevious = farPrevious
    }

    /// Bytes of the packed buffer for the given counts.
    static func byteCount(entries e: Int, scans s: Int, sightings n: Int) -> Int { 22 * e + 6 * s + 3 * n }

    var rpiLowOffset: Int { 8 * entryCount }
    var aemOffset: Int { 16 * entryCount }
    var scanSecondsOffset: Int { 20 * entryCount }
    var entryEndOffset: Int { 20 * entryCount + 4 * scanCount }
    var scanDeltaOffset: Int { 22 * entryCount + 4 * scanCount }
    var sightingScanOffset: Int { 22 * entryCount + 6 * scanCount }
    var rssiOffset: Int { 22 * entryCount + 6 * scanCount + 2 * sightingCount }

    /// Bytes of memory the chunk's buffer takes.
    public var bytes: Int { 8 * storage.count }

    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawPointer) -> R) -> R {
        storage.withUnsafeBytes { body($0.baseAddress!) }
    }

    /// The RPI of entry `e`.
    ///
    /// - Parameter e: the entry index, 0 ..< the chunk's entry count.
    /// - Returns: the entry's RPI.
    public func rpi(ofEntry e: Int) -> KeyBytes {
        withBytes { base in
            KeyBytes(
                low: base.load(fromByteOffset: rpiLowOffset + 8 * e, as: UInt64.self),
                high: base.load(fromByteOffset: 8 * e, as: UInt64.self))
        }
    }

    /// Calls `body` with the RPIs of entries whose high word passes `test`
    /// (a tight loop over the packed high words).
    @inline(__always)
    func forEachRPI(whereHigh test: (UInt64) -> Bool, _ body: (KeyBytes) -> Void) {
        withBytes { base in
            let high = base.assumingMemoryBound(to: UInt64.self)
            for e in 0..<entryCount where test(high[e]) {
                body(KeyBytes(low: base.load(fromByteOffset: rpiLowOffset + 8 * e, as: UInt64.self), high: high[e]))
            }
        }
    }

    /// Calls `body` with the RPI of every entry, in entry order.
    func forEachRPI(_ body: (KeyBytes) -> Void) {
        withBytes { base in
            for e in 0..<entryCount {
                body(
                    KeyBytes(
                        low: base.load(fromByteOffset: rpiLowOffset + 8 * e, as: UInt64.self),
                        high: base.load(fromByteOffset: 8 * e, as: UInt64.self)))
            }
        }
    }

    /// The first entry with `rpi` (entries are sorted by (high, low) word), if any.
    func firstEntry(matching rpi: KeyBytes) -> Int? {
        withBytes { base in
            var low = 0
            var high = entryCount
            while low < high {
                let mid = (low + high) / 2
                let h = base.load(fromByteOffset: 8 * mid, as: UInt64.self)
                let l = base.load(fromByteOffset: rpiLowOffset + 8 * mid, as: UInt64.self)
                if (h, l) < (rpi.high, rpi.low) { low = mid + 1 } else { high = mid }
            }
            guard low < entryCount,
                base.load(fromByteOffset: 8 * low, as: UInt64.self) == rpi.high,
                base.load(fromByteOffset: rpiLowOffset + 8 * low, as: UInt64.self) == rpi.low
            else { return nil }
            return low
        }
    }

    /// Calls `body` with every entry holding `rpi` (one per AEM received with it).
    func forEachEntry(matching rpi: KeyBytes, _ body: (Int) -> Void) {
        guard var e = firstEntry(matching: rpi) else { return }
        while e < entryCount && self.rpi(ofEntry: e) == rpi {
            body(e)
            e += 1
        }
    }

    /// Calls `body` with the sightings of entry `e`, in time order.
    func forEachSighting(ofEntry e: Int, _ body: (Sighting) -> Void) {
        let dayStart = day &* 86_400
        withBytes { base in
            let rpi = KeyBytes(
                low: base.load(fromByteOffset: rpiLowOffset + 8 * e, as: UInt64.self),
                high: base.load(fromByteOffset: 8 * e, as: UInt64.self))
            let aem = AssociatedEncryptedMetadata(raw: base.load(fromByteOffset: aemOffset + 4 * e, as: UInt32.self))
            let first = e == 0 ? 0 : Int(base.load(fromByteOffset: entryEndOffset + 2 * (e - 1), as: UInt16.self))
            let end = Int(base.load(fromByteOffset: entryEndOffset + 2 * e, as: UInt16.self))
            for j in first..<end {
                let scan = Int(base.load(fromByteOffset: sightingScanOffset + 2 * j, as: UInt16.self))
                let time = dayStart + Int64(base.load(fromByteOffset: scanSecondsOffset + 4 * scan, as: UInt32.self))
                let delta = base.load(fromByteOffset: scanDeltaOffset + 2 * scan, as: UInt16.self)
                let previous: Int64? = delta == Self.deltaEscape ? farPrevious[UInt16(scan)] : time - Int64(delta)
                let rssi = base.load(fromByteOffset: rssiOffset + j, as: Int8.self)
                body(Sighting(time: time, rpi: rpi, aem: aem, calibratedRSSI: rssi, previousScanTime: previous))
            }
        }
    }
}

/// Collects the sightings of one UTC day before they are sealed into a
/// ``SightingChunk``. Reusable: ``removeAll()`` keeps its capacity.
public struct SightingChunkBuilder: Sendable {
    var day: Int64 = 0
    var rpiLow: [UInt64] = []
    var rpiHigh: [UInt64] = []
    var aem: [UInt32] = []
    var rssi: [Int8] = []
    var scanOf: [UInt16] = []
    var scanTime: [Int64] = []
    var scanPrevious: [Int64?] = []
    /// Sorting scratch.
    var order: [UInt64] = []

    public init() {}

    var isEmpty: Bool { rpiLow.isEmpty }
    var count: Int { rpiLow.count }

    /// Whether a sighting at `time` can join this chunk: same UTC day and room left.
    func accepts(time: Int64, previousScanTime: Int64?) -> Bool {
        guard !isEmpty else { return true }
        guard floorDiv(time, 86_400) == day, rpiLow.count < SightingChunk.capacity else { return false }
        let sameScan = scanTime.last == time && scanPrevious.last == previousScanTime
        return sameScan || scanTime.count < SightingChunk.capacity
    }

    mutating func add(time: Int64, previousScanTime: Int64?, rpi: KeyBytes, aem: UInt32, rssi: Int8) {
        if isEmpty { day = floorDiv(time, 86_400) }
        if scanTime.last != time || scanPrevious.last != previousScanTime {
            scanTime.append(time)
            scanPrevious.append(previousScanTime)
        }
        rpiLow.append(rpi.low)
        rpiHigh.append(rpi.high)
        self.aem.append(aem)
        self.rssi.append(rssi)
        scanOf.append(UInt16(scanTime.count - 1))
    }

    mutating func removeAll() {
        rpiLow.removeAll(keepingCapacity: true)
        rpiHigh.removeAll(keepingCapacity: true)
        aem.removeAll(keepingCapacity: true)
        rssi.removeAll(keepingCapacity: true)
        scanOf.removeAll(keepingCapacity: true)
        scanTime.removeAll(keepingCapacity: true)
        scanPrevious.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
    }

    /// Full order of two records: RPI, AEM, time, arrival.
    @inline(__always)
    func precedes(_ a: Int, _ b: Int) -> Bool {
        (rpiHigh[a], rpiLow[a], aem[a], scanTime[Int(scanOf[a])], a) < (rpiHigh[b], rpiLow[b], aem[b], scanTime[Int(scanOf[b])], b)
    }

    /// Packs the records into a chunk: entries sorted by (RPI, AEM), each
    /// entry's sightings in time order.
    func seal(serial: Int) -> SightingChunk {
        var copy = self
        return copy.sealInPlace(serial: serial)
    }

    mutating func sealInPlace(serial: Int) -> SightingChunk {
        let n = rpiLow.count
        // Sort by the top 48 bits of the RPI's high word with the arrival index
        // in the low 16 bits (one integer sort), then put runs that share those
        // 48 bits into full order.
        order.removeAll(keepingCapacity: true)
        order.reserveCapacity(n)
        for i in 0..<n { order.append(rpiHigh[i] & ~0xFFFF | UInt64(i)) }
        order.sort()
        var runStart = 0
        while runStart < n {
            var runEnd = runStart + 1
            while runEnd < n && order[runEnd] >> 16 == order[runStart] >> 16 { runEnd += 1 }
            if runEnd - runStart > 16 {
                let full = self
                order[runStart..<runEnd].sort { full.precedes(Int($0 & 0xFFFF), Int($1 & 0xFFFF)) }
            } else if runEnd - runStart > 1 {
                for k in (runStart + 1)..<runEnd {  // insertion sort by the full order
                    let value = order[k]
                    var j = k
                    while j > runStart && precedes(Int(value & 0xFFFF), Int(order[j - 1] & 0xFFFF)) {
                        order[j] = order[j - 1]
                        j -= 1
                    }
                    order[j] = value
                }
            }
            runStart = runEnd
        }
        var entries = 0
        for k in 0..<n {
            let i = Int(order[k] & 0xFFFF)
            if k == 0 {
                entries = 1
                continue
            }
            let p = Int(order[k - 1] & 0xFFFF)
            if rpiHigh[i] != rpiHigh[p] || rpiLow[i] != rpiLow[p] || aem[i] != aem[p] { entries += 1 }
        }
        let scans = scanTime.count
        let bytes = SightingChunk.byteCount(entries: entries, scans: scans, sightings: n)
        var storage = [UInt64](repeating: 0, count: (bytes + 7) / 8)
        var far = [UInt16: Int64]()
        let dayStart = day &* 86_400
        storage.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress!
            let rpiLowAt = 8 * entries
            let aemAt = 16 * entries
            let scanSecondsAt = 20 * entries
            let entryEndAt = 20 * entries + 4 * scans
            let scanDeltaAt = 22 * entries + 4 * scans
            let sightingScanAt = 22 * entries + 6 * scans
            let rssiAt = sightingScanAt + 2 * n
            for s in 0..<scans {
                base.storeBytes(of: UInt32(scanTime[s] - dayStart), toByteOffset: scanSecondsAt + 4 * s, as: UInt32.self)
                var delta = SightingChunk.deltaEscape
                if let previous = scanPrevious[s] {
                    let (d, overflow) = scanTime[s].subtractingReportingOverflow(previous)
                    if !overflow && d >= 0 && d < Int64(SightingChunk.deltaEscape) {
                        delta = UInt16(d)
                    } else {
                        far[UInt16(s)] = previous
                    }
                }
                base.storeBytes(of: delta, toByteOffset: scanDeltaAt + 2 * s, as: UInt16.self)
            }
            var e = -1
            for k in 0..<n {
                let i = Int(order[k] & 0xFFFF)
                if k > 0 {
                    let p = Int(order[k - 1] & 0xFFFF)
                    if rpiHigh[i] != rpiHigh[p] || rpiLow[i] != rpiLow[p] || aem[i] != aem[p] {
                        base.storeBytes(of: UInt16(k), toByteOffset: entryEndAt + 2 * e, as: UInt16.self)
                        e += 1
                        base.storeBytes(of: rpiHigh[i], toByteOffset: 8 * e, as: UInt64.self)
                        base.storeBytes(of: rpiLow[i], toByteOffset: rpiLowAt + 8 * e, as: UInt64.self)
                        base.storeBytes(of: aem[i], toByteOffset: aemAt + 4 * e, as: UInt32.self)
                    }
                } else {
                    e = 0
                    base.storeBytes(of: rpiHigh[i], toByteOffset: 0, as: UInt64.self)
                    base.storeBytes(of: rpiLow[i], toByteOffset: rpiLowAt, as: UInt64.self)
                    base.storeBytes(of: aem[i], toByteOffset: aemAt, as: UInt32.self)
                }
                base.storeBytes(of: scanOf[i], toByteOffset: sightingScanAt + 2 * k, as: UInt16.self)
                base.storeBytes(of: rssi[i], toByteOffset: rssiAt + k, as: Int8.self)
            }
            if n > 0 { base.storeBytes(of: UInt16(n), toByteOffset: entryEndAt + 2 * e, as: UInt16.self) }
        }
        return SightingChunk(day: day, serial: serial, entries: entries, scans: scans, sightings: n, storage: storage, farPrevious: far)
    }
}
