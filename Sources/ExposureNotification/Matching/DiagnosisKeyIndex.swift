import Synchronization

/// The RPIs of a batch of downloaded diagnosis keys, derived once and indexed,
/// so that many phones can be matched against the same keys by looking up only
/// the identifiers they actually saw (the framework's "native prefilter",
/// google/exposure-notifications-internals matching, done from the phone's side).
///
/// Lookup structures: an open-addressing table from RPI to the rows of
/// `derived` (no per-RPI heap objects), the keys grouped by the source they
/// came from, and a bit filter of each source's RPIs and of all of them (so
/// that a phone can test its identifiers against one new package, or its new
/// identifiers against every package, with a cache-resident bit test).
public struct DiagnosisKeyIndex: Sendable {
    /// The keys, in the order given.
    public let keys: [DiagnosisKey]
    /// The number of the package each key came from, if given (see ``init(keys:sources:matcher:threads:)``).
    public let sources: [UInt32]?
    /// Their identifiers (rows of key `k` start at `derived.keyOffsets[position[k]]`).
    public let derived: DerivedIdentifiers
    /// For each key, its position in `derived`, or nil if no window can come from it.
    let positions: [Int?]
    /// For each row of `derived`, the index of its key in `keys`.
    let rowKey: [Int32]
    /// Open addressing on the RPI's low word: row + 1, 0 for empty.
    let table: [UInt32]
    let tableMask: Int
    /// The distinct sources in order of first appearance, and their keys.
    public let sourceOrder: [UInt32]
    public let keysOfSource: [UInt32: [Int32]]
    /// The distinct sources as a set.
    public let sourceSet: SourceSet
    /// Bit filter of each source's eligible RPIs.
    let sourceFilter: [UInt32: RPIFilter]
    /// The UTC days in which a sighting can match an eligible key of each
    /// source (``days(of:toleranceIntervals:)`` of its keys), ascending: a
    /// phone matching new sources tests only its chunks of those days.
    let daysOfSource: [UInt32: [Int64]]
    /// Bit filter of all eligible RPIs.
    let filter: RPIFilter
    /// Bit filters of sets of sources, built on first use (see ``filter(ofSources:)``).
    let unionFilters = UnionFilterCache()
    /// The matching tolerance the ranges were computed with, in intervals.
    public let toleranceIntervals: Int64
    /// Identifies this index (not a copy of another built the same way), so
    /// that a cache can tell whether the index changed since it last looked.
    public let token = Token()

    /// See ``token``.
    public final class Token: Sendable {}

    /// Derives and indexes the RPIs of the keys `matcher` considers eligible.
    ///
    /// - Parameters:
    ///   - keys: the downloaded keys; a key's index is its position here.
    ///   - sources: the number of the package each key came from (one entry
    ///     per key), or `nil` if sources are not tracked (then the match cache
    ///     cannot be used). A number names one package's contents for good:
    ///     the match cache remembers which numbers it matched, so a package
    ///     whose keys change must get a new number.
    ///   - matcher: decides which keys are eligible (see ``ExposureMatcher/isEligible(_:)``).
    ///   - threads: derivation threads (≥ 1); the index does not depend on it.
    /// - Throws: ``BatchCryptoError`` if OpenSSL fails to derive the identifiers.
    public init(keys: [DiagnosisKey], sources: [UInt32]? = nil, matcher: ExposureMatcher, threads: Int = 1) throws(BatchCryptoError) {
        precondition(sources == nil || sources!.count == keys.count)
        var positions = [Int?](repeating: nil, count: keys.count)
        var eligible = [TemporaryExposureKey]()
        var eligibleKeys = [Int32]()
        for (index, key) in keys.enumerated() where matcher.isEligible(key) {
            positions[index] = eligible.count
            eligible.append(key.temporaryExposureKey)
            eligibleKeys.append(Int32(index))
        }
        let derived = try IdentifierBatchDeriver.deriveAll(eligible, threads: threads)
        var rowKey = [Int32](repeating: 0, count: derived.count)
        for (position, key) in eligibleKeys.enumerated() {
            for row in derived.keyOffsets[position]..<derived.keyOffsets[position + 1] { rowKey[row] = key }
        }
        var capacity = 16
        while capacity < 2 * derived.count { capacity *= 2 }
        var table = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        derived.withRPIBytes { bytes in
            let base = bytes.baseAddress!
            for row in 0..<derived.count {
                var slot = Int(truncatingIfNeeded: base.loadUnaligned(fromByteOffset: 16 * row, as: UInt64.self)) & mask
                while table[slot] != 0 { slot = (slot + 1) & mask }
                table[slot] = UInt32(row + 1)
            }
        }
        var order = [UInt32]()
        var bySource = [UInt32: [Int32]]()
        var filters = [UInt32: RPIFilter]()
        var sourceDays = [UInt32: [Int64]]()
        if let sources {
            for (index, source) in sources.enumerated() {
                if bySource[source] == nil { order.append(source) }
                bySource[source, default: []].append(Int32(index))
            }
            for (source, members) in bySource {
                var rows = [Int]()
                var days = Set<Int64>()
                for k in members {
                    if let position = positions[Int(k)] {
                        rows += derived.keyOffsets[position]..<derived.keyOffsets[position + 1]
                        days.formUnion(Self.days(of: keys[Int(k)], toleranceIntervals: matcher.rules.toleranceIntervals))
                    }
                }
                filters[source] = RPIFilter(rows: rows, of: derived)
                sourceDays[source] = days.sorted()
            }
        }
        self.keys = keys
        self.sources = sources
        self.derived = derived
        self.positions = positions
        self.rowKey = rowKey
        self.table = table
        self.tableMask = mask
        self.sourceOrder = order
        self.keysOfSource = bySource
        self.sourceSet = SourceSet(order)
        self.sourceFilter = filters
        self.daysOfSource = sourceDays
        self.filter = RPIFilter(rows: Array(0..<derived.count), of: derived)
        self.toleranceIntervals = matcher.rules.toleranceIntervals
    }

    /// One bit filter of the eligible RPIs of several sources, so that a phone
    /// tests each stored identifier once against all packages it has not
    /// matched yet instead of once per package. Phones that detect at the
    /// same hour ask for the same set, so the filter is built once per index
    /// and set (at most ``UnionFilterCache/capacity`` sets are kept; further
    /// ones are built for the caller alone). The filter depends only on the
    /// set, so which thread builds it does not matter.
    ///
    /// - Parameter sources: source numbers of this index, ascending (the
    ///   filter does not depend on the order, the cache's key does).
    /// - Returns: the filter (no false negatives for any RPI of those sources).
    func filter(ofSources sources: [UInt32]) -> RPIFilter {
        if sources.count == 1, let single = sourceFilter[sources[0]] { return single }
        if let cached = unionFilters.filters.withLock({ $0[sources] }) { return cached }
        var rows = [Int]()
        for source in sources {
            for k in keysOfSource[source] ?? [] {
                if let position = positions[Int(k)] {
                    rows += derived.keyOffsets[position]..<derived.keyOffsets[position + 1]
                }
            }
        }
        let built = RPIFilter(rows: rows, of: derived)
        unionFilters.filters.withLock { filters in
            if filters.count < UnionFilterCache.capacity { filters[sources] = built }
        }
        return built
    }

    /// The UTC days in which a sighting can match an eligible key of one of
    /// `sources` (the union of their ``daysOfSource``), ascending.
    ///
    /// - Parameter sources: source numbers of this index.
    /// - Returns: the day numbers, each once.
    func days(ofSources sources: [UInt32]) -> [Int64] {
        if sources.count == 1 { return daysOfSource[sources[0]] ?? [] }
        var days = [Int64]()
        for source in sources { days += daysOfSource[source] ?? [] }
        days.sort()
        var unique = [Int64]()
        unique.reserveCapacity(days.count)
        for day in days where unique.last != day { unique.append(day) }
        return unique
    }

    /// See ``filter(ofSources:)``.
    final class UnionFilterCache: Sendable {
        static let capacity = 64
        let filters = Mutex<[[UInt32]: RPIFilter]>([:])
    }

    /// The UTC days in which a sighting can fall and still match `key`: its
    /// intervals widened by the tolerance on both sides.
    ///
    /// - Parameters:
    ///   - key: the diagnosis key.
    ///   - toleranceIntervals: the matching tolerance in 10-minute intervals (12).
    /// - Returns: the UTC day numbers (days since 1970-01-01), first to last.
    public static func days(of key: DiagnosisKey, toleranceIntervals: Int64) -> ClosedRange<Int64> {
        let start = Int64(key.rollingStartIntervalNumber.rawValue)
        let first = (start - toleranceIntervals) * 600
        let last = (start + Int64(key.rollingPeriod) + toleranceIntervals) * 600 - 1
        return floorDiv(first, 86_400)...floorDiv(last, 86_400)
    }

    /// Calls `body` with the index of every eligible key that has `rpi` among
    /// its identifiers (almost always none or one), in row order.
    ///
    /// - Parameters:
    ///   - rpi: an identifier a phone saw.
    ///   - body: called with each matching key's index into the `keys` the index
    ///     was built from.
    @inline(__always)
    public func forEachKey(withRPI rpi: KeyBytes, _ body: (Int) -> Void) {
        derived.withRPIBytes { bytes in
            let base = bytes.baseAddress!
            var slot = Int(truncatingIfNeeded: rpi.low) & tableMask
            while true {
                let entry = table[slot]
                if entry == 0 { return }
                let row = Int(entry) - 1
                if base.loadUnaligned(fromByteOffset: 16 * row, as: UInt64.self) == rpi.low,
                    base.loadUnaligned(fromByteOffset: 16 * row + 8, as: UInt64.self) == rpi.high
                {
                    body(Int(rowKey[row]))
                }
                slot = (slot + 1) & tableMask
            }
        }
    }

    /// Indices of the keys whose identifiers appear among `store`'s sightings.
    ///
    /// - Parameter store: the phone's sightings.
    /// - Returns: key indices (into the `keys` the index was built from), in
    ///   ascending order; empty if the phone saw none.
    public func candidateKeys(in store: SightingStore) -> [Int] {
        guard derived.count > 0 else { return [] }
        var found = Set<Int>()
        store.forEachEntryRPI { rpi in forEachKey(withRPI: rpi) { found.insert($0) } }
        return found.sorted()
    }
}

/// A bit filter over RPIs (a one-hash Bloom filter on the RPI's top bits, which
/// are uniformly distributed): no false negatives; about 1/256 false positives
/// for filters of up to ``smallRows`` RPIs (a package or a few, tested against
/// every stored identifier at each detection, so a false positive's binary
/// search would cost more than the filter's size in cache), 1/32 for larger
/// ones.
struct RPIFilter: Sendable {
    /// Filters of at most this many RPIs get 256 bits per RPI (256 KiB at most).
    static let smallRows = 8192
    let bits: [UInt64]
    /// The bit of an RPI is its prefix (top 32 bits) shifted right by this.
    let shift: UInt32
    /// The top 32 bits of every RPI, sorted: a second, exact test on those
    /// bits after the bit filter, so that a sighting chunk on disk (which keeps
    /// only those bits in memory) is read only when an RPI could match.
    let prefixes: [UInt32]

    init(rows: [Int], of derived: DerivedIdentifiers) {
        // At most 2³² bits, so that the filter reads only an RPI's top 32 bits
        // (a spilled sighting chunk keeps only those in memory).
        let bitsPerRow = rows.count <= Self.smallRows ? 256 : 32
        var size = 64
        while size < bitsPerRow * rows.count && size < 1 << 32 { size *= 2 }
        var log = 0
        while (1 << log) < size { log += 1 }
        let shift = UInt32(32 - log)
        var bits = [UInt64](repeating: 0, count: size / 64)
        var prefixes = [UInt32]()
        prefixes.reserveCapacity(rows.count)
        derived.withRPIBytes { bytes in
            let base = bytes.baseAddress!
            for row in rows {
                let prefix = UInt32(truncatingIfNeeded: base.loadUnaligned(fromByteOffset: 16 * row + 8, as: UInt64.self) >> 32)
                let bit = Int(prefix &>> shift)
                bits[bit >> 6] |= 1 << UInt64(bit & 63)
                prefixes.append(prefix)
            }
        }
        prefixes.sort()
        self.prefixes = prefixes
        self.bits = bits
        self.shift = shift
    }

    /// Whether some RPI of the filter has `prefix` as its top 32 bits.
    func hasPrefix(_ prefix: UInt32) -> Bool {
        prefixes.sortedContains(prefix)
    }

    /// Calls `body` with the bit words and the shift, for
    /// ``bitIsSet(_:bits:shift:)`` in tight loops.
    @inline(__always)
    func withBits<R>(_ body: (UnsafePointer<UInt64>, UInt32) -> R) -> R {
        bits.withUnsafeBufferPointer { body($0.baseAddress!, shift) }
    }

    /// Whether the filter's bit for `prefix` is set: the cheap first half of
    /// the filter's test, which rejects almost every prefix from a
    /// cache-resident bit array; a prefix whose bit is set is then checked
    /// with ``hasPrefix(_:)``.
    ///
    /// A static function of the bit words, not a method of the filter: the
    /// whole test as one method called through the filter for every stored
    /// identifier made the matching stage about 30 % slower (2.7–2.9 s
    /// against 1.9–2.5 s, `bench simulate --people 30000 --days 28`, three
    /// alternated runs each, 2026-11-28).
    ///
    /// - Parameters:
    ///   - prefix: The top 32 bits of an RPI.
    ///   - bits: The filter's bit words, from ``withBits(_:)``.
    ///   - shift: The filter's shift, from ``withBits(_:)``.
    @inline(__always)
    static func bitIsSet(_ prefix: UInt32, bits: UnsafePointer<UInt64>, shift: UInt32) -> Bool {
        let bit = Int(truncatingIfNeeded: prefix &>> shift)
        return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }
}

extension ExposureMatcher {
    /// Matches a phone's sightings against an indexed key batch: the same windows
    /// as ``match(_:in:)`` on the same keys, with work proportional to what the
    /// phone saw.
    ///
    /// - Parameters:
    ///   - index: the indexed keys, built with this matcher's rules and mapping.
    ///   - store: the phone's sightings.
    /// - Returns: the windows of every matched key, in key order.
    public func match(_ index: DiagnosisKeyIndex, in store: SightingStore) -> [MatchedExposureWindow] {
        var windows = [MatchedExposureWindow]()
        for keyIndex in index.candidateKeys(in: store) {
            guard let position = index.positions[keyIndex] else { continue }
            windows += match(key: index.keys[keyIndex], keyIndex: keyIndex, derived: index.derived, derivedIndex: position, in: store)
        }
        return windows
    }
}

extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// Whether this array or slice, sorted ascending, holds `value` (binary search).
    func sortedContains(_ value: Element) -> Bool {
        var low = startIndex
        var upper = endIndex
        while low < upper {
            let mid = (low + upper) / 2
            if self[mid] < value { low = mid + 1 } else { upper = mid }
        }
        return low < endIndex && self[low] == value
    }
}
