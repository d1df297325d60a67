import Services
import WarnSimCore

/// One phone's key downloads: when its app's next download run is, whether
/// each run is on an unmetered connection (a draw per run with the
/// scenario's `app.unmetered_share`, from the stream (seed, `app.download`,
/// person), in run order), and how far the app has downloaded the CDN's day
/// and hour packages (``KeyPackageCDN`` serials).
package struct KeyDownloadClock: Sendable {
    /// The platform's cadence.
    package let schedule: KeyDownloadSchedule
    /// Probability that a run is on an unmetered connection (Wi-Fi).
    package let unmeteredShare: Double
    /// Unix seconds of the next download run.
    package private(set) var nextRun: Int64
    /// The last CDN serials of day and hour packages the app has looked at.
    var dayCursor = 0
    var hourCursor = 0
    var stream: RandomStream

    /// The clock of `person`'s phone from `start`: the first run uniformly
    /// within the first interval.
    package init(person: Int, start: Int64, seed: UInt64, schedule: KeyDownloadSchedule, unmeteredShare: Double) {
        self.schedule = schedule
        self.unmeteredShare = unmeteredShare
        stream = RandomStream(seed: seed, subsystem: StreamName.appDownload, entity: UInt64(person))
        nextRun = schedule.firstRun(from: start, offset: stream.next())
    }

    /// The next run if it starts before `end`, with whether it is on an
    /// unmetered connection; advances the clock past it.
    mutating func takeRun(before end: Int64) -> (time: Int64, unmetered: Bool)? {
        guard nextRun < end else { return nil }
        let time = nextRun
        nextRun = schedule.nextRun(after: time)
        return (time, stream.nextUnitDouble() < unmeteredShare)
    }

    /// An app installed at `time` runs its first download at its first
    /// scheduled run from then on: the runs before are skipped.
    mutating func skipRuns(before time: Int64) {
        while takeRun(before: time) != nil {}
    }

    /// After an app reset: every package still on the CDN is fetched again.
    mutating func forgetDownloads() {
        dayCursor = 0
        hourCursor = 0
    }
}
