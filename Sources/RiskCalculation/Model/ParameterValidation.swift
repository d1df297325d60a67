import WarnSimCore

/// Semantic checks of parameter sets beyond their syntax: what the readers run
/// after building a set, so that every loaded configuration can be scored.
enum ParameterValidation {
    /// Checks CWA v2 parameters; `key` spells a canonical field name the way
    /// the file does. `mappingFile` is the separate file the
    /// `transmissionRiskValueMapping` came from (`--trl-value-mapping`), if any:
    /// problems in its entries name that file.
    static func validate(
        _ parameters: CWARiskParameters, file: String, path: String, mappingFile: String? = nil, key: (String) -> String
    ) throws {
        func fail(_ field: String, _ problem: String) -> InputError {
            InputError(file: file, field: path.isEmpty ? field : "\(path).\(field)", problem: problem)
        }
        func failMapping(_ field: String, _ problem: String) -> InputError {
            guard let mappingFile else { return fail(field, problem) }
            return InputError(file: mappingFile, field: field, problem: problem)
        }
        for (index, entry) in parameters.minutesAtAttenuationWeights.enumerated() {
            let field = "\(key("minutesAtAttenuationWeights"))[\(index)].weight"
            if entry.weight < 0 {
                throw fail(field, "weights must not be negative (found \(NumberText.format(entry.weight)))")
            }
            try ParameterLimits.check(entry.weight, in: ParameterLimits.weight) { fail(field, $0) }
        }
        for (index, entry) in parameters.transmissionRiskValueMapping.enumerated() {
            if entry.transmissionRiskValue < 0 {
                throw failMapping(
                    "\(key("transmissionRiskValueMapping"))[\(index)].\(key("transmissionRiskValue"))",
                    "transmission risk values must not be negative (found \(NumberText.format(entry.transmissionRiskValue)))")
            }
            try ParameterLimits.check(entry.transmissionRiskValue, in: ParameterLimits.transmissionRiskValue) {
                failMapping("\(key("transmissionRiskValueMapping"))[\(index)].\(key("transmissionRiskValue"))", $0)
            }
            try ParameterLimits.check(entry.transmissionRiskLevel, in: ParameterLimits.transmissionRiskLevel) {
                failMapping("\(key("transmissionRiskValueMapping"))[\(index)].\(key("transmissionRiskLevel"))", $0)
            }
            if parameters.transmissionRiskValueMapping[..<index].contains(where: { $0.transmissionRiskLevel == entry.transmissionRiskLevel }
            ) {
                throw failMapping(
                    "\(key("transmissionRiskValueMapping"))[\(index)].\(key("transmissionRiskLevel"))",
                    "level \(entry.transmissionRiskLevel) appears twice")
            }
        }
        if let multiplier = parameters.transmissionRiskLevelMultiplier, multiplier < 0 {
            throw fail(key("transmissionRiskLevelMultiplier"), "must not be negative (found \(NumberText.format(multiplier)))")
        }
        if let multiplier = parameters.transmissionRiskLevelMultiplier {
            try ParameterLimits.check(multiplier, in: ParameterLimits.transmissionRiskValue) {
                fail(key("transmissionRiskLevelMultiplier"), $0)
            }
        }
        if parameters.transmissionRiskValueMapping.isEmpty, (parameters.transmissionRiskLevelMultiplier ?? 0) == 0 {
            throw fail(
                key("transmissionRiskValueMapping"),
                "missing or empty, and no positive transmissionRiskLevelMultiplier: every window would have transmission risk value 0 (a cwa-server 1.15 file needs its trl-value-mapping-1.15.yaml: --trl-value-mapping)"
            )
        }
        if let age = parameters.maxEncounterAgeInDays, age < 0 {
            throw fail(key("maxEncounterAgeInDays"), "must not be negative (found \(age))")
        }
        if let age = parameters.maxEncounterAgeInDays {
            try ParameterLimits.check(age, in: ParameterLimits.maxEncounterAgeInDays) { fail(key("maxEncounterAgeInDays"), $0) }
        }
    }
}
