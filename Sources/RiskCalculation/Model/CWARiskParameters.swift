import ExposureNotification

/// The parameters of the Corona-Warn-App's ENF v2 risk calculation: cwa-server
/// `RiskCalculationParameters` (reference/cwa/RISK-CALCULATION.md §1 and §3).
public struct CWARiskParameters: Hashable, Sendable {
    /// Drop a window if its minutes at some attenuations fall in a range.
    public var minutesAtAttenuationFilters: [MinutesAtAttenuationFilter]
    /// Drop a window if its transmission risk level falls in a range.
    public var trlFilters: [TRLFilter]
    /// Weight of a scan's minutes by its minimum attenuation; first match wins.
    public var minutesAtAttenuationWeights: [MinutesAtAttenuationWeight]
    /// Window level from the window's normalized time; first match wins.
    public var normalizedTimePerWindowToRiskLevel: [NormalizedTimeToRiskLevel]
    /// Day level from the day's summed normalized time; first match wins.
    public var normalizedTimePerDayToRiskLevel: [NormalizedTimeToRiskLevel]
    /// How report type and infectiousness encode the transmission risk level.
    public var trlEncoding: TRLEncoding
    /// Transmission risk value per level (apps ≥ 1.15). Empty means the legacy
    /// multiplier is used.
    public var transmissionRiskValueMapping: [TransmissionRiskValue]
    /// Legacy (apps < 1.15): transmission risk value = level × multiplier; used
    /// only when `transmissionRiskValueMapping` is empty.
    public var transmissionRiskLevelMultiplier: Double?
    /// The age filter in days; `nil` (or 0) means the apps' default of 14.
    public var maxEncounterAgeInDays: Int?

    public init(
        minutesAtAttenuationFilters: [MinutesAtAttenuationFilter] = [],
        trlFilters: [TRLFilter] = [],
        minutesAtAttenuationWeights: [MinutesAtAttenuationWeight],
        normalizedTimePerWindowToRiskLevel: [NormalizedTimeToRiskLevel],
        normalizedTimePerDayToRiskLevel: [NormalizedTimeToRiskLevel],
        trlEncoding: TRLEncoding = .production,
        transmissionRiskValueMapping: [TransmissionRiskValue],
        transmissionRiskLevelMultiplier: Double? = nil,
        maxEncounterAgeInDays: Int? = nil
    ) {
        self.minutesAtAttenuationFilters = minutesAtAttenuationFilters
        self.trlFilters = trlFilters
        self.minutesAtAttenuationWeights = minutesAtAttenuationWeights
        self.normalizedTimePerWindowToRiskLevel = normalizedTimePerWindowToRiskLevel
        self.normalizedTimePerDayToRiskLevel = normalizedTimePerDayToRiskLevel
        self.trlEncoding = trlEncoding
        self.transmissionRiskValueMapping = transmissionRiskValueMapping
        self.transmissionRiskLevelMultiplier = transmissionRiskLevelMultiplier
        self.maxEncounterAgeInDays = maxEncounterAgeInDays
    }

    /// The apps' default age filter when the server sends none or 0
    /// (Android `DEFAULT_EW_AGE_IN_DAYS`, iOS `defaultedMaxEncounterAgeInDays`).
    public static let defaultMaxEncounterAgeInDays = 14

    /// The age filter in effect.
    public var effectiveMaxEncounterAgeInDays: Int {
        guard let days = maxEncounterAgeInDays, days > 0 else { return Self.defaultMaxEncounterAgeInDays }
        return days
    }

    /// The transmission risk value of a level: the mapping's exact match (0 if
    /// none), or level × multiplier for legacy parameter sets.
    public func transmissionRiskValue(forLevel level: Int) -> Double {
        if transmissionRiskValueMapping.isEmpty, let multiplier = transmissionRiskLevelMultiplier {
            return Double(level) * multiplier
        }
        return transmissionRiskValueMapping.first { $0.transmissionRiskLevel == level }?.transmissionRiskValue ?? 0
    }
}

/// `minutesAtAttenuationFilters[]`: minutes at attenuations in
/// `attenuationRange` that fall in `dropIfMinutesInRange` drop the window.
public struct MinutesAtAttenuationFilter: Hashable, Sendable {
    public var attenuationRange: RiskRange
    public var dropIfMinutesInRange: RiskRange

    public init(attenuationRange: RiskRange, dropIfMinutesInRange: RiskRange) {
        self.attenuationRange = attenuationRange
        self.dropIfMinutesInRange = dropIfMinutesInRange
    }
}

/// `trlFilters[]`: a transmission risk level in the range drops the window.
public struct TRLFilter: Hashable, Sendable {
    public var dropIfTRLInRange: RiskRange

    public init(dropIfTRLInRange: RiskRange) {
        self.dropIfTRLInRange = dropIfTRLInRange
    }
}

/// `minutesAtAttenuationWeights[]`: scans whose minimum attenuation lies in the
/// range count with this weight.
public struct MinutesAtAttenuationWeight: Hashable, Sendable {
    public var attenuationRange: RiskRange
    public var weight: Double

    public init(attenuationRange: RiskRange, weight: Double) {
        self.attenuationRange = attenuationRange
        self.weight = weight
    }
}

/// One entry of a normalized-time → risk-level mapping.
public struct NormalizedTimeToRiskLevel: Hashable, Sendable {
    public var normalizedTimeRange: RiskRange
    public var riskLevel: RiskLevel

    public init(normalizedTimeRange: RiskRange, riskLevel: RiskLevel) {
        self.normalizedTimeRange = normalizedTimeRange
        self.riskLevel = riskLevel
    }
}

/// `transmissionRiskValueMapping[]`: the value of one transmission risk level.
public struct TransmissionRiskValue: Hashable, Sendable {
    public var transmissionRiskLevel: Int
    public var transmissionRiskValue: Double

    public init(transmissionRiskLevel: Int, transmissionRiskValue: Double) {
        self.transmissionRiskLevel = transmissionRiskLevel
        self.transmissionRiskValue = transmissionRiskValue
    }
}

/// `trlEncoding`: TRL = report-type offset + infectiousness offset
/// (reference/cwa/RISK-CALCULATION.md §1.3 step 2).
public struct TRLEncoding: Hashable, Sendable {
    public var infectiousnessOffsetStandard: Int
    public var infectiousnessOffsetHigh: Int
    public var reportTypeOffsetRecursive: Int
    public var reportTypeOffsetSelfReport: Int
    public var reportTypeOffsetConfirmedClinicalDiagnosis: Int
    public var reportTypeOffsetConfirmedTest: Int

    public init(
        infectiousnessOffsetStandard: Int,
        infectiousnessOffsetHigh: Int,
        reportTypeOffsetRecursive: Int,
        reportTypeOffsetSelfReport: Int,
        reportTypeOffsetConfirmedClinicalDiagnosis: Int,
        reportTypeOffsetConfirmedTest: Int
    ) {
        self.infectiousnessOffsetStandard = infectiousnessOffsetStandard
        self.infectiousnessOffsetHigh = infectiousnessOffsetHigh
        self.reportTypeOffsetRecursive = reportTypeOffsetRecursive
        self.reportTypeOffsetSelfReport = reportTypeOffsetSelfReport
        self.reportTypeOffsetConfirmedClinicalDiagnosis = reportTypeOffsetConfirmedClinicalDiagnosis
        self.reportTypeOffsetConfirmedTest = reportTypeOffsetConfirmedTest
    }

    /// The production encoding since cwa-server 351aa2244 (2020-11-30,
    /// "Adopt TRL encoding to ENF restrictions"): standard +1, high +2;
    /// recursive 0, self-report 2, clinical 4, confirmed test 6
    /// (reference/cwa/RISK-CALCULATION.md §1.3 and §3).
    public static let production = TRLEncoding(
        infectiousnessOffsetStandard: 1, infectiousnessOffsetHigh: 2,
        reportTypeOffsetRecursive: 0, reportTypeOffsetSelfReport: 2,
        reportTypeOffsetConfirmedClinicalDiagnosis: 4, reportTypeOffsetConfirmedTest: 6
    )

    /// The report-type offset, or `nil` for a report type without one
    /// (UNKNOWN, REVOKED or an undefined raw value).
    public func reportTypeOffset(_ reportType: ExposureNotification.ReportType) -> Int? {
        switch reportType {
        case .recursive: reportTypeOffsetRecursive
        case .selfReport: reportTypeOffsetSelfReport
        case .confirmedClinicalDiagnosis: reportTypeOffsetConfirmedClinicalDiagnosis
        case .confirmedTest: reportTypeOffsetConfirmedTest
        default: nil
        }
    }

    /// The infectiousness offset: HIGH uses the high offset, everything else
    /// (NONE included) the standard one.
    public func infectiousnessOffset(_ infectiousness: Infectiousness) -> Int {
        infectiousness == .high ? infectiousnessOffsetHigh : infectiousnessOffsetStandard
    }
}
