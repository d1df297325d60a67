import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Teachers and day-care carers (`population.staff`): who they are, their
/// day at school, whom they meet there, and the section's checks.
@Suite("Teachers and day-care carers")
struct StaffTests {
    static let staff = StaffConfig(teachersPerClass: 1, tableMinutes: 15, teacherDistance: 1.1, carersPerDaycareGroup: 2)

    /// The open town with `staff` (and without, for `staff: nil`).
    static func town(people: Int, seed: UInt64, staff: StaffConfig? = StaffTests.staff) throws -> Town {
        try shippedTown(people: people, seed: seed) { $0.staff = staff }
    }

    @Test("every class has its teacher and every day-care group its carers, grown-ups taken from the workers; children keep their places")
    func posts() throws {
        let town = try Self.town(people: 4000, seed: 3)
        let plain = try Self.town(people: 4000, seed: 3, staff: nil)
        let rooms = town.venueCount[Int(Setting.school.rawValue)]
        let groups = town.venueCount[Int(Setting.daycare.rawValue)]
        #expect(rooms > 0 && groups > 0)
        var teachers = Array(repeating: 0, count: rooms)
        var carers = Array(repeating: 0, count: groups)
        for p in 0..<town.people where town.age[p] == .adult && town.placeSetting[p] != Town.noPlace {
            switch Setting(rawValue: town.placeSetting[p]) {
            case .school:
                teachers[Int(town.place[p])] += 1
                #expect(town.placeCluster[p] == -1 && town.placeSeat[p] == -1)
            case .daycare: carers[Int(town.place[p])] += 1
            default: break
            }
        }
        #expect(teachers.allSatisfy { $0 == Self.staff.teachersPerClass })
        #expect(carers.allSatisfy { $0 == Self.staff.carersPerDaycareGroup })
        // The employed are the same people; the staff are no longer at work or in its meetings.
        let employed = { (t: Town) in (0..<t.people).filter { t.age[$0] == .adult && t.placeSetting[$0] != Town.noPlace } }
        #expect(employed(town) == employed(plain))
        #expect(town.workers.count == plain.workers.count - rooms - 2 * groups)
        #expect(town.workers.allSatisfy { town.placeSetting[Int($0)] == Setting.work.rawValue })
        // Pupils and toddlers are placed by their own streams: the same with and without staff.
        for p in 0..<town.people where town.age[p] == .pupil || town.age[p] == .preschool {
            #expect(town.placeSetting[p] == plain.placeSetting[p] && town.place[p] == plain.place[p])
            #expect(town.placeCluster[p] == plain.placeCluster[p] && town.placeSeat[p] == plain.placeSeat[p])
        }
    }

    @Test("a teacher's school day: the school's hours in blocks of table_minutes, each at a table group of the class's room, standing")
    func teachersDay() throws {
        let town = try Self.town(people: 3000, seed: 5)
        let layout = town.config.school
        let teachers = (0..<town.people).filter { town.age[$0] == .adult && town.placeSetting[$0] == Setting.school.rawValue }
        for day in [1, 6] {
            let plan = DayPlan(town: town, day: day, workers: 2)
            let one = DayPlan(town: town, day: day, workers: 1)
            #expect(one.person == plan.person && one.venue == plan.venue && one.start == plan.start && one.cluster == plan.cluster)
            for teacher in teachers {
                let stays = (0..<plan.stayCount).filter { plan.person[$0] == Int32(teacher) && plan.setting[$0] == Setting.school.rawValue }
                guard DayPlan.isWeekday(day) else {
                    #expect(stays.isEmpty)
                    continue
                }
                #expect(!stays.isEmpty)
                for (a, b) in zip(stays, stays.dropFirst()) { #expect(plan.end[a] == plan.start[b]) }
                let minutes = stays.reduce(0) { $0 + Int(plan.end[$1] - plan.start[$1]) }
                #expect(minutes == town.config.schoolTime.duration)
                for i in stays {
                    #expect(Int(plan.end[i] - plan.start[i]) <= Self.staff.tableMinutes)
                    #expect(plan.venue[i] == town.place[teacher] && plan.seat[i] == -1)
                    #expect((0..<layout.clustersPerRoom).contains(Int(plan.cluster[i])))
                }
            }
        }
    }

    @Test(
        "a teacher meets only their class at school, nearly all of it within 2 m in a day, the table's pupils at the standing place's distance"
    )
    func teachersEncounters() throws {
        let town = try Self.town(people: 3000, seed: 5)
        let layout = town.config.school
        let day = 2
        let plan = DayPlan(town: town, day: day, workers: 2)
        let encounters = DayEncounters.generate(town: town, plan: plan, workers: 2)
        let isTeacher = { (p: Int32) in town.age[Int(p)] == .adult && town.placeSetting[Int(p)] == Setting.school.rawValue }
        var met: [Int32: Set<Int32>] = [:]
        for i in 0..<encounters.count where encounters.setting[i] == Setting.school.rawValue {
            let (a, b) = (encounters.personA[i], encounters.personB[i])
            for (teacher, pupil) in [(a, b), (b, a)] where isTeacher(teacher) {
                #expect(town.place[Int(pupil)] == town.place[Int(teacher)], "a teacher met someone of another class")
                #expect(!isTeacher(pupil))
                if encounters.minimumDistance[i] <= 2 { met[teacher, default: []].insert(pupil) }
            }
        }
        // The closest a standing teacher comes to a pupil of the table: seat
        // radius r, standing distance d at 45° between two seats: the law of cosines.
        let r = layout.seatRadius
        let d = Self.staff.teacherDistance
        let nearest = (r * r + d * d - 2 * r * d * cos(Double.pi / 4)).squareRoot()
        let closest = (0..<encounters.count).filter {
            encounters.setting[$0] == Setting.school.rawValue && (isTeacher(encounters.personA[$0]) || isTeacher(encounters.personB[$0]))
        }.map { Double(encounters.minimumDistance[$0]) }.min()
        #expect(abs(try #require(closest) - nearest) < 1e-3)
        // 20 tables a day among 6 groups: a group is missed with chance (5/6)^20 = 2.6 %.
        var classSize: [Int32: Int] = [:]
        for p in 0..<town.people where town.age[p] == .pupil { classSize[town.place[p], default: 0] += 1 }
        let teachers = (0..<town.people).filter { isTeacher(Int32($0)) }
        let share =
            Double(teachers.reduce(0) { $0 + (met[Int32($1)]?.count ?? 0) })
            / Double(teachers.reduce(0) { $0 + (classSize[town.place[$1]] ?? 0) })
        #expect(share > 0.9 && share <= 1, "\(share)")
    }

    @Test("an unknown key or an out-of-range value in staff is refused naming the key")
    func badSections() throws {
        let section =
            "  staff:\n    teachers_per_class: 1\n    table_minutes: 15\n    teacher_distance_m: 1.1\n    carers_per_daycare_group: 2\n"
        let cases = [
            (
                "    table_minutes: 15\n", "    table_minutes: 15\n    pupils_per_teacher: 15\n", "population.staff.pupils_per_teacher",
                "unknown key"
            ),
            ("    teachers_per_class: 1\n", "    teachers_per_class: 9\n", "population.staff.teachers_per_class", "out of range"),
            ("    carers_per_daycare_group: 2\n", "", "population.staff.carers_per_daycare_group", "required field is missing"),
        ]
        try expectPopulationSectionChecked(section, accepted: { $0.population.staff == Self.staff }, refusals: cases)
    }
}
