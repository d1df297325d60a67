import WarnSimCore

/// The private gatherings of one day (``VisitsConfig``): which households
/// host one and when, and which household each invited household visits.
///
/// Drawn in two passes over the households from one stream per day
/// (`visits.hosts`): first whether each household hosts and the start of its
/// gathering, then, host by host, the invited households of its circle
/// (distinct, drawn without replacement). A household that hosts is nobody's
/// guest that day, and one invited twice goes to the first host (in household
/// order). Without `visits` the day has no gatherings.
package struct DayGatherings: Sendable {
    /// Per household: the start minute of the gathering it hosts, or −1.
    package private(set) var hostStart: [Int16] = []
    /// Per household: the host household it visits, or −1.
    package private(set) var guestOf: [Int32] = []
    /// Length of every gathering (minutes).
    package private(set) var duration = 0

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

    /// Whether the day has any gatherings at all (false without `visits`).
    package var isEmpty: Bool { hostStart.isEmpty }
}
