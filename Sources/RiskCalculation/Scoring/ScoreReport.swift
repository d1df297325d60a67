import ExposureNotification
import WarnSimCore

/// The texts `warnsim score` prints: CSV, JSON, the `--check` report and the
/// `--explain` report. Deterministic: the same scores give the same bytes.
public enum ScoreReport {
    static let columns = [
        "case", "description", "total_risk_level", "number_of_days_with_low_risk", "number_of_days_with_high_risk",
        "age_of_most_recent_date_with_low_risk", "age_of_most_recent_date_with_high_risk",
        "total_minimum_distinct_encounters_with_low_risk", "total_minimum_distinct_encounters_with_high_risk",
    ]

    /// One CSV row per case, with a header; empty cells for undefined values.
    ///
    /// - Parameters:
    ///   - scores: the scores, in output order; an empty list gives only the header.
    ///   - truth: per score, the case's `truth` field; when given, a `truth`
    ///     column is added (`nil` leaves the output unchanged).
    /// - Returns: the CSV text, each line ending in a newline.
    public static func csv(_ scores: [CaseScore], truth: [Bool]? = nil) -> String {
        var out = (columns + (truth == nil ? [] : ["truth"])).joined(separator: ",") + "\n"
        for (position, score) in scores.enumerated() {
            let o = score.outcome
            let cells = [
                String(score.index), csvField(score.description), o.totalRiskLevel.description,
                cell(o.numberOfDaysWithLowRisk), cell(o.numberOfDaysWithHighRisk),
                cell(o.ageOfMostRecentDateWithLowRisk), cell(o.ageOfMostRecentDateWithHighRisk),
                cell(o.totalMinimumDistinctEncountersWithLowRisk), cell(o.totalMinimumDistinctEncountersWithHighRisk),
            ]
            out += (cells + (truth.map { [$0[position] ? "true" : "false"] } ?? [])).joined(separator: ",") + "\n"
        }
        return out
    }

    /// A JSON array with one object per case (`null` for undefined values); with
    /// `explain`, each object also has the per-window and per-day details.
    ///
    /// - Parameters:
    ///   - scores: the scores, in output order.
    ///   - explain: whether to add the per-window and per-day details.
    ///   - truth: per score, the case's `truth` field; when given, each object
    ///     gets a `truth` member (`nil` leaves the output unchanged).
    /// - Returns: the JSON text.
    public static func json(_ scores: [CaseScore], explain: Bool = false, truth: [Bool]? = nil) -> String {
        var items: [String] = []
        for (position, score) in scores.enumerated() {
            let o = score.outcome
            var fields = [
                ("case", String(score.index)),
                ("description", jsonString(score.description)),
                ("totalRiskLevel", jsonString(o.totalRiskLevel.description)),
                ("numberOfDaysWithLowRisk", jsonInt(o.numberOfDaysWithLowRisk)),
                ("numberOfDaysWithHighRisk", jsonInt(o.numberOfDaysWithHighRisk)),
                ("ageOfMostRecentDateWithLowRisk", jsonInt(o.ageOfMostRecentDateWithLowRisk)),
                ("ageOfMostRecentDateWithHighRisk", jsonInt(o.ageOfMostRecentDateWithHighRisk)),
                ("totalMinimumDistinctEncountersWithLowRisk", jsonInt(o.totalMinimumDistinctEncountersWithLowRisk)),
                ("totalMinimumDistinctEncountersWithHighRisk", jsonInt(o.totalMinimumDistinctEncountersWithHighRisk)),
            ]
            if let truth { fields.append(("truth", truth[position] ? "true" : "false")) }
            if explain {
                fields.append(("explanation", "[" + explanationLines(score).map(jsonString).joined(separator: ", ") + "]"))
            }
            items.append("  {" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}")
        }
        return items.isEmpty ? "[]\n" : "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }

    /// The result of comparing scores with the cases' `exp*` fields.
    public struct CheckReport: Sendable {
        /// One PASS/FAIL line per case and the closing `N passed, N failed` line.
        public var text: String
        public var passed: Int
        public var failed: Int
    }

    /// Compares every case that has expectations. For the ENF v1 schemes only
    /// the total risk level is compared (the other fields are CWA v2 notions).
    ///
    /// - Parameters:
    ///   - scores: the scores, one per case, in the same order as `cases`.
    ///   - cases: the cases with their expectations; cases without expectations are
    ///     skipped.
    /// - Returns: the report text and the numbers of passed and failed cases.
    public static func check(_ scores: [CaseScore], cases: [WindowCase]) -> CheckReport {
        var text = ""
        var passed = 0
        var failed = 0
        for (score, item) in zip(scores, cases) {
            guard let expected = item.expected else {
                text += "FAIL case \(score.index) \(quotedName(score.description)): the case has no exp* fields\n"
                failed += 1
                continue
            }
            let actual = score.outcome
            var differences: [String] = []
            func compare(_ name: String, _ want: String, _ got: String) {
                if want != got { differences.append("\(name) expected \(want), actual \(got)") }
            }
            compare("totalRiskLevel", expected.totalRiskLevel.description, actual.totalRiskLevel.description)
            if case .cwa = score.detail {
                compare("numberOfDaysWithLowRisk", cell(expected.numberOfDaysWithLowRisk), cell(actual.numberOfDaysWithLowRisk))
                compare("numberOfDaysWithHighRisk", cell(expected.numberOfDaysWithHighRisk), cell(actual.numberOfDaysWithHighRisk))
                compare(
                    "ageOfMostRecentDateWithLowRisk", nullable(expected.ageOfMostRecentDateWithLowRisk),
                    nullable(actual.ageOfMostRecentDateWithLowRisk))
                compare(
                    "ageOfMostRecentDateWithHighRisk", nullable(expected.ageOfMostRecentDateWithHighRisk),
                    nullable(actual.ageOfMostRecentDateWithHighRisk))
                compare(
                    "totalMinimumDistinctEncountersWithLowRisk", cell(expected.totalMinimumDistinctEncountersWithLowRisk),
                    cell(actual.totalMinimumDistinctEncountersWithLowRisk))
                compare(
                    "totalMinimumDistinctEncountersWithHighRisk", cell(expected.totalMinimumDistinctEncountersWithHighRisk),
                    cell(actual.totalMinimumDistinctEncountersWithHighRisk))
            }
            if differences.isEmpty {
                text += "PASS case \(score.index) \(quotedName(score.description))\n"
                passed += 1
            } else {
                text += "FAIL case \(score.index) \(quotedName(score.description)): " + differences.joined(separator: "; ") + "\n"
                failed += 1
            }
        }
        text += "\(passed) passed, \(failed) failed\n"
        return CheckReport(text: text, passed: passed, failed: failed)
    }

    /// The `--explain` text: per case, every window's intermediate values or
    /// the reason it was dropped, every day's sum and level, and the totals.
    ///
    /// - Parameter scores: the scores, in output order.
    /// - Returns: the explanation text.
    public static func explanation(_ scores: [CaseScore]) -> String {
        var out = ""
        for score in scores {
            out += "case \(score.index) \(quotedName(score.description))\n"
            for line in explanationLines(score) { out += "  " + line + "\n" }
        }
        return out
    }

    static func explanationLines(_ score: CaseScore) -> [String] {
        var lines: [String] = []
        switch score.detail {
        case .cwa(let result):
            for (index, window) in result.windows.enumerated() {
                var parts = ["window \(index): age \(window.ageInDays) d"]
                let minutes = window.secondsPerWeight.enumerated().map { index, seconds in
                    let label = index < score.weightLabels.count ? score.weightLabels[index] : "weight \(index)"
                    return "\(label): \(minutesText(seconds))"
                }
                parts.append(
                    "minutes per weight range ["
                        + (minutes + ["no weight: \(minutesText(window.secondsWithoutWeight))"]).joined(separator: ", ") + "]")
                if let trl = window.transmissionRiskLevel { parts.append("TRL \(trl)") }
                if let value = window.transmissionRiskValue { parts.append("TRV \(NumberText.format(value))") }
                if let minutes = window.weightedMinutes { parts.append("weighted minutes \(NumberText.format(minutes))") }
                if let time = window.normalizedTime { parts.append("normalized time \(NumberText.format(time))") }
                if let level = window.riskLevel {
                    parts.append("level \(level)")
                } else if let reason = window.dropReason {
                    parts.append("dropped: \(reason)")
                }
                lines.append(parts.joined(separator: "; "))
            }
            for day in result.days {
                lines.append(
                    "day at age \(score.referenceDay - day.dayNumber) d: normalized time \(NumberText.format(day.normalizedTime)); level \(day.riskLevel?.description ?? "none"); distinct encounters LOW \(day.distinctEncountersWithLowRisk), HIGH \(day.distinctEncountersWithHighRisk)"
                )
            }
        case .enfV1(let result):
            for (index, exposure) in result.exposures.enumerated() {
                var parts = [
                    "window \(index): age \(exposure.ageInDays) d", "TRL \(exposure.transmissionRiskLevel)",
                    "duration \(NumberText.format(exposure.durationMinutes)) min",
                ]
                if let attenuation = exposure.attenuationValue {
                    parts.append("attenuation \(attenuation) dB")
                    parts.append("risk score \(exposure.riskScore)")
                    parts.append(exposure.retained ? "retained" : "dropped: below the minimum risk score")
                } else {
                    parts.append("dropped: too old or without scans")
                }
                lines.append(parts.joined(separator: "; "))
            }
            lines.append(
                "maximum risk score \(result.maximumRiskScore); attenuation durations ["
                    + result.attenuationDurationMinutes.map(NumberText.format).joined(separator: ", ") + "] min"
                    + (result.combinedRiskScore.map { "; combined risk score \(NumberText.format($0))" } ?? ""))
        }
        lines.append("total risk level \(score.outcome.totalRiskLevel)")
        return lines
    }

    static func minutesText(_ seconds: Int) -> String { NumberText.format(Double(seconds) / 60) }
    static func cell(_ value: Int?) -> String { value.map(String.init) ?? "" }
    static func nullable(_ value: Int?) -> String { value.map(String.init) ?? "null" }
    static func jsonInt(_ value: Int?) -> String { value.map(String.init) ?? "null" }
    static func quotedName(_ text: String) -> String { "\"\(text)\"" }

    static func csvField(_ text: String) -> String { TextEscaping.csvField(text) }

    static func jsonString(_ text: String) -> String { TextEscaping.jsonString(text) }
}
