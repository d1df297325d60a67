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
        e.venue.append(0)
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

    @Test("a pair is one contact a day when at least a minute within 2 m; settings where they were close; duration all time together")
    func mapping() throws {
        var config = try WorldTests.village().population
        config.people = 40
        let town = Town(config: config, seed: 1)
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
        survey.add(encounters: e)
        survey.add(encounters: DayEncounters(day: 1))
        let r = survey.respondents()
        #expect(r.count == 40)
        let twoDays: Bool = r.allSatisfy { $0.days == 2 && $0.ageBand == nil }
        #expect(twoDays)
        #expect(r[0].contacts == 1)
        #expect(r[1].contacts == 1)
        #expect(r[0].bySetting == [0, 1, 0, 0, 0, 0])
        #expect(r[0].byDuration == [0, 0, 1, 0, 0])
        #expect(r[3].bySetting == [1, 0, 0, 0, 0, 0])
        #expect(r[3].byDuration == [0, 0, 0, 0, 1])
        #expect(r[4].contacts == 0)
        #expect(r[5].contacts == 0)
        #expect(r[7].bySetting == [0, 0, 1, 0, 0, 1])
        #expect(r[7].byDuration == [1, 0, 0, 0, 0])
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

    @Test("a day of the village: every contact is counted by both people; the summary is deterministic")
    func villageDay() throws {
        let config = try WorldTests.village().population
        let town = Town(config: config, seed: 3)
        var survey = ContactDiarySurvey(town: town)
        let plan = DayPlan(town: town, day: 0, workers: 2)
        survey.add(encounters: DayEncounters.generate(town: town, plan: plan, workers: 2))
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
}
