/// The infectiousness the Exposure Notification framework derives from a key's
/// days since onset of symptoms (Google, Exposure Notifications API:
/// `Infectiousness` and `DiagnosisKeysDataMapping`, developers.google.com): ENF raw values
/// 0 NONE, 1 STANDARD, 2 HIGH.
public enum Infectiousness: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case none = 0
    case standard = 1
    case high = 2

    public var description: String {
        switch self {
        case .none: "NONE"
        case .standard: "STANDARD"
        case .high: "HIGH"
        }
    }
}
