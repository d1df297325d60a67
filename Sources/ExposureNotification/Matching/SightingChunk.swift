/// Counts and bytes of a ``SightingStore``'s sealed chunks.
public struct SightingFootprint: Sendable, Codable, Equatable {
    /// Distinct (RPI, AEM) per day (22 bytes each), scans (6 bytes), sightings (3 bytes).
    public var entries = 0
    public var scans = 0
    public var sightings = 0
    /// Bytes of the packed buffers (in memory or on disk).
    public var bytes = 0
    /// Bytes the chunks keep in memory: the packed buffers of chunks in
    /// memory (a chunk on disk keeps none).
    public var residentBytes = 0

    public init() {}

    public static func + (a: Self, b: Self) -> Self {
        var sum = a
        sum.entries += b.entries
        sum.scans += b.scans
        sum.sightings += b.sightings
        sum.bytes += b.bytes
        sum.residentBytes += b.residentBytes
        return sum
    }

    enum CodingKeys: String, CodingKey {
        case entries, scans, sightings, bytes
        case residentBytes = "resident_bytes"
    }
}

/// One sealed chunk of a ``SightingStore``: the sightings of one UTC day
/// (or part of one), packed into one buffer (see ``SightingStore`` for the
/// layout), held in memory or spilled to a ``SightingSpill`` file (read back
/// whole, one `pread`, whenever it is looked at).
public struct SightingChunk: Sendable {
    /// UTC day number of every sighting in the chunk.
    public let day: Int64
    /// Position in the store's sealing order.
    public let serial: Int
    public let entryCount: Int
    public let scanCount: Int
    public let sightingCount: Int
    /// Where the packed buffer is.
    let storage: Storage
    /// Previous-scan times that do not fit a 16-bit distance (scan → time).
    let farPrevious: [UInt16: Int64]

    /// The packed buffer: rpiHigh[E] rpiLow[E] (UInt64), aem[E] scanSeconds[S]
    /// (UInt32), entryEnd[E] scanDelta[S] sightingScan[N] (UInt16), rssi[N] (Int8).
    enum Storage: Sendable {
        case memory([UInt64])
        /// On disk: `words` 8-byte words at `offset` of `file`.
        case disk(file: SightingSpillFile, offset: Int64, words: Int)
    }

    /// `scanDelta` value for "previous scan unknown or far away: see farPrevious".
    static let deltaEscape: UInt16 = .max
    /// At most this many sightings (and scans) per chunk, so 16-bit indices fit.
    static let capacity = Int(UInt16.max)

    init(day: Int64, serial: Int, entries: Int, scans: Int, sightings: Int, storage: Storage, farPrevious: [UInt16: Int64]) {
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

    /// Bytes of the packed buffer, wherever it is.
    public var bytes: Int {
        switch storage {
        case .memory(let words): 8 * words.count
        case .disk(_, _, let words): 8 * words
        }
    }

    /// Bytes the chunk keeps in memory: its buffer if in memory, nothing on disk.
    public var residentBytes: Int {
        switch storage {
        case .memory(let words): 8 * words.count
        case .disk: 0
        }
    }

    /// Whether the buffer is on disk.
    public var isSpilled: Bool {
        if case .disk = storage { return true }
        return false
    }

    /// The same chunk with its buffer written to `spill` (or unchanged if it
    /// is on disk already, or cannot be written).
    func spilled(to spill: SightingSpill) -> SightingChunk {
        guard case .memory(let words) = storage, let (file, offset) = spill.append(words, day: day) else { return self }
        return with(storage: .disk(file: file, offset: offset, words: words.count))
    }

    /// The same chunk with its buffer in memory (read from disk if it is
    /// there; unchanged if it cannot be read, so that it reads as empty).
    func loaded() -> SightingChunk {
        guard case .disk(let file, let offset, let words) = storage, let loaded = file.read(at: offset, words: words) else {
            return self
        }
        return with(storage: .memory(loaded))
    }

    /// The same chunk with its buffer at `storage`.
    private func with(storage: Storage) -> SightingChunk {
        SightingChunk(
            day: day, serial: serial, entries: entryCount, scans: scanCount, sightings: sightingCount,
            storage: storage, farPrevious: farPrevious)
    }

    /// Calls `body` with a view of the packed buffer, reading it from disk if
    /// it is there; a buffer that cannot be read back is seen as empty (the
    /// spill records the failure).
    @inline(__always)
    func withView<R>(_ body: (SightingChunkView) -> R) -> R {
        switch storage {
        case .memory(let words):
            return words.withUnsafeBytes { body(SightingChunkView(base: $0.baseAddress!, chunk: self)) }
        case .disk(let file, let offset, let words):
            let loaded = file.read(at: offset, words: words)
            let buffer = loaded ?? [0]
            return buffer.withUnsafeBytes {
                body(SightingChunkView(base: $0.baseAddress!, chunk: self, empty: loaded == nil))
            }
        }
    }

    // MARK: Reading

    /// The RPI of entry `e`.
    ///
    /// - Parameter e: the entry index, 0 ..< the chunk's entry count.
    /// - Returns: the entry's RPI.
    public func rpi(ofEntry e: Int) -> KeyBytes {
        withView { $0.entryCount > e ? $0.rpi(ofEntry: e) : KeyBytes(low: 0, high: 0) }
    }

    /// Calls `body` with the RPIs of the entries whose RPI's top 32 bits pass
    /// `test`, in entry order (one read of the buffer if it is on disk).
    @inline(__always)
    func forEachRPI(wherePrefix test: (UInt32) -> Bool, _ body: (KeyBytes) -> Void) {
        withView { view in
            for e in 0..<view.entryCount where test(UInt32(truncatingIfNeeded: view.high(e) >> 32)) {
                body(view.rpi(ofEntry: e))
            }
        }
    }

    /// Calls `body` with the RPI of every entry, in entry order.
    func forEachRPI(_ body: (KeyBytes) -> Void) {
        withView { view in
            for e in 0..<view.entryCount { body(view.rpi(ofEntry: e)) }
        }
    }

    /// The first entry with `rpi` (entries are sorted by (high, low) word), if any.
    func firstEntry(matching rpi: KeyBytes) -> Int? {
        withView { $0.firstEntry(matching: rpi) }
    }

    /// Calls `body` with every sighting of `rpi` (entries with any AEM, each
    /// entry's sightings in time order).
    func forEachSighting(of rpi: KeyBytes, _ body: (Sighting) -> Void) {
        withView { view in
            guard var e = view.firstEntry(matching: rpi) else { return }
            while e < view.entryCount && view.rpi(ofEntry: e) == rpi {
                view.forEachSighting(ofEntry: e, body)
                e += 1
            }
        }
    }

    /// Calls `body` with every sighting of every entry, entry by entry.
    func forEachSighting(_ body: (Sighting) -> Void) {
        withView { view in
            for e in 0..<view.entryCount { view.forEachSighting(ofEntry: e, body) }
        }
    }
}

/// Reads a chunk's packed buffer (see ``SightingChunk/Storage``).
struct SightingChunkView {
    let base: UnsafeRawPointer
    let day: Int64
    let entryCount: Int
    let scanCount: Int
    let sightingCount: Int
    let farPrevious: [UInt16: Int64]

    init(base: UnsafeRawPointer, chunk: SightingChunk, empty: Bool = false) {
        self.base = base
        day = chunk.day
        entryCount = empty ? 0 : chunk.entryCount
        scanCount = empty ? 0 : chunk.scanCount
        sightingCount = empty ? 0 : chunk.sightingCount
        farPrevious = chunk.farPrevious
    }

    var rpiLowOffset: Int { 8 * entryCount }
    var aemOffset: Int { 16 * entryCount }
    var scanSecondsOffset: Int { 20 * entryCount }
    var entryEndOffset: Int { 20 * entryCount + 4 * scanCount }
    var scanDeltaOffset: Int { 22 * entryCount + 4 * scanCount }
    var sightingScanOffset: Int { 22 * entryCount + 6 * scanCount }
    var rssiOffset: Int { 22 * entryCount + 6 * scanCount + 2 * sightingCount }

    @inline(__always)
    func high(_ e: Int) -> UInt64 { base.load(fromByteOffset: 8 * e, as: UInt64.self) }

    @inline(__always)
    func rpi(ofEntry e: Int) -> KeyBytes {
        KeyBytes(low: base.load(fromByteOffset: rpiLowOffset + 8 * e, as: UInt64.self), high: high(e))
    }

    func firstEntry(matching rpi: KeyBytes) -> Int? {
        var low = 0
        var high = entryCount
        while low < high {
            let mid = (low + high) / 2
            let h = self.high(mid)
            let l = base.load(fromByteOffset: rpiLowOffset + 8 * mid, as: UInt64.self)
            if (h, l) < (rpi.high, rpi.low) { low = mid + 1 } else { high = mid }
        }
        guard low < entryCount, self.rpi(ofEntry: low) == rpi else { return nil }
        return low
    }

    /// Calls `body` with the sightings of entry `e`, in time order.
    func forEachSighting(ofEntry e: Int, _ body: (Sighting) -> Void) {
        let dayStart = day &* 86_400
        let rpi = rpi(ofEntry: e)
        let aem = AssociatedEncryptedMetadata(raw: base.load(fromByteOffset: aemOffset + 4 * e, as: UInt32.self))
        let first = e == 0 ? 0 : Int(base.load(fromByteOffset: entryEndOffset + 2 * (e - 1), as: UInt16.self))
        let end = Int(base.load(fromByteOffset: entryEndOffset + 2 * e, as: UInt16.self))
        for j in first..<end {
            let scan = Int(base.load(fromByteOffset: sightingScanOffset + 2 * j, as: UInt16.self))
            let time = dayStart + Int64(base.load(fromByteOffset: scanSecondsOffset + 4 * scan, as: UInt32.self))
            let delta = base.load(fromByteOffset: scanDeltaOffset + 2 * scan, as: UInt16.self)
            let previous: Int64? = delta == SightingChunk.deltaEscape ? farPrevious[UInt16(scan)] : time - Int64(delta)
            let rssi = base.load(fromByteOffset: rssiOffset + j, as: Int8.self)
            body(Sighting(time: time, rpi: rpi, aem: aem, calibratedRSSI: rssi, previousScanTime: previous))
        }
    }
}
