import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Gatherings and club meetings whose lengths are drawn from the contact
/// diaries' duration classes (`time.duration_class_shares`): the draws, the
/// shares the shipped scenario takes from the diaries, the towns they make and
/// the section's checks.
@Suite("Activity lengths drawn from the diaries' duration classes")
struct DiaryLengthsTests {
    static let scenario = ProjectFiles.scenario("town-10k-durations.yaml")

    @Test("each class is drawn with its share, its lengths whole minutes within the class as the diaries class them")
    func draws() {
        let lengths = DiaryLengths(shares: [0.1, 0, 0.3, 0.4, 0.2], longest: 300)
        var random = RandomStream(seed: 7, subsystem: "test.lengths", entity: 0)
        var counts = [Int](repeating: 0, count: 5)
        let n = 40000
        for _ in 0..<n {
            let minutes = lengths.draw(&random)
            #expect((1...300).contains(minutes))
            counts[DurationClass(minutes: minutes).rawValue] += 1
        }
        // Binomial standard errors at most 0.0025; a class without a share is never drawn.
        #expect(counts[1] == 0)
        for (c, share) in lengths.shares.enumerated() {
            #expect(abs(Double(counts[c]) / Double(n) - share) < 0.012, "class \(c): \(counts[c]) of \(n)")
        }
        // Every minute of a class can come up: its bounds are reached.
        var seen = Set<Int>()
        for _ in 0..<n { seen.insert(lengths.draw(&random)) }
        #expect([1, 4, 15, 59, 60, 239, 240, 300].allSatisfy(seen.contains))
        #expect(!seen.contains(5) && !seen.contains(14))
    }

    @Test("the scenario's shares are the diaries' home contacts not met daily and leisure contacts met weekly, rounded to 0.001")
    func sharesFromTheDiaries() throws {
        let folder = ProjectFiles.url("Configs/epi/polymod-germany")
        _ = try ProjectFiles.required(folder.appendingPathComponent("polymod-germany-contacts.csv"))
        let world = try WorldConfig.loadWorldSections(try ProjectFiles.required(Self.scenario))
        let visits = try #require(world.population.visits?.lengths)
        let clubs = try #require(world.population.clubs?.lengths)
        let home = try PolymodSurvey.durationShares(folder: folder, setting: .home, frequencies: [2, 3, 4, 5])
        let leisure = try PolymodSurvey.durationShares(folder: folder, setting: .leisure, frequencies: [2])
        // The diaries' shares, for the record: 7.0, 16.8, 30.0, 37.2, 9.1 % of 1,168 and 5.2, 13.5, 26.1, 48.2, 7.1 % of 1,201.
        #expect(home.map { ($0 * 1000).rounded() / 10 } == [7.0, 16.8, 30.0, 37.2, 9.1])
        #expect(leisure.map { ($0 * 1000).rounded() / 10 } == [5.2, 13.5, 26.1, 48.2, 7.1])
        // Rounded so that they sum to 1: each within 0.001 of the diaries'.
        for (a, b) in zip(visits.shares, home) { #expect(abs(a - b) < 0.001) }
        for (a, b) in zip(clubs.shares, leisure) { #expect(abs(a - b) < 0.001) }
        #expect(visits.longest == 480 && clubs.longest == 480)
        let plain = try WorldConfig.loadWorldSections(try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml")))
        #expect(plain.population.visits?.lengths == nil && plain.population.clubs?.lengths == nil)
    }

    @Test("drawn lengths keep the day's hosts and guests; each gathering and club meeting lasts its own length and ends in time")
    func towns() throws {
        let world = try WorldConfig.loadWorldSections(try ProjectFiles.required(Self.scenario))
        var config = world.population
        config.people = 3000
        let town = Town(config: config, seed: 3)
        var fixed = config
        fixed.visits?.lengths = nil
        fixed.clubs?.lengths = nil
        let fixedTown = Town(config: fixed, seed: 3)
        var lengths = Set<Int>()
        for day in 0..<7 {
            let drawn = DayGatherings(town: town, day: day)
            let plain = DayGatherings(town: fixedTown, day: day)
            #expect(drawn.guestOf == plain.guestOf)
            #expect(zip(drawn.hostStart, plain.hostStart).allSatisfy { ($0 >= 0) == ($1 >= 0) && $0 <= $1 })
            let plan = DayPlan(town: town, day: day, workers: 2)
            for i in 0..<plan.stayCount where plan.setting[i] == Setting.visit.rawValue {
                let host = Int(plan.venue[i])
                let end = Int(drawn.hostStart[host]) + drawn.length(of: host)
                lengths.insert(drawn.length(of: host))
                #expect(Int(plan.end[i]) <= end && end + town.config.streetMinutes < 1440)
            }
            var clubEnds: [Int: Int] = [:]
            for i in 0..<plan.stayCount where plan.setting[i] == Setting.club.rawValue {
                let club = Int(plan.venue[i])
                // Every member there stays the club's length of the day.
                #expect(
                    clubEnds.updateValue(Int(plan.end[i] - plan.start[i]), forKey: club).map { $0 == Int(plan.end[i] - plan.start[i]) }
                        ?? true)
                #expect(Int(plan.end[i]) + town.config.streetMinutes < 1440)
            }
            lengths.formUnion(clubEnds.values)
        }
        // Lengths from every class.
        #expect(Set(lengths.map { DurationClass(minutes: $0) }).count == 5)
    }

    @Test("shares that do not sum to 1, a > 4 h class with duration_minutes of 4 h or less, or the key on another activity are refused")
    func refusals() throws {
        let url = try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml"))
        let text = try String(contentsOf: url, encoding: .utf8)
        let visits = "      duration_minutes: 150\n"
        let cases = [
            (
                visits, visits + "      duration_class_shares: [0.5, 0.5, 0.1, 0, 0]\n",
                "population.visits.time.duration_class_shares", "must sum to 1"
            ),
            (
                visits, visits + "      duration_class_shares: [0.2, 0.2, 0.2, 0.2, 0.2]\n",
                "population.visits.time.duration_minutes", "must exceed 240"
            ),
            (
                visits, visits + "      duration_class_shares: [0.2, 0.2, 0.2, 0.4]\n",
                "population.visits.time.duration_class_shares", "5"
            ),
            (
                "      duration_minutes: 300\n", "      duration_minutes: 300\n      duration_class_shares: [0, 0, 0, 1, 0]\n",
                "population.school.time.duration_class_shares", "unknown key"
            ),
        ]
        for (old, new, field, problem) in cases {
            try expectWorldSectionsRefused(text, replacing: old, with: new, field: field, problem: problem)
        }
    }
}
