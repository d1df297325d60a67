/// Writes CWA exposure-window parameters in the cwa-server's own format, the
/// `risk-calculation-parameters-1.15.yaml` of
/// `services/distribution/src/main/resources/main-config/v2/` (kebab-case
/// keys, risk levels 1 and 2, a camelCase `trlEncoding`), with the
/// transmission risk value mapping inline, so that the file alone is the
/// configuration. ``ConfigurationLoader`` reads it back to the same parameters.
public enum ServerConfigurationWriter {
    /// The cwa-server YAML text of `parameters`, headed by `comment` lines.
    public static func yaml(_ p: CWARiskParameters, comment: [String]) -> String {
        var out = comment.map { "# \($0)\n" }.joined() + "\n"
        func range(_ r: RiskRange, indent: String) -> String {
            "\(indent)min: \(NumberText.format(r.min))\n\(indent)min-exclusive: \(r.minExclusive)\n"
                + "\(indent)max: \(NumberText.format(r.max))\n\(indent)max-exclusive: \(r.maxExclusive)\n"
        }
        func list<T>(_ key: String, _ items: [T], _ entry: (T) -> String) {
            guard !items.isEmpty else {
                out += "\(key): []\n\n"
                return
            }
            out += "\(key):\n"
            for item in items { out += "  -\n" + entry(item) }
            out += "\n"
        }
        list("minutes-at-attenuation-filters", p.minutesAtAttenuationFilters) {
            "    attenuation-range:\n" + range($0.attenuationRange, indent: "      ") + "    drop-if-minutes-in-range:\n"
                + range($0.dropIfMinutesInRange, indent: "      ")
        }
        list("trl-filters", p.trlFilters) { "    drop-if-trl-in-range:\n" + range($0.dropIfTRLInRange, indent: "      ") }
        list("minutes-at-attenuation-weights", p.minutesAtAttenuationWeights) {
            "    attenuation-range:\n" + range($0.attenuationRange, indent: "      ") + "    weight: \(NumberText.format($0.weight))\n"
        }
        for (key, mapping) in [
            ("normalized-time-per-e-w-to-risk-level-mapping", p.normalizedTimePerWindowToRiskLevel),
            ("normalized-time-per-day-to-risk-level-mapping", p.normalizedTimePerDayToRiskLevel),
        ] {
            list(key, mapping) {
                "    normalized-time-range:\n" + range($0.normalizedTimeRange, indent: "      ")
                    + "    risk-level: \($0.riskLevel.rawValue)\n"
            }
        }
        list("transmission-risk-value-mapping", p.transmissionRiskValueMapping) {
            "    transmission-risk-level: \($0.transmissionRiskLevel)\n    transmission-risk-value: \(NumberText.format($0.transmissionRiskValue))\n"
        }
        if let multiplier = p.transmissionRiskLevelMultiplier {
            out += "transmission-risk-level-multiplier: \(NumberText.format(multiplier))\n\n"
        }
        if let age = p.maxEncounterAgeInDays { out += "max-encounter-age-in-days: \(age)\n\n" }
        let e = p.trlEncoding
        out += """
            trlEncoding:
              infectiousnessOffsetStandard: \(e.infectiousnessOffsetStandard)
              infectiousnessOffsetHigh: \(e.infectiousnessOffsetHigh)
              reportTypeOffsetRecursive: \(e.reportTypeOffsetRecursive)
              reportTypeOffsetSelfReport: \(e.reportTypeOffsetSelfReport)
              reportTypeOffsetConfirmedClinicalDiagnosis: \(e.reportTypeOffsetConfirmedClinicalDiagnosis)
              reportTypeOffsetConfirmedTest: \(e.reportTypeOffsetConfirmedTest)

            """
        return out
    }
}
