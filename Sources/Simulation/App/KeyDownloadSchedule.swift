/// When the app downloads key packages (corona-warn-app/cwa-app-android
/// `diagnosiskeys/execution/DiagnosisKeyRetrievalWorkBuilder.kt` and
/// `diagnosiskeys/download/KeyPackageSyncTool.kt`): the Android
/// worker runs every 60 minutes and syncs the daily packages, and the hourly
/// packages only on non-metered connections.
public struct KeyDownloadSchedule: Hashable, Sendable {
    /// Seconds between download runs (Android `DiagnosisKeyRetrievalWorkBuilder`: 60 min).
    public var intervalSeconds: Int64 = 3600
    /// Whether the phone is on a non-metered connection, so hourly packages are
    /// fetched too (`KeyPackageSyncTool`).
    public var downloadsHourlyPackages: Bool

    public init(downloadsHourlyPackages: Bool) {
        self.downloadsHourlyPackages = downloadsHourlyPackages
    }

    /// The download run after one at `time`.
    public func nextRun(after time: Int64) -> Int64 { time + intervalSeconds }
}
