/// The two risk levels of the Corona-Warn-App (cwa-server `RiskLevel`: LOW 1,
/// HIGH 2; `internal/v2/risk_calculation_parameters.proto`). "No level" is `nil`.
public enum RiskLevel: Int, Hashable, Sendable, Comparable, CustomStringConvertible {
    case low = 1
    case high = 2

    /// LOW orders before HIGH.
    ///
    /// - Parameters:
    ///   - lhs: a level.
    ///   - rhs: another level.
    /// - Returns: whether `lhs` is LOW and `rhs` HIGH.
    public static func < (lhs: RiskLevel, rhs: RiskLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `LOW` or `HIGH`, the spelling of WarnSim's YAML.
    public var description: String { self == .low ? "LOW" : "HIGH" }

    /// Parses `LOW` or `HIGH`.
    ///
    /// - Parameter name: `LOW` or `HIGH`, exactly; anything else gives `nil`.
    public init?(name: String) {
        switch name {
        case "LOW": self = .low
        case "HIGH": self = .high
        default: return nil
        }
    }
}

/// The two variants of the CWA v2 calculation that the apps implement
/// (cwa-app-android `DefaultRiskLevels.kt` since 2.19.1, issue #4925 / PR #4943;
/// cwa-app-ios `RiskCalculation.swift`).
public enum RiskPlatform: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Android ≥ 2.19.1: the day sum is rounded to one decimal, half up;
    /// distinct encounters are counted only on days that have a risk level;
    /// the attenuation filter uses fractional minutes; an unknown report type
    /// is an error.
    case android
    /// iOS: no rounding; distinct encounters are counted on every day with kept
    /// windows; the attenuation filter uses whole minutes (integer division);
    /// an unknown report type gets offset 0.
    case ios

    public var description: String { rawValue }
}
