import ExposureNotification
import RiskCalculation

/// The risk calculation an app runs at each detection, in its phone's
/// platform variant: the Corona-Warn-App's ENF v2 calculation on exposure
/// windows (apps 1.9 on, from 2020-12-16), or one of the ENF v1 schemes of
/// 2020 (the CWA's own from its launch on 2020-06-16 to 1.9, Immuni's), which
/// read the v1 framework's per-exposure information and detection summary.
///
/// Both kinds are the exact engines of `RiskCalculation` (``CWARiskEngine``,
/// ``ENFv1Engine``); this type only chooses between them, so that a phone can
/// run whatever scheme the app configuration it fetched carries, and switch
/// when a new one arrives.
package enum PhoneRiskEngine: Sendable {
    /// The CWA ENF v2 (exposure windows) calculation.
    case exposureWindows(CWARiskEngine)
    /// The CWA ENF v1 calculation of 2020 as reported by `platform`'s framework.
    case cwa2020(CWA2020Parameters, platform: RiskPlatform)
    /// Immuni's ENF v1 calculation as reported by `platform`'s framework.
    case immuni(ImmuniParameters, platform: RiskPlatform)

    /// The engine of `scheme` in `platform`'s variant (for ENF v1: whose
    /// framework rounds the durations and buckets the attenuations).
    ///
    /// - Parameters:
    ///   - scheme: the scheme and parameters of a checked app configuration.
    ///   - platform: the phone's platform.
    package init(scheme: RiskScheme, platform: RiskPlatform) {
        switch scheme {
        case .cwaExposureWindows(let parameters): self = .exposureWindows(CWARiskEngine(parameters: parameters, platform: platform))
        case .cwa2020(let parameters): self = .cwa2020(parameters, platform: platform)
        case .immuni(let parameters): self = .immuni(parameters, platform: platform)
        }
    }

    /// The platform variant the engine runs.
    package var platform: RiskPlatform {
        switch self {
        case .exposureWindows(let engine): engine.platform
        case .cwa2020(_, let platform), .immuni(_, let platform): platform
        }
    }

    /// The scheme and parameters the engine runs.
    package var scheme: RiskScheme {
        switch self {
        case .exposureWindows(let engine): .cwaExposureWindows(engine.parameters)
        case .cwa2020(let parameters, _): .cwa2020(parameters)
        case .immuni(let parameters, _): .immuni(parameters)
        }
    }

    /// The CWA v2 engine, nil for an ENF v1 scheme.
    package var exposureWindowEngine: CWARiskEngine? {
        if case .exposureWindows(let engine) = self { engine } else { nil }
    }

    /// The risk of a detection's windows as of `referenceDay`.
    ///
    /// - Parameters:
    ///   - windows: the windows the framework returned (for ENF v1, each is one
    ///     exposure of the v1 framework, ``ENFv1Engine``).
    ///   - referenceDay: the UTC day number of the detection.
    /// - Returns: the v2 result or the v1 exposure summary with the scheme's decision.
    /// - Throws: ``RiskCalculationError`` where the v2 Android app rejects a window.
    package func calculate(_ windows: [ExposureWindow], referenceDay: Int) throws -> PhoneRiskResult {
        switch self {
        case .exposureWindows(let engine):
            .exposureWindows(try engine.calculate(windows, referenceDay: referenceDay))
        case .cwa2020(let parameters, let platform):
            .enfV1(ENFv1Engine.cwa2020(windows, parameters: parameters, referenceDay: referenceDay, platform: platform))
        case .immuni(let parameters, let platform):
            .enfV1(ENFv1Engine.immuni(windows, parameters: parameters, referenceDay: referenceDay, platform: platform))
        }
    }

    /// The level of window `index` of a detection (`windows.csv` `level`): for
    /// the v2 calculation the window's own level (nil if dropped); for an ENF
    /// v1 scheme nil if the framework did not retain the exposure (too old,
    /// without scans, or below the minimum risk score), otherwise the scheme's
    /// decision on that exposure alone.
    ///
    /// - Parameters:
    ///   - index: the window's position in the detection's input.
    ///   - window: that window.
    ///   - result: the detection's result (from ``calculate(_:referenceDay:)`` with this engine).
    ///   - referenceDay: the detection's UTC day number.
    /// - Returns: the window's level, nil when dropped.
    package func level(ofWindow index: Int, _ window: ExposureWindow, in result: PhoneRiskResult, referenceDay: Int) -> RiskLevel? {
        switch result {
        case .exposureWindows(let risk):
            return risk.windows[index].riskLevel
        case .enfV1(let summary):
            guard summary.exposures[index].retained else { return nil }
            return (try? calculate([window], referenceDay: referenceDay))?.totalRiskLevel
        }
    }
}

/// What one detection's risk calculation gave: the CWA v2 result, or the ENF
/// v1 exposure summary and per-exposure information with the scheme's
/// decision.
package enum PhoneRiskResult: Hashable, Sendable {
    /// The CWA v2 calculation's result.
    case exposureWindows(RiskResult)
    /// An ENF v1 scheme's result.
    case enfV1(ENFv1Result)

    /// The total risk level the app shows and warns by.
    package var totalRiskLevel: RiskLevel {
        switch self {
        case .exposureWindows(let risk): risk.totalRiskLevel
        case .enfV1(let summary): summary.totalRiskLevel
        }
    }

    /// The CWA v2 result, nil for an ENF v1 scheme.
    package var exposureWindows: RiskResult? {
        if case .exposureWindows(let risk) = self { risk } else { nil }
    }

    /// The ENF v1 result, nil for the v2 calculation.
    package var enfV1: ENFv1Result? {
        if case .enfV1(let summary) = self { summary } else { nil }
    }
}
