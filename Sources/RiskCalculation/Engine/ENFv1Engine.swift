import ExposureNotification
import WarnSimCore

/// The ENF v1 (2020) schemes scored from ENF v2 windows
/// (CWA: cwa-server `main-config/exposure-config.yaml`, `attenuation-duration.yaml`,
/// `risk-score-classification.yaml` and cwa-app-android `DefaultRiskLevels.kt`
/// `calculateRiskScore` before commit fdfe57c116; Immuni: immuni-app-android
/// `ConfigurationSettingsService.kt`, immuni-app-ios `Configuration.swift`).
///
/// ENF v1 reported per exposure (one key on one day) an attenuation value, a
/// duration, the days since the exposure and the key's TRL; and per detection a
/// summary with the maximum risk score and the minutes per attenuation bucket.
/// WarnSim derives these from the same scan instances it records for ENF v2,
/// so one recorded set of windows can be scored under any scheme:
/// - one window is one exposure (ENF v2 opens at most one window per key and
///   30 minutes; the v1 framework's own grouping of a key's sightings into
///   exposures, runs with gaps of at most 10 minutes, needs the sighting times,
///   which a window does not keep);
/// - seconds = Σ max(secondsSinceLastScan, 0): each scan stands for the time
///   since the scan before it, as the v1 reference stretched each sighting over
///   one scan interval;
/// - reported duration, as the framework reported it (Configs/risk/README.md,
///   "ENF v1 as the framework reported it"): Android, nearest 5 minutes with
///   a remainder of at most 150 s rounded down, not capped
///   (google/exposure-notifications-internals `KeyExposureEvaluator.bucketizeDuration`);
///   iOS (13.5, the June 2020 release), rounded up to the next 5 minutes and
///   capped at 30 minutes (Apple `ENExposureInfo.duration`);
/// - attenuation value = the duration-weighted mean of the scans'
///   `typicalAttenuation` (the plain mean when the duration is 0), rounded
///   half up (`Math.round`, as `KeyExposureEvaluator.weightAttenuationOfPeriods`);
/// - attenuation durations: each scan's seconds go to the bucket of its
///   `typicalAttenuation`: Android a < t0, t0 ≤ a < t1, a ≥ t1 (the reference's
///   `getTimeBelowAndAbove`: at or above a threshold counts as above); iOS
///   a ≤ t0, t0 < a ≤ t1, a > t1 (Apple `ENExposureDetectionSummary.attenuationDurations`);
///   summed over retained exposures, each bucket capped at 30 minutes;
/// - TRL: decoded from report type and infectiousness with the configured
///   `trlEncoding` (the server's production encoding by default, cwa-server
///   `EnfParameterAdapter.java`); a TRL
///   outside 1…8 scores 0;
/// - days since exposure: the window's age in days.
/// These derivations are WarnSim's modelling choices, not facts of the
/// reference; they are named here so that they can be reviewed.
public enum ENFv1Engine {
    /// Scores `windows` under the CWA 2020 scheme (cwa-app-android
    /// `DefaultRiskLevels.kt` `calculateRiskScore` / `isIncreasedRisk` before commit fdfe57c116).
    ///
    /// - Parameters:
    ///   - windows: the phone's ENF v2 windows, each scored as one ENF v1 exposure.
    ///   - p: the CWA 2020 parameters.
    ///   - referenceDay: the UTC day number of "today"; windows older than
    ///     `p.maxEncounterAgeInDays` are not scored.
    ///   - platform: whose framework reported the exposures (duration rounding,
    ///     threshold comparisons).
    /// - Returns: the exposures, the summary's maximum risk score and attenuation
    ///   durations, the combined risk score (0 when no exposure scores) and the
    ///   total risk level.
    public static func cwa2020(
        _ windows: [ExposureWindow], parameters p: CWA2020Parameters, referenceDay: Int, platform: RiskPlatform = .android
    ) -> ENFv1Result {
        var summary = summarize(windows, p.exposure, maxAge: p.maxEncounterAgeInDays, referenceDay: referenceDay, platform: platform)
        guard summary.maximumRiskScore > 0 else {
            summary.combinedRiskScore = 0
            summary.totalRiskLevel = .low
            return summary
        }
        var weighted = p.defaultBucketOffset
        for bucket in 0..<3 {
            weighted += p.attenuationWeights[bucket] * Swift.min(summary.attenuationDurationMinutes[bucket], p.bucketCapMinutes)
        }
        let combined = CWARiskEngine.roundHalfUp(Double(summary.maximumRiskScore) / p.riskScoreNormalizationDivisor * weighted * 100) / 100
        summary.combinedRiskScore = combined
        summary.totalRiskLevel = p.highRiskRange.contains(combined) ? .high : .low
        return summary
    }

    /// Scores `windows` under Immuni's scheme (immuni-app-android `ExposureManager.kt`,
    /// immuni-app-ios `ImmuniExposureDetectionExecutor.swift`): HIGH if the maximum risk
    /// score reaches the notification threshold.
    ///
    /// - Parameters:
    ///   - windows: the phone's ENF v2 windows, each scored as one ENF v1 exposure.
    ///   - p: Immuni's parameters.
    ///   - referenceDay: the UTC day number of "today"; windows older than
    ///     `p.maxEncounterAgeInDays` are not scored.
    ///   - platform: whose framework reported the exposures.
    /// - Returns: the exposures and summary, with total level HIGH if the maximum
    ///   risk score is positive and at least `p.notificationThreshold`.
    public static func immuni(
        _ windows: [ExposureWindow], parameters p: ImmuniParameters, referenceDay: Int, platform: RiskPlatform = .android
    ) -> ENFv1Result {
        var summary = summarize(windows, p.exposure, maxAge: p.maxEncounterAgeInDays, referenceDay: referenceDay, platform: platform)
        summary.totalRiskLevel = summary.maximumRiskScore > 0 && summary.maximumRiskScore >= p.notificationThreshold ? .high : .low
        return summary
    }

    /// The framework part: per-exposure scores and the detection summary.
    ///
    /// - Parameters:
    ///   - windows: the phone's ENF v2 windows.
    ///   - c: the framework's bucket scores and thresholds.
    ///   - maxAge: windows more than this many days before `referenceDay` are
    ///     ignored.
    ///   - referenceDay: the UTC day number of "today".
    ///   - platform: whose framework reported the exposures.
    /// - Returns: one exposure per scored window (exposures below
    ///   `c.minimumRiskScore` discarded), the maximum risk score and the summary's
    ///   attenuation durations; the total level is not yet set.
    public static func summarize(
        _ windows: [ExposureWindow], _ c: ENFv1ExposureConfiguration, maxAge: Int, referenceDay: Int,
        platform: RiskPlatform = .android
    ) -> ENFv1Result {
        var exposures: [ENFv1Exposure] = []
        var maximum = 0
        var bucketSeconds = [0, 0, 0]
        for window in windows {
            // Saturating sums: the loaders bound seconds, attenuations and
            // offsets, but windows and parameters built in code are not checked,
            // and no input may trap the engine.
            let age = referenceDay.saturatingSubtracting(window.dayNumber)
            var seconds = 0
            var weightedAttenuation = 0
            var attenuationSum = 0
            for scan in window.scanInstances {
                let s = Swift.max(scan.secondsSinceLastScan, 0)
                seconds = seconds.saturatingAdding(s)
                weightedAttenuation = weightedAttenuation.saturatingAdding(s.saturatingMultiplied(by: scan.typicalAttenuation))
                attenuationSum = attenuationSum.saturatingAdding(scan.typicalAttenuation)
            }
            let level = (c.trlEncoding.reportTypeOffset(window.reportType) ?? 0)
                .saturatingAdding(c.trlEncoding.infectiousnessOffset(window.infectiousness))
            var exposure = ENFv1Exposure(
                ageInDays: age, transmissionRiskLevel: level, attenuationValue: nil,
                durationMinutes: reportedDurationMinutes(seconds: seconds, platform: platform), riskScore: 0, retained: false
            )
            guard age <= maxAge, !window.scanInstances.isEmpty else {
                exposures.append(exposure)
                continue
            }
            let attenuation =
                seconds > 0
                ? Int(CWARiskEngine.roundHalfUp(Double(weightedAttenuation) / Double(seconds)))
                : Int(CWARiskEngine.roundHalfUp(Double(attenuationSum) / Double(window.scanInstances.count)))
            exposure.attenuationValue = attenuation
            let trlScore = (1...8).contains(level) ? c.transmissionRiskScores[level - 1] : 0
            let score = c.attenuationScores[attenuationBucket(attenuation)]
                .saturatingMultiplied(by: c.daysSinceLastExposureScores[daysBucket(age)])
                .saturatingMultiplied(by: c.durationScores[durationBucket(exposure.durationMinutes)])
                .saturatingMultiplied(by: trlScore)
            exposure.riskScore = score
            exposure.retained = score >= c.minimumRiskScore
            if exposure.retained {
                maximum = Swift.max(maximum, score)
                for scan in window.scanInstances {
                    let s = Swift.max(scan.secondsSinceLastScan, 0)
                    let bucket = attenuationDurationBucket(
                        scan.typicalAttenuation, thresholds: c.attenuationDurationThresholds, platform: platform)
                    bucketSeconds[bucket] = bucketSeconds[bucket].saturatingAdding(s)
                }
            }
            exposures.append(exposure)
        }
        return ENFv1Result(
            totalRiskLevel: .low, maximumRiskScore: maximum,
            attenuationDurationMinutes: bucketSeconds.map { Swift.min(Double($0) / 60, summaryBucketCapMinutes) },
            combinedRiskScore: nil, exposures: exposures
        )
    }

    /// The summary's attenuation durations are capped at 30 minutes each (Apple
    /// `ENExposureDetectionSummary.attenuationDurations`: "an aggregated maximum
    /// of 30 minutes").
    public static let summaryBucketCapMinutes = 30.0

    /// The exposure duration the framework reported, in minutes.
    ///
    /// - Parameters:
    ///   - seconds: the exposure's seconds (Σ of its scans' seconds; negative
    ///     counts as 0; any value up to `Int.max` is safe).
    ///   - platform: Android: nearest multiple of 5 minutes, a remainder of at
    ///     most 150 s rounded down, no cap (google/exposure-notifications-internals
    ///     `KeyExposureEvaluator.bucketizeDuration`); iOS 13.5: rounded up to the
    ///     next multiple of 5 minutes, at most 30 (Apple `ENExposureInfo.duration`).
    /// - Returns: the reported minutes, a multiple of 5.
    public static func reportedDurationMinutes(seconds: Int, platform: RiskPlatform) -> Double {
        let s = Swift.max(seconds, 0)
        switch platform {
        case .android:
            let remainder = s % 300
            return Double(remainder <= 150 ? s - remainder : (s - remainder).saturatingAdding(300)) / 60
        case .ios:
            // Capped first: the cap keeps the rounding from overflowing.
            let rounded = (Swift.min(s, 1800) + 299) / 300 * 300
            return Double(Swift.min(rounded, 1800)) / 60
        }
    }

    /// The summary bucket of one attenuation: 0 (near), 1 (between), 2 (far).
    ///
    /// - Parameters:
    ///   - attenuation: the attenuation in dB.
    ///   - thresholds: the configuration's two thresholds, lower first.
    ///   - platform: Android counts an attenuation equal to a threshold as above it
    ///     (google/exposure-notifications-internals `KeyExposureEvaluator.getTimeBelowAndAbove`);
    ///     iOS counts it as below (Apple `attenuationDurations`: A ≤ X, X < A ≤ Y, Y < A).
    /// - Returns: the bucket index.
    public static func attenuationDurationBucket(_ attenuation: Int, thresholds: [Int], platform: RiskPlatform) -> Int {
        switch platform {
        case .android: attenuation < thresholds[0] ? 0 : attenuation < thresholds[1] ? 1 : 2
        case .ios: attenuation <= thresholds[0] ? 0 : attenuation <= thresholds[1] ? 1 : 2
        }
    }

    /// ENF attenuation bucket: > 73, 63 < a ≤ 73, 51 < a ≤ 63, 33 < a ≤ 51,
    /// 27 < a ≤ 33, 15 < a ≤ 27, 10 < a ≤ 15, ≤ 10 dB (cwa-server
    /// exposure-config.yaml `gt_73_dbm` … `le_10_dbm`).
    ///
    /// - Parameter a: the attenuation in dB.
    /// - Returns: the bucket index, 0 (> 73 dB) … 7 (≤ 10 dB).
    public static func attenuationBucket(_ a: Int) -> Int {
        a > 73 ? 0 : a > 63 ? 1 : a > 51 ? 2 : a > 33 ? 3 : a > 27 ? 4 : a > 15 ? 5 : a > 10 ? 6 : 7
    }

    /// ENF days bucket: ≥ 14, 12–13, 10–11, 8–9, 6–7, 4–5, 2–3, 0–1 days.
    ///
    /// - Parameter days: whole days since the exposure (≥ 0).
    /// - Returns: the bucket index, 0 (≥ 14 days) … 7 (0–1 days).
    public static func daysBucket(_ days: Int) -> Int {
        days >= 14 ? 0 : days >= 12 ? 1 : days >= 10 ? 2 : days >= 8 ? 3 : days >= 6 ? 4 : days >= 4 ? 5 : days >= 2 ? 6 : 7
    }

    /// ENF duration bucket: 0, ≤ 5, ≤ 10, ≤ 15, ≤ 20, ≤ 25, ≤ 30, > 30 minutes.
    ///
    /// - Parameter minutes: the exposure's duration in minutes.
    /// - Returns: the bucket index, 0 (≤ 0 minutes) … 7 (> 30 minutes).
    public static func durationBucket(_ minutes: Double) -> Int {
        minutes <= 0
            ? 0
            : minutes <= 5
                ? 1
                : minutes <= 10
                    ? 2
                    : minutes <= 15
                        ? 3
                        : minutes <= 20 ? 4 : minutes <= 25 ? 5 : minutes <= 30 ? 6 : 7
    }
}

/// One window seen as an ENF v1 exposure.
public struct ENFv1Exposure: Hashable, Sendable {
    public var ageInDays: Int
    public var transmissionRiskLevel: Int
    /// `nil` when the window was not scored (too old, or without scans).
    public var attenuationValue: Int?
    public var durationMinutes: Double
    /// The product of the four bucket scores.
    public var riskScore: Int
    /// Whether the score reached the framework's minimum risk score.
    public var retained: Bool
}

/// The result of an ENF v1 scheme for one phone's windows.
public struct ENFv1Result: Hashable, Sendable {
    public var totalRiskLevel: RiskLevel
    /// The summary's maximum risk score over retained exposures.
    public var maximumRiskScore: Int
    /// Minutes per attenuation-duration bucket over retained exposures.
    public var attenuationDurationMinutes: [Double]
    /// CWA 2020 only: the combined risk score, rounded to 2 decimals.
    public var combinedRiskScore: Double?
    /// Per input window.
    public var exposures: [ENFv1Exposure]
}
