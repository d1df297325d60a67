/// The settings of the POLYMOD contact diaries (Mossong et al. 2008, PLoS Med
/// 5(3):e74): where a reported contact happened. A contact can be reported in
/// several of them.
package enum SurveySetting: Int, CaseIterable, Sendable {
    case home = 0
    case work = 1
    case school = 2
    case transport = 3
    case leisure = 4
    case other = 5

    package var name: String {
        switch self {
        case .home: "home"
        case .work: "work"
        case .school: "school"
        case .transport: "transport"
        case .leisure: "leisure"
        case .other: "other"
        }
    }

    /// The diary column of the setting (`cnt_home`, …, `cnt_otherplace`).
    package var column: String { self == .other ? "cnt_otherplace" : "cnt_\(name)" }

    /// The diary setting of a simulated setting: day care is counted as school
    /// (POLYMOD's "school" covers every educational institution the child
    /// attends), shops and streets as "other place" (the diary has no shop or
    /// street setting; Mossong et al.'s "other" holds everything but home,
    /// work, school, transport and leisure). A gathering in a household's home
    /// is "home" for hosts and guests (POLYMOD's home contacts with people
    /// not met daily, 0.88 per participant-day, were mostly reported at home
    /// only, not also at leisure);
    /// a club's meeting is leisure; a meeting with a worker of another
    /// workplace is work for both.
    package init(_ setting: Setting) {
        switch setting {
        case .home, .visit: self = .home
        case .work, .meeting: self = .work
        case .school, .daycare: self = .school
        case .transport: self = .transport
        case .leisure, .club: self = .leisure
        case .shop, .street: self = .other
        }
    }
}

/// The diaries' classes of the time spent with a contact on the diary day
/// (`duration_multi`): < 5 min, 5–15 min, 15 min–1 h, 1–4 h, > 4 h.
package enum DurationClass: Int, CaseIterable, Sendable {
    case under5Minutes = 0
    case from5To15Minutes = 1
    case from15MinutesTo1Hour = 2
    case from1To4Hours = 3
    case over4Hours = 4

    package var name: String {
        switch self {
        case .under5Minutes: "<5min"
        case .from5To15Minutes: "5-15min"
        case .from15MinutesTo1Hour: "15min-1h"
        case .from1To4Hours: "1-4h"
        case .over4Hours: ">4h"
        }
    }

    /// The class of `minutes` together: a boundary value goes to the upper
    /// class (5 minutes is "5–15 min", 60 minutes "1–4 h").
    package init(minutes: Int) {
        switch minutes {
        case ..<5: self = .under5Minutes
        case ..<15: self = .from5To15Minutes
        case ..<60: self = .from15MinutesTo1Hour
        case ..<240: self = .from1To4Hours
        default: self = .over4Hours
        }
    }
}

/// How ``ContactDiarySurvey`` reads a diary contact's duration from the town.
package enum DiaryDuration: String, CaseIterable, Sendable {
    /// The minutes both were at the places where they met (the overlap of
    /// their stays in each venue where they had an encounter).
    case together
    /// The minutes they were within the survey's conversation distance, and,
    /// for household members at home, the minutes both were there awake: never
    /// longer than ``together``.
    case close

    /// The reading in a few words, for tables.
    package var summary: String {
        switch self {
        case .together: "time at the same places"
        case .close: "time within the distance"
        }
    }
}

/// The participant age groups of Mossong et al. 2008 (Table 1 and Figure 1):
/// 0–4, 5–9, …, 15–19, then decades to 60–69, and 70+.
package enum SurveyAgeBand: Int, CaseIterable, Sendable {
    case age0to4 = 0
    case age5to9, age10to14, age15to19, age20to29, age30to39, age40to49, age50to59, age60to69, age70plus

    package var name: String {
        ["0-4", "5-9", "10-14", "15-19", "20-29", "30-39", "40-49", "50-59", "60-69", "70+"][rawValue]
    }

    /// Ages (whole years) the band covers.
    package var years: ClosedRange<Int> {
        [0...4, 5...9, 10...14, 15...19, 20...29, 30...39, 40...49, 50...59, 60...69, 70...200][rawValue]
    }

    /// The band of an age in years.
    package init(age: Double) {
        let bounds: [Double] = [5, 10, 15, 20, 30, 40, 50, 60, 70]
        self = SurveyAgeBand(rawValue: bounds.firstIndex(where: { age < $0 }) ?? 9)!
    }

    /// The simulated town's age group that holds the whole band, or nil when
    /// the band straddles two of them (5–9, 15–19, 60–69): the town knows each
    /// person's group (0–5, 6–17, 18–64, 65+), not their age.
    package var worldAgeGroup: AgeGroup? {
        let range = years
        for group in AgeGroup.allCases where group.years.contains(range.lowerBound) && group.years.contains(range.upperBound) {
            return group
        }
        return nil
    }
}

extension AgeGroup {
    /// Ages (whole years) of the group.
    package var years: ClosedRange<Int> {
        switch self {
        case .preschool: 0...5
        case .pupil: 6...17
        case .adult: 18...64
        case .senior: 65...200
        }
    }

    /// The group of an age in years.
    package init(age: Double) {
        self = age < 6 ? .preschool : age < 18 ? .pupil : age < 65 ? .adult : .senior
    }
}
