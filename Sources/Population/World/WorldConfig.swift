import Foundation
import WarnSimCore

/// A seated setting whose people sit in groups ("clusters": desk groups, table
/// groups, tables) placed far enough apart that only group members are within
/// the contact distance; the group size is derived from the configured target
/// of close contacts per visit.
public struct ClusterLayout: Sendable, Equatable {
    /// Mean number of other people within the contact distance per visit.
    public var closeContactsTarget: Double
    /// Distance between neighbouring group centres (metres).
    public var clusterSpacing: Double
    /// Radius of the circle the group members sit on (metres).
    public var seatRadius: Double
    /// Groups per room (work room, class, restaurant).
    public var clustersPerRoom: Int

    /// The two group sizes k and k + 1 and the share q of groups of size k + 1
    /// for which the person-weighted mean of (size − 1) equals the target:
    /// q = k·(c − k + 1) / (2k − c) with k = ⌊c⌋ + 1.
    public var clusterSizes: (small: Int, largeShare: Double) {
        let c = closeContactsTarget
        let k = Int(c.rounded(.down)) + 1
        let q = Double(k) * (c - Double(k) + 1) / (2 * Double(k) - c)
        return (k, q)
    }
}

/// Small office rooms of one size (`work.office_room_people` and `work.office_room_shares`).
public struct SmallOffice: Sendable, Equatable {
    /// People per room.
    public var people: Int
    /// Share of the office workers who work in rooms of this size.
    public var share: Double

    /// Close contacts per visit of a person in such a room: the desk partner,
    /// if the room holds two or more (pairs sit `clusterSpacing` apart).
    public var closeContacts: Double { people >= 2 ? 1 : 0 }
}

/// Start time and length of a daily activity, in minutes after midnight.
public struct ActivityTime: Sendable, Equatable {
    public var start: Int
    /// Uniform spread of the start around `start` (± minutes).
    public var startSpread: Int
    public var duration: Int
}

/// Every population and contact parameter of a scenario (`population:`).
public struct PopulationConfig: Sendable, Equatable {
    public var people: Int
    /// Share of households with 1, 2, 3, 4 and 5 (or more) members.
    public var householdSizeShares: [Double]
    public var seniorShareOfGrownUps: Double
    public var preschoolShareOfChildren: Double
    public var livingSpacePerPerson: Double
    public var homeRepositionMinutes: Int
    /// Night at home: from `homeNightFrom` to midnight and from midnight to
    /// `homeNightUntil` people stay in place (one position each).
    public var homeNightFrom: Int
    public var homeNightUntil: Int
    public var daycareParticipation: Double
    public var employmentRate: Double
    public var publicTransportShare: Double
    public var contactDistance: Double
    public var radioRange: Double

    /// Work rooms of the workers not in a small office (``smallOffices``):
    /// desk groups of the configured size, `clustersPerRoom` to a room.
    public var work: ClusterLayout
    /// Share of the workers at their workplace who work in an office (the
    /// others work in rooms of the ``work`` layout).
    public var officeShare: Double
    /// Small office rooms: people per room and the share of office workers in
    /// rooms of that size (the rest of the office workers sit in the ``work``
    /// layout, as in an open-plan office). People in a small office sit at
    /// desk pairs, the pairs `work.clusterSpacing` apart.
    public var smallOffices: [SmallOffice]
    public var workTime: ActivityTime
    public var school: ClusterLayout
    public var schoolTime: ActivityTime
    public var daycareGroupSize: Int
    public var daycareAreaPerChild: Double
    public var daycareTime: ActivityTime
    public var daycareRepositionMinutes: Int

    public var vehicleCapacity: Int
    /// Mean number of other riders within `contactDistance` per ride; sets how
    /// many riders share a vehicle (``vehicleRiders``).
    public var vehicleCloseContactsTarget: Double
    public var vehicleSeatColumns: Int
    public var vehicleSeatPitch: Double
    public var vehicleRowPitch: Double
    public var rideMinutes: Int
    public var departureIntervalMinutes: Int

    public var shopWeekdayProbability: Double
    public var shopSaturdayProbability: Double
    public var shopVisitMinutes: Int
    /// Opening hours (minutes after midnight): shoppers arrive uniformly between
    /// opening and `shopCloses - shopVisitMinutes`.
    public var shopOpens: Int
    public var shopCloses: Int
    public var shopArea: Double
    public var shoppersPerShop: Int
    public var shopRepositionMinutes: Int
    /// Mean close contacts per person-day in shops that the shop geometry is set to give (checked by the tests).
    public var shopCloseContactsTarget: Double

    public var leisure: ClusterLayout
    public var leisureWeekdayProbability: Double
    public var leisureWeekendProbability: Double
    public var leisureTime: ActivityTime

    public var streetMinutes: Int
    public var streetLength: Double
    public var streetWidth: Double
    public var walkersPerStreet: Int
    public var streetRepositionMinutes: Int
    /// Mean close contacts per person-day on streets that the street geometry is set to give (checked by the tests).
    public var streetCloseContactsTarget: Double

    /// Carriage state (a name from the radio parameters) per setting.
    public var carriageBySetting: [String]

    /// Mean number of other household members per person (person-weighted
    /// mean of household size − 1) under `householdSizeShares`: the people a
    /// person meets at home on a day.
    public var homeContactsTarget: Double {
        var members = 0.0
        var pairs = 0.0
        for (index, share) in householdSizeShares.enumerated() {
            let size = Double(index + 1)
            members += share * size
            pairs += share * size * (size - 1)
        }
        return pairs / members
    }

    /// Seat positions of a vehicle (metres): `seat_columns` across, rows behind.
    public func vehicleSeatPosition(_ seat: Int) -> (x: Double, y: Double) {
        (vehicleSeatPitch * Double(seat % vehicleSeatColumns), vehicleRowPitch * Double(seat / vehicleSeatColumns))
    }

    /// Mean over the seats of a vehicle of the number of other seats within `contactDistance`.
    public var vehicleSeatNeighbours: Double {
        var total = 0
        for a in 0..<vehicleCapacity {
            for b in 0..<vehicleCapacity where b != a {
                let p = vehicleSeatPosition(a)
                let q = vehicleSeatPosition(b)
                if ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() <= contactDistance { total += 1 }
            }
        }
        return Double(total) / Double(vehicleCapacity)
    }

    /// Riders per vehicle: k or k + 1 (share q of the vehicles) on uniformly
    /// drawn distinct seats. A rider among r has on average
    /// (r − 1) · m / (C − 1) others within the contact distance (m: seat
    /// neighbours, C: capacity), so the person-weighted mean of (r − 1) is set to
    /// c' = target · (C − 1) / m with the rule of ``ClusterLayout/clusterSizes``.
    public var vehicleRiders: (small: Int, largeShare: Double) {
        let neighbours = vehicleSeatNeighbours
        guard vehicleCapacity > 1, neighbours > 0 else { return (1, 0) }
        let c = vehicleCloseContactsTarget * Double(vehicleCapacity - 1) / neighbours
        if c >= Double(vehicleCapacity - 1) { return (vehicleCapacity, 0) }
        return ClusterLayout(closeContactsTarget: c, clusterSpacing: 0, seatRadius: 0, clustersPerRoom: 1).clusterSizes
    }
}

/// The world part of a scenario file: `population:`, `radio:` and `epidemiology:`.
public struct WorldScenario: Sendable {
    public var name: String
    public var population: PopulationConfig
    public var radio: RadioParameters
    public var calibrationTable: DeviceCalibrationTable
    public var epidemiology: EpidemiologyConfig
    /// The files the world sections refer to (radio parameters, calibration
    /// table), for the run manifest.
    public var sourceFiles: [URL] = []

    /// Parses the world sections of a parsed scenario document: `name`,
    /// `population`, `radio` and `epidemiology`. Paths inside (`radio.parameters`,
    /// `radio.calibration_table`) are relative to `folder`, the scenario file's
    /// folder. The document's other top-level keys belong to other layers: the
    /// caller that owns the whole document checks them (`finish()`).
    public static func parse(_ root: YAMLSection, folder: URL) throws -> WorldScenario {
        let name = try root.string("name")
        let population = try PopulationConfig.parse(try root.section("population"))
        let radioSection = try root.section("radio")
        let parametersPath = try radioSection.string("parameters")
        let parametersURL = try radioSection.file("parameters", relativeTo: folder)
        let tableURL = try radioSection.file("calibration_table", relativeTo: folder)
        try radioSection.finish()
        let radio = try RadioParameters.load(parametersURL)
        let table = try DeviceCalibrationTable.load(tableURL)
        for (index, carriage) in population.carriageBySetting.enumerated() where radio.carriageIndex(carriage) == nil {
            throw InputError(
                file: root.file, field: "population.carriage.\(Setting(rawValue: UInt8(index))!.name)",
                problem: "'\(carriage)' is not a carriage state of \(parametersPath) (\(radio.carriageNames.joined(separator: ", ")))")
        }
        let epidemiology = try EpidemiologyConfig.parse(try root.section("epidemiology"))
        guard epidemiology.initialInfections <= population.people else {
            throw InputError(
                file: root.file, field: "epidemiology.initial_infections",
                problem: "\(epidemiology.initialInfections) exceeds population.people (\(population.people))")
        }
        var world = WorldScenario(name: name, population: population, radio: radio, calibrationTable: table, epidemiology: epidemiology)
        world.sourceFiles = [parametersURL, tableURL]
        return world
    }
}

extension PopulationConfig {
    static func parseCluster(_ s: YAMLSection) throws -> ClusterLayout {
        let layout = ClusterLayout(
            closeContactsTarget: try s.double("close_contacts_target", in: 0...30),
            clusterSpacing: try s.double("cluster_spacing_m", in: 0.5...50),
            seatRadius: try s.double("seat_radius_m", in: 0...5),
            clustersPerRoom: try s.int("clusters_per_room", in: 1...200))
        return layout
    }

    /// `office_room_people` (1 … 8 each, increasing) and `office_room_shares`
    /// (as many, each 0 … 1, summing to at most 1).
    static func parseSmallOffices(_ s: YAMLSection) throws -> [SmallOffice] {
        let sizes = try s.doubles("office_room_people", in: 1...8, count: 0...8)
        guard sizes.allSatisfy({ $0 == $0.rounded() }) else {
            throw s.fail("office_room_people", "room sizes must be whole numbers of people")
        }
        let people = sizes.map { Int($0) }
        let shares = try s.doubles("office_room_shares", in: 0...1, count: people.count...people.count)
        guard zip(people, people.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw s.fail("office_room_people", "room sizes must increase")
        }
        guard shares.reduce(0, +) <= 1 + 1e-9 else {
            throw s.fail(
                "office_room_shares", "shares must sum to at most 1 (the rest sit in the work layout), they sum to \(shares.reduce(0, +))")
        }
        return zip(people, shares).map { SmallOffice(people: $0, share: $1) }
    }

    static func parseTime(_ s: YAMLSection) throws -> ActivityTime {
        let time = ActivityTime(
            start: try s.int("start_minute", in: 0...1439),
            startSpread: try s.int("start_spread_minutes", in: 0...240),
            duration: try s.int("duration_minutes", in: 1...900))
        guard time.start - time.startSpread >= 0, time.start + time.startSpread + time.duration <= 1440 else {
            throw s.fail("duration_minutes", "the activity must fit within one day (start ± spread + duration ≤ 1440)")
        }
        try s.finish()
        return time
    }

    /// Mean close contacts per work visit that the work places give: small
    /// offices their desk partner, every other worker the ``work`` layout's target.
    public var workCloseContactsPerVisit: Double {
        let small = smallOffices.reduce(0) { $0 + $1.share }
        let inSmall = smallOffices.reduce(0) { $0 + $1.share * $1.closeContacts }
        return officeShare * inSmall + (1 - officeShare * small) * work.closeContactsTarget
    }

    /// Reads `population:`; every field is required so that each default is
    /// visible, with its source, in the scenario file.
    public static func parse(_ p: YAMLSection) throws -> PopulationConfig {
        let shares = try p.doubles("household_size_shares", in: 0...1, count: 5...5)
        guard abs(shares.reduce(0, +) - 1) < 0.01 else {
            throw p.fail("household_size_shares", "shares must sum to 1 (±0.01), they sum to \(shares.reduce(0, +))")
        }
        let home = try p.section("home")
        let work = try p.section("work")
        let school = try p.section("school")
        let daycare = try p.section("daycare")
        let transport = try p.section("transport")
        let shop = try p.section("shop")
        let leisure = try p.section("leisure")
        let street = try p.section("street")
        let carriage = try p.section("carriage")
        var config = PopulationConfig(
            people: try p.int("people", in: RunSpan.people),
            householdSizeShares: shares,
            seniorShareOfGrownUps: try p.double("senior_share_of_grown_ups", in: 0...1),
            preschoolShareOfChildren: try p.double("preschool_share_of_children", in: 0...1),
            livingSpacePerPerson: try home.double("living_space_m2_per_person", in: 5...500),
            homeRepositionMinutes: try home.int("reposition_minutes", in: 1...1440),
            homeNightFrom: try home.int("night_from_minute", in: 720...1440),
            homeNightUntil: try home.int("night_until_minute", in: 0...720),
            daycareParticipation: try daycare.double("participation", in: 0...1),
            employmentRate: try work.double("employment_rate", in: 0...1),
            publicTransportShare: try transport.double("commuter_share", in: 0...1),
            contactDistance: try p.double("contact_distance_m", in: 0.1...10),
            radioRange: try p.double("radio_range_m", in: 1...100),
            work: try parseCluster(work),
            officeShare: try work.double("office_share", in: 0...1),
            smallOffices: try parseSmallOffices(work),
            workTime: try parseTime(try work.section("time")),
            school: try parseCluster(school),
            schoolTime: try parseTime(try school.section("time")),
            daycareGroupSize: try daycare.int("group_size", in: 1...200),
            daycareAreaPerChild: try daycare.double("area_m2_per_child", in: 0.5...100),
            daycareTime: try parseTime(try daycare.section("time")),
            daycareRepositionMinutes: try daycare.int("reposition_minutes", in: 1...600),
            vehicleCapacity: try transport.int("vehicle_capacity", in: 1...1000),
            vehicleCloseContactsTarget: try transport.double("close_contacts_target", in: 0...100),
            vehicleSeatColumns: try transport.int("seat_columns", in: 1...10),
            vehicleSeatPitch: try transport.double("seat_pitch_m", in: 0.2...3),
            vehicleRowPitch: try transport.double("row_pitch_m", in: 0.3...3),
            rideMinutes: try transport.int("ride_minutes", in: 1...180),
            departureIntervalMinutes: try transport.int("departure_interval_minutes", in: 1...120),
            shopWeekdayProbability: try shop.double("weekday_probability", in: 0...1),
            shopSaturdayProbability: try shop.double("saturday_probability", in: 0...1),
            shopVisitMinutes: try shop.int("visit_minutes", in: 1...300),
            shopOpens: try shop.int("opens_minute", in: 0...1439),
            shopCloses: try shop.int("closes_minute", in: 1...1440),
            shopArea: try shop.double("area_m2", in: 10...100_000),
            shoppersPerShop: try shop.int("shoppers_per_shop", in: 1...10_000),
            shopRepositionMinutes: try shop.int("reposition_minutes", in: 1...120),
            shopCloseContactsTarget: try shop.double("close_contacts_target", in: 0...100),
            leisure: try parseCluster(leisure),
            leisureWeekdayProbability: try leisure.double("weekday_probability", in: 0...1),
            leisureWeekendProbability: try leisure.double("weekend_probability", in: 0...1),
            leisureTime: try parseTime(try leisure.section("time")),
            streetMinutes: try street.int("minutes_per_trip", in: 1...120),
            streetLength: try street.double("length_m", in: 5...10_000),
            streetWidth: try street.double("width_m", in: 1...200),
            walkersPerStreet: try street.int("walkers_per_street", in: 1...10_000),
            streetRepositionMinutes: try street.int("reposition_minutes", in: 1...60),
            streetCloseContactsTarget: try street.double("close_contacts_target", in: 0...100),
            carriageBySetting: [])
        for setting in Setting.allCases {
            config.carriageBySetting.append(try carriage.string(setting.name))
        }
        guard config.shopCloses - config.shopOpens > config.shopVisitMinutes else {
            throw shop.fail(
                "closes_minute",
                "the shop must be open longer than visit_minutes (\(config.shopVisitMinutes)) after opens_minute (\(config.shopOpens))")
        }
        let neighbours = config.vehicleSeatNeighbours
        if config.vehicleCloseContactsTarget > 0 {
            guard neighbours > 0 else {
                throw transport.fail(
                    "close_contacts_target", "no two seats are within contact_distance_m, so no ride can have close contacts")
            }
            let riders = config.vehicleCloseContactsTarget * Double(config.vehicleCapacity - 1) / neighbours + 1
            guard riders <= Double(config.vehicleCapacity) + 1e-9 else {
                throw transport.fail(
                    "close_contacts_target",
                    "a full vehicle gives only \(String(format: "%.2f", neighbours)) close contacts per ride; the target needs \(String(format: "%.1f", riders)) riders for \(config.vehicleCapacity) seats"
                )
            }
        }
        for section in [home, daycare, transport, shop, street, carriage] { try section.finish() }
        for section in [work, school, leisure] {
            let layout = try parseCluster(section)  // re-read is idempotent; validates geometry below
            guard 2 * layout.seatRadius <= config.contactDistance else {
                throw section.fail(
                    "seat_radius_m", "group members must be within contact_distance_m (2 × radius ≤ \(config.contactDistance))")
            }
            guard layout.clusterSpacing - 2 * layout.seatRadius > config.contactDistance else {
                throw section.fail(
                    "cluster_spacing_m",
                    "neighbouring groups must be farther apart than contact_distance_m (spacing − 2 × radius > \(config.contactDistance))")
            }
            try section.finish()
        }
        try p.finish()
        return config
    }
}
