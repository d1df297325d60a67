import WarnSimCore

/// Reads `CWARiskParameters` from a parsed tree in one of the three spellings:
/// the test-vector JSON (camelCase keys, levels 1/2), WarnSim's YAML (camelCase,
/// levels LOW/HIGH) and the cwa-server YAML (kebab-case keys, levels 1/2, a
/// camelCase `trlEncoding`).
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

    static let fields = [
        "minutesAtAttenuationFilters", "trlFilters", "minutesAtAttenuationWeights",
        "normalizedTimePerEWToRiskLevelMapping", "normalizedTimePerDayToRiskLevelMapping",
        "trlEncoding", "transmissionRiskValueMapping", "transmissionRiskLevelMultiplier",
        "maxEncounterAgeInDays",
    ]

    /// The parameters in `reader` (a mapping). With `trlValueMapping` (the
    /// server's separate `trl-value-mapping-1.15.yaml`), the mapping comes from
    /// there when the main file has none.
    func read(_ reader: FieldReader, trlValueMapping: FieldReader? = nil) throws -> CWARiskParameters {
        let allowed = Self.fields.map { $0 == "trlEncoding" ? $0 : key($0) }
        let map = try reader.map(allowed: allowed)
        let filters = try map.required(key("minutesAtAttenuationFilters")).list().map { item in
            let entry = try item.map(allowed: [key("attenuationRange"), key("dropIfMinutesInRange")])
            return MinutesAtAttenuationFilter(
                attenuationRange: try range(entry.required(key("attenuationRange"))),
                dropIfMinutesInRange: try range(entry.required(key("dropIfMinutesInRange")))
            )
        }
        let trlFilters = try map.required(key("trlFilters")).list().map { item in
            let entry = try item.map(allowed: [key("dropIfTrlInRange")])
            return TRLFilter(dropIfTRLInRange: try range(entry.required(key("dropIfTrlInRange"))))
        }
        let weights = try map.required(key("minutesAtAttenuationWeights")).list().map { item in
            let entry = try item.map(allowed: [key("attenuationRange"), key("weight")])
            return MinutesAtAttenuationWeight(
                attenuationRange: try range(entry.required(key("attenuationRange"))),
                weight: try entry.required(key("weight")).double()
            )
        }
        let windowMapping = try levelMapping(map.required(key("normalizedTimePerEWToRiskLevelMapping")))
        let dayMapping = try levelMapping(map.required(key("normalizedTimePerDayToRiskLevelMapping")))
        let encoding = try trlEncoding(map.required("trlEncoding"))
        let multiplier = try map.optional(key("transmissionRiskLevelMultiplier")).map { try $0.double() }
        var valueMapping: [TransmissionRiskValue] = []
        var mappingFile: String?
        if let field = map.optional(key("transmissionRiskValueMapping")) {
            valueMapping = try valueEntries(field)
        } else if let trlValueMapping, (multiplier ?? 0) == 0 {
            // Only a 1.15 file (deprecated multiplier 0) gets the separate
            // mapping; a legacy file keeps its multiplier.
            let outer = try trlValueMapping.map(allowed: [key("transmissionRiskValueMapping")])
            valueMapping = try valueEntries(outer.required(key("transmissionRiskValueMapping")))
            mappingFile = trlValueMapping.file
        }
        let maxAge = try map.optional(key("maxEncounterAgeInDays")).map { try ageField($0) }
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
        try ParameterValidation.validate(parameters, file: reader.file, path: reader.path, mappingFile: mappingFile, key: key)
        return parameters
    }

    /// `{min, max, minExclusive?, maxExclusive?}`.
    func range(_ reader: FieldReader) throws -> RiskRange {
        let map = try reader.map(allowed: ["min", "max", key("minExclusive"), key("maxExclusive")])
        let range = RiskRange(
            min: try map.required("min").double(),
            minExclusive: try map.optional(key("minExclusive"))?.bool() ?? false,
            max: try map.required("max").double(),
            maxExclusive: try map.optional(key("maxExclusive"))?.bool() ?? false
        )
        if range.min > range.max {
            throw reader.error("min (\(NumberText.format(range.min))) is greater than max (\(NumberText.format(range.max)))")
        }
        return range
    }

    private func levelMapping(_ reader: FieldReader) throws -> [NormalizedTimeToRiskLevel] {
        try reader.list().map { item in
            let entry = try item.map(allowed: [key("normalizedTimeRange"), key("riskLevel")])
            return NormalizedTimeToRiskLevel(
                normalizedTimeRange: try range(entry.required(key("normalizedTimeRange"))),
                riskLevel: try level(entry.required(key("riskLevel")))
            )
        }
    }

    private func level(_ reader: FieldReader) throws -> RiskLevel {
        switch style {
        case .warnSim:
            guard let name = try? reader.text(), let level = RiskLevel(name: name) else {
                throw reader.error("expected LOW or HIGH, found \(reader.typeName)")
            }
            return level
        case .testVector, .server:
            guard let raw = try? reader.int(), let level = RiskLevel(rawValue: raw) else {
                throw reader.error("expected 1 (LOW) or 2 (HIGH), found \(reader.typeName)")
            }
            return level
        }
    }

    private func trlEncoding(_ reader: FieldReader) throws -> TRLEncoding {
        try TRLEncodingReader.read(reader)
    }

    private func valueEntries(_ reader: FieldReader) throws -> [TransmissionRiskValue] {
        try reader.list().map { item in
            let entry = try item.map(allowed: [key("transmissionRiskLevel"), key("transmissionRiskValue")])
            return TransmissionRiskValue(
                transmissionRiskLevel: try entry.required(key("transmissionRiskLevel")).int(),
                transmissionRiskValue: try entry.required(key("transmissionRiskValue")).double()
            )
        }
    }

    /// An integer, or in the server style a Spring placeholder with a default,
    /// `${NAME:10}`, which takes the default (the server's behaviour when the
    /// environment does not set NAME).
    private func ageField(_ reader: FieldReader) throws -> Int {
        if style == .server, case .scalar(.string(let text)) = reader.tree, text.hasPrefix("${"), text.hasSuffix("}") {
            guard let colon = text.lastIndex(of: ":"),
                let value = Int(text[text.index(after: colon)..<text.index(before: text.endIndex)])
            else {
                throw reader.error("the placeholder \(text) has no integer default")
            }
            return value
        }
        return try reader.int()
    }
}
