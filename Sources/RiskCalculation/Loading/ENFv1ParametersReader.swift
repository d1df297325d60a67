import WarnSimCore

/// Reads the parameters of the ENF v1 schemes from WarnSim YAML
/// (`scheme: cwa-2020-enf-v1` or `immuni-enf-v1`; Configs/risk/README.md).
enum ENFv1ParametersReader {
    static func readCWA2020(_ map: DocumentSection) throws -> CWA2020Parameters {
        let exposure = try readExposure(map)
        let weightsKey = "attenuationWeights"
        let weights = try map.doubles(weightsKey, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
        guard weights.count == 3 else { throw map.fail(weightsKey, "expected 3 weights (low, mid, high), found \(weights.count)") }
        for (index, weight) in weights.enumerated() {
            if weight < 0 { throw map.fail(weightsKey, "weight \(index) must not be negative (found \(NumberText.format(weight)))") }
            try ParameterLimits.check(weight, in: ParameterLimits.weight) { map.fail(weightsKey, "weight \(index): \($0)") }
        }
        let divisorKey = "riskScoreNormalizationDivisor"
        let divisor = try map.double(divisorKey)
        guard divisor > 0 else { throw map.fail(divisorKey, "must be positive") }
        try ParameterLimits.check(divisor, in: ParameterLimits.normalizationDivisor) { map.fail(divisorKey, $0) }
        let capKey = "bucketCapMinutes"
        let cap = try map.double(capKey)
        guard cap >= 0 else { throw map.fail(capKey, "must not be negative") }
        try ParameterLimits.check(cap, in: ParameterLimits.bucketCapMinutes) { map.fail(capKey, $0) }
        let offsetKey = "defaultBucketOffset"
        let offset = try map.double(offsetKey)
        try ParameterLimits.check(offset, in: ParameterLimits.bucketOffsetMinutes) { map.fail(offsetKey, $0) }
        let highRiskRange = try CWAParametersReader(style: .warnSim).range(map.section("highRiskRange"))
        let maxAge = try age(map)
        try map.finish()
        return CWA2020Parameters(
            exposure: exposure,
            attenuationWeights: weights,
            defaultBucketOffset: offset,
            bucketCapMinutes: cap,
            riskScoreNormalizationDivisor: divisor,
            highRiskRange: highRiskRange,
            maxEncounterAgeInDays: maxAge
        )
    }

    static func readImmuni(_ map: DocumentSection) throws -> ImmuniParameters {
        let thresholdKey = "notificationThreshold"
        let value = try map.int(thresholdKey)
        guard value >= 0 else { throw map.fail(thresholdKey, "must not be negative") }
        try ParameterLimits.check(value, in: ParameterLimits.riskScore) { map.fail(thresholdKey, $0) }
        let parameters = ImmuniParameters(
            exposure: try readExposure(map), notificationThreshold: value, maxEncounterAgeInDays: try age(map))
        try map.finish()
        return parameters
    }

    private static func age(_ map: DocumentSection) throws -> Int {
        let key = "maxEncounterAgeInDays"
        let value = try map.int(key)
        guard value >= 0 else { throw map.fail(key, "must not be negative") }
        try ParameterLimits.check(value, in: ParameterLimits.maxEncounterAgeInDays) { map.fail(key, $0) }
        return value
    }

    private static func scores(_ map: DocumentSection, _ key: String) throws -> [Int] {
        let values = try map.ints(key)
        guard values.count == 8 else { throw map.fail(key, "expected 8 bucket scores, found \(values.count)") }
        for (index, value) in values.enumerated() where !(0...8).contains(value) {
            throw map.fail(key, "score \(index) must be in 0…8 (found \(value))")
        }
        return values
    }

    private static func readExposure(_ map: DocumentSection) throws -> ENFv1ExposureConfiguration {
        let thresholdsKey = "attenuationDurationThresholds"
        let thresholds = try map.ints(thresholdsKey)
        guard thresholds.count == 2 else { throw map.fail(thresholdsKey, "expected 2 thresholds, found \(thresholds.count)") }
        for (index, threshold) in thresholds.enumerated() {
            try ParameterLimits.check(threshold, in: ParameterLimits.attenuation) { map.fail(thresholdsKey, "threshold \(index): \($0)") }
        }
        guard thresholds[0] <= thresholds[1] else {
            throw map.fail(thresholdsKey, "the lower threshold (\(thresholds[0])) is greater than the upper one (\(thresholds[1]))")
        }
        let minimumKey = "minimumRiskScore"
        let minimum = try map.int(minimumKey)
        guard minimum >= 0 else { throw map.fail(minimumKey, "must not be negative") }
        try ParameterLimits.check(minimum, in: ParameterLimits.riskScore) { map.fail(minimumKey, $0) }
        let encoding = try map.optionalSection("trlEncoding").map(TRLEncodingReader.read) ?? .production
        return ENFv1ExposureConfiguration(
            attenuationScores: try scores(map, "attenuationScores"),
            daysSinceLastExposureScores: try scores(map, "daysSinceLastExposureScores"),
            durationScores: try scores(map, "durationScores"),
            transmissionRiskScores: try scores(map, "transmissionRiskScores"),
            minimumRiskScore: minimum,
            attenuationDurationThresholds: thresholds,
            trlEncoding: encoding
        )
    }
}

/// Reads a `trlEncoding` mapping (the same spelling in every format).
enum TRLEncodingReader {
    static let names = [
        "infectiousnessOffsetStandard", "infectiousnessOffsetHigh", "reportTypeOffsetRecursive",
        "reportTypeOffsetSelfReport", "reportTypeOffsetConfirmedClinicalDiagnosis", "reportTypeOffsetConfirmedTest",
    ]

    static func read(_ map: DocumentSection) throws -> TRLEncoding {
        let values = try names.map { name in
            let value = try map.int(name)
            try ParameterLimits.check(value, in: ParameterLimits.trlEncodingOffset) { map.fail(name, $0) }
            return value
        }
        try map.finish()
        return TRLEncoding(
            infectiousnessOffsetStandard: values[0], infectiousnessOffsetHigh: values[1],
            reportTypeOffsetRecursive: values[2], reportTypeOffsetSelfReport: values[3],
            reportTypeOffsetConfirmedClinicalDiagnosis: values[4], reportTypeOffsetConfirmedTest: values[5]
        )
    }
}
