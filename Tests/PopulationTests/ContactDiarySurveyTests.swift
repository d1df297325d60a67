import Foundation
import Population
import Testing
import WarnSimCore

/// The mapping from the town's encounters to diary contacts.
@Suite("Contact diaries of the simulated town")
struct ContactDiarySurveyTests {
    /// Appends an encounter of `a` and `b` with one segment per (minutes, distance).
    func add(_ e: inout DayEncounters, _ a: Int32, _ b: Int32, _ setting: Setting, from start: Int16, _ segments: [(Int16, Float)]) {
        e.personA.append(a)
        e.personB.append(b)
        e.setting.append(setting.rawValue)
        e.venue.append(Int32(setting.rawValue))  // one venue per setting (`plan` below)
        var t = start
        for (minutes, distance) in segments {
            e.segmentStart.append(t)
            e.segmentEnd.append(t + minutes)
            e.segmentDistance.append(distance)
            t += minutes
        }
        e.start.append(start)
        e.end.append(t)
        e.minimumDistance.append(segments.map(\.1).min()!)
        e.segmentFirst.append(e.segmentStart.count)
    }

    /// The village's town resized to `people`.
    func village(people: Int, seed: UInt64) throws -> Town {
        var config = try WorldTests.village().population
        config.people = people
        return Town(config: config, seed: seed)
    }

    /// A plan of the test's stays: one venue per setting, whose global index is the setting's.
    func plan(_ stays: [(Int, Setting, Int, Int)]) -> DayPlan {
        DayPlan(
            day: 0, venueCount: Array(repeating: 1, count: Setting.allCases.count),
            stays: stays.map { (person: $0.0, setting: $0.1, venue: 0, start: $0.2, end: $0.3) })
    }

    @Test(
        "a pair is one contact a day when at least a minute within 2 m; settings where they were close; duration the time both were where they met"
    )
    func mapping() throws {
        let town = try village(people: 40, seed: 1)
        var survey = ContactDiarySurvey(town: town)
        var e = DayEncounters(day: 0)
        // 0–1: 3 min at 1 m at work, then 30 min at 5 m in a shop: one contact, work only, 33 min together.
        add(&e, 0, 1, .work, from: 600, [(3, 1.0)])
        add(&e, 0, 1, .shop, from: 700, [(30, 5.0)])
        // 2–3: 300 min at home within 2 m: > 4 h, home.
        add(&e, 2, 3, .home, from: 0, [(200, 1.5), (100, 2.0)])
        // 4–5: never within 2 m: no contact.
        add(&e, 4, 5, .street, from: 0, [(10, 2.5)])
        // 6–7: 1 min at 2 m in the street and 4 min on the bus at 1 m: other and transport, < 5 min.
        add(&e, 6, 7, .daycare, from: 500, [(1, 2.0)])
        add(&e, 6, 7, .street, from: 520, [(2, 3.0), (1, 0.5)])
        // Stays: 0 and 1 both at work 600–640 and in the shop 700–730 (70 min
        // together, 1–4 h); 2 and 3 at home 0–300 (> 4 h); 6 and 7 in day care
        // 500–501 and on the street 520–523 (4 min, < 5 min); 8 at work alone.
        let stays = [
            (0, Setting.work, 600, 640), (1, .work, 590, 640), (0, .shop, 700, 730), (1, .shop, 700, 760),
            (2, .home, 0, 300), (3, .home, 0, 1440), (4, .street, 0, 10), (5, .street, 0, 10),
            (6, .daycare, 500, 501), (7, .daycare, 480, 501), (6, .street, 520, 523), (7, .street, 510, 523), (8, .work, 0, 600),
        ]
        survey.add(plan: plan(stays), encounters: e)
        survey.add(plan: plan([]), encounters: DayEncounters(day: 1))
        let r = survey.respondents()
        #expect(r.count == 40)
        let twoDays: Bool = r.allSatisfy { $0.days == 2 && $0.ageBand == nil }
        #expect(twoDays)
        #expect(r[0].contacts == 1)
        #expect(r[1].contacts == 1)
        #expect(r[0].bySetting == [0, 1, 0, 0, 0, 0])
        #expect(r[0].byDuration == [0, 0, 0, 1, 0])
        #expect(r[3].bySetting == [1, 0, 0, 0, 0, 0])
        #expect(r[3].byDuration == [0, 0, 0, 0, 1])
        #expect(r[4].contacts == 0)
        #expect(r[5].contacts == 0)
        #expect(r[7].bySetting == [0, 0, 1, 0, 0, 1])
        #expect(r[7].byDuration == [1, 0, 0, 0, 0])
        // Durations within each setting: the class of the whole contact, in each setting it was reported in.
        func inSetting(_ respondent: DiaryRespondent, _ setting: SurveySetting) -> [Int] {
            let classes = DurationClass.allCases.count
            return Array(respondent.byDurationInSetting[setting.rawValue * classes..<(setting.rawValue + 1) * classes])
        }
        #expect(inSetting(r[0], .work) == [0, 0, 0, 1, 0])
        #expect(inSetting(r[0], .other) == [0, 0, 0, 0, 0])
        #expect(inSetting(r[3], .home) == [0, 0, 0, 0, 1])
        #expect(inSetting(r[7], .school) == [1, 0, 0, 0, 0])
        #expect(inSetting(r[7], .other) == [1, 0, 0, 0, 0])
        #expect(r[7].byDurationInSetting.reduce(0, +) == 2)
        #expect(r[8].contacts == 0)
        #expect(r[2].worldAge == town.age[2])
    }

    @Test("duration classes: a boundary goes to the upper class")
    func classes() {
        #expect(DurationClass(minutes: 4) == .under5Minutes)
        #expect(DurationClass(minutes: 5) == .from5To15Minutes)
        #expect(DurationClass(minutes: 59) == .from15MinutesTo1Hour)
        #expect(DurationClass(minutes: 60) == .from1To4Hours)
        #expect(DurationClass(minutes: 240) == .over4Hours)
        #expect(SurveyAgeBand(age: 4.9) == .age0to4)
        #expect(SurveyAgeBand(age: 70) == .age70plus)
        #expect(SurveyAgeBand(age: 59) == .age50to59)
        #expect(SurveyAgeBand.age0to4.worldAgeGroup == .preschool)
        #expect(SurveyAgeBand.age5to9.worldAgeGroup == nil)
        #expect(SurveyAgeBand.age10to14.worldAgeGroup == .pupil)
        #expect(SurveyAgeBand.age60to69.worldAgeGroup == nil)
        #expect(SurveyAgeBand.age70plus.worldAgeGroup == .senior)
        #expect(SurveyAgeBand.age20to29.worldAgeGroup == .adult)
        #expect(ContactDiaryFigure.all.allSatisfy { ContactDiaryFigure(id: $0.id) == $0 })
    }

    @Test("household members at home count awake at any distance; strangers in buses, shops and streets only when they talked")
    func householdsAndStrangers() throws {
        let town = try village(people: 40, seed: 1)
        var e = DayEncounters(day: 0)
        // 10–11: 5 min at 1 m in a shop only (strangers).
        add(&e, 10, 11, .shop, from: 600, [(5, 1.0)])
        // 12–13: an hour at home 4 m apart, 10:00–11:00 (awake).
        add(&e, 12, 13, .home, from: 600, [(60, 4.0)])
        // 14–15: five hours at home 4 m apart, 00:00–05:00 (the home night).
        add(&e, 14, 15, .home, from: 0, [(300, 4.0)])
        // 16–17: on the bus at 1 m and at work at 1 m: not strangers.
        add(&e, 16, 17, .transport, from: 500, [(10, 1.0)])
        add(&e, 16, 17, .work, from: 600, [(10, 1.0)])
        let stays = [
            (10, Setting.shop, 600, 605), (11, .shop, 600, 605), (12, .home, 600, 660), (13, .home, 600, 660), (14, .home, 0, 300),
            (15, .home, 0, 300), (16, .transport, 500, 510), (17, .transport, 500, 510), (16, .work, 600, 610), (17, .work, 600, 610),
        ]
        func contacts(_ household: Bool, _ talk: Double) -> [Int] {
            var survey = ContactDiarySurvey(town: town, householdAtAnyDistance: household, strangerTalkProbability: talk)
            survey.add(plan: plan(stays), encounters: e)
            return survey.respondents().map(\.contacts)
        }
        let all = contacts(true, 1)
        #expect(all[10...17] == [1, 1, 1, 1, 0, 0, 1, 1])
        let none = contacts(false, 0)
        #expect(none[10...17] == [0, 0, 0, 0, 0, 0, 1, 1])
        // The default draw is the pair's own, the same on every call.
        #expect(contacts(true, ContactDiarySurvey.strangerTalkProbability) == contacts(true, ContactDiarySurvey.strangerTalkProbability))
        #expect(ContactDiarySurvey.amongStrangers(.transport) && ContactDiarySurvey.amongStrangers(.shop))
        #expect(!ContactDiarySurvey.amongStrangers(.leisure) && !ContactDiarySurvey.amongStrangers(.home))
    }

    @Test("strangers talk in about strangerTalkProbability of their close pairs")
    func strangerShare() throws {
        let town = try village(people: 2000, seed: 5)
        var e = DayEncounters(day: 0)
        var stays: [(Int, Setting, Int, Int)] = []
        for k in 0..<1000 {
            add(&e, Int32(2 * k), Int32(2 * k + 1), .street, from: 600, [(2, 1.0)])
            stays += [(2 * k, .street, 600, 602), (2 * k + 1, .street, 600, 602)]
        }
        var survey = ContactDiarySurvey(town: town)
        survey.add(plan: plan(stays), encounters: e)
        let talked = Double(survey.respondents().reduce(0) { $0 + $1.contacts }) / 2
        // Binomial(1000, 0.25): standard deviation 13.7; 5 of them either side.
        #expect(abs(talked - 1000 * ContactDiarySurvey.strangerTalkProbability) < 70, "\(talked) of 1000 pairs talked")
    }

    @Test("standardised to a survey, the town's person-days by age group and day type take the survey's shares")
    func standardised() throws {
        let config = try WorldTests.village().population
        let town = Town(config: config, seed: 3)
        var survey = ContactDiarySurvey(town: town)
        for day in 0..<7 {
            let plan = DayPlan(town: town, day: day, workers: 2)
            survey.add(plan: plan, encounters: DayEncounters.generate(town: town, plan: plan, workers: 2))
        }
        // A survey of 10 adults on weekdays, 5 adults on weekend days, 5 pupils on weekdays; one without a day.
        var participants: [DiaryRespondent] = []
        for (group, weekend, count) in [(AgeGroup.adult, false, 10), (.adult, true, 5), (.pupil, false, 5)] {
            for _ in 0..<count {
                var r = DiaryRespondent(ageBand: nil, worldAge: group, days: 1)
                r.weekend = weekend
                participants.append(r)
            }
        }
        participants.append(DiaryRespondent(ageBand: nil, worldAge: .senior, days: 1))
        let units = survey.standardisedRespondents(to: participants)
        #expect(units.count == town.people)
        var share: [String: Double] = [:]
        var total = 0.0
        for r in units.joined() {
            let days = r.weight * Double(r.days)
            share["\(r.worldAge!.name) \(r.weekend!)", default: 0] += days
            total += days
        }
        #expect(abs(share["18-64 false", default: 0] / total - 0.5) < 1e-9)
        #expect(abs(share["18-64 true", default: 0] / total - 0.25) < 1e-9)
        #expect(abs(share["6-17 false", default: 0] / total - 0.25) < 1e-9)
        #expect(share["65+ false", default: 0] == 0 && share["0-5 true", default: 0] == 0)
        // Unweighted, the units hold the same contacts as the respondents.
        let plain: Int = survey.respondents().reduce(0) { $0 + $1.contacts }
        let split: Int = units.joined().reduce(0) { $0 + $1.contacts }
        #expect(plain == split && plain > 0)
    }

    @Test("a day of the village: every contact is counted by both people; the summary is deterministic")
    func villageDay() throws {
        let config = try WorldTests.village().population
        let town = Town(config: config, seed: 3)
        var survey = ContactDiarySurvey(town: town)
        let plan = DayPlan(town: town, day: 0, workers: 2)
        survey.add(plan: plan, encounters: DayEncounters.generate(town: town, plan: plan, workers: 2))
        let r = survey.respondents()
        let total: Int = r.reduce(0) { $0 + $1.contacts }
        #expect(total > 0)
        #expect(total % 2 == 0)
        let consistent: Bool = r.allSatisfy { $0.byDuration.reduce(0, +) == $0.contacts && $0.bySetting.reduce(0, +) >= $0.contacts }
        #expect(consistent)
        let a = ContactDiarySummary(respondents: r, entity: 1, replicates: 200)
        let b = ContactDiarySummary(respondents: r, entity: 1, replicates: 200)
        for figure in ContactDiaryFigure.all { #expect(a[figure] == b[figure]) }
        #expect(a[.ageBand(.age30to39)] == nil)
        #expect(a[.worldAge(.adult)] != nil)
    }

    @Test(
        "durations read as the time within 2 m: the same contacts in the same settings, each in the same class or a shorter one"
    )
    func closeReading() throws {
        let config = try WorldTests.village().population
        let town = Town(config: config, seed: 3)
        let plan = DayPlan(town: town, day: 0, workers: 2)
        let encounters = DayEncounters.generate(town: town, plan: plan, workers: 2)
        var together = ContactDiarySurvey(town: town)
        var close = ContactDiarySurvey(town: town, duration: .close)
        #expect(together.duration == ContactDiarySurvey.durationReading)
        together.add(plan: plan, encounters: encounters)
        close.add(plan: plan, encounters: encounters)
        #expect(close.contacts == together.contacts)
        #expect(close.bySetting == together.bySetting)
        #expect(close.byDuration != together.byDuration)
        // Per person-day row, the contacts up to each class: never fewer when read as the time within 2 m.
        let classes = DurationClass.allCases.count
        var shorter = true
        for row in 0..<(close.byDuration.count / classes) {
            var upToClose: Int32 = 0
            var upToTogether: Int32 = 0
            for c in 0..<classes {
                upToClose += close.byDuration[row * classes + c]
                upToTogether += together.byDuration[row * classes + c]
                if upToClose < upToTogether { shorter = false }
            }
        }
        #expect(shorter)
    }

    @Test("the time within 2 m, pair by pair: 3 min at work and 30 min at 5 m in a shop is under 5 minutes; 300 min at home stays > 4 h")
    func closeReadingByPair() throws {
        let town = try village(people: 40, seed: 1)
        var survey = ContactDiarySurvey(town: town, duration: .close)
        var e = DayEncounters(day: 0)
        add(&e, 0, 1, .work, from: 600, [(3, 1.0)])
        add(&e, 0, 1, .shop, from: 700, [(30, 5.0)])
        add(&e, 2, 3, .home, from: 0, [(200, 1.5), (100, 2.0)])
        add(&e, 12, 13, .home, from: 600, [(20, 4.0)])
        let stays = [
            (0, Setting.work, 600, 640), (1, .work, 590, 640), (0, .shop, 700, 730), (1, .shop, 700, 760),
            (2, .home, 0, 300), (3, .home, 0, 1440), (12, .home, 600, 700), (13, .home, 600, 700),
        ]
        survey.add(plan: plan(stays), encounters: e)
        let r = survey.respondents()
        #expect(r[0].bySetting == [0, 1, 0, 0, 0, 0])
        #expect(r[0].byDuration == [1, 0, 0, 0, 0])
        #expect(r[3].byDuration == [0, 0, 0, 0, 1])
        // Household members at home awake count at any distance: their 20 minutes there, not their 100 minutes' stays.
        #expect(r[12].byDuration == [0, 0, 1, 0, 0])
        #expect(ContactDiarySurvey.mappingSummary(duration: .close).hasSuffix("duration: time within the distance"))
    }
}
