import RiskCalculation
import WarnSimCore

/// The field paths a swept parameter sets. Besides raw paths into the WarnSim
/// risk YAML (anything starting with `parameters.`), the CWA exposure-window
/// parameters analysts tune have short names:
///
/// | name | fields set |
/// |---|---|
/// | `attenuation_border_K` | the border between attenuation weight bins K and K+1 (dB): bin K's max and bin K+1's min |
/// | `attenuation_limit` | the upper end of the last weight bin (dB) |
/// | `weight_K` | the weight of attenuation bin K |
/// | `window_threshold` | the normalized time from which a window is HIGH (the border of the per-window mapping) |
/// | `day_threshold` | the normalized time from which a day is HIGH (the border of the per-day mapping) |
/// | `day_minimum` | the normalized time from which a day counts at all (the per-day mapping's lowest min) |
/// | `trv_L` | the transmission risk value of transmission risk level L (1…8) |
///
/// Bins are numbered from 1 in attenuation order.
package enum ParameterPaths {
    /// The paths behind `name` in `template`'s configuration.
    package static func resolve(_ name: String, in template: ConfigurationTemplate, file: String) throws -> [String] {
        if name.hasPrefix("parameters.") {
            _ = try template.value(at: name)
            return [name]
        }
        guard case .cwaExposureWindows(let p) = template.base.scheme else {
            throw InputError(
                file: file, field: "parameters.\(name)",
                problem:
                    "short parameter names apply to CWA exposure-window configurations; give a raw path (parameters.…) for \(template.base.scheme.identifier)"
            )
        }
        let weights = "parameters.minutesAtAttenuationWeights"
        let window = "parameters.normalizedTimePerEWToRiskLevelMapping"
        let day = "parameters.normalizedTimePerDayToRiskLevelMapping"
        func number(after prefix: String, in range: ClosedRange<Int>) throws -> Int {
            guard let k = Int(name.dropFirst(prefix.count)), range.contains(k) else {
                throw InputError(
                    file: file, field: "parameters.\(name)",
                    problem: "\(prefix)K needs K within \(range.lowerBound)…\(range.upperBound) for configuration \"\(template.base.name)\""
                )
            }
            return k
        }
        func border(_ list: String, count: Int, what: String) throws -> [String] {
            guard count == 2 else {
                throw InputError(
                    file: file, field: "parameters.\(name)",
                    problem: "needs a \(what) mapping with exactly two ranges (LOW, HIGH); \"\(template.base.name)\" has \(count)")
            }
            return ["\(list)[0].normalizedTimeRange.max", "\(list)[1].normalizedTimeRange.min"]
        }
        let bins = p.minutesAtAttenuationWeights.count
        switch name {
        case "attenuation_limit":
            guard bins > 0 else { break }
            return ["\(weights)[\(bins - 1)].attenuationRange.max"]
        case "window_threshold":
            return try border(window, count: p.normalizedTimePerWindowToRiskLevel.count, what: "per-window")
        case "day_threshold":
            return try border(day, count: p.normalizedTimePerDayToRiskLevel.count, what: "per-day")
        case "day_minimum":
            guard !p.normalizedTimePerDayToRiskLevel.isEmpty else { break }
            return ["\(day)[0].normalizedTimeRange.min"]
        default:
            if name.hasPrefix("attenuation_border_") {
                let k = try number(after: "attenuation_border_", in: 1...max(bins - 1, 1))
                guard bins >= 2 else { break }
                return ["\(weights)[\(k - 1)].attenuationRange.max", "\(weights)[\(k)].attenuationRange.min"]
            }
            if name.hasPrefix("weight_") {
                let k = try number(after: "weight_", in: 1...max(bins, 1))
                return ["\(weights)[\(k - 1)].weight"]
            }
            if name.hasPrefix("trv_") {
                let level = try number(after: "trv_", in: 1...8)
                guard let index = p.transmissionRiskValueMapping.firstIndex(where: { $0.transmissionRiskLevel == level }) else {
                    throw InputError(
                        file: file, field: "parameters.\(name)",
                        problem: "\"\(template.base.name)\" maps no transmission risk value for level \(level)")
                }
                return ["parameters.transmissionRiskValueMapping[\(index)].transmissionRiskValue"]
            }
        }
        throw InputError(
            file: file, field: "parameters.\(name)",
            problem:
                "unknown parameter; use attenuation_border_K, attenuation_limit, weight_K, window_threshold, day_threshold, day_minimum, trv_L or a raw path parameters.…"
        )
    }
}
