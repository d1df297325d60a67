/// A period of at most 30 minutes during which the phone saw one matched
/// diagnosis key on one UTC day (ENF v2 `ExposureWindow`;
/// Google, Exposure Notifications API: ExposureWindow / ScanInstance,
/// developers.google.com; Apple `ENExposureWindow`; google/exposure-notifications-internals
/// `matching/ExposureWindowUtils.java`).
public struct ExposureWindow: Hashable, Sendable {
    /// The UTC calendar day of the window, as days since 1970-01-01.
    public var dayNumber: Int
    /// The report type of the matched key.
    public var reportType: ReportType
    /// The infectiousness the framework mapped from the key's days since onset.
    public var infectiousness: Infectiousness
    /// The calibration confidence of the sighting that opened the window.
    public var calibrationConfidence: CalibrationConfidence
    /// The scans in which the key was seen, in time order.
    public var scanInstances: [ScanInstance]

    /// Creates a window.
    ///
    /// - Parameters:
    ///   - dayNumber: the UTC day, as days since 1970-01-01.
    ///   - reportType: the report type of the matched key.
    ///   - infectiousness: the infectiousness mapped from the key's days since onset.
    ///   - calibrationConfidence: the confidence of the sighting that opened the window.
    ///   - scanInstances: the scans, in time order (may be empty).
    public init(
        dayNumber: Int,
        reportType: ReportType,
        infectiousness: Infectiousness,
        calibrationConfidence: CalibrationConfidence,
        scanInstances: [ScanInstance]
    ) {
        self.dayNumber = dayNumber
        self.reportType = reportType
        self.infectiousness = infectiousness
        self.calibrationConfidence = calibrationConfidence
        self.scanInstances = scanInstances
    }
}
