import WarnSimCore

/// The meetings of one day (``MeetingsConfig``): who meets whom, and when.
///
/// Drawn on weekdays from one stream per day (`meetings.pairs`), worker by
/// worker in person order: each worker arranges a Poisson number of meetings
/// (mean `per_worker_day / participants`, so that a worker is in
/// `per_worker_day` meetings on average), each with `participants - 1` other
/// workers drawn uniformly from all the town's workers. Meetings start at the
/// beginning of the ``MeetingsConfig/window(work:departureInterval:)`` or a
/// whole number of meeting lengths after it (on the hour for meetings of an
/// hour); a meeting takes the first of these slots, from one drawn uniformly
/// on and round, at which all its participants are free. It is not held when
/// there is none, or when a worker would be in it twice. The meetings do not depend on who stays
/// home: a worker kept home misses theirs, and the others meet without them,
/// so that a restriction moves nobody else. Weekends and towns without
/// `meetings` have none.
package struct DayMeetings: Sendable {
    /// Workers per meeting.
    package private(set) var participants = 0
    /// Per meeting and seat: the worker (`member[m * participants + seat]`, the arranging one at seat 0).
    package private(set) var member: [Int32] = []
    /// Per meeting: its start minute.
    package private(set) var start: [Int16] = []
    /// Length of every meeting (minutes).
    package private(set) var duration = 0
    /// Per person: the entry (`m * participants + seat`) of their latest meeting,
    /// or −1; per entry: the same worker's previous meeting's entry, or −1.
    private var head: [Int32] = []
    private var next: [Int32] = []

    package init(town: Town, day: Int) {
        guard let meetings = town.config.meetings, DayPlan.isWeekday(day) else { return }
        let workers = town.workers
        guard workers.count >= meetings.participants else { return }
        participants = meetings.participants
        duration = meetings.durationMinutes
        head = Array(repeating: -1, count: town.people)
        let window = MeetingsConfig.window(work: town.config.workTime, departureInterval: town.config.departureIntervalMinutes)
        let slots = window.count / duration
        var random = RandomStream.derive(seed: town.seed, subsystem: StreamName.meetingPairs, entity: 0, index: UInt64(day))
        var invited = [Int32](repeating: 0, count: participants)
        for worker in workers {
            for _ in 0..<random.nextPoisson(mean: meetings.perWorkerDay / Double(participants)) {
                invited[0] = worker
                for seat in 1..<participants { invited[seat] = workers[random.nextIndex(workers.count)] }
                guard (1..<participants).allSatisfy({ !invited[..<$0].contains(invited[$0]) }) else { continue }
                // The participants take the first slot, from a random one on
                // and round, at which all of them are free.
                let first = random.nextIndex(slots)
                var begin = -1
                for k in 0..<slots {
                    let candidate = window.lowerBound + (first + k) % slots * duration
                    if invited.allSatisfy({ isFree($0, at: candidate) }) {
                        begin = candidate
                        break
                    }
                }
                guard begin >= 0 else { continue }
                let m = start.count
                start.append(Int16(begin))
                for (seat, person) in invited.enumerated() {
                    member.append(person)
                    next.append(head[Int(person)])
                    head[Int(person)] = Int32(m * participants + seat)
                }
            }
        }
    }

    /// Meetings drawn on the day.
    package var count: Int { start.count }

    /// The meetings of `person` by start, each with the person's seat.
    package func meetings(of person: Int) -> [(meeting: Int, seat: Int)] {
        guard !head.isEmpty else { return [] }
        var result: [(meeting: Int, seat: Int)] = []
        var entry = Int(head[person])
        while entry >= 0 {
            result.append((entry / participants, entry % participants))
            entry = Int(next[entry])
        }
        return result.sorted { start[$0.meeting] < start[$1.meeting] }
    }

    /// Whether `person` has no meeting in the slot that starts at `begin`.
    private func isFree(_ person: Int32, at begin: Int) -> Bool {
        var entry = Int(head[Int(person)])
        while entry >= 0 {
            if Int(start[entry / participants]) == begin { return false }
            entry = Int(next[entry])
        }
        return true
    }
}
