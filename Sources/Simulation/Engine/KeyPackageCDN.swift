import ExposureNotification
import Services

/// The verified packages on the CDN as the phones see them, in publication
/// order, each with a serial number: day packages for `retention-days` (14),
/// hour packages for `hour-file-retention-days` (2), as cwa-server keeps them
/// (`docs/DISTRIBUTION.md`). A phone's download run fetches what was published
/// since its last run (``KeyDownloadClock``), by the rules of
/// ``KeyDownloadSchedule``.
struct KeyPackageCDN: Sendable {
    struct Entry: Sendable {
        var serial: Int
        var kind: PublishedPackage.Kind
        var publishedAt: Int64
        /// What a phone keeps of the package (its keys stay in the run's copy).
        var package: HeldPackage
    }

    /// Entries in publication order (serials ascending).
    private(set) var entries: [Entry] = []
    private var lastSerial = 0
    let dayRetentionSeconds: Int64
    let hourRetentionSeconds: Int64

    init(dayRetentionDays: Int, hourRetentionDays: Int) {
        dayRetentionSeconds = Int64(dayRetentionDays) * 86_400
        hourRetentionSeconds = Int64(hourRetentionDays) * 86_400
    }

    /// Puts a verified package on the CDN at `now`.
    mutating func publish(_ package: VerifiedKeyPackage, kind: PublishedPackage.Kind, at now: Int64) {
        lastSerial += 1
        entries.append(Entry(serial: lastSerial, kind: kind, publishedAt: now, package: HeldPackage(package)))
    }

    /// Removes what the CDN no longer serves at `now`.
    mutating func applyRetention(now: Int64) {
        entries.removeAll { entry in
            now - entry.publishedAt > (entry.kind == .day ? dayRetentionSeconds : hourRetentionSeconds)
        }
    }

    /// What a download run on `clock` fetches now (packages published since
    /// its last run, day packages always, hour packages only if `unmetered`),
    /// in publication order; moves the clock's cursors.
    func download(_ clock: inout KeyDownloadClock, unmetered: Bool) -> [HeldPackage] {
        guard let last = entries.last?.serial else { return [] }
        let cursor = unmetered ? min(clock.dayCursor, clock.hourCursor) : clock.dayCursor
        var first = entries.count
        while first > 0 && entries[first - 1].serial > cursor { first -= 1 }
        var fetched: [HeldPackage] = []
        for i in first..<entries.count where KeyDownloadSchedule.fetches(entries[i].kind, unmetered: unmetered) {
            if entries[i].serial > (entries[i].kind == .day ? clock.dayCursor : clock.hourCursor) { fetched.append(entries[i].package) }
        }
        clock.dayCursor = last
        if unmetered { clock.hourCursor = last }
        return fetched
    }
}
