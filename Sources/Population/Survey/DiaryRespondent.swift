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
    /// Contacts per ``SurveySetting`` and ``DurationClass``, row-major
    /// (`setting * classes + class`): a contact with a duration counts in
    /// the class of each setting it was reported in.
    package var byDurationInSetting: [Int]
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
        byDurationInSetting = Array(repeating: 0, count: SurveySetting.allCases.count * DurationClass.allCases.count)
    }
}

/// A figure of a contact-diary summary, with the identifier the validation
/// registry uses (`overall`, `age:30-39`, `world-age:18-64`, `setting:home`,
/// `duration:1-4h`, `duration:home:1-4h`, `setting:school:0-5`).
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
    /// Share of a setting's contacts with a duration that fall in the class
    /// (where in the diaries' durations the town misses).
    case settingDuration(SurveySetting, DurationClass)
    /// Contacts in a setting per respondent-day of the respondents in a town
    /// age group (which age group misses which setting).
    case settingAge(SurveySetting, AgeGroup)

    /// The headline figures, in table order.
    package static let all: [ContactDiaryFigure] =
        [.overall] + SurveyAgeBand.allCases.map { .ageBand($0) } + AgeGroup.allCases.map { .worldAge($0) }
        + SurveySetting.allCases.map { .setting($0) } + DurationClass.allCases.map { .duration($0) }

    /// The duration shares setting by setting, in table order (setting, then class).
    package static let durationsBySetting: [ContactDiaryFigure] = SurveySetting.allCases.flatMap { setting in
        DurationClass.allCases.map { .settingDuration(setting, $0) }
    }

    /// The contacts of each setting by town age group, in table order (setting, then group).
    package static let settingsByAge: [ContactDiaryFigure] = SurveySetting.allCases.flatMap { setting in
        AgeGroup.allCases.map { .settingAge(setting, $0) }
    }

    /// Every figure a summary holds: the headline ones, the durations by
    /// setting, then the settings by age group.
    package static let every = all + durationsBySetting + settingsByAge

    package var id: String {
        switch self {
        case .overall: "overall"
        case .ageBand(let band): "age:\(band.name)"
        case .worldAge(let group): "world-age:\(group.name)"
        case .setting(let setting): "setting:\(setting.name)"
        case .duration(let duration): "duration:\(duration.name)"
        case .settingDuration(let setting, let duration): "duration:\(setting.name):\(duration.name)"
        case .settingAge(let setting, let group): "setting:\(setting.name):\(group.name)"
        }
    }

    /// The figure with identifier `id`, or nil.
    package init?(id: String) {
        guard let figure = Self.every.first(where: { $0.id == id }) else { return nil }
        self = figure
    }

    /// Whether the figure is a share (of the contacts) rather than contacts per day.
    package var isShare: Bool {
        switch self {
        case .duration, .settingDuration: true
        case .overall, .ageBand, .worldAge, .setting, .settingAge: false
        }
    }
}
