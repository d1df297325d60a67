import WarnSimCore

/// Reads `CWARiskParameters` from a parsed mapping in one of the three
/// spellings: the test-vector JSON (camelCase keys, levels 1/2), WarnSim's YAML
/// (camelCase, levels LOW/HIGH) and the cwa-server YAML (kebab-case keys,
/// levels 1/2, a camelCase `trlEncoding`).
struct CWAParametersReader {
    /// How keys and levels are spelled.
    enum Style {
        case testVector
        case warnSim
        case server
    }

    let style: Style

    /// The field name in this style for a canonical camelCase name.
    func key(_ camel: String) -> String {
        guard style == .server else { return camel }
        var out = ""
        for character in camel {
            if character.isUppercase {
                out += "-" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The parameters in `map`. With `trlValueMapping` (the server's separate
    /// `trl-value-mapping-1.15.yaml`), the mapping comes from there when the
    /// main file has none.
    func read(_ map: DocumentSection, trlValueMapping: DocumentSection? = nil) throws -> CWARiskParameters {
        let filters = try map.sectionList(key("minutesAtAttenuationFilters")).map { entry in
            let filter = MinutesAtAttenuationFilter(
                attenuationRange: try range(entry.section(key("attenuationRange"))),
                dropIfMinutesInRange: try range(entry.section(key("dropIfMinutesInRange")))
            )
            try entry.finish()
            return filter
        }
        let trlFilters = try map.sectionList(key("trlFilters")).map { entry in
            let filter = TRLFilter(dropIfTRLInRange: try range(entry.section(key("dropIfTrlInRange"))))
            try entry.finish()
            return filter
        }
        let weights = try map.sectionList(key("minutesAtAttenuationWeights")).map { entry in
            let weight = MinutesAtAttenuationWeight(
                attenuationRange: try range(entry.section(key("attenuationRange"))),
                weight: try entry.double(key("weight"))
            )
            try entry.finish()
            return weight
        }
        let windowMapping = try levelMapping(map.sectionList(key("normalizedTimePerEWToRiskLevelMapping")))
        let dayMapping = try levelMapping(map.sectionList(key("normalizedTimePerDayToRiskLevelMapping")))
        let encoding = try TRLEncodingReader.read(map.section("trlEncoding"))
        let multiplier = try map.optionalDouble(key("transmissionRiskLevelMultiplier"))
        var valueMapping: [TransmissionRiskValue] = []
        var mappingFile: String?
        if let entries = try map.optionalSectionList(key("transmissionRiskValueMapping")) {
            valueMapping = try valueEntries(entries)
        } else if let trlValueMapping, (multiplier ?? 0) == 0 {
            // Only a 1.15 file (deprecated multiplier 0) gets the separate
            // mapping; a legacy file keeps its multiplier.
            valueMapping = try valueEntries(trlValueMapping.sectionList(key("transmissionRiskValueMapping")))
            try trlValueMapping.finish()
            mappingFile = trlValueMapping.file
        }
        let maxAge = try age(map, key("maxEncounterAgeInDays"))
        try map.finish()
        let parameters = CWARiskParameters(
            minutesAtAttenuationFilters: filters,
            trlFilters: trlFilters,
            minutesAtAttenuationWeights: weights,
            normalizedTimePerWindowToRiskLevel: windowMapping,
            normalizedTimePerDayToRiskLevel: dayMapping,
            trlEncoding: encoding,
            transmissionRiskValueMapping: valueMapping,
            transmissionRiskLevelMultiplier: multiplier,
            maxEncounterAgeInDays: maxAge
        )
        try ParameterValidation.validate(parameters, file: map.file, path: map.path, mappingFile: mappingFile, key: key)
        return parameters
    }

    /// `{min, max, minExclusive?, maxExclusive?}`.
    func range(_ map: DocumentSection) throws -> RiskRange {
        let range = RiskRange(
            min: try map.double("min"),
            minExclusive: try map.bool(key("minExclusive"), default: false),
            max: try map.double("max"),
            maxExclusive: try map.bool(key("maxExclusive"), default: false)
        )
        try map.finish()
        if range.min > range.max {
            throw map.error("min (\(NumberText.format(range.min))) is greater than max (\(NumberText.format(range.max)))")
        }
        return range
    }

    private func levelMapping(_ entries: [DocumentSection]) throws -> [NormalizedTimeToRiskLevel] {
        try entries.map { entry in
            let mapping = NormalizedTimeToRiskLevel(
                normalizedTimeRange: try range(entry.section(key("normalizedTimeRange"))),
                riskLevel: try level(entry, key("riskLevel"))
            )
            try entry.finish()
            return mapping
        }
    }

    /// `LOW`/`HIGH` in WarnSim's YAML, `1`/`2` elsewhere.
    private func level(_ entry: DocumentSection, _ field: String) throws -> RiskLevel {
        let scalar = try entry.requiredScalar(field)
        switch style {
        case .warnSim:
            guard let level = RiskLevel(name: scalar.text) else { throw entry.fail(field, "expected LOW or HIGH, found '\(scalar.text)'") }
            return level
        case .testVector, .server:
            guard let raw = scalar.integer, let level = RiskLevel(rawValue: raw) else {
                throw entry.fail(field, "expected 1 (LOW) or 2 (HIGH), found '\(scalar.text)'")
            }
            return level
        }
    }

    private func valueEntries(_ entries: [DocumentSection]) throws -> [TransmissionRiskValue] {
        try entries.map { entry in
            let value = TransmissionRiskValue(
                transmissionRiskLevel: try entry.int(key("transmissionRiskLevel")),
                transmissionRiskValue: try entry.double(key("transmissionRiskValue"))
            )
            try entry.finish()
            return value
        }
    }

    /// `maxEncounterAgeInDays` if present: an integer, or in the server style a
    /// Spring placeholder with a default, `${NAME:10}`, which takes the default
    /// (the server's behaviour when the environment does not set NAME).
    private func age(_ map: DocumentSection, _ field: String) throws -> Int? {
        guard let scalar = try map.scalar(field) else { return nil }
        let text = scalar.text
        if style == .server, text.hasPrefix("${"), text.hasSuffix("}") {
            guard let colon = text.lastIndex(of: ":"),
                let value = Int(text[text.index(after: colon)..<text.index(before: text.endIndex)])
            else {
                throw map.fail(field, "the placeholder \(text) has no integer default")
            }
            return value
        }
        return try map.int(field)
    }
}
