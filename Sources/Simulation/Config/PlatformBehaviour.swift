import ExposureNotification
import RiskCalculation
import WarnSimCore

/// What the phones of one platform do differently (`app.android`, `app.ios`
/// in a scenario): how often the framework scans and how often the app
/// downloads key packages. The risk-calculation variant follows the platform
/// itself (``RiskPlatform``).
package struct PlatformBehaviour: Hashable, Sendable {
    /// The framework's scan interval and its jitter.
    package var scan: ScanTiming
    /// The app's key-download cadence.
    package var download: KeyDownloadSchedule

    package init(scan: ScanTiming, download: KeyDownloadSchedule) {
        self.scan = scan
        self.download = download
    }

    /// Reads `scan_interval_s`, `scan_jitter_s` (less than the interval) and
    /// `download_interval_minutes` through their declarations, all required.
    static func parse(_ section: DocumentSection, _ fields: PlatformBehaviourFields) throws(InputError) -> PlatformBehaviour {
        let interval = try section.int(fields.scanInterval)
        let jitter = try section.int(fields.scanJitter)
        guard jitter < interval else {
            throw section.fail("scan_jitter_s", "must be less than scan_interval_s (\(interval)), got \(jitter)")
        }
        let download = try section.int(fields.downloadInterval)
        try section.finish()
        return PlatformBehaviour(
            scan: ScanTiming(intervalSeconds: Int64(interval), jitterSeconds: UInt64(jitter)),
            download: KeyDownloadSchedule(intervalSeconds: Int64(download) * 60))
    }
}
