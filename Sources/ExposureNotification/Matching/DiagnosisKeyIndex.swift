/// The RPIs of a batch of downloaded diagnosis keys, derived once and indexed,
/// so that many phones can be matched against the same keys by looking up only
/// the identifiers they actually saw (the framework's "native prefilter",
/// PROTOCOL.md §4, done from the phone's side).
public struct DiagnosisKeyIndex: Sendable {
    /// The keys, in the order given.
    public let keys: [DiagnosisKey]
    /// Where each key came from (for example its package's path), if given.
    public let sources: [String]?
    /// Their identifiers (rows of key `k` start at `derived.keyOffsets[position[k]]`).
    public let derived: DerivedIdentifiers
    /// For each key, its position in `derived`, or nil if no window can come from it.
    let positions: [Int?]
    /// RPI → indices of the keys that produce it (almost always one).
    let keysByRPI: [KeyBytes: [Int32]]

    /// Derives and indexes the RPIs of the keys `matcher` considers eligible.
    public init(keys: [DiagnosisKey], sources: [String]? = nil, matcher: ExposureMatcher, threads: Int = 1) throws(BatchCryptoError) {
        precondition(sources == nil || sources!.count == keys.count)
        var positions = [Int?](repeating: nil, count: keys.count)
        var eligible = [TemporaryExposureKey]()
        for (index, key) in keys.enumerated() where matcher.isEligible(key) {
            positions[index] = eligible.count
            eligible.append(key.temporaryExposureKey)
        }
        let derived = try IdentifierBatchDeriver.deriveAll(eligible, threads: threads)
        var byRPI = [KeyBytes: [Int32]](minimumCapacity: derived.count)
        for (index, position) in positions.enumerated() {
            guard let position else { continue }
            for row in derived.keyOffsets[position]..<derived.keyOffsets[position + 1] {
                byRPI[derived.rpi(at: row), default: []].append(Int32(index))
            }
        }
        self.keys = keys
        self.sources = sources
        self.derived = derived
        self.positions = positions
        self.keysByRPI = byRPI
    }

    /// Indices of the keys whose identifiers appear among `store`'s sightings.
    public func candidateKeys(in store: SightingStore) -> [Int] {
        var found = Set<Int32>()
        guard !keysByRPI.isEmpty else { return [] }
        for rpi in store.distinctRPIs {
            if let keys = keysByRPI[rpi] { found.formUnion(keys) }
        }
        return found.map(Int.init).sorted()
    }
}

extension ExposureMatcher {
    /// Matches a phone's sightings against an indexed key batch: the same windows
    /// as ``match(_:in:)`` on the same keys, with work proportional to what the
    /// phone saw.
    public func match(_ index: DiagnosisKeyIndex, in store: SightingStore) -> [MatchedExposureWindow] {
        var windows = [MatchedExposureWindow]()
        for keyIndex in index.candidateKeys(in: store) {
            guard let position = index.positions[keyIndex] else { continue }
            windows += match(key: index.keys[keyIndex], keyIndex: keyIndex, derived: index.derived, derivedIndex: position, in: store)
        }
        return windows
    }
}
