import ExposureNotification
import Population
import RiskCalculation

/// What the run knows about one person's phone, beyond the app's own state.
public struct PhoneRecord: Sendable {
    public var person: Int
    public var hasApp: Bool
    /// Planned test registration time (Unix seconds), if this person will test.
    public var plannedTest: Int64?
    public var testRoute: TestRegistrationRoute = .qrCode
    /// Whether this user will consent to share keys after a positive result.
    public var willShare = false
    /// Whether this user will answer the symptom question with the exact date.
    public var answersExactOnset = false
    /// Whole days left with tracing switched off (E03.01) or Bluetooth off (E03.03).
    public var tracingOffDaysLeft = 0
    public var bluetoothOffDaysLeft = 0
    /// Time of the first HIGH risk result that notified the user, if any.
    public var firstWarningTime: Int64?
    /// Time of the first detection whose total risk level was HIGH, notified or not.
    public var firstHighRiskTime: Int64?
    /// Every exposure window any detection produced, by identity.
    public var windows: [WindowKey: RecordedWindow] = [:]
}

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
