/// What the ENF v1 framework (2020) scored per exposure: four bucket scores
/// (0–8) whose product is the exposure's risk score, and the minimum risk score
/// below which the framework discards an exposure
/// (Apple `ENExposureConfiguration` and Google ENF v1 `ExposureConfiguration`;
/// values: cwa-server `main-config/exposure-config.yaml`, Immuni
/// `ConfigurationSettingsService.kt` / `Configuration.swift`).
public struct ENFv1ExposureConfiguration: Hashable, Sendable {
    /// Scores for the attenuation buckets, in ENF order:
    /// > 73, 63 < a ≤ 73, 51 < a ≤ 63, 33 < a ≤ 51, 27 < a ≤ 33, 15 < a ≤ 27,
    /// 10 < a ≤ 15, ≤ 10 dB.
    public var attenuationScores: [Int]
    /// Scores for the days-since-exposure buckets, in ENF order:
    /// ≥ 14, 12–13, 10–11, 8–9, 6–7, 4–5, 2–3, 0–1 days.
    public var daysSinceLastExposureScores: [Int]
    /// Scores for the duration buckets, in ENF order:
    /// 0, ≤ 5, ≤ 10, ≤ 15, ≤ 20, ≤ 25, ≤ 30, > 30 minutes.
    public var durationScores: [Int]
    /// Scores for transmission risk levels 1…8.
    public var transmissionRiskScores: [Int]
    /// Exposures whose product score is below this are discarded by ENF.
    public var minimumRiskScore: Int
    /// The two thresholds (dB) of the summary's attenuation durations:
    /// bucket 0 ≤ t0 < bucket 1 ≤ t1 < bucket 2.
    public var attenuationDurationThresholds: [Int]
    /// How a window's report type and infectiousness decode to the TRL the key
    /// carried (the server's encoding, cwa-server `EnfParameterAdapter.java`).
    public var trlEncoding: TRLEncoding

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - attenuationScores: 8 bucket scores (0–8), > 73 dB first.
    ///   - daysSinceLastExposureScores: 8 bucket scores, ≥ 14 days first.
    ///   - durationScores: 8 bucket scores, 0 minutes first.
    ///   - transmissionRiskScores: 8 scores for TRL 1…8.
    ///   - minimumRiskScore: exposures scoring less are discarded (0 keeps all).
    ///   - attenuationDurationThresholds: the 2 thresholds in dB, lower first.
    ///   - trlEncoding: how a window's report type and infectiousness decode to the
    ///     key's TRL.
    public init(
        attenuationScores: [Int], daysSinceLastExposureScores: [Int], durationScores: [Int],
        transmissionRiskScores: [Int], minimumRiskScore: Int, attenuationDurationThresholds: [Int],
        trlEncoding: TRLEncoding = .production
    ) {
        self.attenuationScores = attenuationScores
        self.daysSinceLastExposureScores = daysSinceLastExposureScores
        self.durationScores = durationScores
        self.transmissionRiskScores = transmissionRiskScores
        self.minimumRiskScore = minimumRiskScore
        self.attenuationDurationThresholds = attenuationDurationThresholds
        self.trlEncoding = trlEncoding
    }
}

/// The Corona-Warn-App's own ENF v1 scheme (apps ≤ 1.7, 2020): the framework's
/// maximum risk score, scaled by a divisor, times the weighted attenuation
/// durations, classified HIGH in a closed range (cwa-server `attenuation-duration.yaml`,
/// `risk-score-classification.yaml`; cwa-app-android `DefaultRiskLevels.kt` `calculateRiskScore`
/// before commit fdfe57c116).
public struct CWA2020Parameters: Hashable, Sendable {
    /// The framework part.
    public var exposure: ENFv1ExposureConfiguration
    /// Weights of the three attenuation-duration buckets (low, mid, high).
    public var attenuationWeights: [Double]
    /// Added to the weighted duration.
    public var defaultBucketOffset: Double
    /// Each attenuation-duration bucket is capped at this many minutes.
    public var bucketCapMinutes: Double
    /// The maximum risk score is divided by this.
    public var riskScoreNormalizationDivisor: Double
    /// The combined risk score in this range is HIGH, otherwise LOW.
    public var highRiskRange: RiskRange
    /// Only windows at most this many days old are scored.
    public var maxEncounterAgeInDays: Int

    /// Creates the CWA 2020 parameters.
    ///
    /// - Parameters:
    ///   - exposure: the framework part.
    ///   - attenuationWeights: 3 weights (low, mid, high attenuation bucket), ≥ 0.
    ///   - defaultBucketOffset: minutes added to the weighted duration.
    ///   - bucketCapMinutes: each bucket's cap in minutes.
    ///   - riskScoreNormalizationDivisor: the divisor of the maximum risk score (> 0).
    ///   - highRiskRange: the combined risk scores classified HIGH.
    ///   - maxEncounterAgeInDays: only windows at most this many days old are scored.
    public init(
        exposure: ENFv1ExposureConfiguration, attenuationWeights: [Double], defaultBucketOffset: Double,
        bucketCapMinutes: Double, riskScoreNormalizationDivisor: Double, highRiskRange: RiskRange,
        maxEncounterAgeInDays: Int
    ) {
        self.exposure = exposure
        self.attenuationWeights = attenuationWeights
        self.defaultBucketOffset = defaultBucketOffset
        self.bucketCapMinutes = bucketCapMinutes
        self.riskScoreNormalizationDivisor = riskScoreNormalizationDivisor
        self.highRiskRange = highRiskRange
        self.maxEncounterAgeInDays = maxEncounterAgeInDays
    }
}

/// Immuni's ENF v1 scheme (Italy, 2020): warn if the framework's maximum risk
/// score reaches the app's threshold (immuni-app-android `ExposureManager.kt`,
/// immuni-app-ios `ImmuniExposureDetectionExecutor.swift`).
public struct ImmuniParameters: Hashable, Sendable {
    /// The framework part.
    public var exposure: ENFv1ExposureConfiguration
    /// `exposureInfoMinimumRiskScore`: HIGH if the maximum risk score ≥ this.
    public var notificationThreshold: Int
    /// Only windows at most this many days old are scored.
    public var maxEncounterAgeInDays: Int

    /// Creates Immuni's parameters.
    ///
    /// - Parameters:
    ///   - exposure: the framework part.
    ///   - notificationThreshold: HIGH if the maximum risk score reaches it.
    ///   - maxEncounterAgeInDays: only windows at most this many days old are scored.
    public init(exposure: ENFv1ExposureConfiguration, notificationThreshold: Int, maxEncounterAgeInDays: Int) {
        self.exposure = exposure
        self.notificationThreshold = notificationThreshold
        self.maxEncounterAgeInDays = maxEncounterAgeInDays
    }
}
