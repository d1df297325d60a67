import ExposureNotification
import RiskCalculation
import RunRecords

/// Identifies a window across repeated detections.
package struct WindowKey: Hashable, Sendable {
    package var keyData: KeyBytes
    package var rollingStart: UInt32
    package var firstScanTime: Int64
}

/// A window a phone recorded, with the key's owner (ground truth).
package struct RecordedWindow: Sendable {
    package var owner: Int
    package var window: ExposureWindow
    package var firstScanTime: Int64
    package var lastScanTime: Int64
    /// The detection that first produced the window (Unix seconds).
    package var detectedAt: Int64
    /// The real contact behind the window.
    package var truth: WindowTruth
    /// The level of the window under the run's configuration (nil if dropped).
    package var level: RiskLevel?
}
