import Foundation
import WarnSimCore

/// A seated setting whose people sit in groups ("clusters": desk groups, table
/// groups, tables) placed far enough apart that only group members are within
/// the contact distance; the group size is derived from the configured target
/// of close contacts per visit.
package struct ClusterLayout: Sendable, Equatable {
    /// Mean number of other people within the contact distance per visit.
    package var closeContactsTarget: Double
    /// Distance between neighbouring group centres (metres).
    package var clusterSpacing: Double
    /// Radius of the circle the group members sit on (metres).
    package var seatRadius: Double
    /// Groups per room (work room, class, restaurant).
    package var clustersPerRoom: Int

    /// The two group sizes k and k + 1 and the share q of groups of size k + 1
    /// for which the person-weighted mean of (size − 1) equals the target:
    /// q = k·(c − k + 1) / (2k − c) with k = ⌊c⌋ + 1.
    package var clusterSizes: (small: Int, largeShare: Double) {
        let c = closeContactsTarget
        let k = Int(c.rounded(.down)) + 1
        let q = Double(k) * (c - Double(k) + 1) / (2 * Double(k) - c)
        return (k, q)
    }
}

/// Small office rooms of one size (`work.office_room_people` and `work.office_room_shares`).
package struct SmallOffice: Sendable, Equatable {
    /// People per room.
    package var people: Int
    /// Share of the office workers who work in rooms of this size.
    package var share: Double

    /// Close contacts per visit of a person in such a room: the desk partner,
    /// if the room holds two or more (pairs sit `clusterSpacing` apart).
    package var closeContacts: Double { people >= 2 ? 1 : 0 }
}

/// Start time and length of a daily activity, in minutes after midnight.
package struct ActivityTime: Sendable, Equatable {
    package var start: Int
    /// Uniform spread of the start around `start` (± minutes).
    package var startSpread: Int
    /// The length of every occurrence, or with drawn lengths
    /// (``DiaryLengths``) the longest one drawn.
    package var duration: Int
}

/// Every population and contact parameter of a scenario (`population:`).
package struct PopulationConfig: Sendable, Equatable {
    package var people: Int
    /// Share of households with 1, 2, 3, 4 and 5 (or more) members.
    package var householdSizeShares: [Double]
    package var seniorShareOfGrownUps: Double
    package var preschoolShareOfChildren: Double
    package var livingSpacePerPerson: Double
    package var homeRepositionMinutes: Int
    /// Night at home: from `homeNightFrom` to midnight and from midnight to
    /// `homeNightUntil` people stay in place (one position each).
    package var homeNightFrom: Int
    package var homeNightUntil: Int
    package var daycareParticipation: Double
    package var employmentRate: Double
    package var publicTransportShare: Double
    package var contactDistance: Double
    package var radioRange: Double

    /// Work rooms of the workers not in a small office (``smallOffices``):
    /// desk groups of the configured size, `clustersPerRoom` to a room.
    package var work: ClusterLayout
    /// Share of the workers at their workplace who work in an office (the
    /// others work in rooms of the ``work`` layout).
    package var officeShare: Double
    /// Small office rooms: people per room and the share of office workers in
    /// rooms of that size (the rest of the office workers sit in the ``work``
    /// layout, as in an open-plan office). People in a small office sit at
    /// desk pairs, the pairs `work.clusterSpacing` apart.
    package var smallOffices: [SmallOffice]
    package var workTime: ActivityTime
    package var school: ClusterLayout
    package var schoolTime: ActivityTime
    package var daycareGroupSize: Int
    package var daycareAreaPerChild: Double
    package var daycareTime: ActivityTime
    package var daycareRepositionMinutes: Int

    package var vehicleCapacity: Int
    /// Mean number of other riders within `contactDistance` per ride; sets how
    /// many riders share a vehicle (``vehicleRiders``).
    package var vehicleCloseContactsTarget: Double
    package var vehicleSeatColumns: Int
    package var vehicleSeatPitch: Double
    package var vehicleRowPitch: Double
    package var rideMinutes: Int
    package var departureIntervalMinutes: Int

    package var shopWeekdayProbability: Double
    package var shopSaturdayProbability: Double
    package var shopVisitMinutes: Int
    /// Opening hours (minutes after midnight): shoppers arrive uniformly between
    /// opening and `shopCloses - shopVisitMinutes`.
    package var shopOpens: Int
    package var shopCloses: Int
    package var shopArea: Double
    package var shoppersPerShop: Int
    package var shopRepositionMinutes: Int
    /// Mean close contacts per person-day in shops that the shop geometry is set to give (checked by the tests).
    package var shopCloseContactsTarget: Double

    package var leisure: ClusterLayout
    package var leisureWeekdayProbability: Double
    package var leisureWeekendProbability: Double
    package var leisureTime: ActivityTime

    package var streetMinutes: Int
    package var streetLength: Double
    package var streetWidth: Double
    package var walkersPerStreet: Int
    package var streetRepositionMinutes: Int
    /// Mean close contacts per person-day on streets that the street geometry is set to give (checked by the tests).
    package var streetCloseContactsTarget: Double

    /// Carriage state (a name from the radio parameters) per setting.
    package var carriageBySetting: [String]

    /// Private gatherings and clubs; nil when the scenario has none.
    package var visits: VisitsConfig? = nil
    package var clubs: ClubsConfig? = nil
    /// Teachers and day-care carers; nil when the scenario has none.
    package var staff: StaffConfig? = nil
    /// Single parents and grown-up children at home; nil when households of three or more are two grown-ups and minors.
    package var families: FamiliesConfig? = nil
    /// Meetings between workers of different workplaces; nil when the scenario has none.
    package var meetings: MeetingsConfig? = nil

    /// Mean number of other household members per person (person-weighted
    /// mean of household size − 1) under `householdSizeShares`: the people a
    /// person meets at home on a day.
    package var homeContactsTarget: Double {
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
    package func vehicleSeatPosition(_ seat: Int) -> (x: Double, y: Double) {
        (vehicleSeatPitch * Double(seat % vehicleSeatColumns), vehicleRowPitch * Double(seat / vehicleSeatColumns))
    }

    /// Mean over the seats of a vehicle of the number of other seats within `contactDistance`.
    package var vehicleSeatNeighbours: Double {
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
    package var vehicleRiders: (small: Int, largeShare: Double) {
        let neighbours = vehicleSeatNeighbours
        guard vehicleCapacity > 1, neighbours > 0 else { return (1, 0) }
        let c = vehicleCloseContactsTarget * Double(vehicleCapacity - 1) / neighbours
        if c >= Double(vehicleCapacity - 1) { return (vehicleCapacity, 0) }
        return ClusterLayout(closeContactsTarget: c, clusterSpacing: 0, seatRadius: 0, clustersPerRoom: 1).clusterSizes
    }
}

/// The world part of a scenario file: `population:`, `radio:` and `epidemiology:`.
package struct WorldConfig: Sendable {
    package var name: String
    package var population: PopulationConfig
    package var radio: RadioParameters
    package var calibrationTable: DeviceCalibrationTable
    package var epidemiology: EpidemiologyConfig
    /// The files the world sections refer to (radio parameters, calibration
    /// table), for the run manifest.
    package var sourceFiles: [URL] = []

    /// Parses the world sections of a parsed scenario document: `name`,
    /// `population`, `radio` and `epidemiology`. Paths inside (`radio.parameters`,
    /// `radio.calibration_table`) are relative to `folder`, the scenario file's
    /// folder. The document's other top-level keys belong to other layers: the
    /// caller that owns the whole document checks them (`finish()`).
    package static func parse(_ root: DocumentSection, folder: URL) throws -> WorldConfig {
        let name = try root.string(Fields.name)
        let population = try PopulationConfig.parse(try root.section("population"))
        let radioSection = try root.section("radio")
        let parametersPath = try radioSection.string(Fields.radioParameters)
        let parametersURL = try radioSection.file(Fields.radioParameters, relativeTo: folder)
        let tableURL = try radioSection.file(Fields.calibrationTable, relativeTo: folder)
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
        var world = WorldConfig(name: name, population: population, radio: radio, calibrationTable: table, epidemiology: epidemiology)
        world.sourceFiles = [parametersURL, tableURL]
        return world
    }
}

extension PopulationConfig {
    static func parseCluster(_ s: DocumentSection, _ fields: ClusterLayoutFields) throws -> ClusterLayout {
        let layout = ClusterLayout(
            closeContactsTarget: try s.double(fields.closeContactsTarget),
            clusterSpacing: try s.double(fields.clusterSpacing),
            seatRadius: try s.double(fields.seatRadius),
            clustersPerRoom: try s.int(fields.clustersPerRoom))
        return layout
    }

    /// `office_room_people` (1 … 8 each, increasing) and `office_room_shares`
    /// (as many, each 0 … 1, summing to at most 1).
    static func parseSmallOffices(_ s: DocumentSection) throws -> [SmallOffice] {
        let sizes = try s.doubles(Fields.officeRoomPeople)
        guard sizes.allSatisfy({ $0 == $0.rounded() }) else {
            throw s.fail("office_room_people", "room sizes must be whole numbers of people")
        }
        let people = sizes.map { Int($0) }
        let shares = try s.doubles(Fields.officeRoomShares)
        guard shares.count == people.count else {
            throw s.fail("office_room_shares", "expected \(people.count) values, found \(shares.count)")
        }
        guard zip(people, people.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw s.fail("office_room_people", "room sizes must increase")
        }
        guard shares.reduce(0, +) <= 1 + 1e-9 else {
            throw s.fail(
                "office_room_shares", "shares must sum to at most 1 (the rest sit in the work layout), they sum to \(shares.reduce(0, +))")
        }
        return zip(people, shares).map { SmallOffice(people: $0, share: $1) }
    }

    static func parseTime(_ s: DocumentSection, _ fields: ActivityTimeFields) throws -> ActivityTime {
        try parseDrawnTime(s, fields).time
    }

    /// An activity's time and, where its fields allow them and the section
    /// gives `duration_class_shares`, the lengths drawn per occurrence (the
    /// start moved earlier then as needed: the activity need only start
    /// within the day).
    static func parseDrawnTime(
        _ s: DocumentSection, _ fields: ActivityTimeFields
    ) throws -> (
        time: ActivityTime, lengths: DiaryLengths?
    ) {
        if let sharesField = fields.durationShares, s.has(sharesField) {
            let shares = try s.doubles(sharesField)
            let total = shares.reduce(0, +)
            guard abs(total - 1) <= 1e-6 else {
                throw s.fail("duration_class_shares", "the shares must sum to 1 (they sum to \(total))")
            }
            let longest = try s.int(fields.duration)
            guard shares[DurationClass.over4Hours.rawValue] == 0 || longest > DurationClass.over4Hours.lowestMinutes else {
                throw s.fail(
                    "duration_minutes",
                    "with duration_class_shares it is the longest length drawn, and must exceed 240 min when the > 4 h class has a share")
            }
            let time = ActivityTime(start: try s.int(fields.start), startSpread: try s.int(fields.startSpread), duration: longest)
            guard time.start - time.startSpread >= 0, time.start + time.startSpread < 1440 else {
                throw s.fail("start_spread_minutes", "the activity must start within the day (0 ≤ start ± spread < 1440)")
            }
            try s.finish()
            return (time, DiaryLengths(shares: shares, longest: longest))
        }
        let time = ActivityTime(
            start: try s.int(fields.start),
            startSpread: try s.int(fields.startSpread),
            duration: try s.int(fields.duration))
        guard time.start - time.startSpread >= 0, time.start + time.startSpread + time.duration <= 1440 else {
            throw s.fail("duration_minutes", "the activity must fit within one day (start ± spread + duration ≤ 1440)")
        }
        try s.finish()
        return (time, nil)
    }

    /// Mean close contacts per work visit that the work places give: small
    /// offices their desk partner, every other worker the ``work`` layout's target.
    package var workCloseContactsPerVisit: Double {
        let small = smallOffices.reduce(0) { $0 + $1.share }
        let inSmall = smallOffices.reduce(0) { $0 + $1.share * $1.closeContacts }
        return officeShare * inSmall + (1 - officeShare * small) * work.closeContactsTarget
    }

    /// Reads `population:` through its declarations (``fieldTable``); every
    /// field is required so that each default is visible, with its source, in
    /// the scenario file.
    package static func parse(_ p: DocumentSection) throws -> PopulationConfig {
        let shares = try p.doubles(Fields.householdSizeShares)
        guard abs(shares.reduce(0, +) - 1) < 0.01 else {
            throw p.fail("household_size_shares", "shares must sum to 1 (±0.01), they sum to \(shares.reduce(0, +))")
        }
        let home = try p.section(Fields.home)
        let work = try p.section(Fields.work)
        let school = try p.section(Fields.school)
        let daycare = try p.section(Fields.daycare)
        let transport = try p.section(Fields.transport)
        let shop = try p.section(Fields.shop)
        let leisure = try p.section(Fields.leisure)
        let street = try p.section(Fields.street)
        let carriage = try p.section(Fields.carriage)
        var config = PopulationConfig(
            people: try p.int(Fields.people),
            householdSizeShares: shares,
            seniorShareOfGrownUps: try p.double(Fields.seniorShareOfGrownUps),
            preschoolShareOfChildren: try p.double(Fields.preschoolShareOfChildren),
            livingSpacePerPerson: try home.double(Fields.livingSpace),
            homeRepositionMinutes: try home.int(Fields.homeReposition),
            homeNightFrom: try home.int(Fields.homeNightFrom),
            homeNightUntil: try home.int(Fields.homeNightUntil),
            daycareParticipation: try daycare.double(Fields.daycareParticipation),
            employmentRate: try work.double(Fields.employmentRate),
            publicTransportShare: try transport.double(Fields.commuterShare),
            contactDistance: try p.double(Fields.contactDistance),
            radioRange: try p.double(Fields.radioRange),
            work: try parseCluster(work, Fields.workLayout),
            officeShare: try work.double(Fields.officeShare),
            smallOffices: try parseSmallOffices(work),
            workTime: try parseTime(try work.section(Fields.workTime.time), Fields.workTime),
            school: try parseCluster(school, Fields.schoolLayout),
            schoolTime: try parseTime(try school.section(Fields.schoolTime.time), Fields.schoolTime),
            daycareGroupSize: try daycare.int(Fields.daycareGroupSize),
            daycareAreaPerChild: try daycare.double(Fields.daycareArea),
            daycareTime: try parseTime(try daycare.section(Fields.daycareTime.time), Fields.daycareTime),
            daycareRepositionMinutes: try daycare.int(Fields.daycareReposition),
            vehicleCapacity: try transport.int(Fields.vehicleCapacity),
            vehicleCloseContactsTarget: try transport.double(Fields.vehicleCloseContactsTarget),
            vehicleSeatColumns: try transport.int(Fields.seatColumns),
            vehicleSeatPitch: try transport.double(Fields.seatPitch),
            vehicleRowPitch: try transport.double(Fields.rowPitch),
            rideMinutes: try transport.int(Fields.rideMinutes),
            departureIntervalMinutes: try transport.int(Fields.departureInterval),
            shopWeekdayProbability: try shop.double(Fields.shopWeekday),
            shopSaturdayProbability: try shop.double(Fields.shopSaturday),
            shopVisitMinutes: try shop.int(Fields.shopVisitMinutes),
            shopOpens: try shop.int(Fields.shopOpens),
            shopCloses: try shop.int(Fields.shopCloses),
            shopArea: try shop.double(Fields.shopArea),
            shoppersPerShop: try shop.int(Fields.shoppersPerShop),
            shopRepositionMinutes: try shop.int(Fields.shopReposition),
            shopCloseContactsTarget: try shop.double(Fields.shopCloseContactsTarget),
            leisure: try parseCluster(leisure, Fields.leisureLayout),
            leisureWeekdayProbability: try leisure.double(Fields.leisureWeekday),
            leisureWeekendProbability: try leisure.double(Fields.leisureWeekend),
            leisureTime: try parseTime(try leisure.section(Fields.leisureTime.time), Fields.leisureTime),
            streetMinutes: try street.int(Fields.streetMinutes),
            streetLength: try street.double(Fields.streetLength),
            streetWidth: try street.double(Fields.streetWidth),
            walkersPerStreet: try street.int(Fields.walkersPerStreet),
            streetRepositionMinutes: try street.int(Fields.streetReposition),
            streetCloseContactsTarget: try street.double(Fields.streetCloseContactsTarget),
            carriageBySetting: [])
        for (setting, field) in zip(Setting.allCases, Fields.carriageBySetting) {
            if let fallback = Fields.carriageFallback(setting) {
                config.carriageBySetting.append(try carriage.optionalString(field) ?? config.carriageBySetting[Int(fallback.rawValue)])
            } else {
                config.carriageBySetting.append(try carriage.string(field))
            }
        }
        config.visits = try p.optionalSection(VisitsConfig.Fields.visits).map(VisitsConfig.parse)
        config.clubs = try p.optionalSection(ClubsConfig.Fields.clubs).map(ClubsConfig.parse)
        config.staff = try p.optionalSection(StaffConfig.Fields.staff).map(StaffConfig.parse)
        config.families = try p.optionalSection(FamiliesConfig.Fields.families).map {
            try FamiliesConfig.parse($0, householdSizeShares: shares)
        }
        if let meetings = try p.optionalSection(MeetingsConfig.Fields.meetings) {
            config.meetings = try MeetingsConfig.parse(meetings, work: config.workTime, departureInterval: config.departureIntervalMinutes)
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
        for (section, fields) in [(work, Fields.workLayout), (school, Fields.schoolLayout), (leisure, Fields.leisureLayout)] {
            let layout = try parseCluster(section, fields)  // re-read is idempotent; validates geometry below
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
