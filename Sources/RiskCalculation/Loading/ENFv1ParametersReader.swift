import WarnSimCore

/// Reads the parameters of the ENF v1 schemes from WarnSim YAML
/// (`scheme: cwa-2020-enf-v1` or `immuni-enf-v1`; Configs/risk/README.md).
enum ENFv1ParametersReader {
    static let exposureFields = [
        "attenuationScores", "daysSinceLastExposureScores", "durationScores", "transmissionRiskScores",
        "minimumRiskScore", "attenuationDurationThresholds", "trlEncoding",
    ]
    static let cwaFields =
        exposureFields + [
            "attenuationWeights", "defaultBucketOffset", "bucketCapMinutes", "riskScoreNormalizationDivisor",
            "highRiskRange", "maxEncounterAgeInDays",
        ]
    static let immuniFields = exposureFields + ["notificationThreshold", "maxEncounterAgeInDays"]

    static func readCWA2020(_ reader: FieldReader) throws -> CWA2020Parameters {
        let map = try reader.map(allowed: cwaFields)
        let exposure = try readExposure(map)
        let weightsField = try map.required("attenuationWeights")
        let weights = try weightsField.list().map { try $0.double() }
        guard weights.count == 3 else { throw weightsField.error("expected 3 weights (low, mid, high), found \(weights.count)") }
        for (index, weight) in weights.enumerated() {
            if weight < 0 { throw weightsField.error("weight \(index) must not be negative (found \(NumberText.format(weight)))") }
            try ParameterLimits.check(weight, in: ParameterLimits.weight) { weightsField.error("weight \(index): \($0)") }
        }
        let divisorField = try map.required("riskScoreNormalizationDivisor")
        let divisor = try divisorField.double()
        guard divisor > 0 else { throw divisorField.error("must be positive") }
        try ParameterLimits.check(divisor, in: ParameterLimits.normalizationDivisor) { divisorField.error($0) }
        let capField = try map.required("bucketCapMinutes")
        let cap = try capField.double()
        guard cap >= 0 else { throw capField.error("must not be negative") }
        try ParameterLimits.check(cap, in: ParameterLimits.bucketCapMinutes) { capField.error($0) }
        let offsetField = try map.required("defaultBucketOffset")
        let offset = try offsetField.double()
        try ParameterLimits.check(offset, in: ParameterLimits.bucketOffsetMinutes) { offsetField.error($0) }
        return CWA2020Parameters(
            exposure: exposure,
            attenuationWeights: weights,
            defaultBucketOffset: offset,
            bucketCapMinutes: cap,
            riskScoreNormalizationDivisor: divisor,
            highRiskRange: try CWAParametersReader(style: .warnSim).range(map.required("highRiskRange")),
            maxEncounterAgeInDays: try age(map)
        )
    }

    static func readImmuni(_ reader: FieldReader) throws -> ImmuniParameters {
        let map = try reader.map(allowed: immuniFields)
        let threshold = try map.required("notificationThreshold")
        let value = try threshold.int()
        guard value >= 0 else { throw threshold.error("must not be negative") }
        try ParameterLimits.check(value, in: ParameterLimits.riskScore) { threshold.error($0) }
        return ImmuniParameters(exposure: try readExposure(map), notificationThreshold: value, maxEncounterAgeInDays: try age(map))
    }

    private static func age(_ map: MapReader) throws -> Int {
        let field = try map.required("maxEncounterAgeInDays")
        let value = try field.int()
        guard value >= 0 else { throw field.error("must not be negative") }
        try ParameterLimits.check(value, in: ParameterLimits.maxEncounterAgeInDays) { field.error($0) }
        return value
    }

    private static func scores(_ map: MapReader, _ name: String) throws -> [Int] {
        let field = try map.required(name)
        let values = try field.list().map { try $0.int() }
        guard values.count == 8 else { throw field.error("expected 8 bucket scores, found \(values.count)") }
        for (index, value) in values.enumerated() where !(0...8).contains(value) {
            throw field.error("score \(index) must be in 0…8 (found \(value))")
        }
        return values
    }

    private static func readExposure(_ map: MapReader) throws -> ENFv1ExposureConfiguration {
        let thresholdsField = try map.required("attenuationDurationThresholds")
        let thresholds = try thresholdsField.list().map { try $0.int() }
        guard thresholds.count == 2 else { throw thresholdsField.error("expected 2 thresholds, found \(thresholds.count)") }
        for (index, threshold) in thresholds.enumerated() {
            try ParameterLimits.check(threshold, in: ParameterLimits.attenuation) { thresholdsField.error("threshold \(index): \($0)") }
        }
        guard thresholds[0] <= thresholds[1] else {
            throw thresholdsField.error("the lower threshold (\(thresholds[0])) is greater than the upper one (\(thresholds[1]))")
        }
        let minimumField = try map.required("minimumRiskScore")
        let minimum = try minimumField.int()
        guard minimum >= 0 else { throw minimumField.error("must not be negative") }
        try ParameterLimits.check(minimum, in: ParameterLimits.riskScore) { minimumField.error($0) }
        var encoding = TRLEncoding.production
        if let field = map.optional("trlEncoding") {
            let tree = FieldReader(file: field.file, path: field.path, tree: field.tree)
            encoding = try TRLEncodingReader.read(tree)
        }
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

    static func read(_ reader: FieldReader) throws -> TRLEncoding {
        let map = try reader.map(allowed: names)
        let values = try names.map { name in
            let field = try map.required(name)
            let value = try field.int()
            try ParameterLimits.check(value, in: ParameterLimits.trlEncodingOffset) { field.error($0) }
            return value
        }
        return TRLEncoding(
            infectiousnessOffsetStandard: values[0], infectiousnessOffsetHigh: values[1],
            reportTypeOffsetRecursive: values[2], reportTypeOffsetSelfReport: values[3],
            reportTypeOffsetConfirmedClinicalDiagnosis: values[4], reportTypeOffsetConfirmedTest: values[5]
        )
    }
}
