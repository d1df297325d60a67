import Foundation
import WarnSimCore

/// The simulated town surveyed as the POLYMOD diaries survey people
/// (Mossong et al. 2008): each simulated person-day is one diary day. Two
/// people are each other's diary contact on a day when they spent at least
/// ``minimumMinutes`` within ``conversationDistance`` of each other that day,
/// in any setting, or were household members at home awake together
/// (``householdAtAnyDistance``); a pair close only in buses, shops and on the
/// street is a contact with the chance ``strangerTalkProbability``. The
/// contact is reported in every setting where they were that close (as a
/// diary ticks several places), and its duration class is the time the two
/// spent together that day (``durationReading``): the minutes both were at
/// the places where they met (the overlap of their stays in each venue where
/// they had an encounter), as a respondent reports the time spent with
/// someone (an evening at the club, a working day in the same room), not only
/// the minutes face to face.
///
/// Accumulates over days, weekdays and weekend days apart;
/// ``respondents()`` gives one ``DiaryRespondent`` per person with every day
/// surveyed, ``standardisedRespondents(to:)`` the town weighted to a survey's
/// design.
package struct ContactDiarySurvey: Sendable {
    /// The distance within which two people of the town count as having had a
    /// conversation: 2.0 m.
    ///
    /// POLYMOD's contact is "a two-way conversation of at least three words in
    /// the physical presence of another person" or a skin-to-skin touch
    /// (Mossong et al. 2008, PLoS Med 5(3):e74, Methods). The town has no
    /// conversations, only distances, so the contact is mapped to the distance
    /// at which people talk: Hall's proxemics put conversation among
    /// acquaintances in the personal distance (0.45–1.2 m) and impersonal
    /// business, such as speaking to a shop assistant or a colleague, in the
    /// close phase of the social distance, 4–7 ft (1.2–2.1 m) (E. T. Hall,
    /// *The Hidden Dimension*, 1966, ch. X). A three-word exchange of either
    /// kind is a diary contact, so the threshold is the upper end of Hall's
    /// close social phase rounded to 2.0 m, the same as the 2 m close-contact
    /// rule of 2020–2021 (RKI category I; NHS; CDC) that the scenarios'
    /// `contact_distance_m` uses.
    package static let conversationDistance: Float = 2.0

    /// The time within ``conversationDistance`` a pair needs on a day to be a
    /// diary contact: 1 minute.
    ///
    /// Three words take seconds, and the diaries record contacts shorter than
    /// 5 minutes (8.6 % of the German contacts with a duration are in that
    /// class); the town's clock ticks in minutes, so one minute at
    /// conversational distance, the shortest time the world can hold, is the
    /// threshold. Passers-by who come within 2 m for a minute would all count,
    /// although most would not have spoken: ``strangerTalkProbability``
    /// thins them.
    package static let minimumMinutes = 1

    /// Household members at home are each other's diary contact on every day
    /// both were at home awake, at whatever distance (and, as everyone, when
    /// they were within ``conversationDistance`` at any hour).
    ///
    /// The diaries list the people one lives with: the German participants
    /// reported 1.86 contacts a day at home with people they meet daily,
    /// against 1.68 other members in their households
    /// (`Configs/epi/polymod-germany`, `cnt_home` with `frequency_multi` 1,
    /// and `hh_size`), so every household member is a contact on the day and
    /// some daily visitors besides. Within a flat they talk across rooms; the
    /// town's home places (uniform, repositioned every 30 minutes) bring them
    /// within 2 m on only about four days in five. Awake: outside the home
    /// night (`home.night_from_minute` to `home.night_until_minute`), when
    /// the town holds everyone in place.
    package static let householdAtAnyDistance = true

    /// The chance that two strangers who were within ``conversationDistance``
    /// for ``minimumMinutes`` on a day exchanged words, or knew each other:
    /// 0.25. Strangers are pairs who were close only in buses, shops and on
    /// the street (``amongStrangers(_:)``), where the town seats and places
    /// people without regard to whom they know.
    ///
    /// Calibrated to one figure: the survey's transport contacts, 0.27 per
    /// participant-day (`warnsim bench world --survey
    /// Configs/epi/polymod-germany`, town-10k, one week, seed 1, 2026-11-28:
    /// 0.21 at 0.20, 0.27 at 0.25, 0.32 at 0.30, 1.06 at 1). The survey's
    /// contacts in "other places", 0.71, which the town's shops and streets
    /// give, are the check, and it misses (0.44): a single chance cannot give
    /// both. Proximity is not conversation: of the contacts within about
    /// 1 m that wearable sensors recorded in a US middle school, pupils
    /// reported 15 % in their diaries as a talk or a touch (Leecaster et al.
    /// 2016, PLoS ONE 11(4):e0153690). The chance here is higher because the
    /// diaries' transport and other-place contacts are mostly people the
    /// participant knew (of those with a frequency, 87 % and 92 % were met
    /// before: `frequency_multi` below 5), travelling or shopping together,
    /// whom the town does not send together.
    package static let strangerTalkProbability = 0.25

    /// Whether the town's `setting` brings strangers together: vehicles,
    /// shops and streets fill with whoever is there. Everywhere else the
    /// people close to each other know each other (household, work room,
    /// class, day-care group, restaurant table, club, gathering).
    package static func amongStrangers(_ setting: Setting) -> Bool {
        switch setting {
        case .transport, .shop, .street: true
        case .home, .visit, .work, .school, .daycare, .leisure, .club, .meeting: false
        }
    }

    /// How a contact's duration class is read from the town: the time both
    /// were at the places where they met (``DiaryDuration/together``).
    ///
    /// The diaries record each contact's duration on the day in five classes
    /// (Mossong et al. 2008: under 5 minutes, 5–15 minutes, 15 minutes to an
    /// hour, 1–4 hours, 4 hours or more). A respondent reports the evening at
    /// the club or the working day in one room, so the declared reading is the
    /// overlap of the two stays;
    /// ``DiaryDuration/close`` (only the minutes within
    /// ``conversationDistance``) is the other end, for the sensitivity check
    /// `warnsim bench world --survey … --survey-duration close`. The town's
    /// durations under the two readings bracket what it can say about them.
    package static let durationReading = DiaryDuration.together

    /// The mapping in a line, for tables.
    package static func mappingSummary(duration: DiaryDuration = durationReading) -> String {
        "contact: ≥ \(minimumMinutes) min within " + String(format: "%.1f m", Double(conversationDistance)) + " on a day"
            + (householdAtAnyDistance ? "; household members at home at any distance" : "")
            + String(format: "; strangers talk with p %.2f", strangerTalkProbability)
            + "; duration: " + duration.summary
    }

    /// Subsystem of the per-pair, per-day draws of whether strangers talked.
    static let talkStreams = RandomStream.Subsystem(StreamName.contactDiaryTalk)

    package let ages: [AgeGroup]
    let seed: UInt64
    let nightFrom: Int
    let nightUntil: Int
    /// The mapping's distance, minimum time, household rule and strangers'
    /// talk probability (the declared defaults above; other values only for
    /// sensitivity checks).
    package let distance: Float
    package let minutes: Int
    package let householdAtAnyDistance: Bool
    package let strangerTalkProbability: Double
    /// How durations are read (``durationReading`` unless a sensitivity check asks otherwise).
    package let duration: DiaryDuration
    /// Days surveyed: weekdays, then weekend days.
    package private(set) var days = [0, 0]
    /// Per person and day type (row `person * 2 + type`, 0 weekdays, 1
    /// weekend days): contacts; per row × setting; per row × duration class;
    /// per row × setting × duration class.
    package private(set) var contacts: [Int32]
    package private(set) var bySetting: [Int32]
    package private(set) var byDuration: [Int32]
    package private(set) var byDurationInSetting: [Int32]

    package init(
        town: Town, distance: Float = Self.conversationDistance, minutes: Int = Self.minimumMinutes,
        householdAtAnyDistance: Bool = Self.householdAtAnyDistance, strangerTalkProbability: Double = Self.strangerTalkProbability,
        duration: DiaryDuration = Self.durationReading
    ) {
        ages = town.age
        seed = town.seed
        nightFrom = town.config.homeNightFrom
        nightUntil = town.config.homeNightUntil
        self.distance = distance
        self.minutes = minutes
        self.householdAtAnyDistance = householdAtAnyDistance
        self.strangerTalkProbability = strangerTalkProbability
        self.duration = duration
        contacts = Array(repeating: 0, count: town.people * 2)
        bySetting = Array(repeating: 0, count: town.people * 2 * SurveySetting.allCases.count)
        byDuration = Array(repeating: 0, count: town.people * 2 * DurationClass.allCases.count)
        byDurationInSetting = Array(repeating: 0, count: town.people * 2 * SurveySetting.allCases.count * DurationClass.allCases.count)
    }

    /// The minutes of `start..<end` outside the home night.
    func awakeMinutes(_ start: Int16, _ end: Int16) -> Int {
        max(0, min(Int(end), nightFrom) - max(Int(start), nightUntil))
    }

    /// Adds one day: `plan` gives who stayed where and when, `e` whom they met.
    package mutating func add(plan: DayPlan, encounters e: DayEncounters) {
        let n = e.count
        let settingOf = Setting.allCases.map { SurveySetting($0).rawValue }
        let amongStrangers = Setting.allCases.map { Self.amongStrangers($0) }
        let dayType = DayPlan.isWeekday(plan.day) ? 0 : 1
        // Pair keys (a < b); the encounters of each pair are a run once sorted.
        var keys: [UInt64] = []
        keys.reserveCapacity(n)
        for i in 0..<n { keys.append(UInt64(UInt32(bitPattern: e.personA[i])) << 32 | UInt64(UInt32(bitPattern: e.personB[i]))) }
        var order = Array(0..<n)
        order.sort { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
        let settings = SurveySetting.allCases.count
        let classes = DurationClass.allCases.count
        var k = 0
        while k < n {
            let key = keys[order[k]]
            var venues: [Int32] = []
            var close = 0
            var mask = 0
            var strangersOnly = true
            while k < n && keys[order[k]] == key {
                let i = order[k]
                if !venues.contains(e.venue[i]) { venues.append(e.venue[i]) }
                let setting = Int(e.setting[i])
                let anyDistance = householdAtAnyDistance && setting == Int(Setting.home.rawValue)
                var near = 0
                for s in e.segments(i) {
                    if e.segmentDistance[s] <= distance {
                        near += Int(e.segmentEnd[s]) - Int(e.segmentStart[s])
                    } else if anyDistance {
                        near += awakeMinutes(e.segmentStart[s], e.segmentEnd[s])
                    }
                }
                if near > 0 {
                    mask |= 1 << settingOf[setting]
                    if !amongStrangers[setting] { strangersOnly = false }
                }
                close += near
                k += 1
            }
            guard close >= minutes, close > 0 else { continue }
            if strangersOnly && strangerTalkProbability < 1 {
                var talk = RandomStream.derive(seed: seed, subsystem: Self.talkStreams, entity: key, index: UInt64(plan.day))
                guard talk.nextUnitDouble() < strangerTalkProbability else { continue }
            }
            let a = Int32(truncatingIfNeeded: key >> 32)
            let b = Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)
            let minutes: Int
            switch duration {
            case .together: minutes = venues.reduce(0) { $0 + Self.minutesTogether(a, b, venue: Int($1), plan: plan) }
            case .close: minutes = close
            }
            let durationClass = DurationClass(minutes: minutes).rawValue
            for person in [Int(key >> 32), Int(key & 0xFFFF_FFFF)] {
                let row = person * 2 + dayType
                contacts[row] += 1
                for s in 0..<settings where mask & (1 << s) != 0 {
                    bySetting[row * settings + s] += 1
                    byDurationInSetting[(row * settings + s) * classes + durationClass] += 1
                }
                byDuration[row * classes + durationClass] += 1
            }
        }
        days[dayType] += 1
    }

    /// The minutes `a` and `b` both stayed in global venue `venue` (the
    /// overlap of their stays there). The venue's stays are in person order.
    static func minutesTogether(_ a: Int32, _ b: Int32, venue: Int, plan: DayPlan) -> Int {
        let first = Int(plan.venueFirst[venue])
        let last = Int(plan.venueFirst[venue + 1])
        func stays(of person: Int32) -> Range<Int> {
            var low = first
            var high = last
            while low < high {
                let mid = (low + high) / 2
                if plan.person[Int(plan.venueStays[mid])] < person { low = mid + 1 } else { high = mid }
            }
            var end = low
            while end < last && plan.person[Int(plan.venueStays[end])] == person { end += 1 }
            return low..<end
        }
        var minutes = 0
        for i in stays(of: a) {
            let x = Int(plan.venueStays[i])
            for j in stays(of: b) {
                let y = Int(plan.venueStays[j])
                minutes += max(0, Int(min(plan.end[x], plan.end[y])) - Int(max(plan.start[x], plan.start[y])))
            }
        }
        return minutes
    }

    /// One respondent per person, with every surveyed day (the town's age group, no age band).
    package func respondents() -> [DiaryRespondent] {
        ages.indices.map { p in respondent(p, types: [0, 1]) }
    }

    /// The town surveyed with the survey's design: one unit per person, its
    /// weekday and weekend days two respondents, each weighted so that the
    /// town's person-days by age group and day type (weekday, Saturday or
    /// Sunday) have the shares of `survey`'s participants with an age and a
    /// day. A survey that sampled children more often than the population
    /// holds them, or weekdays more often than five days in seven, is
    /// compared with the town as if it had been sampled the same way (the
    /// post-stratification of survey practice; socialmixr's `weigh.dayofweek`
    /// and `survey.pop` do it the other way round, to a population).
    /// Strata the survey has but the town did not survey (weekend days of a
    /// run of weekdays) are left out and the rest renormalised.
    package func standardisedRespondents(to survey: [DiaryRespondent]) -> [[DiaryRespondent]] {
        let groups = AgeGroup.allCases.count
        var surveyShare = Array(repeating: 0.0, count: groups * 2)
        for r in survey {
            guard let group = r.worldAge, let weekend = r.weekend else { continue }
            surveyShare[Int(group.rawValue) * 2 + (weekend ? 1 : 0)] += 1
        }
        var townDays = Array(repeating: 0.0, count: groups * 2)
        for age in ages {
            for type in 0..<2 { townDays[Int(age.rawValue) * 2 + type] += Double(days[type]) }
        }
        for k in surveyShare.indices where townDays[k] == 0 { surveyShare[k] = 0 }
        let surveyTotal = surveyShare.reduce(0, +)
        let townTotal = townDays.reduce(0, +)
        let weight = surveyShare.indices.map { k in
            surveyTotal > 0 && townDays[k] > 0 ? (surveyShare[k] / surveyTotal) / (townDays[k] / townTotal) : 0
        }
        return ages.indices.map { p in
            (0..<2).map { type in
                var r = respondent(p, types: [type])
                r.weight = weight[Int(ages[p].rawValue) * 2 + type]
                return r
            }
        }
    }

    /// Person `p`'s totals over the day types `types`.
    private func respondent(_ p: Int, types: [Int]) -> DiaryRespondent {
        let settings = SurveySetting.allCases.count
        let classes = DurationClass.allCases.count
        var r = DiaryRespondent(ageBand: nil, worldAge: ages[p], days: types.reduce(0) { $0 + days[$1] })
        if types.count == 1 { r.weekend = types[0] == 1 }
        for type in types {
            let row = p * 2 + type
            r.contacts += Int(contacts[row])
            for s in 0..<settings { r.bySetting[s] += Int(bySetting[row * settings + s]) }
            for c in 0..<classes { r.byDuration[c] += Int(byDuration[row * classes + c]) }
            for k in 0..<settings * classes { r.byDurationInSetting[k] += Int(byDurationInSetting[row * settings * classes + k]) }
        }
        return r
    }
}
