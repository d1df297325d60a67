import WarnSimCore

/// The simulated town surveyed as the POLYMOD diaries survey people
/// (Mossong et al. 2008): each simulated person-day is one diary day. Two
/// people are each other's diary contact on a day when they spent at least
/// ``minimumMinutes`` within ``conversationDistance`` of each other that day,
/// in any setting; the contact is reported in every setting where they were
/// that close (as a diary ticks several places), and its duration class is
/// the time the two spent together that day: the minutes both were at the
/// places where they met (the overlap of their stays in each venue where they
/// had an encounter), as a respondent reports the time spent with someone
/// (an evening at the club, a working day in the same room), not only the
/// minutes face to face.
///
/// Accumulates over days; ``respondents()`` gives one ``DiaryRespondent`` per
/// person with every day surveyed.
package struct ContactDiarySurvey: Sendable {
    /// The distance within which two people of the town count as having had a
    /// conversation: 2.0 m.
    ///
    /// POLYMOD's contact is "a two-way conversation of at least three words in
    /// the physical presence of another person" or a skin-to-skin touch
    /// (Mossong et al. 2008, PLoS Med 5(3):e74, Methods). The town has no
    /// conversations, only distances, so the contact is mapped to the distance
    /// at which people talk: Hall's proxemics put conversation among
    /// acquaintances in the personal distance (0.45–1.2 m) and impersonal
    /// business, such as speaking to a shop assistant or a colleague, in the
    /// close phase of the social distance, 4–7 ft (1.2–2.1 m) (E. T. Hall,
    /// *The Hidden Dimension*, 1966, ch. X). A three-word exchange of either
    /// kind is a diary contact, so the threshold is the upper end of Hall's
    /// close social phase rounded to 2.0 m, the same as the 2 m close-contact
    /// rule of 2020–2021 (RKI category I; NHS; CDC) that the scenarios'
    /// `contact_distance_m` uses.
    package static let conversationDistance: Float = 2.0

    /// The time within ``conversationDistance`` a pair needs on a day to be a
    /// diary contact: 1 minute.
    ///
    /// Three words take seconds, and the diaries record contacts shorter than
    /// 5 minutes (8.6 % of the German contacts with a duration are in that
    /// class); the town's clock ticks in minutes, so one minute at
    /// conversational distance, the shortest time the world can hold, is the
    /// threshold. Passers-by who come within 2 m for a minute therefore count
    /// as contacts, although many would not have spoken: the measured figures
    /// say how much that adds (the "other" setting holds the street).
    package static let minimumMinutes = 1

    package let ages: [AgeGroup]
    /// The mapping's distance and minimum time (the declared defaults above;
    /// other values only for sensitivity checks).
    package let distance: Float
    package let minutes: Int
    package private(set) var days = 0
    /// Per person: contacts; per person × setting; per person × duration class.
    package private(set) var contacts: [Int32]
    package private(set) var bySetting: [Int32]
    package private(set) var byDuration: [Int32]

    package init(town: Town, distance: Float = Self.conversationDistance, minutes: Int = Self.minimumMinutes) {
        ages = town.age
        self.distance = distance
        self.minutes = minutes
        contacts = Array(repeating: 0, count: town.people)
        bySetting = Array(repeating: 0, count: town.people * SurveySetting.allCases.count)
        byDuration = Array(repeating: 0, count: town.people * DurationClass.allCases.count)
    }

    /// Adds one day: `plan` gives who stayed where and when, `e` whom they met.
    package mutating func add(plan: DayPlan, encounters e: DayEncounters) {
        let n = e.count
        let settingOf = Setting.allCases.map { SurveySetting($0).rawValue }
        // Pair keys (a < b); the encounters of each pair are a run once sorted.
        var keys: [UInt64] = []
        keys.reserveCapacity(n)
        for i in 0..<n { keys.append(UInt64(UInt32(bitPattern: e.personA[i])) << 32 | UInt64(UInt32(bitPattern: e.personB[i]))) }
        var order = Array(0..<n)
        order.sort { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
        let settings = SurveySetting.allCases.count
        let classes = DurationClass.allCases.count
        var k = 0
        while k < n {
            let key = keys[order[k]]
            var venues: [Int32] = []
            var close = 0
            var mask = 0
            while k < n && keys[order[k]] == key {
                let i = order[k]
                if !venues.contains(e.venue[i]) { venues.append(e.venue[i]) }
                var near = 0
                for s in e.segments(i) where e.segmentDistance[s] <= distance {
                    near += Int(e.segmentEnd[s]) - Int(e.segmentStart[s])
                }
                if near > 0 { mask |= 1 << settingOf[Int(e.setting[i])] }
                close += near
                k += 1
            }
            guard close >= minutes, close > 0 else { continue }
            let a = Int32(truncatingIfNeeded: key >> 32)
            let b = Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)
            let together = venues.reduce(0) { $0 + Self.minutesTogether(a, b, venue: Int($1), plan: plan) }
            let durationClass = DurationClass(minutes: together).rawValue
            for person in [Int(key >> 32), Int(key & 0xFFFF_FFFF)] {
                contacts[person] += 1
                for s in 0..<settings where mask & (1 << s) != 0 { bySetting[person * settings + s] += 1 }
                byDuration[person * classes + durationClass] += 1
            }
        }
        days += 1
    }

    /// The minutes `a` and `b` both stayed in global venue `venue` (the
    /// overlap of their stays there). The venue's stays are in person order.
    static func minutesTogether(_ a: Int32, _ b: Int32, venue: Int, plan: DayPlan) -> Int {
        let first = Int(plan.venueFirst[venue])
        let last = Int(plan.venueFirst[venue + 1])
        func stays(of person: Int32) -> Range<Int> {
            var low = first
            var high = last
            while low < high {
                let mid = (low + high) / 2
                if plan.person[Int(plan.venueStays[mid])] < person { low = mid + 1 } else { high = mid }
            }
            var end = low
            while end < last && plan.person[Int(plan.venueStays[end])] == person { end += 1 }
            return low..<end
        }
        var minutes = 0
        for i in stays(of: a) {
            let x = Int(plan.venueStays[i])
            for j in stays(of: b) {
                let y = Int(plan.venueStays[j])
                minutes += max(0, Int(min(plan.end[x], plan.end[y])) - Int(max(plan.start[x], plan.start[y])))
            }
        }
        return minutes
    }

    /// One respondent per person, with every surveyed day (the town's age group, no age band).
    package func respondents() -> [DiaryRespondent] {
        let settings = SurveySetting.allCases.count
        let classes = DurationClass.allCases.count
        return ages.indices.map { p in
            var r = DiaryRespondent(ageBand: nil, worldAge: ages[p], days: days)
            r.contacts = Int(contacts[p])
            r.bySetting = (0..<settings).map { Int(bySetting[p * settings + $0]) }
            r.byDuration = (0..<classes).map { Int(byDuration[p * classes + $0]) }
            return r
        }
    }
}
