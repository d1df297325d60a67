/// How much the framework trusts the per-device calibration behind a window's
/// attenuations (Google, Exposure Notifications API: `CalibrationConfidence`,
/// developers.google.com; Apple `ENCalibrationConfidence`): ENF raw values 0 LOWEST (no
/// data, fleet default), 1 LOW (manufacturer average), 2 MEDIUM (similar model),
/// 3 HIGH (significant data for this model).
public enum CalibrationConfidence: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case lowest = 0
    case low = 1
    case medium = 2
    case high = 3

    public var description: String {
        switch self {
        case .lowest: "LOWEST"
        case .low: "LOW"
        case .medium: "MEDIUM"
        case .high: "HIGH"
        }
    }
}
