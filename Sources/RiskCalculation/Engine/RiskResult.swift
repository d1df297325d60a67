/// The result of the CWA v2 calculation for one phone's windows
/// (corona-warn-app/cwa-app-android `DefaultRiskLevels.kt` `aggregateResults`;
/// cwa-app-ios `RiskCalculation.swift`, aggregation steps 1–12).
public struct RiskResult: Hashable, Sendable {
    /// HIGH if any day is HIGH, otherwise LOW (also with no encounters).
    public var totalRiskLevel: RiskLevel
    /// The most recent day (days since 1970-01-01) with a LOW day level.
    public var mostRecentDayWithLowRisk: Int?
    /// The most recent day with a HIGH day level.
    public var mostRecentDayWithHighRisk: Int?
    public var numberOfDaysWithLowRisk: Int
    public var numberOfDaysWithHighRisk: Int
    /// Σ over days of distinct (TRL, calibration confidence) pairs among the
    /// day's LOW windows.
    public var totalMinimumDistinctEncountersWithLowRisk: Int
    /// The same for HIGH windows.
    public var totalMinimumDistinctEncountersWithHighRisk: Int
    /// Per day with kept windows, in ascending day order.
    public var days: [DayRisk]
    /// Per input window, in input order.
    public var windows: [WindowEvaluation]
}

/// One day's aggregation.
public struct DayRisk: Hashable, Sendable {
    /// Days since 1970-01-01 (UTC).
    public var dayNumber: Int
    /// Σ normalized time of the day's kept windows (Android: rounded to one
    /// decimal, half up).
    public var normalizedTime: Double
    /// The day's level, if the day mapping has one.
    public var riskLevel: RiskLevel?
    /// Distinct (TRL, calibration confidence) pairs among LOW windows, as counted
    /// on this platform (0 on Android for a day without level).
    public var distinctEncountersWithLowRisk: Int
    /// The same for HIGH windows.
    public var distinctEncountersWithHighRisk: Int
}

/// A failure of the calculation itself (not of the input files).
public enum RiskCalculationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Android rejects a window whose report type has no TRL offset.
    case unknownReportType(windowIndex: Int, rawValue: Int)

    public var description: String {
        switch self {
        case .unknownReportType(let index, let raw):
            "window \(index): report type \(raw) has no TRL offset (the Android app rejects it)"
        }
    }
}
