/// Writes CWA parameters as the `defaultRiskCalculationConfiguration` object of
/// the test-vector JSON format (corona-warn-app/cwa-app-android
/// `src/test/resources/exposure-windows-risk-calculation.json`): camelCase keys, risk
/// levels as 1 (LOW) and 2 (HIGH), every range flag spelled out. Reading it
/// back gives the same parameters.
public enum TestVectorConfigurationWriter {
    /// The `defaultRiskCalculationConfiguration` object for `p`.
    ///
    /// - Parameters:
    ///   - p: the CWA v2 parameters.
    ///   - indent: the indentation of the object's own lines (nested lines get more).
    /// - Returns: a JSON object, without a trailing newline.
    public static func json(_ p: CWARiskParameters, indent: String = "  ") -> String {
        func number(_ value: Double) -> String { NumberText.format(value) }
        func range(_ r: RiskRange) -> String {
            "{\"min\": \(number(r.min)), \"minExclusive\": \(r.minExclusive), \"max\": \(number(r.max)), \"maxExclusive\": \(r.maxExclusive)}"
        }
        func list(_ key: String, _ items: [String]) -> String {
            "\(indent)  \"\(key)\": ["
                + (items.isEmpty ? "" : "\n" + items.map { "\(indent)    \($0)" }.joined(separator: ",\n") + "\n\(indent)  ") + "]"
        }
        var fields = [
            list(
                "minutesAtAttenuationFilters",
                p.minutesAtAttenuationFilters.map {
                    "{\"attenuationRange\": \(range($0.attenuationRange)), \"dropIfMinutesInRange\": \(range($0.dropIfMinutesInRange))}"
                }),
            list("trlFilters", p.trlFilters.map { "{\"dropIfTrlInRange\": \(range($0.dropIfTRLInRange))}" }),
            list(
                "minutesAtAttenuationWeights",
                p.minutesAtAttenuationWeights.map {
                    "{\"attenuationRange\": \(range($0.attenuationRange)), \"weight\": \(number($0.weight))}"
                }),
            list(
                "normalizedTimePerEWToRiskLevelMapping",
                p.normalizedTimePerWindowToRiskLevel.map {
                    "{\"normalizedTimeRange\": \(range($0.normalizedTimeRange)), \"riskLevel\": \($0.riskLevel.rawValue)}"
                }),
            list(
                "normalizedTimePerDayToRiskLevelMapping",
                p.normalizedTimePerDayToRiskLevel.map {
                    "{\"normalizedTimeRange\": \(range($0.normalizedTimeRange)), \"riskLevel\": \($0.riskLevel.rawValue)}"
                }),
        ]
        let e = p.trlEncoding
        fields.append(
            "\(indent)  \"trlEncoding\": {\"infectiousnessOffsetStandard\": \(e.infectiousnessOffsetStandard), "
                + "\"infectiousnessOffsetHigh\": \(e.infectiousnessOffsetHigh), \"reportTypeOffsetRecursive\": \(e.reportTypeOffsetRecursive), "
                + "\"reportTypeOffsetSelfReport\": \(e.reportTypeOffsetSelfReport), "
                + "\"reportTypeOffsetConfirmedClinicalDiagnosis\": \(e.reportTypeOffsetConfirmedClinicalDiagnosis), "
                + "\"reportTypeOffsetConfirmedTest\": \(e.reportTypeOffsetConfirmedTest)}")
        fields.append(
            list(
                "transmissionRiskValueMapping",
                p.transmissionRiskValueMapping.map {
                    "{\"transmissionRiskLevel\": \($0.transmissionRiskLevel), \"transmissionRiskValue\": \(number($0.transmissionRiskValue))}"
                }))
        if let multiplier = p.transmissionRiskLevelMultiplier {
            fields.append("\(indent)  \"transmissionRiskLevelMultiplier\": \(number(multiplier))")
        }
        if let age = p.maxEncounterAgeInDays { fields.append("\(indent)  \"maxEncounterAgeInDays\": \(age)") }
        return "{\n" + fields.joined(separator: ",\n") + "\n\(indent)}"
    }
}
