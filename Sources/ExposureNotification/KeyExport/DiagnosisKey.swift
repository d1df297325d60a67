/// One key as published in a key export: a Temporary Exposure Key plus what
/// the server attached to it (reference/gaen/PROTOCOL.md §3). Optional fields
/// are optional in the format; `nil` means absent from the file.
public struct DiagnosisKey: Hashable, Sendable {
    /// The report type of a key (field 5).
    public enum ReportType: Int32, Sendable, CaseIterable, CustomStringConvertible {
        case unknown = 0
        case confirmedTest = 1
        case confirmedClinicalDiagnosis = 2
        case selfReport = 3
        case recursive = 4
        case revoked = 5

        /// The name used in the format's enum.
        public var description: String {
            switch self {
            case .unknown: return "UNKNOWN"
            case .confirmedTest: return "CONFIRMED_TEST"
            case .confirmedClinicalDiagnosis: return "CONFIRMED_CLINICAL_DIAGNOSIS"
            case .selfReport: return "SELF_REPORT"
            case .recursive: return "RECURSIVE"
            case .revoked: return "REVOKED"
            }
        }

        /// Parses the enum name (case-insensitive).
        public init?(name: String) {
            guard let match = Self.allCases.first(where: { $0.description == name.uppercased() }) else { return nil }
            self = match
        }
    }

    /// The 16-byte TEK.
    public var keyData: KeyBytes
    /// Field 2, deprecated in favour of `reportType` but still read and written.
    public var transmissionRiskLevel: Int32?
    /// Field 3.
    public var rollingStartIntervalNumber: ENIntervalNumber
    /// Field 4; 1…144, the format's default is 144.
    public var rollingPeriod: UInt32
    /// Field 5.
    public var reportType: ReportType?
    /// Field 6 (sint32).
    public var daysSinceOnsetOfSymptoms: Int32?

    public init(
        keyData: KeyBytes,
        transmissionRiskLevel: Int32? = nil,
        rollingStartIntervalNumber: ENIntervalNumber,
        rollingPeriod: UInt32 = 144,
        reportType: ReportType? = nil,
        daysSinceOnsetOfSymptoms: Int32? = nil
    ) {
        self.keyData = keyData
        self.transmissionRiskLevel = transmissionRiskLevel
        self.rollingStartIntervalNumber = rollingStartIntervalNumber
        self.rollingPeriod = rollingPeriod
        self.reportType = reportType
        self.daysSinceOnsetOfSymptoms = daysSinceOnsetOfSymptoms
    }

    /// The key as the phone's framework holds it.
    public var temporaryExposureKey: TemporaryExposureKey {
        TemporaryExposureKey(keyData: keyData, rollingStartIntervalNumber: rollingStartIntervalNumber, rollingPeriod: rollingPeriod)
    }
}
