import Foundation

/// A survey's contact-diary figures beside the simulated town's, figure by
/// figure, with agreement where the two 95 % intervals overlap. The town
/// holds age groups (0–5, 6–17, 18–64, 65+), not ages: a survey age band that
/// lies within one group is compared with that group's figure (the town gives
/// everyone in a group the same routines), and the bands that straddle two
/// groups (5–9, 15–19, 60–69) are compared with nothing.
package struct ContactDiaryComparison: Sendable {
    package struct Row: Sendable {
        package var figure: ContactDiaryFigure
        package var survey: ContactDiaryEstimate?
        package var simulated: ContactDiaryEstimate?
        /// What the simulated figure is (the group compared with an age band).
        package var simulatedAs: String

        /// Whether the intervals overlap; nil when one side has no value.
        package var agrees: Bool? {
            guard let survey, let simulated else { return nil }
            return survey.overlaps(simulated)
        }
    }

    /// The headline figures (``ContactDiaryFigure/all``).
    package var rows: [Row]
    /// The duration shares within each setting
    /// (``ContactDiaryFigure/durationsBySetting``): where the durations miss.
    package var settingDurationRows: [Row]
    /// The contacts of each setting by the town's age groups
    /// (``ContactDiaryFigure/settingsByAge``): which group misses which setting.
    package var settingAgeRows: [Row]

    package init(survey: ContactDiarySummary, simulated: ContactDiarySummary) {
        func plain(_ figure: ContactDiaryFigure) -> Row {
            Row(figure: figure, survey: survey[figure], simulated: simulated[figure], simulatedAs: "")
        }
        settingDurationRows = ContactDiaryFigure.durationsBySetting.map(plain)
        settingAgeRows = ContactDiaryFigure.settingsByAge.map(plain)
        rows = ContactDiaryFigure.all.map { figure in
            switch figure {
            case .ageBand(let band):
                guard let group = band.worldAgeGroup else {
                    return Row(figure: figure, survey: survey[figure], simulated: nil, simulatedAs: "no town group")
                }
                return Row(
                    figure: figure, survey: survey[figure], simulated: simulated[.worldAge(group)], simulatedAs: "town \(group.name)")
            default:
                return plain(figure)
            }
        }
    }

    /// The simulated estimate of a registry figure: an age band takes its town group's.
    package static func simulated(_ figure: ContactDiaryFigure, in summary: ContactDiarySummary) -> ContactDiaryEstimate? {
        if case .ageBand(let band) = figure { return band.worldAgeGroup.flatMap { summary[.worldAge($0)] } }
        return summary[figure]
    }

    /// The text table: per figure the survey and simulated values with their
    /// intervals (contacts per person-day; duration shares in per cent) and
    /// the verdict, then the count of agreements.
    package func table(surveyName: String) -> String {
        Self.table(rows, surveyName: surveyName, counted: "compared figures agree (95 % intervals overlap)")
    }

    /// The durations setting by setting, as ``table(surveyName:)`` lays out
    /// its rows: each setting's contacts with a duration, by class (per cent).
    package func settingDurationTable(surveyName: String) -> String {
        Self.table(settingDurationRows, surveyName: surveyName, counted: "duration shares within a setting agree (95 % intervals overlap)")
    }

    /// The settings by age group, as ``table(surveyName:)`` lays out its
    /// rows: contacts in the setting per person-day of the group.
    package func settingAgeTable(surveyName: String) -> String {
        Self.table(settingAgeRows, surveyName: surveyName, counted: "settings by age group agree (95 % intervals overlap)")
    }

    private static func table(_ rows: [Row], surveyName: String, counted: String) -> String {
        func pad(_ s: String, _ width: Int) -> String { s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count) }
        func cell(_ e: ContactDiaryEstimate?, share: Bool) -> String {
            guard let e else { return "-" }
            let f = share ? 100.0 : 1.0
            let format = share ? "%.1f [%.1f, %.1f] %%" : "%.2f [%.2f, %.2f]"
            return String(format: format, e.value * f, e.low * f, e.high * f)
        }
        var out = pad("figure", 29) + pad("\(surveyName) [95 %]", 28) + pad("simulated [95 %]", 28) + "verdict\n"
        for row in rows {
            let share = row.figure.isShare
            var simulated = cell(row.simulated, share: share)
            if row.simulated != nil, !row.simulatedAs.isEmpty { simulated += " (\(row.simulatedAs))" }
            let verdict = row.agrees.map { $0 ? "agrees" : "MISS" } ?? "-"
            out += pad(row.figure.id, 29) + pad(cell(row.survey, share: share), 28) + pad(simulated, 28) + verdict + "\n"
        }
        let compared = rows.compactMap(\.agrees)
        return out + "\(compared.filter { $0 }.count) of \(compared.count) \(counted)\n"
    }
}
