import ExposureNotification

/// What the CWA v2 calculation made of one exposure window: every intermediate
/// value of the per-window steps (cwa-app-android `DefaultRiskLevels.kt`
/// `calculateRisk`; cwa-app-ios `RiskCalculationExposureWindow.swift`), or the reason the window
/// was dropped (for `warnsim score --explain`).
public struct WindowEvaluation: Hashable, Sendable {
    /// The window's age in days before the reference day.
    public var ageInDays: Int
    /// Seconds (negative scan intervals counted as 0) per entry of
    /// `minutesAtAttenuationWeights`, by the first entry containing the scan's
    /// minimum attenuation.
    public var secondsPerWeight: [Int]
    /// Seconds of scans that no weight entry covers (weight 0).
    public var secondsWithoutWeight: Int
    /// The transmission risk level, once decoded.
    public var transmissionRiskLevel: Int?
    /// The transmission risk value, once the level passed the TRL filters.
    public var transmissionRiskValue: Double?
    /// Σ seconds × weight / 60.
    public var weightedMinutes: Double?
    /// Transmission risk value × weighted minutes (not rounded).
    public var normalizedTime: Double?
    /// The window's level; `nil` when the window was dropped.
    public var riskLevel: RiskLevel?
    /// Why the window was dropped, if it was.
    public var dropReason: WindowDropReason?

    /// Whether the window takes part in the aggregation.
    public var isKept: Bool { riskLevel != nil }
}

/// Why the CWA v2 calculation dropped a window.
public enum WindowDropReason: Hashable, Sendable, CustomStringConvertible {
    /// Older than `maxEncounterAgeInDays`.
    case tooOld(ageInDays: Int, maximum: Int)
    /// Filter `index` of `minutesAtAttenuationFilters` matched these minutes.
    case minutesAtAttenuationFilter(index: Int, minutes: Double)
    /// No report-type offset (Android rejects such a window).
    case unknownReportType(ReportType)
    /// Filter `index` of `trlFilters` matched the level.
    case trlFilter(index: Int, transmissionRiskLevel: Int)
    /// No entry of the window mapping contains the normalized time.
    case noRiskLevel(normalizedTime: Double)

    public var description: String {
        switch self {
        case .tooOld(let age, let maximum):
            "older than maxEncounterAgeInDays (\(age) > \(maximum))"
        case .minutesAtAttenuationFilter(let index, let minutes):
            "minutesAtAttenuationFilters[\(index)] matched \(NumberText.format(minutes)) minutes"
        case .unknownReportType(let type):
            "report type \(type) has no TRL offset"
        case .trlFilter(let index, let level):
            "trlFilters[\(index)] matched TRL \(level)"
        case .noRiskLevel(let time):
            "no risk level for normalized time \(NumberText.format(time))"
        }
    }
}
