import WarnSimCore

/// Every stay of every person on one day (struct-of-arrays), grouped by venue.
/// A stay is a half-open interval of minutes after midnight in one venue.
package struct DayPlan: Sendable {
    /// Subsystem of the per-person, per-day schedule streams.
    static let scheduleStreams = RandomStream.Subsystem(StreamName.schedule)
    package let day: Int
    package var person: [Int32] = []
    package var setting: [UInt8] = []
    /// Venue index within the setting.
    package var venue: [Int32] = []
    package var start: [Int16] = []
    package var end: [Int16] = []
    /// Seat: group index within the room and seat within the group (seated
    /// settings), or seat index (vehicles); −1 for moving crowds.
    package var cluster: [Int16] = []
    package var seat: [Int16] = []
    package var clusterSize: [Int8] = []
    /// Stays of people kept from them by a ``DayRestriction`` (only until the
    /// groups are formed; the finished plan has none).
    var absent: [Bool] = []

    /// Venues of each setting on this day, and the first global venue index of each setting.
    package var venueCount: [Int] = []
    package var settingBase: [Int] = []
    /// Stays sorted by global venue (then person, then start): `venueStays[venueFirst[v]..<venueFirst[v+1]]`.
    package var venueFirst: [Int32] = []
    package var venueStays: [Int32] = []

    package var stayCount: Int { person.count }
    package var totalVenues: Int { venueFirst.count - 1 }

    /// Whether `day` (0 = Monday) is Monday to Friday.
    package static func isWeekday(_ day: Int) -> Bool { day % 7 < 5 }

    mutating func append(_ p: Int, _ s: Setting, _ v: Int, _ from: Int, _ to: Int, cluster c: Int = -1, seat st: Int = -1, size: Int = 0) {
        guard from < to else { return }
        person.append(Int32(p))
        setting.append(s.rawValue)
        venue.append(Int32(v))
        start.append(Int16(from))
        end.append(Int16(to))
        cluster.append(Int16(c))
        seat.append(Int16(st))
        clusterSize.append(Int8(size))
        absent.append(false)
    }

    mutating func append(contentsOf other: DayPlan) {
        person += other.person
        setting += other.setting
        venue += other.venue
        start += other.start
        end += other.end
        cluster += other.cluster
        seat += other.seat
        clusterSize += other.clusterSize
        absent += other.absent
    }

    init(day: Int) { self.day = day }

    /// Plans day `day` for the whole town on `workers` threads; the result does
    /// not depend on `workers`. `restrictions` (one per person, or empty for
    /// none) keeps people at home or away from shops and leisure; each
    /// person's schedule is drawn from their own stream either way, and the
    /// stays a restriction cancels keep their seats while vehicles and tables
    /// are filled, so a restriction moves nobody else.
    package init(town: Town, day: Int, workers: Int, restrictions: [DayRestriction] = []) {
        precondition(restrictions.isEmpty || restrictions.count == town.people, "one restriction per person")
        self.day = day
        let n = town.people
        let parts = UnsafeMutableBufferPointer<DayPlan>.allocate(capacity: workers)
        parts.initialize(repeating: DayPlan(day: day))
        defer {
            parts.deinitialize()
            parts.deallocate()
        }
        let box = UnsafeSendable(parts)
        let gatherings = DayGatherings(town: town, day: day)
        let meetings = DayMeetings(town: town, day: day)
        Parallel.run(workers: workers) { worker in
            var local = DayPlan(day: day)
            let range = Parallel.chunk(worker, of: workers, count: n)
            local.reserve(range.count * 5)
            for p in range {
                local.planPerson(
                    p, town: town, restriction: restrictions.isEmpty ? .none : restrictions[p], gatherings: gatherings, meetings: meetings)
            }
            box.value[worker] = local
        }
        for part in parts { append(contentsOf: part) }
        groupVehiclesAndTables(town: town)
        venueCount[Int(Setting.meeting.rawValue)] = meetings.count
        removeAbsent()
        indexVenues()
    }

    mutating func reserve(_ count: Int) {
        person.reserveCapacity(count)
        setting.reserveCapacity(count)
        venue.reserveCapacity(count)
        start.reserveCapacity(count)
        end.reserveCapacity(count)
        cluster.reserveCapacity(count)
        seat.reserveCapacity(count)
        clusterSize.reserveCapacity(count)
        absent.reserveCapacity(count)
    }

    /// One person's stays for the day: the out-of-home activities in order,
    /// then home for the rest of the day. A person who stays home spends the
    /// whole day there; one who reduces contacts skips shopping, clubs,
    /// visits and leisure, and keeps out of a gathering at their own home.
    /// A worker's meetings (``DayMeetings``) take them from their desk to the
    /// meeting room for the meeting's length.
    mutating func planPerson(
        _ p: Int, town: Town, restriction: DayRestriction = .none, gatherings: DayGatherings, meetings: DayMeetings
    ) {

        let config = town.config
        var random = RandomStream.derive(seed: town.seed, subsystem: DayPlan.scheduleStreams, entity: UInt64(p), index: UInt64(day))
        let weekday = DayPlan.isWeekday(day)
        let weekdayIndex = day % 7
        let streets = town.venueCount[Int(Setting.street.rawValue)]
        let first = person.count
        var clock = 0  // the earliest minute the next activity may start
        func jitter(_ time: ActivityTime) -> Int {
            time.start + (time.startSpread > 0 ? random.nextIndex(2 * time.startSpread + 1) - time.startSpread : 0)
        }
        func walk(_ from: Int) -> Int {
            let to = min(1440, from + config.streetMinutes)
            append(p, .street, random.nextIndex(streets), from, to)
            return to
        }
        func ride(_ earliest: Int) -> Int {
            let interval = config.departureIntervalMinutes
            let departure = (earliest + interval - 1) / interval * interval
            if departure > earliest {  // waiting at the stop
                append(p, .street, random.nextIndex(streets), earliest, min(1440, departure))
            }
            let to = min(1440, departure + config.rideMinutes)
            append(p, .transport, departure / interval, departure, to)  // grouped into vehicles later
            return to
        }

        // Weekday place.
        let placeSetting = town.placeSetting[p]
        if weekday, placeSetting != Town.noPlace, let setting = Setting(rawValue: placeSetting) {
            let time = setting == .work ? config.workTime : setting == .school ? config.schoolTime : config.daycareTime
            var begin = jitter(time)
            if setting != .daycare {
                if town.usesTransport[p] {
                    let interval = config.departureIntervalMinutes
                    let departure = max(0, (begin - config.rideMinutes) / interval * interval)
                    begin = ride(departure)
                } else {
                    begin = walk(max(0, begin - config.streetMinutes))
                }
            }
            let finish = min(1440, begin + time.duration)
            func desk(_ from: Int, _ to: Int) {
                if setting == .school, town.placeCluster[p] < 0, let staff = config.staff {
                    // A teacher: at one table group after another, each drawn
                    // uniformly among the room's groups, standing (seat −1).
                    for block in stride(from: from, to: to, by: staff.tableMinutes) {
                        let table = random.nextIndex(config.school.clustersPerRoom)
                        append(p, setting, Int(town.place[p]), block, min(to, block + staff.tableMinutes), cluster: table, seat: -1)
                    }
                    return
                }
                append(
                    p, setting, Int(town.place[p]), from, to, cluster: Int(town.placeCluster[p]),
                    seat: Int(town.placeSeat[p]), size: Int(town.placeClusterSize[p]))
            }
            var from = begin
            for (m, seat) in meetings.meetings(of: p) {
                let meetingStart = Int(meetings.start[m])
                let meetingEnd = meetingStart + meetings.duration
                guard meetingStart >= from, meetingEnd <= finish else { continue }
                desk(from, meetingStart)
                append(p, .meeting, m, meetingStart, meetingEnd, cluster: 0, seat: seat, size: meetings.participants)
                from = meetingEnd
            }
            desk(from, finish)
            clock = finish
            if setting != .daycare && clock < 1440 {
                clock = town.usesTransport[p] ? ride(clock) : walk(clock)
            }
        }
        let grownUp = town.age[p] == .adult || town.age[p] == .senior
        // Shopping (shops are closed on Sundays in Germany).
        let shopProbability = weekdayIndex < 5 ? config.shopWeekdayProbability : weekdayIndex == 5 ? config.shopSaturdayProbability : 0
        let shopping = person.count
        if grownUp && random.nextBernoulli(shopProbability) {
            // Leave home so as to arrive uniformly within the opening hours.
            let arrival = config.shopOpens + random.nextIndex(config.shopCloses - config.shopOpens - config.shopVisitMinutes + 1)
            let begin = max(clock + 30, arrival - config.streetMinutes)
            if begin + config.streetMinutes + config.shopVisitMinutes < 1440 {
                let arrive = walk(begin)
                let finish = arrive + config.shopVisitMinutes
                append(p, .shop, random.nextIndex(town.venueCount[Int(Setting.shop.rawValue)]), arrive, finish)
                clock = walk(finish)
            }
        }
        // The club's meeting, if it meets today: members arrive at the club's
        // start (those still busy miss it).
        let club = Int(town.club[p])
        if club >= 0, town.clubDays[club] & (1 << UInt8(weekdayIndex)) != 0, let clubs = config.clubs {
            let (begin, length) = DayPlan.clubMeeting(club, day: day, town: town, clubs: clubs)
            if begin >= clock + config.streetMinutes && begin + length + config.streetMinutes < 1440 {
                _ = walk(begin - config.streetMinutes)
                append(p, .club, club, begin, begin + length)
                clock = walk(begin + length)
            }
        }
        // A gathering the household is invited to: its free members come (late
        // if busy) and stay to the end, at the host's home.
        let household = Int(town.household[p])
        if !gatherings.isEmpty, gatherings.guestOf[household] >= 0 {
            let host = Int(gatherings.guestOf[household])
            let begin = max(Int(gatherings.hostStart[host]), clock + config.streetMinutes)
            let finish = Int(gatherings.hostStart[host]) + gatherings.length(of: host)
            if begin < finish && finish + config.streetMinutes < 1440 {
                _ = walk(begin - config.streetMinutes)
                append(p, .visit, host, begin, finish)
                clock = walk(finish)
            }
        }
        // Leisure (restaurants, bars), evening; visitors arriving in the same
        // half hour are seated at tables together (grouped later).
        let leisureProbability = weekday ? config.leisureWeekdayProbability : config.leisureWeekendProbability
        if restriction == .reducedContacts { markAbsent(shopping..<person.count) }
        let leisure = person.count
        if grownUp && random.nextBernoulli(leisureProbability) {
            let slot = 30
            let begin = (max(clock + config.streetMinutes, jitter(config.leisureTime)) + slot - 1) / slot * slot
            if begin + config.leisureTime.duration + config.streetMinutes < 1440 {
                _ = walk(begin - config.streetMinutes)
                append(p, .leisure, begin / slot, begin, begin + config.leisureTime.duration)
                clock = walk(begin + config.leisureTime.duration)
            }
        }
        if restriction == .reducedContacts { markAbsent(leisure..<person.count) }
        // Home: every minute not spent elsewhere (the activities above are in
        // time order); the part of it within a gathering the household hosts
        // is spent with the guests (setting `visit`, the household as venue).
        var gathering = 0..<0
        if !gatherings.isEmpty, gatherings.hostStart[household] >= 0, restriction == .none {
            let from = Int(gatherings.hostStart[household])
            gathering = from..<min(1440, from + gatherings.length(of: household))
        }
        func home(_ from: Int, _ to: Int) {
            let hostingFrom = max(from, gathering.lowerBound)
            let hostingTo = min(to, gathering.upperBound)
            guard hostingFrom < hostingTo else { return append(p, .home, household, from, to) }
            append(p, .home, household, from, hostingFrom)
            append(p, .visit, household, hostingFrom, hostingTo)
            append(p, .home, household, hostingTo, to)
        }
        let last = person.count
        var cursor = 0
        for i in first..<last where !absent[i] {
            if Int(start[i]) > cursor { home(cursor, Int(start[i])) }
            cursor = max(cursor, Int(end[i]))
        }
        if cursor < 1440 { home(cursor, 1440) }
        if restriction == .stayHome {
            markAbsent(first..<person.count)
            append(p, .home, Int(town.household[p]), 0, 1440)
        }
    }

    /// When a club meets on `day` and for how long: at its start for
    /// `clubs.time.duration_minutes`, or with drawn lengths for a length drawn
    /// per club and day (stream `clubs.lengths`), starting earlier when its
    /// members would not be home by the day's end.
    static func clubMeeting(_ club: Int, day: Int, town: Town, clubs: ClubsConfig) -> (begin: Int, length: Int) {
        let start = Int(town.clubStart[club])
        guard let lengths = clubs.lengths else { return (start, clubs.time.duration) }
        var draws = RandomStream.derive(seed: town.seed, subsystem: StreamName.clubLengths, entity: UInt64(club), index: UInt64(day))
        return lengths.occasion(start: start, latestEnd: 1439 - town.config.streetMinutes, &draws)
    }

    /// Marks stays the person will not make: they keep their seat in vehicles
    /// and at tables while groups are formed (so nobody else moves), and are
    /// removed before encounters are generated.
    mutating func markAbsent(_ stays: Range<Int>) {
        for i in stays { absent[i] = true }
    }

    /// Drops the stays marked absent, keeping the order of the others.
    mutating func removeAbsent() {
        guard absent.contains(true) else { return }
        var kept = 0
        for i in 0..<stayCount where !absent[i] {
            person[kept] = person[i]
            setting[kept] = setting[i]
            venue[kept] = venue[i]
            start[kept] = start[i]
            end[kept] = end[i]
            cluster[kept] = cluster[i]
            seat[kept] = seat[i]
            clusterSize[kept] = clusterSize[i]
            kept += 1
        }
        for i in 0..<kept { absent[i] = false }
        let removed = stayCount - kept
        person.removeLast(removed)
        setting.removeLast(removed)
        venue.removeLast(removed)
        start.removeLast(removed)
        end.removeLast(removed)
        cluster.removeLast(removed)
        seat.removeLast(removed)
        clusterSize.removeLast(removed)
        absent.removeLast(removed)
    }

    /// Vehicles: riders of one departure are ordered by a per-day hash and fill
    /// vehicles seat by seat. Restaurants: guests of one half hour are ordered
    /// the same way and seated at tables of the configured size.
    mutating func groupVehiclesAndTables(town: Town) {
        let config = town.config
        let seed = town.seed
        let day = UInt64(day)
        func order(_ setting: Setting) -> [Int] {
            var indices: [Int] = []
            for i in 0..<stayCount where self.setting[i] == setting.rawValue { indices.append(i) }
            let keys = indices.map { SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(person[$0]) &+ day &* 0x1_0000_0001)) }
            return indices.indices.sorted {
                let a = indices[$0]
                let b = indices[$1]
                if venue[a] != venue[b] { return venue[a] < venue[b] }
                if keys[$0] != keys[$1] { return keys[$0] < keys[$1] }
                return a < b
            }.map { indices[$0] }
        }
        // Vehicles: each departure's riders fill vehicles of k or k + 1 riders
        // (``PopulationConfig/vehicleRiders``) on uniformly drawn distinct seats.
        var vehicleRandom = RandomStream.derive(seed: seed, subsystem: StreamName.vehicles, entity: 0, index: day)
        let (riders, largerShare) = config.vehicleRiders
        var seats = (0..<config.vehicleCapacity).map { Int16($0) }
        var vehicles = 0
        var previousSlot: Int32 = -1
        var inVehicle = 0
        var vehicleSize = 0
        for i in order(.transport) {
            if venue[i] != previousSlot {
                previousSlot = venue[i]
                inVehicle = vehicleSize
            }
            if inVehicle == vehicleSize {
                vehicles += 1
                inVehicle = 0
                vehicleSize = min(config.vehicleCapacity, vehicleRandom.nextBernoulli(largerShare) ? riders + 1 : riders)
                for k in 0..<vehicleSize { seats.swapAt(k, k + vehicleRandom.nextIndex(seats.count - k)) }
            }
            cluster[i] = -1
            seat[i] = seats[inVehicle]
            venue[i] = Int32(vehicles - 1)
            inVehicle += 1
        }
        // Restaurant tables.
        var tableRandom = RandomStream.derive(seed: seed, subsystem: StreamName.leisureTables, entity: 0, index: day)
        let (small, largeShare) = config.leisure.clusterSizes
        var tables = 0
        previousSlot = -1
        var tableMembers: [Int] = []
        var tableSize = 0
        func closeTable() {
            for (seatIndex, stay) in tableMembers.enumerated() {
                venue[stay] = Int32(tables / config.leisure.clustersPerRoom)
                cluster[stay] = Int16(tables % config.leisure.clustersPerRoom)
                seat[stay] = Int16(seatIndex)
                clusterSize[stay] = Int8(tableMembers.count)
            }
            if !tableMembers.isEmpty { tables += 1 }
            tableMembers.removeAll(keepingCapacity: true)
        }
        for i in order(.leisure) {
            if venue[i] != previousSlot {
                closeTable()
                // A new half hour starts in a new restaurant.
                tables = (tables + config.leisure.clustersPerRoom - 1) / config.leisure.clustersPerRoom * config.leisure.clustersPerRoom
                previousSlot = venue[i]
            }
            if tableMembers.isEmpty { tableSize = tableRandom.nextBernoulli(largeShare) ? small + 1 : small }
            tableMembers.append(i)
            if tableMembers.count == tableSize { closeTable() }
        }
        closeTable()
        venueCount = town.venueCount
        venueCount[Int(Setting.transport.rawValue)] = vehicles
        venueCount[Int(Setting.leisure.rawValue)] = (tables + config.leisure.clustersPerRoom - 1) / config.leisure.clustersPerRoom
    }

    /// A plan of the given stays, indexed by venue: `venueCount` venues per
    /// setting, each stay's venue an index within its setting. For checks of
    /// what reads a plan (the stays are taken in person order, then start).
    package init(day: Int, venueCount: [Int], stays: [(person: Int, setting: Setting, venue: Int, start: Int, end: Int)]) {
        self.day = day
        for stay in stays.sorted(by: { ($0.person, $0.start) < ($1.person, $1.start) }) {
            append(stay.person, stay.setting, stay.venue, stay.start, stay.end)
        }
        self.venueCount = venueCount
        indexVenues()
    }

    /// Counting sort of stays by global venue index (stable: person order).
    mutating func indexVenues() {
        settingBase = []
        var total = 0
        for count in venueCount {
            settingBase.append(total)
            total += count
        }
        var counts = [Int32](repeating: 0, count: total + 1)
        for i in 0..<stayCount { counts[settingBase[Int(setting[i])] + Int(venue[i]) + 1] += 1 }
        for v in 0..<total { counts[v + 1] += counts[v] }
        venueFirst = counts
        var next = counts
        venueStays = [Int32](repeating: 0, count: stayCount)
        for i in 0..<stayCount {
            let v = settingBase[Int(setting[i])] + Int(venue[i])
            venueStays[Int(next[v])] = Int32(i)
            next[v] += 1
        }
    }

    /// The setting of global venue `v`.
    package func setting(ofVenue v: Int) -> Setting {
        var s = 0
        while s + 1 < settingBase.count && settingBase[s + 1] <= v { s += 1 }
        return Setting(rawValue: UInt8(s))!
    }
}
