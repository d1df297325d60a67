import ExposureNotification
import RiskCalculation
import RunRecords

/// Identifies a window across repeated detections.
public struct WindowKey: Hashable, Sendable {
    public var keyData: KeyBytes
    public var rollingStart: UInt32
    public var firstScanTime: Int64
}

/// A window a phone recorded, with the key's owner (ground truth).
public struct RecordedWindow: Sendable {
    public var owner: Int
    public var window: ExposureWindow
    public var firstScanTime: Int64
    public var lastScanTime: Int64
    /// The detection that first produced the window (Unix seconds).
    public var detectedAt: Int64
    /// The real contact behind the window.
    public var truth: WindowTruth
    /// The level of the window under the run's configuration (nil if dropped).
    public var level: RiskLevel?
}
