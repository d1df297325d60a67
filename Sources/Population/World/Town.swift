import WarnSimCore

/// The synthetic population of a scenario, struct-of-arrays: who lives with
/// whom, the age group of each person, and the fixed weekday place (work room,
/// school class, day-care group) with the group and seat there.
package struct Town: Sendable {
    package let config: PopulationConfig
    package let seed: UInt64

    /// Per person.
    package var age: [AgeGroup] = []
    package var household: [Int32] = []
    /// Setting of the fixed weekday place (`Setting.rawValue`), or 255 for none.
    package var placeSetting: [UInt8] = []
    /// Venue index within that setting.
    package var place: [Int32] = []
    /// Group (cluster) index within the room, and seat index and size of the group.
    package var placeCluster: [Int16] = []
    package var placeSeat: [Int8] = []
    package var placeClusterSize: [Int8] = []
    /// Commutes by public transport.
    package var usesTransport: [Bool] = []
    /// The people whose weekday place is work, in person order (who ``DayMeetings`` draws from).
    package var workers: [Int32] = []

    /// Per household: first member and member count (members are contiguous).
    package var householdFirst: [Int32] = []
    package var householdSize: [Int8] = []

    /// Per household: its circle of befriended households,
    /// `friends[h * friendHouseholds ..< (h + 1) * friendHouseholds]` (empty without `visits`).
    package var friends: [Int32] = []
    /// Per person: the club they belong to, or −1 (all −1 without `clubs`).
    package var club: [Int32] = []
    /// Per club: its meeting weekdays (bit d for day d of the week, 0 = Monday) and start minute.
    package var clubDays: [UInt8] = []
    package var clubStart: [Int16] = []

    /// Venue counts per setting (households for `home`; per-day venues such as
    /// vehicles and restaurants are created by the day planner).
    package var venueCount: [Int] = Array(repeating: 0, count: Setting.allCases.count)

    package var people: Int { age.count }

    package static let noPlace: UInt8 = 255

    /// A child's age group: grown up with `families`' chance, drawn from
    /// `composition` (the `population.families` stream), else by `preschool`.
    static func child(preschool: Bool, families: FamiliesConfig?, composition: inout RandomStream) -> AgeGroup {
        if let families, composition.nextBernoulli(families.adultChildShare) { return .adult }
        return preschool ? .preschool : .pupil
    }

    /// Builds the town. Every draw comes from streams of the `population.*`
    /// subsystems, in a fixed order, so the town depends only on config and seed.
    package init(config: PopulationConfig, seed: UInt64) {
        self.config = config
        self.seed = seed
        let n = config.people
        age.reserveCapacity(n)
        household.reserveCapacity(n)

        // Households: sizes from the shares, ages by composition. One- and
        // two-person households are grown-ups; from three members on, two
        // grown-ups and children. With `families`, a household of two or more
        // may be a single parent with children, and a child may be grown up
        // (stream `population.families`, so that the other draws stay as they were).
        var random = RandomStream(seed: seed, subsystem: StreamName.households)
        var composition = RandomStream(seed: seed, subsystem: StreamName.families)
        let sizes = DiscreteDistribution(weights: config.householdSizeShares)
        let singleParent = config.families?.singleParentChances(householdSizeShares: config.householdSizeShares)
        while age.count < n {
            let size = min(sizes.sample(&random) + 1, n - age.count)
            let h = Int32(householdFirst.count)
            householdFirst.append(Int32(age.count))
            householdSize.append(Int8(size))
            var grownUps = min(size, 2)
            if let chance = singleParent, size >= 2, composition.nextBernoulli(size == 2 ? chance.two : chance.larger) { grownUps = 1 }
            let seniorCouple = random.nextBernoulli(config.seniorShareOfGrownUps)
            for member in 0..<size {
                // `random` is drawn as in a town without `families`, so that the
                // sizes and every later household are the same with it.
                let group: AgeGroup
                if member < 2 {
                    let senior = (size == 1 ? random.nextBernoulli(config.seniorShareOfGrownUps) : seniorCouple) && size <= 2
                    group =
                        member < grownUps
                        ? (senior && grownUps == size ? .senior : .adult)
                        : Self.child(
                            preschool: composition.nextBernoulli(config.preschoolShareOfChildren), families: config.families,
                            composition: &composition)
                } else {
                    group = Self.child(
                        preschool: random.nextBernoulli(config.preschoolShareOfChildren), families: config.families,
                        composition: &composition)
                }
                age.append(group)
                household.append(h)
            }
        }
        venueCount[Int(Setting.home.rawValue)] = householdFirst.count

        placeSetting = Array(repeating: Town.noPlace, count: n)
        place = Array(repeating: -1, count: n)
        placeCluster = Array(repeating: -1, count: n)
        placeSeat = Array(repeating: -1, count: n)
        placeClusterSize = Array(repeating: 0, count: n)
        usesTransport = Array(repeating: false, count: n)

        // Fixed places. Members are taken in a shuffled order so that colleagues
        // and classmates are not household members.
        var participation = RandomStream(seed: seed, subsystem: StreamName.participation)
        var workers: [Int] = []
        var pupils: [Int] = []
        var toddlers: [Int] = []
        for person in 0..<n {
            switch age[person] {
            case .adult: if participation.nextBernoulli(config.employmentRate) { workers.append(person) }
            case .pupil: pupils.append(person)
            case .preschool: if participation.nextBernoulli(config.daycareParticipation) { toddlers.append(person) }
            case .senior: break
            }
        }
        // Classes and day-care groups first (each from its own stream), so
        // that their staff can be taken from the workers before the workplaces are filled.
        assignClusters(pupils, setting: .school, layout: config.school)
        var daycareOrder = RandomStream(seed: seed, subsystem: StreamName.daycareOrder)
        let shuffledToddlers = Town.shuffled(toddlers, &daycareOrder)
        for (index, person) in shuffledToddlers.enumerated() {
            placeSetting[person] = Setting.daycare.rawValue
            place[person] = Int32(index / config.daycareGroupSize)
        }
        venueCount[Int(Setting.daycare.rawValue)] = (shuffledToddlers.count + config.daycareGroupSize - 1) / config.daycareGroupSize
        if let staff = config.staff { workers = assignStaff(workers, staff) }
        let offices = Town.smallOfficeWorkers(workers, config: config, seed: seed)
        assignClusters(offices.rest, setting: .work, layout: config.work)
        assignSmallOffices(offices.bySize)
        var transport = RandomStream(seed: seed, subsystem: StreamName.transport)
        for person in 0..<n where placeSetting[person] == Setting.work.rawValue || placeSetting[person] == Setting.school.rawValue {
            usesTransport[person] = transport.nextBernoulli(config.publicTransportShare)
        }
        // Shops: enough that each serves its configured number of shoppers on a
        // Saturday (the busiest day); streets: enough for the walks of a weekday.
        let grownUps = age.filter { $0 == .adult || $0 == .senior }.count
        venueCount[Int(Setting.shop.rawValue)] = max(
            1, Int((Double(grownUps) * config.shopSaturdayProbability / Double(config.shoppersPerShop)).rounded(.up)))
        let tripsPerDay = 2 * (workers.count + pupils.count) + grownUps
        venueCount[Int(Setting.street.rawValue)] = max(1, (tripsPerDay + config.walkersPerStreet - 1) / config.walkersPerStreet)
        self.workers = (0..<n).filter { placeSetting[$0] == Setting.work.rawValue }.map { Int32($0) }
        assignFriends()
        assignClubs()
    }

    /// Takes the staff of every class and day-care group from `workers`
    /// (a shuffled draw, stream `population.staff`): teachers join their
    /// class's room standing (no table group: ``placeCluster`` −1), carers
    /// their group. Returns the workers left, in their order. When the
    /// workers are too few, the first classes and groups are staffed.
    mutating func assignStaff(_ workers: [Int], _ staff: StaffConfig) -> [Int] {
        var random = RandomStream(seed: seed, subsystem: StreamName.staff)
        let order = Town.shuffled(workers, &random)
        var posts: [(Setting, Int)] = []
        for room in 0..<venueCount[Int(Setting.school.rawValue)] {
            posts += Array(repeating: (Setting.school, room), count: staff.teachersPerClass)
        }
        for group in 0..<venueCount[Int(Setting.daycare.rawValue)] {
            posts += Array(repeating: (Setting.daycare, group), count: staff.carersPerDaycareGroup)
        }
        for ((setting, venue), person) in zip(posts, order) {
            placeSetting[person] = setting.rawValue
            place[person] = Int32(venue)
        }
        return workers.filter { placeSetting[$0] == Town.noPlace }
    }

    /// Fisher–Yates shuffle.
    static func shuffled(_ items: [Int], _ random: inout RandomStream) -> [Int] {
        var result = items
        if result.count > 1 {
            for i in stride(from: result.count - 1, to: 0, by: -1) {
                result.swapAt(i, random.nextIndex(i + 1))
            }
        }
        return result
    }

    /// Splits the workers: each works in an office with `officeShare` and then
    /// in a small office of each size with its share (stream `population.office`,
    /// in person order). Returns each size's workers, in shuffled order, and
    /// everyone else (non-office workers and open-plan offices).
    static func smallOfficeWorkers(_ workers: [Int], config: PopulationConfig, seed: UInt64) -> (bySize: [[Int]], rest: [Int]) {
        let offices = config.smallOffices
        guard !offices.isEmpty, config.officeShare > 0 else { return (offices.map { _ in [] }, workers) }
        var random = RandomStream(seed: seed, subsystem: StreamName.office)
        let rooms = DiscreteDistribution(weights: offices.map(\.share) + [max(0, 1 - offices.reduce(0) { $0 + $1.share })])
        var bySize = [[Int]](repeating: [], count: offices.count)
        var rest: [Int] = []
        for person in workers {
            let office = random.nextBernoulli(config.officeShare)
            let size = rooms.sample(&random)
            if office && size < offices.count { bySize[size].append(person) } else { rest.append(person) }
        }
        return (bySize.map { Town.shuffled($0, &random) }, rest)
    }

    /// Seats small-office workers: rooms of each size filled in order (the last
    /// one of a size may hold fewer), people at desk pairs (a group of 2, or 1
    /// for the odd one), the rooms numbered after the work layout's rooms.
    mutating func assignSmallOffices(_ bySize: [[Int]]) {
        var room = venueCount[Int(Setting.work.rawValue)]
        for (size, members) in zip(config.smallOffices.map(\.people), bySize) {
            for first in stride(from: 0, to: members.count, by: size) {
                let occupants = members[first..<min(first + size, members.count)]
                for (index, person) in occupants.enumerated() {
                    placeSetting[person] = Setting.work.rawValue
                    place[person] = Int32(room)
                    placeCluster[person] = Int16(index / 2)
                    placeSeat[person] = Int8(index % 2)
                    placeClusterSize[person] = Int8(min(2, occupants.count - index / 2 * 2))
                }
                room += 1
            }
        }
        venueCount[Int(Setting.work.rawValue)] = room
    }

    /// Fills groups of size k or k + 1 (share q, ``ClusterLayout/clusterSizes``)
    /// in shuffled order, `clustersPerRoom` groups per room.
    mutating func assignClusters(_ members: [Int], setting: Setting, layout: ClusterLayout) {
        var random = RandomStream(seed: seed, subsystem: StreamName.placeOrder(setting.name))
        let order = Town.shuffled(members, &random)
        let (small, largeShare) = layout.clusterSizes
        var position = 0
        var cluster = 0
        while position < order.count {
            let size = min(random.nextBernoulli(largeShare) ? small + 1 : small, order.count - position)
            for seat in 0..<size {
                let person = order[position + seat]
                placeSetting[person] = setting.rawValue
                place[person] = Int32(cluster / layout.clustersPerRoom)
                placeCluster[person] = Int16(cluster % layout.clustersPerRoom)
                placeSeat[person] = Int8(seat)
                placeClusterSize[person] = Int8(size)
            }
            position += size
            cluster += 1
        }
        venueCount[Int(setting.rawValue)] = (cluster + layout.clustersPerRoom - 1) / layout.clustersPerRoom
    }
}
