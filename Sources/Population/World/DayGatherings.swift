import WarnSimCore

/// The private gatherings of one day (``VisitsConfig``): which households
/// host one and when, and which household each invited household visits.
///
/// Drawn in two passes over the households from one stream per day
/// (`visits.hosts`): first whether each household hosts and the start of its
/// gathering, then, host by host, the invited households of its circle
/// (distinct, drawn without replacement). A household that hosts is nobody's
/// guest that day, and one invited twice goes to the first host (in household
/// order). Without `visits` the day has no gatherings. With drawn lengths
/// (`visits.time.duration_class_shares`) each host's gathering gets its own,
/// host by host from a second stream (`visits.lengths`), so that the hosts,
/// their starts and their guests are those of fixed lengths; a gathering that
/// would not end, and its guests be home, by the day's end starts earlier.
package struct DayGatherings: Sendable {
    /// Per household: the start minute of the gathering it hosts, or −1.
    package private(set) var hostStart: [Int16] = []
    /// Per household: the host household it visits, or −1.
    package private(set) var guestOf: [Int32] = []
    /// Length of every gathering (minutes), or with drawn lengths the longest.
    package private(set) var duration = 0
    /// Per household: the length of the gathering it hosts, when drawn; empty otherwise.
    private var hostLength: [Int16] = []

    package init(town: Town, day: Int) {
        guard let visits = town.config.visits else { return }
        let households = town.householdFirst.count
        hostStart = Array(repeating: -1, count: households)
        guestOf = Array(repeating: -1, count: households)
        duration = visits.time.duration
        guard households > 1 else { return }
        var random = RandomStream.derive(seed: town.seed, subsystem: StreamName.visitHosts, entity: 0, index: UInt64(day))
        let probability = DayPlan.isWeekday(day) ? visits.weekdayHostProbability : visits.weekendHostProbability
        let spread = visits.time.startSpread
        for h in 0..<households where random.nextBernoulli(probability) {
            hostStart[h] = Int16(visits.time.start + (spread > 0 ? random.nextIndex(2 * spread + 1) - spread : 0))
        }
        if let lengths = visits.lengths {
            var draws = RandomStream.derive(seed: town.seed, subsystem: StreamName.visitLengths, entity: 0, index: UInt64(day))
            hostLength = Array(repeating: 0, count: households)
            let latestEnd = 1439 - town.config.streetMinutes
            for h in 0..<households where hostStart[h] >= 0 {
                let (begin, length) = lengths.occasion(start: Int(hostStart[h]), latestEnd: latestEnd, &draws)
                (hostStart[h], hostLength[h]) = (Int16(begin), Int16(length))
            }
        }
        let circle = visits.friendHouseholds
        var slots = Array(0..<circle)
        for h in 0..<households where hostStart[h] >= 0 {
            for g in 0..<visits.guestHouseholds {
                slots.swapAt(g, g + random.nextIndex(circle - g))
                let guest = Int(town.friends[h * circle + slots[g]])
                if hostStart[guest] < 0 && guestOf[guest] < 0 { guestOf[guest] = Int32(h) }
            }
        }
    }

    /// The length (minutes) of the gathering `host` holds.
    package func length(of host: Int) -> Int {
        hostLength.isEmpty ? duration : Int(hostLength[host])
    }

    /// Whether the day has any gatherings at all (false without `visits`).
    package var isEmpty: Bool { hostStart.isEmpty }
}
