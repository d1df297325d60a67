import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Meetings between workers of different workplaces (`population.meetings`):
/// who meets whom and when, the plan around them, their encounters, and the
/// scenario keys' checks.
@Suite("Meetings between workers")
struct MeetingsTests {
    @Test("meetings: distinct workers, within every worker's hours, nobody in two at once, none at weekends, about per_worker_day each")
    func drawnMeetings() throws {
        let town = try SocialTiesTests.town(people: 4000, seed: 4)
        let meetings = try #require(town.config.meetings)
        let window = MeetingsConfig.window(work: town.config.workTime, departureInterval: town.config.departureIntervalMinutes)
        let workers = (0..<town.people).filter { town.placeSetting[$0] == Setting.work.rawValue }
        var held = 0
        for day in 0..<5 {
            let day = DayMeetings(town: town, day: day)
            #expect(day.participants == meetings.participants && day.duration == meetings.durationMinutes)
            for m in 0..<day.count {
                let members = day.member[(m * day.participants)..<((m + 1) * day.participants)].map(Int.init)
                #expect(Set(members).count == members.count, "meeting \(m) has a worker twice")
                #expect(members.allSatisfy { town.placeSetting[$0] == Setting.work.rawValue })
                #expect(window.contains(Int(day.start[m])) && Int(day.start[m]) + day.duration <= window.upperBound)
            }
            for person in workers {
                let own = day.meetings(of: person)
                for (a, b) in zip(own, own.dropFirst()) {
                    #expect(
                        Int(day.start[a.meeting]) + day.duration <= Int(day.start[b.meeting]), "worker \(person) in two meetings at once")
                }
                for (m, seat) in own { #expect(Int(day.member[m * day.participants + seat]) == person) }
            }
            held += day.count
        }
        // Each worker arranges Poisson(per_worker_day / participants) meetings;
        // those without a slot free for all participants are dropped, so a
        // worker is in fewer than per_worker_day, but not many fewer (0.78
        // of the open town's 0.8 in this town of 4,000).
        let perWorkerDay = Double(held * meetings.participants) / Double(5 * workers.count)
        #expect(perWorkerDay < meetings.perWorkerDay && perWorkerDay > 0.9 * meetings.perWorkerDay, "\(perWorkerDay)")
        for weekend in [5, 6] { #expect(DayMeetings(town: town, day: weekend).count == 0) }
    }

    @Test("the plan: a worker leaves the desk for each meeting, and the meeting's participants meet there at the table's distances")
    func planAndEncounters() throws {
        let town = try SocialTiesTests.town(people: 2000, seed: 7)
        let meetings = try #require(town.config.meetings)
        let day = 2
        let drawn = DayMeetings(town: town, day: day)
        let plan = DayPlan(town: town, day: day, workers: 2)
        #expect(drawn.count > 0 && plan.venueCount[Int(Setting.meeting.rawValue)] == drawn.count)
        var byPerson: [Int32: [Int]] = [:]
        for i in 0..<plan.stayCount { byPerson[plan.person[i], default: []].append(i) }
        var meetingStays = 0
        for (person, stays) in byPerson {
            // A person's stays never overlap (the desk pieces leave out the meetings).
            let ordered = stays.sorted { plan.start[$0] < plan.start[$1] }
            for (a, b) in zip(ordered, ordered.dropFirst()) { #expect(plan.end[a] <= plan.start[b], "person \(person) is in two places") }
            for i in stays where plan.setting[i] == Setting.meeting.rawValue {
                let m = Int(plan.venue[i])
                #expect(plan.start[i] == drawn.start[m] && Int(plan.end[i] - plan.start[i]) == meetings.durationMinutes)
                #expect(drawn.member[m * drawn.participants + Int(plan.seat[i])] == person)
                meetingStays += 1
            }
        }
        #expect(meetingStays == drawn.count * drawn.participants)
        // Every two participants meet for the whole meeting, at the chord of the table's circle.
        let encounters = DayEncounters.generate(town: town, plan: plan, workers: 2)
        var pairs = 0
        let base = plan.settingBase[Int(Setting.meeting.rawValue)]
        for i in 0..<encounters.count where encounters.setting[i] == Setting.meeting.rawValue {
            let m = Int(encounters.venue[i]) - base
            let seats = [encounters.personA[i], encounters.personB[i]].map { person in
                (0..<drawn.participants).first { drawn.member[m * drawn.participants + $0] == person }!
            }
            let step = abs(seats[0] - seats[1])
            let chord = 2 * meetings.seatRadius * sin(Double.pi * Double(step) / Double(drawn.participants))
            #expect(abs(Double(encounters.minimumDistance[i]) - chord) < 1e-4)
            #expect(encounters.start[i] == drawn.start[m] && Int(encounters.end[i] - encounters.start[i]) == meetings.durationMinutes)
            pairs += 1
        }
        #expect(pairs == drawn.count * drawn.participants * (drawn.participants - 1) / 2)
    }

    @Test("a worker kept home misses their meetings and moves nobody else: every other stay is the same")
    func restrictions() throws {
        let town = try SocialTiesTests.town(people: 2000, seed: 9)
        let day = 3
        let drawn = DayMeetings(town: town, day: day)
        let absent = Int(try #require(drawn.member.first))
        var restrictions = Array(repeating: DayRestriction.none, count: town.people)
        restrictions[absent] = .stayHome
        let usual = DayPlan(town: town, day: day, workers: 2)
        let kept = DayPlan(town: town, day: day, workers: 2, restrictions: restrictions)
        func stays(_ plan: DayPlan) -> [[Int]] {
            (0..<plan.stayCount).filter { Int(plan.person[$0]) != absent }.map {
                [
                    Int(plan.person[$0]), Int(plan.setting[$0]), Int(plan.venue[$0]), Int(plan.start[$0]), Int(plan.end[$0]),
                    Int(plan.seat[$0]),
                ]
            }
        }
        #expect(stays(usual) == stays(kept))
        let own = (0..<kept.stayCount).filter { Int(kept.person[$0]) == absent }
        #expect(own.allSatisfy { kept.setting[$0] == Setting.home.rawValue })
    }

    @Test("a plan with meetings does not depend on the thread count")
    func threads() throws {
        let town = try SocialTiesTests.town(people: 2000, seed: 3)
        let one = DayPlan(town: town, day: 0, workers: 1)
        let three = DayPlan(town: town, day: 0, workers: 3)
        #expect(one.person == three.person && one.setting == three.setting && one.venue == three.venue && one.seat == three.seat)
        let a = DayEncounters.generate(town: town, plan: one, workers: 1)
        let b = DayEncounters.generate(town: town, plan: three, workers: 3)
        #expect(a.contentChecksum() == b.contentChecksum())
    }

    @Test("a meeting longer than every worker's common hours, or an unknown key, is refused naming the key")
    func badSections() throws {
        let url = try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml"))
        let text = try String(contentsOf: url, encoding: .utf8)
        let cases = [
            (
                "    duration_minutes: 60\n  # Where the phone", "    duration_minutes: 400\n  # Where the phone",
                "population.meetings.duration_minutes", "does not fit"
            ),
            ("    participants: 4\n", "    participants: 4\n    size: 3\n", "population.meetings.size", "unknown key"),
            ("    participants: 4\n", "    participants: 1\n", "population.meetings.participants", "out of range"),
        ]
        for (old, new, field, problem) in cases {
            try expectWorldSectionsRefused(text, replacing: old, with: new, field: field, problem: problem)
        }
    }
}
