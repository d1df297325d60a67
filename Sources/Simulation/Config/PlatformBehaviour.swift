import ExposureNotification
import RiskCalculation
import WarnSimCore

/// What the phones of one platform do differently (`app.android`, `app.ios`
/// in a scenario): how often the framework scans and how often the app
/// downloads key packages. The risk-calculation variant follows the platform
/// itself (``RiskPlatform``).
public struct PlatformBehaviour: Hashable, Sendable {
    /// The framework's scan interval and its jitter.
    public var scan: ScanTiming
    /// The app's key-download cadence.
    public var download: KeyDownloadSchedule

    public init(scan: ScanTiming, download: KeyDownloadSchedule) {
        self.scan = scan
        self.download = download
    }

    /// Reads `scan_interval_s` (30 … 3600), `scan_jitter_s` (0 … interval − 1)
    /// and `download_interval_minutes` (15 … 1440), all required.
    static func parse(_ section: YAMLSection) throws(InputError) -> PlatformBehaviour {
        let interval = try section.int("scan_interval_s", in: 30...3600)
        let jitter = try section.int("scan_jitter_s", in: 0...3599)
        guard jitter < interval else {
            throw section.fail("scan_jitter_s", "must be less than scan_interval_s (\(interval)), got \(jitter)")
        }
        let download = try section.int("download_interval_minutes", in: 15...1440)
        try section.finish()
        return PlatformBehaviour(
            scan: ScanTiming(intervalSeconds: Int64(interval), jitterSeconds: UInt64(jitter)),
            download: KeyDownloadSchedule(intervalSeconds: Int64(download) * 60))
    }
}
