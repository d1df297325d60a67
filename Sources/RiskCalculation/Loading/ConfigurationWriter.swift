/// Writes a configuration as normalized WarnSim YAML: fixed key order, every
/// range flag spelled out, levels as LOW/HIGH, numbers in their shortest exact
/// form. Reading the output back gives the same configuration.
public enum ConfigurationWriter {
    /// The normalized YAML text of `configuration`.
    ///
    /// - Parameter configuration: the configuration of any scheme.
    /// - Returns: WarnSim YAML that ``ConfigurationLoader`` reads back to the same
    ///   configuration.
    public static func yaml(_ configuration: RiskConfiguration) -> String {
        var out = ""
        out += "scheme: \(configuration.scheme.identifier)\n"
        out += "name: \(quoted(configuration.name))\n"
        out += "source: \(quoted(configuration.source))\n"
        out += "parameters:\n"
        switch configuration.scheme {
        case .cwaExposureWindows(let p): out += cwa(p)
        case .cwa2020(let p): out += cwa2020(p)
        case .immuni(let p): out += immuni(p)
        }
        return out
    }

    static func quoted(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 {
                    escaped += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"\(escaped)\""
    }

    static func number(_ value: Double) -> String { NumberText.format(value) }

    static func range(_ r: RiskRange) -> String {
        "{min: \(number(r.min)), minExclusive: \(r.minExclusive), max: \(number(r.max)), maxExclusive: \(r.maxExclusive)}"
    }

    static func encoding(_ e: TRLEncoding, indent: String) -> String {
        """
        \(indent)trlEncoding:
        \(indent)  infectiousnessOffsetStandard: \(e.infectiousnessOffsetStandard)
        \(indent)  infectiousnessOffsetHigh: \(e.infectiousnessOffsetHigh)
        \(indent)  reportTypeOffsetRecursive: \(e.reportTypeOffsetRecursive)
        \(indent)  reportTypeOffsetSelfReport: \(e.reportTypeOffsetSelfReport)
        \(indent)  reportTypeOffsetConfirmedClinicalDiagnosis: \(e.reportTypeOffsetConfirmedClinicalDiagnosis)
        \(indent)  reportTypeOffsetConfirmedTest: \(e.reportTypeOffsetConfirmedTest)

        """
    }

    static func cwa(_ p: CWARiskParameters) -> String {
        var out = ""
        func list<T>(_ key: String, _ items: [T], _ line: (T) -> String) {
            if items.isEmpty {
                out += "  \(key): []\n"
            } else {
                out += "  \(key):\n"
                for item in items { out += line(item) }
            }
        }
        list("minutesAtAttenuationFilters", p.minutesAtAttenuationFilters) {
            "    - attenuationRange: \(range($0.attenuationRange))\n      dropIfMinutesInRange: \(range($0.dropIfMinutesInRange))\n"
        }
        list("trlFilters", p.trlFilters) { "    - dropIfTrlInRange: \(range($0.dropIfTRLInRange))\n" }
        list("minutesAtAttenuationWeights", p.minutesAtAttenuationWeights) {
            "    - attenuationRange: \(range($0.attenuationRange))\n      weight: \(number($0.weight))\n"
        }
        list("normalizedTimePerEWToRiskLevelMapping", p.normalizedTimePerWindowToRiskLevel) {
            "    - normalizedTimeRange: \(range($0.normalizedTimeRange))\n      riskLevel: \($0.riskLevel)\n"
        }
        list("normalizedTimePerDayToRiskLevelMapping", p.normalizedTimePerDayToRiskLevel) {
            "    - normalizedTimeRange: \(range($0.normalizedTimeRange))\n      riskLevel: \($0.riskLevel)\n"
        }
        out += encoding(p.trlEncoding, indent: "  ")
        list("transmissionRiskValueMapping", p.transmissionRiskValueMapping) {
            "    - {transmissionRiskLevel: \($0.transmissionRiskLevel), transmissionRiskValue: \(number($0.transmissionRiskValue))}\n"
        }
        if let multiplier = p.transmissionRiskLevelMultiplier {
            out += "  transmissionRiskLevelMultiplier: \(number(multiplier))\n"
        }
        if let age = p.maxEncounterAgeInDays {
            out += "  maxEncounterAgeInDays: \(age)\n"
        }
        return out
    }

    static func ints(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ", ") + "]" }

    static func exposure(_ e: ENFv1ExposureConfiguration) -> String {
        """
          attenuationScores: \(ints(e.attenuationScores))
          daysSinceLastExposureScores: \(ints(e.daysSinceLastExposureScores))
          durationScores: \(ints(e.durationScores))
          transmissionRiskScores: \(ints(e.transmissionRiskScores))
          minimumRiskScore: \(e.minimumRiskScore)
          attenuationDurationThresholds: \(ints(e.attenuationDurationThresholds))

        """ + encoding(e.trlEncoding, indent: "  ")
    }

    static func cwa2020(_ p: CWA2020Parameters) -> String {
        exposure(p.exposure) + """
              attenuationWeights: [\(p.attenuationWeights.map(number).joined(separator: ", "))]
              defaultBucketOffset: \(number(p.defaultBucketOffset))
              bucketCapMinutes: \(number(p.bucketCapMinutes))
              riskScoreNormalizationDivisor: \(number(p.riskScoreNormalizationDivisor))
              highRiskRange: \(range(p.highRiskRange))
              maxEncounterAgeInDays: \(p.maxEncounterAgeInDays)

            """
    }

    static func immuni(_ p: ImmuniParameters) -> String {
        exposure(p.exposure) + """
              notificationThreshold: \(p.notificationThreshold)
              maxEncounterAgeInDays: \(p.maxEncounterAgeInDays)

            """
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
