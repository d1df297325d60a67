/// How the framework turns a diagnosis key's data into a window's report type
/// and infectiousness (ENF v2 `DiagnosisKeysDataMapping`; Google, Exposure
/// Notifications API reference, developers.google.com; google/exposure-notifications-internals
/// `nearby/DiagnosisKeysDataMapping.java`).
public struct DiagnosisKeysDataMapping: Hashable, Sendable {
    /// Infectiousness per days since onset, −14…+14. Days the configuration does
    /// not list map to NONE.
    public var daysSinceOnsetToInfectiousness: [Int: Infectiousness]
    /// For keys without days since onset (or outside −14…+14).
    public var infectiousnessWhenDaysSinceOnsetMissing: Infectiousness
    /// For keys whose report type is missing or UNKNOWN.
    public var reportTypeWhenMissing: ReportType

    /// Creates a mapping.
    ///
    /// - Parameters:
    ///   - daysSinceOnsetToInfectiousness: infectiousness per days since onset,
    ///     −14…+14; days not listed map to NONE.
    ///   - infectiousnessWhenDaysSinceOnsetMissing: used for keys without days
    ///     since onset or outside −14…+14.
    ///   - reportTypeWhenMissing: used for keys without report type or with UNKNOWN.
    public init(
        daysSinceOnsetToInfectiousness: [Int: Infectiousness],
        infectiousnessWhenDaysSinceOnsetMissing: Infectiousness,
        reportTypeWhenMissing: ReportType
    ) {
        self.daysSinceOnsetToInfectiousness = daysSinceOnsetToInfectiousness
        self.infectiousnessWhenDaysSinceOnsetMissing = infectiousnessWhenDaysSinceOnsetMissing
        self.reportTypeWhenMissing = reportTypeWhenMissing
    }

    /// The Corona-Warn-App's mapping (corona-warn-app/cwa-server,
    /// `services/distribution/src/main/resources/main-config/v2/diagnosis-keys-data-mapping.yaml`): DSOS 1 → STANDARD, 2 → HIGH, missing →
    /// NONE, missing report type → CONFIRMED_TEST.
    public static let coronaWarnApp = DiagnosisKeysDataMapping(
        daysSinceOnsetToInfectiousness: [1: .standard, 2: .high],
        infectiousnessWhenDaysSinceOnsetMissing: .none,
        reportTypeWhenMissing: .confirmedTest
    )

    /// The infectiousness of a key with `daysSinceOnset`.
    ///
    /// - Parameter daysSinceOnset: the key's days since onset of symptoms, or `nil`
    ///   if the key has none.
    /// - Returns: the mapped infectiousness.
    public func infectiousness(daysSinceOnset: Int32?) -> Infectiousness {
        guard let days = daysSinceOnset, (-14...14).contains(days) else { return infectiousnessWhenDaysSinceOnsetMissing }
        return daysSinceOnsetToInfectiousness[Int(days)] ?? .none
    }

    /// The report type of a key.
    ///
    /// - Parameter key: the diagnosis key.
    /// - Returns: the key's report type, or `reportTypeWhenMissing` if it has none
    ///   or UNKNOWN.
    public func reportType(of key: DiagnosisKey) -> ReportType {
        guard let type = key.reportType, type != .unknown else { return reportTypeWhenMissing }
        return ReportType(rawValue: Int(type.rawValue))
    }
}
