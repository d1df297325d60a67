import ExposureNotification
import RiskCalculation
import Testing
import WarnSimTestSupport

/// The ENF v1 schemes reproduce the effects Tests/Reference/cwa/RISK-CALCULATION.md
/// §4.5 and §7 state for the shipped parameter sets.
@Suite struct ENFv1SchemeTests {
    static let referenceDay = 19_000

    func window(reportType: ReportType, infectiousness: Infectiousness, minutes: [(attenuation: Int, minutes: Int)]) -> ExposureWindow {
        var scans: [ScanInstance] = []
        for part in minutes {
            for _ in 0..<part.minutes {
                scans.append(ScanInstance(minAttenuation: part.attenuation, typicalAttenuation: part.attenuation, secondsSinceLastScan: 60))
            }
        }
        return ExposureWindow(
            dayNumber: Self.referenceDay - 1, reportType: reportType, infectiousness: infectiousness,
            calibrationConfidence: .medium, scanInstances: scans)
    }

    func load(_ name: String) throws -> RiskConfiguration {
        try ConfigurationLoader.load(path: ProjectFiles.path("Configs/risk/\(name)"))
    }

    func level(_ configuration: RiskConfiguration, _ windows: [ExposureWindow]) throws -> RiskLevel {
        try Scorer.score(
            WindowCase(description: "t", windows: windows, expected: nil), index: 0,
            // iOS 13.5 reported durations rounded up to 5 minutes, which keeps these
            // whole-minute examples in the buckets the reference text states; the
            // Android rounding (nearest 5 minutes) is covered by ENFv1BoundaryTests.
            configuration: configuration, platform: .ios, referenceDay: Self.referenceDay
        ).outcome.totalRiskLevel
    }

    /// CWA 2020: weighted minutes (< 55 dB full, 55–63 dB half) × maxTRL / 5 ≥ 15
    /// is HIGH, for exposures longer than 10 minutes at ≤ 73 dB (§4.2, §4.5).
    @Test func cwa2020NeedsFifteenWeightedMinutesAtTRL5() throws {
        let cwa = try load("cwa-2020-enf-v1.yaml")
        // TRL 5 = clinical diagnosis (4) + standard (1).
        #expect(try level(cwa, [window(reportType: .confirmedClinicalDiagnosis, infectiousness: .standard, minutes: [(50, 15)])]) == .high)
        #expect(try level(cwa, [window(reportType: .confirmedClinicalDiagnosis, infectiousness: .standard, minutes: [(50, 14)])]) == .low)
        // TRL 8 = confirmed test (6) + high (2): 80/50 × weighted minutes.
        // 1.6 × 11:
        #expect(try level(cwa, [window(reportType: .confirmedTest, infectiousness: .high, minutes: [(50, 10), (60, 2)])]) == .high)
        // 1.6 × 6:
        #expect(try level(cwa, [window(reportType: .confirmedTest, infectiousness: .high, minutes: [(60, 12)])]) == .low)
        // 10 minutes or less score 0 in the framework and are discarded.
        #expect(try level(cwa, [window(reportType: .confirmedTest, infectiousness: .high, minutes: [(50, 10)])]) == .low)
        // TRL 1 and 2 score 0.
        #expect(try level(cwa, [window(reportType: .recursive, infectiousness: .high, minutes: [(40, 30)])]) == .low)
        let result = ENFv1Engine.cwa2020(
            [window(reportType: .confirmedTest, infectiousness: .high, minutes: [(50, 10), (60, 2)])],
            parameters: try #require({ if case .cwa2020(let p) = cwa.scheme { return p } else { return nil } }()),
            referenceDay: Self.referenceDay, platform: .ios
        )
        #expect(result.maximumRiskScore == 80)
        #expect(result.combinedRiskScore == 17.6)
    }

    /// Immuni: warn if one exposure had ≤ 63 dB and more than 15 minutes (§7).
    @Test func immuniWarnsAfterFifteenMinutesAtOrBelow63dB() throws {
        for name in ["immuni-2020-10-android.yaml", "immuni-2020-10-ios.yaml"] {
            let immuni = try load(name)
            #expect(
                try level(immuni, [window(reportType: .confirmedTest, infectiousness: .standard, minutes: [(63, 16)])]) == .high, "\(name)")
            #expect(
                try level(immuni, [window(reportType: .confirmedTest, infectiousness: .standard, minutes: [(63, 15)])]) == .low, "\(name)")
            #expect(
                try level(immuni, [window(reportType: .confirmedTest, infectiousness: .standard, minutes: [(64, 30)])]) == .low, "\(name)")
            // TRL does not matter to Immuni.
            #expect(try level(immuni, [window(reportType: .recursive, infectiousness: .none, minutes: [(40, 20)])]) == .high, "\(name)")
        }
    }

    /// ENF bucket edges (cwa-server exposure-config.yaml).
    @Test func bucketEdges() {
        #expect(ENFv1Engine.attenuationBucket(74) == 0)
        #expect(ENFv1Engine.attenuationBucket(73) == 1)
        #expect(ENFv1Engine.attenuationBucket(63) == 2)
        #expect(ENFv1Engine.attenuationBucket(10) == 7)
        #expect(ENFv1Engine.durationBucket(0) == 0)
        #expect(ENFv1Engine.durationBucket(5) == 1)
        #expect(ENFv1Engine.durationBucket(10.5) == 3)
        #expect(ENFv1Engine.durationBucket(31) == 7)
        #expect(ENFv1Engine.daysBucket(14) == 0)
        #expect(ENFv1Engine.daysBucket(13) == 1)
        #expect(ENFv1Engine.daysBucket(1) == 7)
    }
}
