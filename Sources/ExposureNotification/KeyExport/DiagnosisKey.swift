/// One key as published in a key export: a Temporary Exposure Key plus what
/// the server attached to it (google/exposure-notifications-server,
/// `internal/pb/export/export.proto`, `TemporaryExposureKey`). Optional fields
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
        ///
        /// - Parameter name: an enum name such as `CONFIRMED_TEST`, in any case;
        ///   unknown names give `nil`.
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

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - keyData: the 16-byte TEK.
    ///   - transmissionRiskLevel: field 2, or `nil` to leave it out.
    ///   - rollingStartIntervalNumber: field 3, the key's first interval.
    ///   - rollingPeriod: field 4, 1…144 intervals.
    ///   - reportType: field 5, or `nil` to leave it out.
    ///   - daysSinceOnsetOfSymptoms: field 6, or `nil` to leave it out.
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
