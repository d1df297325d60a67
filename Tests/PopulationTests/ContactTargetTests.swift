import Foundation
import Population
import Testing
import WarnSimCore

/// Contacts per day by setting against the configured targets, over one week
/// (Monday to Sunday) of a town of 10,000 with the village's world.
@Suite("Contacts per day by setting match their targets")
struct ContactTargetTests {
    struct Week {
        let config: PopulationConfig
        let town: Town
        let survey: ContactSurvey
        /// Close contacts per ride, for riders of vehicles with at least the smaller rider count.
        let fullVehicleRides: [Int]
    }

    static let week: Result<Week, Error> = Result {
        var config = try WorldTests.village().population
        config.people = 10_000
        let town = Town(config: config, seed: 5)
        var survey = ContactSurvey(distance: config.contactDistance)
        var rides: [Int] = []
        let smallest = config.vehicleRiders.small
        for day in 0..<7 {
            let plan = DayPlan(town: town, day: day, workers: 2)
            let encounters = DayEncounters.generate(town: town, plan: plan, workers: 2)
            survey.add(plan: plan, encounters: encounters)
            // Riders per vehicle, and close contacts per ride in vehicles that are not a departure's last, partly filled one.
            var riders: [Int32: Int] = [:]
            for i in 0..<plan.stayCount where plan.setting[i] == Setting.transport.rawValue { riders[plan.venue[i], default: 0] += 1 }
            let perRide = WorldTests.closeContactsPerStay(.transport, plan: plan, encounters: encounters, distance: config.contactDistance)
            var k = 0
            for i in 0..<plan.stayCount where plan.setting[i] == Setting.transport.rawValue {
                if riders[plan.venue[i]]! >= smallest { rides.append(perRide[k]) }
                k += 1
            }
        }
        return Week(config: config, town: town, survey: survey, fullVehicleRides: rides)
    }

    @Test("home: household members met per person-day match the household-size shares")
    func home() throws {
        let week = try Self.week.get()
        let target = week.config.homeContactsTarget
        #expect(abs(target - 1.60) < 0.005, "Destatis shares give 1.60, not \(target)")
        // Sampling error of the drawn households: the person-weighted mean of
        // (size − 1) is a ratio over households (delta method).
        let sizes = week.town.householdSize.map { Double($0) }
        let h = Double(sizes.count)
        let meanSize = sizes.reduce(0, +) / h
        let realized = sizes.reduce(0) { $0 + $1 * ($1 - 1) } / sizes.reduce(0, +)
        let residuals = sizes.map { $0 * ($0 - 1) - realized * $0 }
        let standardError = (residuals.reduce(0) { $0 + $1 * $1 } / (h - 1) / h).squareRoot() / meanSize
        #expect(abs(realized - target) <= 4 * standardError, "households drawn: \(realized) vs \(target) ± \(standardError)")
        // Every household member is met at home every day (radio range).
        let met = week.survey.encounterPartners(.home)
        #expect(abs(met - realized) <= 0.005 * realized, "met \(met) vs household members \(realized)")
        // Within the contact distance: fewer, because members move through the whole home.
        let close = week.survey.closeContacts(.home)
        #expect(close.mean > 0.6 * realized && close.mean < realized, "close contacts at home \(close.mean)")
    }

    @Test("day care: every child meets its whole group each day")
    func daycare() throws {
        let week = try Self.week.get()
        // Group sizes as the town filled them (the last group of the town may be partly filled).
        var groups: [Int32: Int] = [:]
        for p in 0..<week.town.people where week.town.placeSetting[p] == Setting.daycare.rawValue {
            groups[week.town.place[p], default: 0] += 1
        }
        let children = groups.values.reduce(0, +)
        let expected = Double(groups.values.reduce(0) { $0 + $1 * ($1 - 1) }) / Double(children)
        #expect(
            abs(expected - Double(week.config.daycareGroupSize - 1)) <= Double(week.config.daycareGroupSize) / Double(groups.count),
            "group mates \(expected), target \(week.config.daycareGroupSize - 1)")
        let met = week.survey.encounterPartners(.daycare)
        #expect(abs(met - expected) <= 0.005 * expected, "met \(met) vs group mates \(expected)")
    }

    @Test("transport: close contacts per ride match the target (riders per vehicle derived from it)")
    func transport() throws {
        let week = try Self.week.get()
        let rides = week.fullVehicleRides.map(Double.init)
        #expect(rides.count >= 1000, "\(rides.count) rides")
        let (mean, sd) = SampleStatistics.meanAndStandardDeviation(rides)
        let target = week.config.vehicleCloseContactsTarget
        #expect(abs(mean - target) <= 4 * sd / Double(rides.count).squareRoot(), "per ride \(mean) vs \(target) (n \(rides.count))")
    }

    @Test("shops and streets: close contacts per person-day match the targets")
    func shopAndStreet() throws {
        let week = try Self.week.get()
        for (setting, target) in [(Setting.shop, week.config.shopCloseContactsTarget), (.street, week.config.streetCloseContactsTarget)] {
            let close = week.survey.closeContacts(setting)
            #expect(close.personDays >= 5000, "\(setting.name): \(close.personDays) person-days")
            #expect(
                abs(close.mean - target) <= 4 * close.standardError, "\(setting.name): \(close.mean) ± \(close.standardError) vs \(target)")
        }
    }

    @Test("work, school and leisure: close contacts per person-day match the per-visit targets")
    func seated() throws {
        let week = try Self.week.get()
        for (setting, target) in [
            (Setting.work, week.config.workCloseContactsPerVisit), (.school, week.config.school.closeContactsTarget),
            (.leisure, week.config.leisure.closeContactsTarget),
        ] {
            let close = week.survey.closeContacts(setting)
            // One visit per day; the 3 % allowance is the partly filled last group (as in WorldTests).
            #expect(abs(close.mean - target) <= 4 * close.standardError + 0.03 * target, "\(setting.name): \(close.mean) vs \(target)")
        }
    }
}
