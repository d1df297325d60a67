/// One respondent's diary totals: a survey participant's one day, or a
/// simulated person's days. The unit that ``ContactDiarySummary`` resamples.
package struct DiaryRespondent: Sendable, Equatable {
    /// The survey's age band (nil when the age is unknown, and for simulated
    /// people, whose exact age the town does not hold).
    package var ageBand: SurveyAgeBand?
    /// The town's age group (nil when the age is unknown).
    package var worldAge: AgeGroup?
    /// Whether the days are Saturdays or Sundays (false: Monday to Friday;
    /// nil: unknown, or days of both kinds).
    package var weekend: Bool?
    /// Diary days (1 for a survey participant).
    package var days: Int
    /// Contacts over the days (each distinct person once per day).
    package var contacts: Int
    /// Contacts per ``SurveySetting`` (a contact in several settings counts in each).
    package var bySetting: [Int]
    /// Contacts per ``DurationClass`` (contacts without a duration in none).
    package var byDuration: [Int]
    /// The respondent's weight in every total (1 for a survey participant; a
    /// simulated person's days standardised to a survey's design, see
    /// `ContactDiarySurvey.standardisedRespondents(to:)`).
    package var weight = 1.0

    package init(ageBand: SurveyAgeBand?, worldAge: AgeGroup?, days: Int) {
        self.ageBand = ageBand
        self.worldAge = worldAge
        self.days = days
        contacts = 0
        bySetting = Array(repeating: 0, count: SurveySetting.allCases.count)
        byDuration = Array(repeating: 0, count: DurationClass.allCases.count)
    }
}

/// A figure of a contact-diary summary, with the identifier the validation
/// registry uses (`overall`, `age:30-39`, `world-age:18-64`, `setting:home`,
/// `duration:1-4h`).
package enum ContactDiaryFigure: Hashable, Sendable {
    /// Contacts per respondent-day.
    case overall
    /// Contacts per respondent-day of the respondents in a survey age band.
    case ageBand(SurveyAgeBand)
    /// Contacts per respondent-day of the respondents in a town age group.
    case worldAge(AgeGroup)
    /// Contacts in a setting per respondent-day (all respondents).
    case setting(SurveySetting)
    /// Share of the contacts with a duration that fall in the class.
    case duration(DurationClass)

    /// Every figure, in table order.
    package static let all: [ContactDiaryFigure] =
        [.overall] + SurveyAgeBand.allCases.map { .ageBand($0) } + AgeGroup.allCases.map { .worldAge($0) }
        + SurveySetting.allCases.map { .setting($0) } + DurationClass.allCases.map { .duration($0) }

    package var id: String {
        switch self {
        case .overall: "overall"
        case .ageBand(let band): "age:\(band.name)"
        case .worldAge(let group): "world-age:\(group.name)"
        case .setting(let setting): "setting:\(setting.name)"
        case .duration(let duration): "duration:\(duration.name)"
        }
    }

    /// The figure with identifier `id`, or nil.
    package init?(id: String) {
        guard let figure = Self.all.first(where: { $0.id == id }) else { return nil }
        self = figure
    }

    /// Whether the figure is a share (of the contacts) rather than contacts per day.
    package var isShare: Bool {
        if case .duration = self { return true }
        return false
    }
}
