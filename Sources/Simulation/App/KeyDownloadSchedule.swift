import Services

/// When the app downloads key packages, and which:
///
/// - Android (corona-warn-app/cwa-app-android
///   `diagnosiskeys/execution/DiagnosisKeyRetrievalWorkBuilder.kt`): a
///   periodic worker every 60 minutes;
/// - iOS (corona-warn-app/cwa-app-ios `ENATaskScheduler.swift`): the one
///   background task iOS grants an Exposure Notification app, requested every
///   2 hours (`backgroundTaskScheduleInterval`, 2 × 60 × 60 s, in the 2020
///   versions; the SwissCovid documentation `crowdnotifier/03-background-synchronisation.md`
///   reports the same two-hour cadence for Exposure Notification apps);
/// - on both, every run fetches the missing day packages, and the hour
///   packages only on an unmetered connection (Android
///   `diagnosiskeys/download/KeyPackageSyncTool.kt`; iOS `WifiOnlyHTTPClient.swift`,
///   a session without cellular access for the hour packages).
///
/// The intervals are scenario fields (`app.android.download_interval_minutes`,
/// `app.ios.download_interval_minutes`); a phone's first run falls uniformly
/// within the first interval, the system's background scheduling is not
/// modelled further.
package struct KeyDownloadSchedule: Hashable, Sendable {
    /// Seconds between download runs.
    package var intervalSeconds: Int64

    /// A schedule with runs `intervalSeconds` apart (> 0).
    package init(intervalSeconds: Int64) {
        precondition(intervalSeconds > 0)
        self.intervalSeconds = intervalSeconds
    }

    /// The Android worker: every 60 minutes.
    package static let android = KeyDownloadSchedule(intervalSeconds: 3600)
    /// The iOS background task: every 2 hours.
    package static let ios = KeyDownloadSchedule(intervalSeconds: 7200)

    /// The first run of a phone that starts at `start`, `offset` (any
    /// value, reduced modulo the interval) seconds into its first interval.
    package func firstRun(from start: Int64, offset: UInt64) -> Int64 {
        start + Int64(offset % UInt64(intervalSeconds))
    }

    /// The download run after one at `time`.
    package func nextRun(after time: Int64) -> Int64 { time + intervalSeconds }

    /// Whether a run fetches packages of `kind`: day packages always, hour
    /// packages only on an unmetered connection.
    package static func fetches(_ kind: PublishedPackage.Kind, unmetered: Bool) -> Bool {
        kind == .day || unmetered
    }
}
