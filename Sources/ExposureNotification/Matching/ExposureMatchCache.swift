/// Repeated exposure detection on one phone without re-matching what has not
/// changed: the windows of a key depend only on the key and on the phone's
/// sightings of its identifiers within the key's matching range (its
/// intervals ± the tolerance, google/exposure-notifications-internals
/// `KeyExposureEvaluator`), so they are kept per key and recomputed only when
/// an arriving chunk holds one of its identifiers or a day of its range
/// expires. Keys of sources (packages) not matched before are
/// found by testing every stored identifier against the sources' joint bit
/// filter, except on a phone the caller knows cannot have sighted them.
///
/// ``update(index:store:heldVersion:held:matcher:unsighted:)`` returns exactly what a full
/// ``ExposureMatcher/match(_:in:)`` over the index, restricted to keys of held
/// sources, returns: the same windows in the same order (index order of the
/// keys, each key's windows in time order).
public struct ExposureMatchCache: Sendable {
    struct Entry: Sendable {
        var source: UInt32
        /// Position of the key among its source's keys.
        var offset: Int
        var key: DiagnosisKey
        /// Never empty.
        var windows: [MatchedExposureWindow]
    }

    /// Keys that produced windows.
    var entries: [Entry] = []
    /// Sources whose keys have all been matched (a source number names fixed
    /// contents, see ``DiagnosisKeyIndex/sources``).
    var matchedSources = SourceSet()
    /// The store's `nextChunkSerial` at the last update.
    var seenSerial = 0
    /// The store's `expiredBeforeDay` and `clearCount` at the last update.
    var seenExpiry: Int64?
    var seenClearCount = 0
    /// The index and held-sources version of the last update, and each
    /// entry's key index in that index.
    var seenIndex: DiagnosisKeyIndex.Token?
    var seenHeldVersion = 0
    var entryKeyIndex: [Int] = []
    /// The matcher the entries were computed with.
    var rules: ExposureMatcher.Rules?
    var mapping: DiagnosisKeysDataMapping?

    public init() {}

    /// Whether no key has produced a window: an update against a store
    /// without sightings would give no window and may be skipped, the next
    /// update catching up from where the cache stands.
    public var hasNoWindows: Bool { entries.isEmpty }

    /// Forgets everything (the next update matches from scratch).
    public mutating func removeAll() { self = ExposureMatchCache() }

    /// The windows of every held key of `index` in `store` (see the type's
    /// documentation). The index must have sources; `store` must be sealed
    /// (``SightingStore/expire(now:)`` and ``SightingStore/seal()`` seal it),
    /// otherwise everything is matched afresh.
    ///
    /// `heldVersion` must change whenever `held` does; while it and the index
    /// stay the same, sources are not looked at again. The work per update
    /// does not grow with the number of sources in the index beyond a few
    /// operations per 64 of them: only the held sources not matched before
    /// are looked at one by one.
    ///
    /// - Parameters:
    ///   - index: the indexed keys, with sources.
    ///   - store: the phone's sightings.
    ///   - heldVersion: a version number of the set of held packages.
    ///   - held: the source numbers of the packages the phone holds.
    ///   - matcher: the matching rules and mapping (the same on every call).
    ///   - unsighted: whether the phone can be known not to hold a sighting of
    ///     any key of a source (the simulation knows whose advertisements each
    ///     phone received); such a source is taken as matched without looking
    ///     at the sightings. The answer must be false whenever a sighting of
    ///     one of the source's keys may be in `store`, otherwise windows are
    ///     lost; by default every source is looked at.
    /// - Returns: the windows of every held key, in index order.
    public mutating func update(
        index: DiagnosisKeyIndex, store: SightingStore, heldVersion: Int, held: SourceSet, matcher: ExposureMatcher,
        unsighted: (UInt32) -> Bool = { _ in false }
    ) -> [MatchedExposureWindow] {
        precondition(index.sources != nil, "the match cache needs the keys' sources")
        if rules != matcher.rules || mapping != matcher.mapping || !store.open.isEmpty || seenClearCount != store.clearCount
            || index.toleranceIntervals != matcher.rules.toleranceIntervals
        {
            removeAll()
            rules = matcher.rules
            mapping = matcher.mapping
            seenClearCount = store.clearCount
        }
        let sameSources = seenIndex === index.token && seenHeldVersion == heldVersion && entryKeyIndex.count == entries.count
        if sameSources && seenSerial == store.nextChunkSerial && seenExpiry == store.expiredBeforeDay {
            return output()  // nothing changed
        }
        var fresh: [UInt32] = []
        if !sameSources {
            // Sources usable now; drop what no longer is.
            let usable = held.intersection(index.sourceSet)
            matchedSources.formIntersection(usable)
            if entries.contains(where: { !matchedSources.contains($0.source) }) {
                entries.removeAll { !matchedSources.contains($0.source) }
            }
            entryKeyIndex = entries.map { Int(index.keysOfSource[$0.source]![$0.offset]) }
            // Sources not matched yet, ascending (what they lead to is
            // matched in index order below, whatever their order here).
            fresh = usable.numbers(notIn: matchedSources)
        }

        var recompute = Set<Int>()
        // Store changes since the last update: chunks that arrived, days that expired.
        let arrived = store.nextChunkSerial > seenSerial
        if let expiredBefore = store.expiredBeforeDay, expiredBefore != seenExpiry {
            for (entry, keyIndex) in zip(entries, entryKeyIndex)
            where DiagnosisKeyIndex.days(of: entry.key, toleranceIntervals: matcher.rules.toleranceIntervals).lowerBound
                < expiredBefore
            {
                recompute.insert(keyIndex)
            }
        }
        // Keys of matched sources without windows can gain some only from a
        // sighting of one of their identifiers, so only the arrived chunks'
        // identifiers are looked up (work proportional to what the phone saw,
        // not to the number of keys downloaded), and only if a matched source
        // may have been sighted at all (a phone that heard none of their key
        // owners holds no identifier of theirs, in any chunk).
        if arrived && matchedSources.contains(where: { !unsighted($0) }) {
            let filter = index.filter
            filter.withBits { bits, shift in
                store.forEachRPI(
                    sealedFrom: seenSerial, wherePrefix: { RPIFilter.bitIsSet($0, bits: bits, shift: shift) && filter.hasPrefix($0) },
                    { rpi in
                        index.forEachKey(withRPI: rpi) { k in
                            if matchedSources.contains(index.sources![k]) { recompute.insert(k) }
                        }
                    })
            }
        }
        // Sources not matched yet: test every stored identifier against their filters.
        // Sources the phone cannot have sighted are matched already: none of
        // their keys has a sighting, so none has windows.
        let looked = fresh.filter { !unsighted($0) }
        // The days the fresh sources' pass reads are read once, for the pass
        // and for the matches of the keys it finds (which read the same days).
        var store = store
        if !looked.isEmpty {
            var freshSet = SourceSet()
            for source in looked { freshSet.insert(source) }
            let exact: (KeyBytes) -> Void = { rpi in
                index.forEachKey(withRPI: rpi) { k in
                    if freshSet.contains(index.sources![k]) { recompute.insert(k) }
                }
            }
            // One pass over the stored identifiers' prefixes, testing the bit
            // filter of the new sources together (cache-resident) before the
            // exact table. Only the chunks of days in which a sighting can
            // match one of their keys are visited: a sighting of another day
            // is outside every such key's matching range, so it yields no
            // window (the matcher keeps only sightings within the tolerance),
            // and a key it would point to is found through its in-range
            // sightings if it has any. The filter is that of all the fresh
            // sources (shared by the phones that take in the same packages,
            // see ``DiagnosisKeyIndex/filter(ofSources:)``); the exact table
            // keeps only keys of the sources looked at.
            let filter = index.filter(ofSources: fresh)
            let days = index.days(ofSources: looked)
            store = store.withChunksInMemory(onDays: days)
            filter.withBits { bits, shift in
                store.forEachRPI(
                    onDays: days, wherePrefix: { RPIFilter.bitIsSet($0, bits: bits, shift: shift) && filter.hasPrefix($0) }, exact)
            }
        }
        for source in fresh { matchedSources.insert(source) }
        // Match what changed.
        if !recompute.isEmpty || !sameSources {
            var position = [UInt32: [Int: Int]]()  // source → offset → entry
            for (i, entry) in entries.enumerated() { position[entry.source, default: [:]][entry.offset] = i }
            var removed = Set<Int>()
            for k in recompute.sorted() {
                let source = index.sources![k]
                let offset = index.keysOfSource[source]!.firstIndex(of: Int32(k))!
                let windows =
                    index.positions[k].map {
                        matcher.match(key: index.keys[k], keyIndex: k, derived: index.derived, derivedIndex: $0, in: store)
                    } ?? []
                if let i = position[source]?[offset] {
                    if windows.isEmpty { removed.insert(i) } else { entries[i].windows = windows }
                } else if !windows.isEmpty {
                    entries.append(Entry(source: source, offset: offset, key: index.keys[k], windows: windows))
                    entryKeyIndex.append(k)
                    position[source, default: [:]][offset] = entries.count - 1
                }
            }
            // Keep the entries in index order.
            let order = entries.indices.filter { !removed.contains($0) }.sorted { entryKeyIndex[$0] < entryKeyIndex[$1] }
            entries = order.map { entries[$0] }
            entryKeyIndex = order.map { entryKeyIndex[$0] }
        }
        seenSerial = store.nextChunkSerial
        seenExpiry = store.expiredBeforeDay
        seenIndex = index.token
        seenHeldVersion = heldVersion
        return output()
    }

    /// The entries' windows in index order, with the keys' current indices.
    func output() -> [MatchedExposureWindow] {
        var out = [MatchedExposureWindow]()
        for (entry, k) in zip(entries, entryKeyIndex) {
            for var window in entry.windows {
                window.keyIndex = k
                out.append(window)
            }
        }
        return out
    }
}
