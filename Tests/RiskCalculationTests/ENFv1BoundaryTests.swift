import ExposureNotification
import RiskCalculation
import Testing

/// ENF v1 exactly as the framework reported it (Configs/risk/README.md, "ENF v1 as
/// the framework reported it"): cases exactly at a boundary.
@Suite struct ENFv1BoundaryTests {
    /// Android: nearest 5 minutes, remainder ≤ 150 s down (exposure-notifications-internals
    /// `bucketizeDuration`); iOS 13.5: up to the next 5 minutes, at most 30.
    @Test func reportedDurations() {
        let android: [(Int, Double)] = [
            (0, 0), (60, 0), (150, 0), (151, 5), (300, 5), (450, 5), (451, 10), (960, 15), (1080, 20), (3600, 60),
        ]
        for (seconds, minutes) in android {
            #expect(ENFv1Engine.reportedDurationMinutes(seconds: seconds, platform: .android) == minutes, "\(seconds) s")
        }
        let ios: [(Int, Double)] = [(0, 0), (1, 5), (300, 5), (301, 10), (960, 20), (1800, 30), (3600, 30)]
        for (seconds, minutes) in ios {
            #expect(ENFv1Engine.reportedDurationMinutes(seconds: seconds, platform: .ios) == minutes, "\(seconds) s")
        }
    }

    /// At a threshold: Android counts it as above (a < t0, t0 ≤ a < t1, a ≥ t1), iOS as below (a ≤ t0, …).
    @Test func attenuationDurationThresholds() {
        let thresholds = [55, 63]
        #expect(ENFv1Engine.attenuationDurationBucket(54, thresholds: thresholds, platform: .android) == 0)
        #expect(ENFv1Engine.attenuationDurationBucket(55, thresholds: thresholds, platform: .android) == 1)
        #expect(ENFv1Engine.attenuationDurationBucket(63, thresholds: thresholds, platform: .android) == 2)
        #expect(ENFv1Engine.attenuationDurationBucket(55, thresholds: thresholds, platform: .ios) == 0)
        #expect(ENFv1Engine.attenuationDurationBucket(56, thresholds: thresholds, platform: .ios) == 1)
        #expect(ENFv1Engine.attenuationDurationBucket(63, thresholds: thresholds, platform: .ios) == 1)
        #expect(ENFv1Engine.attenuationDurationBucket(64, thresholds: thresholds, platform: .ios) == 2)
    }

    func window(attenuation: Int, minutes: Int) -> ExposureWindow {
        ExposureWindow(
            dayNumber: 18_999, reportType: .confirmedClinicalDiagnosis, infectiousness: .standard, calibrationConfidence: .medium,
            scanInstances: Array(
                repeating: ScanInstance(minAttenuation: attenuation, typicalAttenuation: attenuation, secondsSinceLastScan: 60),
                count: minutes))
    }

    /// CWA 2020 (weights 1 / 0.5 / 0 at 55 / 63 dB, divisor 50, TRL 5): 30 minutes at exactly 55 dB are
    /// 30 low minutes on iOS (HIGH: 50/50 × 30 = 30) but 30 mid minutes on Android (15: still HIGH);
    /// at exactly 63 dB: iOS mid (15, HIGH), Android high bucket (weight 0, LOW).
    @Test func cwa2020AtTheThresholds() throws {
        let parameters = CWA2020Parameters(
            exposure: ENFv1ExposureConfiguration(
                attenuationScores: [0, 2, 2, 2, 2, 2, 2, 2], daysSinceLastExposureScores: Array(repeating: 5, count: 8),
                durationScores: [0, 0, 0, 1, 1, 1, 1, 1], transmissionRiskScores: [0, 0, 3, 4, 5, 6, 7, 8], minimumRiskScore: 11,
                attenuationDurationThresholds: [55, 63]),
            attenuationWeights: [1, 0.5, 0], defaultBucketOffset: 0, bucketCapMinutes: 30, riskScoreNormalizationDivisor: 50,
            highRiskRange: RiskRange(min: 15, max: 9999), maxEncounterAgeInDays: 14)
        let at63 = [window(attenuation: 63, minutes: 30)]
        #expect(ENFv1Engine.cwa2020(at63, parameters: parameters, referenceDay: 19_000, platform: .ios).totalRiskLevel == .high)
        #expect(ENFv1Engine.cwa2020(at63, parameters: parameters, referenceDay: 19_000, platform: .android).totalRiskLevel == .low)
        let at55 = [window(attenuation: 55, minutes: 30)]
        #expect(ENFv1Engine.cwa2020(at55, parameters: parameters, referenceDay: 19_000, platform: .ios).combinedRiskScore == 30)
        #expect(ENFv1Engine.cwa2020(at55, parameters: parameters, referenceDay: 19_000, platform: .android).combinedRiskScore == 15)
        // Summary buckets are capped at 30 minutes.
        let long = [window(attenuation: 40, minutes: 45)]
        #expect(ENFv1Engine.cwa2020(long, parameters: parameters, referenceDay: 19_000).attenuationDurationMinutes[0] == 30)
    }

    /// Immuni (duration score only above 15 minutes): 16 scan minutes are reported as 15 on Android
    /// (no warning) and as 20 on iOS 13.5 (warning); 18 minutes are 20 on both.
    @Test func immuniAtFifteenMinutes() {
        let parameters = ImmuniParameters(
            exposure: ENFv1ExposureConfiguration(
                attenuationScores: [0, 0, 5, 5, 5, 5, 5, 5], daysSinceLastExposureScores: Array(repeating: 1, count: 8),
                durationScores: [0, 0, 0, 0, 5, 5, 5, 5], transmissionRiskScores: Array(repeating: 1, count: 8), minimumRiskScore: 1,
                attenuationDurationThresholds: [50, 70]),
            notificationThreshold: 20, maxEncounterAgeInDays: 14)
        #expect(
            ENFv1Engine.immuni([window(attenuation: 60, minutes: 16)], parameters: parameters, referenceDay: 19_000).totalRiskLevel == .low)
        #expect(
            ENFv1Engine.immuni([window(attenuation: 60, minutes: 16)], parameters: parameters, referenceDay: 19_000, platform: .ios)
                .totalRiskLevel == .high)
        #expect(
            ENFv1Engine.immuni([window(attenuation: 60, minutes: 18)], parameters: parameters, referenceDay: 19_000).totalRiskLevel == .high
        )
    }
}
