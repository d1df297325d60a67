import ExposureNotification

/// The parameters of the Corona-Warn-App's ENF v2 risk calculation: cwa-server
/// `RiskCalculationParameters` (corona-warn-app/cwa-server
/// `common/protocols/.../internal/v2/risk_calculation_parameters.proto`; values in
/// `services/distribution/src/main/resources/main-config/v2/risk-calculation-parameters*.yaml`).
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

    /// Creates a parameter set.
    ///
    /// - Parameters:
    ///   - minutesAtAttenuationFilters: filters that drop a window; empty for none.
    ///   - trlFilters: TRL ranges that drop a window; empty for none.
    ///   - minutesAtAttenuationWeights: weights by minimum attenuation (dB), first
    ///     match wins; a scan without a match weighs 0.
    ///   - normalizedTimePerWindowToRiskLevel: the window-level mapping.
    ///   - normalizedTimePerDayToRiskLevel: the day-level mapping.
    ///   - trlEncoding: the report-type and infectiousness offsets.
    ///   - transmissionRiskValueMapping: the value per TRL (apps ≥ 1.15); empty to
    ///     use the multiplier.
    ///   - transmissionRiskLevelMultiplier: the legacy multiplier, or `nil`.
    ///   - maxEncounterAgeInDays: the age filter in days; `nil` or 0 means 14.
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
    ///
    /// - Parameter level: the transmission risk level (normally 1…8; any integer
    ///   is accepted).
    /// - Returns: the transmission risk value (0 for a level without entry).
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

    /// Creates a filter.
    ///
    /// - Parameters:
    ///   - attenuationRange: the scans counted, by minimum attenuation in dB.
    ///   - dropIfMinutesInRange: the window is dropped if their minutes fall in it.
    public init(attenuationRange: RiskRange, dropIfMinutesInRange: RiskRange) {
        self.attenuationRange = attenuationRange
        self.dropIfMinutesInRange = dropIfMinutesInRange
    }
}

/// `trlFilters[]`: a transmission risk level in the range drops the window.
public struct TRLFilter: Hashable, Sendable {
    public var dropIfTRLInRange: RiskRange

    /// Creates a filter.
    ///
    /// - Parameter dropIfTRLInRange: a window whose TRL lies in this range is dropped.
    public init(dropIfTRLInRange: RiskRange) {
        self.dropIfTRLInRange = dropIfTRLInRange
    }
}

/// `minutesAtAttenuationWeights[]`: scans whose minimum attenuation lies in the
/// range count with this weight.
public struct MinutesAtAttenuationWeight: Hashable, Sendable {
    public var attenuationRange: RiskRange
    public var weight: Double

    /// Creates a weight entry.
    ///
    /// - Parameters:
    ///   - attenuationRange: the minimum attenuations (dB) the entry applies to.
    ///   - weight: the weight of those scans' minutes (≥ 0).
    public init(attenuationRange: RiskRange, weight: Double) {
        self.attenuationRange = attenuationRange
        self.weight = weight
    }
}

/// One entry of a normalized-time → risk-level mapping.
public struct NormalizedTimeToRiskLevel: Hashable, Sendable {
    public var normalizedTimeRange: RiskRange
    public var riskLevel: RiskLevel

    /// Creates a mapping entry.
    ///
    /// - Parameters:
    ///   - normalizedTimeRange: the normalized times the entry applies to.
    ///   - riskLevel: the level they map to.
    public init(normalizedTimeRange: RiskRange, riskLevel: RiskLevel) {
        self.normalizedTimeRange = normalizedTimeRange
        self.riskLevel = riskLevel
    }
}

/// `transmissionRiskValueMapping[]`: the value of one transmission risk level.
public struct TransmissionRiskValue: Hashable, Sendable {
    public var transmissionRiskLevel: Int
    public var transmissionRiskValue: Double

    /// Creates a mapping entry.
    ///
    /// - Parameters:
    ///   - transmissionRiskLevel: the TRL (1…8 in production).
    ///   - transmissionRiskValue: its value (≥ 0).
    public init(transmissionRiskLevel: Int, transmissionRiskValue: Double) {
        self.transmissionRiskLevel = transmissionRiskLevel
        self.transmissionRiskValue = transmissionRiskValue
    }
}

/// `trlEncoding`: TRL = report-type offset + infectiousness offset
/// (cwa-app-android `DefaultRiskLevels.kt` `calculateRisk`; cwa-app-ios
/// `RiskCalculationExposureWindow.swift`).
public struct TRLEncoding: Hashable, Sendable {
    public var infectiousnessOffsetStandard: Int
    public var infectiousnessOffsetHigh: Int
    public var reportTypeOffsetRecursive: Int
    public var reportTypeOffsetSelfReport: Int
    public var reportTypeOffsetConfirmedClinicalDiagnosis: Int
    public var reportTypeOffsetConfirmedTest: Int

    /// Creates an encoding.
    ///
    /// - Parameters:
    ///   - infectiousnessOffsetStandard: added for infectiousness STANDARD (and NONE).
    ///   - infectiousnessOffsetHigh: added for infectiousness HIGH.
    ///   - reportTypeOffsetRecursive: the offset of RECURSIVE.
    ///   - reportTypeOffsetSelfReport: the offset of SELF_REPORT.
    ///   - reportTypeOffsetConfirmedClinicalDiagnosis: the offset of
    ///     CONFIRMED_CLINICAL_DIAGNOSIS.
    ///   - reportTypeOffsetConfirmedTest: the offset of CONFIRMED_TEST.
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
    /// (cwa-server `main-config/v2/risk-calculation-parameters-1.15.yaml`, `trlEncoding`).
    public static let production = TRLEncoding(
        infectiousnessOffsetStandard: 1, infectiousnessOffsetHigh: 2,
        reportTypeOffsetRecursive: 0, reportTypeOffsetSelfReport: 2,
        reportTypeOffsetConfirmedClinicalDiagnosis: 4, reportTypeOffsetConfirmedTest: 6
    )

    /// The report-type offset, or `nil` for a report type without one
    /// (UNKNOWN, REVOKED or an undefined raw value).
    ///
    /// - Parameter reportType: the window's report type.
    /// - Returns: the offset, or `nil` for UNKNOWN, REVOKED and undefined values.
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
    ///
    /// - Parameter infectiousness: the window's infectiousness.
    /// - Returns: `infectiousnessOffsetHigh` for HIGH, otherwise
    ///   `infectiousnessOffsetStandard`.
    public func infectiousnessOffset(_ infectiousness: Infectiousness) -> Int {
        infectiousness == .high ? infectiousnessOffsetHigh : infectiousnessOffsetStandard
    }
}
