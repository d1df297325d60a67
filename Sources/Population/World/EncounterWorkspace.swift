/// Buffers that ``DayEncounters/generate(town:plan:workers:workspace:into:)``
/// reuses from one day to the next: one `EncounterSink` per worker. A day of
/// a 100,000-person town writes about 85 MB into the sinks; allocating them
/// afresh every day cost as much time in page faults and in copies while the
/// buffers grew as the pairing itself (`perf`, `warnsim bench world`).
///
/// Not thread-safe: one generation at a time per workspace. ``World`` keeps
/// one and replaces it when a copy of the world shares it.
package final class EncounterWorkspace: @unchecked Sendable {
    private(set) var sinks: UnsafeMutablePointer<EncounterSink>
    private(set) var workers: Int
    /// Whether the sinks' pages are handed back as each day is gathered (and
    /// the day's encounters are not kept for reuse, see
    /// ``World/releasesEncounterMemory``): less memory, at the price of the
    /// page faults this type exists to avoid.
    package var releasesMemory = false

    package init() {
        workers = 0
        sinks = .allocate(capacity: 1)
    }

    /// Empties the sinks (keeping their memory) and makes one per worker.
    func prepare(workers needed: Int) {
        for w in 0..<workers { sinks[w].removeAll() }
        guard needed > workers else { return }
        let more = UnsafeMutablePointer<EncounterSink>.allocate(capacity: needed)
        more.moveInitialize(from: sinks, count: workers)
        // One sink each: a sink owns raw buffers, so copies of one would share them.
        for w in workers..<needed { (more + w).initialize(to: EncounterSink()) }
        sinks.deallocate()
        sinks = more
        workers = needed
    }

    deinit {
        for w in 0..<workers { sinks[w].free() }
        sinks.deinitialize(count: workers)
        sinks.deallocate()
    }
}
