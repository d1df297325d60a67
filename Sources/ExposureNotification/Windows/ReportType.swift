/// The report type the Exposure Notification framework attaches to a matched
/// diagnosis key, with the framework's raw values (Google, Exposure Notifications
/// API: `ReportType`, developers.google.com; google/exposure-notifications-server
/// `export.proto`). Values outside the known cases are
/// kept as `.other(raw)` so that input is never silently changed.
public enum ReportType: Hashable, Sendable, CustomStringConvertible {
    case unknown
    case confirmedTest
    case confirmedClinicalDiagnosis
    case selfReport
    case recursive
    case revoked
    /// A raw value the framework does not define.
    case other(Int)

    /// Creates the report type for an ENF raw value (0 UNKNOWN, 1 CONFIRMED_TEST,
    /// 2 CONFIRMED_CLINICAL_DIAGNOSIS, 3 SELF_REPORT, 4 RECURSIVE, 5 REVOKED).
    ///
    /// - Parameter rawValue: any integer; values outside 0…5 become `.other(rawValue)`.
    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .unknown
        case 1: self = .confirmedTest
        case 2: self = .confirmedClinicalDiagnosis
        case 3: self = .selfReport
        case 4: self = .recursive
        case 5: self = .revoked
        default: self = .other(rawValue)
        }
    }

    /// The ENF raw value.
    public var rawValue: Int {
        switch self {
        case .unknown: 0
        case .confirmedTest: 1
        case .confirmedClinicalDiagnosis: 2
        case .selfReport: 3
        case .recursive: 4
        case .revoked: 5
        case .other(let raw): raw
        }
    }

    public var description: String {
        switch self {
        case .unknown: "UNKNOWN"
        case .confirmedTest: "CONFIRMED_TEST"
        case .confirmedClinicalDiagnosis: "CONFIRMED_CLINICAL_DIAGNOSIS"
        case .selfReport: "SELF_REPORT"
        case .recursive: "RECURSIVE"
        case .revoked: "REVOKED"
        case .other(let raw): "REPORT_TYPE_\(raw)"
        }
    }
}
