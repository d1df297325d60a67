import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Private gatherings (`population.visits`) and clubs (`population.clubs`):
/// who meets whom, where and when, and the open town's contacts against the
/// German POLYMOD diaries they are calibrated to.
@Suite("Gatherings and clubs")
struct SocialTiesTests {
    /// The open town's world sections (it has both), resized.
    static func town(people: Int, seed: UInt64) throws -> Town {
        _ = try ProjectFiles.required(ProjectFiles.calibrationTable)
        var config = try WorldConfig.loadWorldSections(try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml"))).population
        config.people = people
        return Town(config: config, seed: seed)
    }

    @Test("a gathering: the hosts at home and the invited households of the host's circle meet at the host's home, within its time")
    func gatherings() throws {
        let town = try Self.town(people: 3000, seed: 4)
        let visits = try #require(town.config.visits)
        var guests = 0
        var hosts = 0
        for day in [2, 5] {
            let gatherings = DayGatherings(town: town, day: day)
            let households = town.householdFirst.count
            for h in 0..<households {
                #expect(!(gatherings.hostStart[h] >= 0 && gatherings.guestOf[h] >= 0), "household \(h) hosts and visits")
                let host = Int(gatherings.guestOf[h])
                if host >= 0 {
                    let circle = town.friends[(host * visits.friendHouseholds)..<((host + 1) * visits.friendHouseholds)]
                    #expect(circle.contains(Int32(h)), "household \(h) is not in the circle of its host \(host)")
                }
            }
            let plan = DayPlan(town: town, day: day, workers: 2)
            for i in 0..<plan.stayCount where plan.setting[i] == Setting.visit.rawValue {
                let venue = Int(plan.venue[i])
                let household = Int(town.household[Int(plan.person[i])])
                let start = Int(gatherings.hostStart[venue])
                #expect(start >= 0, "a visit stay at \(venue), which hosts nothing")
                #expect(Int(plan.start[i]) >= start && Int(plan.end[i]) <= start + gatherings.duration)
                if household == venue {
                    hosts += 1
                } else {
                    #expect(Int(gatherings.guestOf[household]) == venue)
                    guests += 1
                }
            }
        }
        #expect(hosts > 0)
        #expect(guests > 0)
    }

    @Test("clubs: members of one age group, at most members_per_club, meeting only on the club's days at its start")
    func clubs() throws {
        let town = try Self.town(people: 3000, seed: 6)
        let clubs = try #require(town.config.clubs)
        var members = [[Int]](repeating: [], count: town.clubDays.count)
        for person in 0..<town.people where town.club[person] >= 0 { members[Int(town.club[person])].append(person) }
        for (index, list) in members.enumerated() {
            #expect(!list.isEmpty && list.count <= clubs.membersPerClub)
            #expect(Set(list.map { town.age[$0] }).count == 1, "club \(index) mixes age groups")
            #expect(town.clubDays[index].nonzeroBitCount == clubs.meetingsPerWeek)
        }
        // Membership per age group within 4 standard errors of the configured share.
        for group in AgeGroup.allCases {
            let people = (0..<town.people).filter { town.age[$0] == group }
            let share = clubs.membershipByAge[Int(group.rawValue)]
            let observed = Double(people.filter { town.club[$0] >= 0 }.count) / Double(max(1, people.count))
            #expect(abs(observed - share) <= 4 * (share * (1 - share) / Double(max(1, people.count))).squareRoot() + 1e-9, "\(group)")
        }
        var meetings = 0
        for day in 0..<7 {
            let plan = DayPlan(town: town, day: day, workers: 2)
            for i in 0..<plan.stayCount where plan.setting[i] == Setting.club.rawValue {
                let club = Int(plan.venue[i])
                #expect(Int(town.club[Int(plan.person[i])]) == club)
                #expect(town.clubDays[club] & (1 << UInt8(day)) != 0)
                #expect(plan.start[i] == town.clubStart[club] && Int(plan.end[i] - plan.start[i]) == clubs.time.duration)
                meetings += 1
            }
        }
        #expect(meetings > 0)
    }

    @Test("without visits and clubs sections nobody hosts, visits or meets a club")
    func absentSections() throws {
        let config = try WorldTests.village().population
        #expect(config.visits == nil && config.clubs == nil)
        let town = Town(config: config, seed: 2)
        #expect(town.friends.isEmpty && town.clubDays.isEmpty && town.club.allSatisfy { $0 == -1 })
        for day in [0, 5] {
            let plan = DayPlan(town: town, day: day, workers: 2)
            #expect(!plan.setting.contains(Setting.visit.rawValue) && !plan.setting.contains(Setting.club.rawValue))
        }
    }

    @Test("people who reduce contacts or stay home go to no club and no gathering, not even one at their home")
    func restrictions() throws {
        let town = try Self.town(people: 2000, seed: 8)
        for restriction in [DayRestriction.reducedContacts, .stayHome] {
            let plan = DayPlan(town: town, day: 5, workers: 2, restrictions: Array(repeating: restriction, count: town.people))
            #expect(!plan.setting.contains(Setting.visit.rawValue) && !plan.setting.contains(Setting.club.rawValue))
        }
    }

    @Test("a plan with gatherings and clubs does not depend on the thread count")
    func threads() throws {
        let town = try Self.town(people: 2000, seed: 3)
        for day in [1, 6] {
            let one = DayPlan(town: town, day: day, workers: 1)
            let three = DayPlan(town: town, day: day, workers: 3)
            #expect(one.person == three.person && one.setting == three.setting && one.venue == three.venue)
            #expect(one.start == three.start && one.end == three.end)
            let a = DayEncounters.generate(town: town, plan: one, workers: 1)
            let b = DayEncounters.generate(town: town, plan: three, workers: 3)
            #expect(a.contentChecksum() == b.contentChecksum())
        }
    }

    @Test("POLYMOD Germany: the town agrees on leisure, transport and work (calibrated), 6-17, 18-64 and school (not calibrated)")
    func polymod() throws {
        let participants = try PolymodSurveyTests.respondents()
        let survey = ContactDiarySummary(respondents: participants, entity: 0)
        _ = try ProjectFiles.required(ProjectFiles.calibrationTable)
        var world = World(scenario: try WorldConfig.loadWorldSections(ProjectFiles.scenario("town-10k.yaml")), seed: 1)
        var diaries = ContactDiarySurvey(town: world.town)
        for day in 0..<7 {
            let result = world.simulate(day: day, workers: 2)
            diaries.add(plan: result.plan, encounters: result.encounters)
        }
        let simulated = ContactDiarySummary(units: diaries.standardisedRespondents(to: participants), entity: 1)
        let rows = ContactDiaryComparison(survey: survey, simulated: simulated).rows
        for id in ["setting:leisure", "setting:transport", "setting:work", "world-age:6-17", "world-age:18-64", "setting:school"] {
            let row = try #require(rows.first { $0.figure.id == id })
            #expect(row.agrees == true, "\(id): survey \(String(describing: row.survey)), town \(String(describing: row.simulated))")
        }
    }
}
