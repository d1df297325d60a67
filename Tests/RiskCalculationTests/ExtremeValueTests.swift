import ExposureNotification
import RiskCalculation
import Testing
import WarnSimCore

/// Every formula of the risk calculations at the extremes (Int.max, negative,
/// 1e300, NaN, infinity): the loaders refuse such values with an `InputError`
/// naming the field, the value and the allowed range, and the engines, given
/// such values in code, saturate instead of trapping.
@Suite struct ExtremeValueTests {
    static let referenceDay = 19_000

    static let production = CWARiskParameters(
        minutesAtAttenuationWeights: [MinutesAtAttenuationWeight(attenuationRange: RiskRange(min: 0, max: 255), weight: 1)],
        normalizedTimePerWindowToRiskLevel: [
            NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: 0, max: 1e308), riskLevel: .high)
        ],
        normalizedTimePerDayToRiskLevel: [NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: 0, max: 1e308), riskLevel: .high)],
        transmissionRiskValueMapping: (1...8).map { TransmissionRiskValue(transmissionRiskLevel: $0, transmissionRiskValue: 1) }
    )

    func window(seconds: [Int], attenuation: Int = 50, day: Int = referenceDay - 1) -> ExposureWindow {
        ExposureWindow(
            dayNumber: day, reportType: .confirmedTest, infectiousness: .high, calibrationConfidence: .medium,
            scanInstances: seconds.map {
                ScanInstance(minAttenuation: attenuation, typicalAttenuation: attenuation, secondsSinceLastScan: $0)
            })
    }

    // MARK: Engines given extreme values in code

    @Test func secondsSumsSaturateAtIntMax() throws {
        let engine = CWARiskEngine(parameters: Self.production, platform: .android)
        let big = window(seconds: [.max, .max, -5, .max])
        let evaluation = engine.evaluate(big, referenceDay: Self.referenceDay)
        #expect(evaluation.secondsPerWeight == [.max])
        #expect(CWARiskEngine.seconds(of: big, in: RiskRange(min: 0, max: 255)) == .max)
        #expect(CWARiskEngine.weightedMinutes(of: big, weights: Self.production.minutesAtAttenuationWeights).isFinite)
        #expect(evaluation.riskLevel == .high)
        #expect(CWARiskEngine.filterMinutes(seconds: .max, platform: .ios) == Double(Int.max / 60))
        let result = try engine.calculate([big, big], referenceDay: Self.referenceDay)
        #expect(result.totalRiskLevel == .high)
    }

    @Test func transmissionRiskLevelSaturatesWithHugeOffsets() throws {
        for offset in [Int.max, Int.min] {
            var parameters = Self.production
            parameters.trlEncoding.reportTypeOffsetConfirmedTest = offset
            parameters.trlEncoding.infectiousnessOffsetHigh = offset
            for platform in [RiskPlatform.android, .ios] {
                let evaluation = CWARiskEngine(parameters: parameters, platform: platform)
                    .evaluate(window(seconds: [300]), referenceDay: Self.referenceDay)
                #expect(evaluation.transmissionRiskLevel == offset)
                #expect(evaluation.transmissionRiskValue == 0)
                let set = BatchWindowSet(windows: [window(seconds: [300, .max])], devices: [0])
                let batch = try BatchScorer(configurations: [parameters], platform: platform).score(set, referenceDay: Self.referenceDay)
                #expect(batch.deviceCount == 1)
            }
            let legacy = CWARiskParameters(
                minutesAtAttenuationWeights: Self.production.minutesAtAttenuationWeights,
                normalizedTimePerWindowToRiskLevel: Self.production.normalizedTimePerWindowToRiskLevel,
                normalizedTimePerDayToRiskLevel: Self.production.normalizedTimePerDayToRiskLevel,
                trlEncoding: parameters.trlEncoding, transmissionRiskValueMapping: [], transmissionRiskLevelMultiplier: 0.2)
            #expect(legacy.transmissionRiskValue(forLevel: offset).isFinite)
        }
    }

    @Test func agesSaturateForExtremeDays() {
        let engine = CWARiskEngine(parameters: Self.production, platform: .android)
        #expect(engine.evaluate(window(seconds: [300], day: .min), referenceDay: Self.referenceDay).ageInDays == .max)
        #expect(engine.evaluate(window(seconds: [300], day: .max), referenceDay: -10).ageInDays == .min)
    }

    @Test func enfV1DurationsAndSumsSaturate() throws {
        // Android: nearest 5 minutes; iOS: rounded up, capped at 30.
        let android = ENFv1Engine.reportedDurationMinutes(seconds: .max, platform: .android)
        #expect(android.isFinite && android > 1e16)
        #expect(ENFv1Engine.reportedDurationMinutes(seconds: .max, platform: .ios) == 30)
        #expect(ENFv1Engine.reportedDurationMinutes(seconds: -300, platform: .ios) == 0)
        var exposure = ENFv1ExposureConfiguration(
            attenuationScores: Array(repeating: 8, count: 8), daysSinceLastExposureScores: Array(repeating: .max, count: 8),
            durationScores: Array(repeating: .max, count: 8), transmissionRiskScores: Array(repeating: .max, count: 8),
            minimumRiskScore: 0, attenuationDurationThresholds: [50, 70])
        exposure.trlEncoding.reportTypeOffsetConfirmedTest = .max
        let summary = ENFv1Engine.summarize(
            [window(seconds: [.max, .max], attenuation: 255), window(seconds: [.max], day: .min)], exposure, maxAge: 14,
            referenceDay: Self.referenceDay)
        #expect(summary.exposures.count == 2)
        #expect(summary.exposures[0].transmissionRiskLevel == .max)
        #expect(summary.attenuationDurationMinutes.allSatisfy { $0 <= ENFv1Engine.summaryBucketCapMinutes })
        exposure.trlEncoding = .production
        let scored = ENFv1Engine.summarize([window(seconds: [.max, 300])], exposure, maxAge: 14, referenceDay: Self.referenceDay)
        #expect(scored.maximumRiskScore == .max)
    }

    @Test func saturatingArithmetic() {
        #expect(Int.max.saturatingAdding(1) == .max)
        #expect(Int.min.saturatingAdding(-1) == .min)
        #expect(Int.min.saturatingSubtracting(1) == .min)
        #expect(0.saturatingSubtracting(.min) == .max)
        #expect(Int.max.saturatingMultiplied(by: -2) == .min)
        #expect(Int.min.saturatingMultiplied(by: -1) == .max)
        #expect(6.saturatingMultiplied(by: 7) == 42)
    }

    // MARK: Loaders refuse extreme values

    /// (text replaced in `BadInputTests.valid`, its replacement, the field named).
    static let configurationCases: [(String, String, String)] = {
        let offset = "reportTypeOffsetConfirmedTest: 6"
        let weight = "weight: 0.8"
        let value = "transmissionRiskValue: 1.2"
        let level = "transmissionRiskLevel: 6"
        let offsetField = "parameters.trlEncoding.reportTypeOffsetConfirmedTest"
        let weightField = "parameters.minutesAtAttenuationWeights[0].weight"
        let valueField = "parameters.transmissionRiskValueMapping[0].transmissionRiskValue"
        let levelField = "parameters.transmissionRiskValueMapping[0].transmissionRiskLevel"
        var cases: [(String, String, String)] = []
        for text in ["9223372036854775807", "-1", "-200", "9", "1e300", ".nan", ".inf", "99999999999999999999"] {
            cases.append((offset, "reportTypeOffsetConfirmedTest: \(text)", offsetField))
        }
        for text in ["1e300", ".nan", ".inf", "-.inf", "101", "-1"] {
            cases.append((weight, "weight: \(text)", weightField))
            cases.append((value, "transmissionRiskValue: \(text)", valueField))
        }
        for text in ["9223372036854775807", "-9223372036854775808", "17"] {
            cases.append((level, "transmissionRiskLevel: \(text)", levelField))
        }
        cases.append(
            ("  trlFilters: []", "  trlFilters: []\n  maxEncounterAgeInDays: 9223372036854775807", "parameters.maxEncounterAgeInDays"))
        cases.append(
            ("  trlFilters: []", "  trlFilters: []\n  transmissionRiskLevelMultiplier: 1e300", "parameters.transmissionRiskLevelMultiplier")
        )
        return cases
    }()

    @Test(arguments: configurationCases.indices)
    func configurationsRefuseExtremeValues(_ index: Int) throws {
        let (original, replacement, field) = Self.configurationCases[index]
        let text = BadInputTests.valid.replacingOccurrences(of: original, with: replacement)
        #expect(text != BadInputTests.valid)
        let error = try #require(throws: InputError.self) { try ConfigurationLoader.load(text: text, file: "extreme.yaml") }
        #expect(error.file == "extreme.yaml")
        #expect(error.field == field, "\(error)")
        let named = ["out of range", "negative", "expected an integer", "expected a finite number", "expected a number"]
        #expect(named.contains { error.problem.contains($0) }, "\(error)")
    }

    @Test func outOfRangeMessagesNameTheValueAndTheRange() throws {
        let text = BadInputTests.valid.replacingOccurrences(
            of: "reportTypeOffsetConfirmedTest: 6", with: "reportTypeOffsetConfirmedTest: 9223372036854775807")
        let error = try #require(throws: InputError.self) { try ConfigurationLoader.load(text: text, file: "c.yaml") }
        #expect(error.problem == "out of range: found 9223372036854775807, allowed 0…8")
        let weight = BadInputTests.valid.replacingOccurrences(of: "weight: 0.8", with: "weight: 1e300")
        let weightError = try #require(throws: InputError.self) { try ConfigurationLoader.load(text: weight, file: "c.yaml") }
        #expect(weightError.problem == "out of range: found 1e+300, allowed 0…100")
    }

    @Test func enfV1ConfigurationsRefuseExtremeValues() throws {
        let base = """
            scheme: cwa-2020-enf-v1
            name: t
            source: t
            parameters:
              attenuationScores: [0, 5, 5, 5, 5, 5, 5, 5]
              daysSinceLastExposureScores: [5, 5, 5, 5, 5, 5, 5, 5]
              durationScores: [0, 0, 0, 0, 5, 5, 5, 5]
              transmissionRiskScores: [0, 0, 0, 0, 5, 5, 5, 5]
              minimumRiskScore: 11
              attenuationDurationThresholds: [55, 63]
              attenuationWeights: [1.0, 0.5, 0.0]
              defaultBucketOffset: 0
              bucketCapMinutes: 30
              riskScoreNormalizationDivisor: 25
              highRiskRange: {min: 15, max: 9999}
              maxEncounterAgeInDays: 14
            """
        _ = try ConfigurationLoader.load(text: base, file: "v1.yaml")
        let cases = [
            ("riskScoreNormalizationDivisor: 25", "riskScoreNormalizationDivisor: 1e-300", "parameters.riskScoreNormalizationDivisor"),
            ("attenuationWeights: [1.0, 0.5, 0.0]", "attenuationWeights: [1e300, 0.5, 0.0]", "parameters.attenuationWeights"),
            ("defaultBucketOffset: 0", "defaultBucketOffset: -1e300", "parameters.defaultBucketOffset"),
            ("bucketCapMinutes: 30", "bucketCapMinutes: .inf", "parameters.bucketCapMinutes"),
            ("minimumRiskScore: 11", "minimumRiskScore: 9223372036854775807", "parameters.minimumRiskScore"),
            ("[55, 63]", "[55, 9223372036854775807]", "parameters.attenuationDurationThresholds"),
            ("maxEncounterAgeInDays: 14", "maxEncounterAgeInDays: 9223372036854775807", "parameters.maxEncounterAgeInDays"),
            ("source: t\n", "source: t\n", "parameters.trlEncoding.infectiousnessOffsetHigh"),
        ]
        for (original, replacement, field) in cases {
            var text = base.replacingOccurrences(of: original, with: replacement)
            if field.hasPrefix("parameters.trlEncoding") {
                text += """

                      trlEncoding:
                        infectiousnessOffsetStandard: 1
                        infectiousnessOffsetHigh: -9223372036854775808
                        reportTypeOffsetRecursive: 0
                        reportTypeOffsetSelfReport: 2
                        reportTypeOffsetConfirmedClinicalDiagnosis: 4
                        reportTypeOffsetConfirmedTest: 6
                    """
            }
            let error = try #require(throws: InputError.self) { try ConfigurationLoader.load(text: text, file: "v1.yaml") }
            #expect(error.field == field, "\(error)")
            #expect(error.problem.contains("out of range") || error.problem.contains("expected a finite number"), "\(error)")
        }
    }
}
