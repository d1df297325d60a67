/// When the Corona-Warn-App hands downloaded keys to the framework and
/// recalculates the risk (corona-warn-app/cwa-app-android
/// `appconfig/mapping/ExposureDetectionConfigMapper.kt` and
/// `DownloadDiagnosisKeysTask.kt`; cwa-app-ios `RiskProvider.swift`; cwa-server
/// `distribution-application.yaml`, `max-exposure-detections-per-interval`):
///
/// - at most once per `24 h / maxExposureDetectionsPerInterval`; the server
///   value is 6, so every 4 h (Android `ExposureDetectionConfigMapper`, capped
///   at 6; iOS `RiskProvider` the same);
/// - skipped when less than 24 h have passed since the last detection and no
///   new key files arrived, so there is one forced detection per 24 h.
package struct ExposureDetectionSchedule: Hashable, Sendable {
    /// `max-exposure-detections-per-interval` (server: 6; capped at 6).
    package var maxDetectionsPerDay: Int
    /// Unix seconds of the last detection, if any.
    package private(set) var lastDetection: Int64?

    package init(maxDetectionsPerDay: Int = 6) {
        precondition(maxDetectionsPerDay >= 1)
        self.maxDetectionsPerDay = min(maxDetectionsPerDay, 6)
    }

    /// Seconds that must pass between two detections.
    package var minimumSeconds: Int64 { 86_400 / Int64(maxDetectionsPerDay) }

    /// Whether a detection runs at `time`, given whether key files arrived
    /// since the last one.
    package func isDue(at time: Int64, hasNewKeyFiles: Bool) -> Bool {
        guard let last = lastDetection else { return true }
        let elapsed = time - last
        guard elapsed >= minimumSeconds else { return false }
        return hasNewKeyFiles || elapsed >= 86_400
    }

    /// Records a detection at `time`.
    package mutating func recordDetection(at time: Int64) {
        lastDetection = time
    }
}
