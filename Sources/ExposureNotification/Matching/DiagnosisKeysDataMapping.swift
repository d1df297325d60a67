/// How the framework turns a diagnosis key's data into a window's report type
/// and infectiousness (ENF v2 `DiagnosisKeysDataMapping`; PROTOCOL.md §4,
/// RISK-CALCULATION.md §1.7).
public struct DiagnosisKeysDataMapping: Hashable, Sendable {
    /// Infectiousness per days since onset, −14…+14. Days the configuration does
    /// not list map to NONE.
    public var daysSinceOnsetToInfectiousness: [Int: Infectiousness]
    /// For keys without days since onset (or outside −14…+14).
    public var infectiousnessWhenDaysSinceOnsetMissing: Infectiousness
    /// For keys whose report type is missing or UNKNOWN.
    public var reportTypeWhenMissing: ReportType

    public init(
        daysSinceOnsetToInfectiousness: [Int: Infectiousness],
        infectiousnessWhenDaysSinceOnsetMissing: Infectiousness,
        reportTypeWhenMissing: ReportType
    ) {
        self.daysSinceOnsetToInfectiousness = daysSinceOnsetToInfectiousness
        self.infectiousnessWhenDaysSinceOnsetMissing = infectiousnessWhenDaysSinceOnsetMissing
        self.reportTypeWhenMissing = reportTypeWhenMissing
    }

    /// The Corona-Warn-App's mapping (reference/cwa/server-config/main-config/v2/
    /// diagnosis-keys-data-mapping.yaml): DSOS 1 → STANDARD, 2 → HIGH, missing →
    /// NONE, missing report type → CONFIRMED_TEST.
    public static let coronaWarnApp = DiagnosisKeysDataMapping(
        daysSinceOnsetToInfectiousness: [1: .standard, 2: .high],
        infectiousnessWhenDaysSinceOnsetMissing: .none,
        reportTypeWhenMissing: .confirmedTest
    )

    /// The infectiousness of a key with `daysSinceOnset`.
    public func infectiousness(daysSinceOnset: Int32?) -> Infectiousness {
        guard let days = daysSinceOnset, (-14...14).contains(days) else { return infectiousnessWhenDaysSinceOnsetMissing }
        return daysSinceOnsetToInfectiousness[Int(days)] ?? .none
    }

    /// The report type of a key.
    public func reportType(of key: DiagnosisKey) -> ReportType {
        guard let type = key.reportType, type != .unknown else { return reportTypeWhenMissing }
        return ReportType(rawValue: Int(type.rawValue))
    }
}
