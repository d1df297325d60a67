import WarnSimCore

/// Meetings between workers of different workplaces (`population.meetings`):
/// on a weekday a worker at their workplace meets workers from elsewhere
/// (clients, suppliers, colleagues of other sites) in meetings of a fixed
/// number of participants, seated evenly around a table in a meeting room for
/// a fixed time (setting ``Setting/meeting``), away from their desks
/// meanwhile. Meetings fall in the hours every worker is at work
/// (``window(work:departureInterval:)``). Absent from a scenario: workers
/// meet only the people of their own room.
package struct MeetingsConfig: Sendable, Equatable {
    /// Mean meetings a worker is in on a weekday.
    package var perWorkerDay: Double
    /// Workers in a meeting.
    package var participants: Int
    /// Radius of the circle the participants sit on (m).
    package var seatRadius: Double
    /// Length of a meeting (minutes).
    package var durationMinutes: Int

    /// The `meetings` keys.
    package enum Fields {
        /// `meetings`.
        package static let meetings = ScenarioField(
            "meetings", .structured("mapping"), .optional("workers meet only the people of their own room"),
            meaning: "meetings on weekdays between workers of different workplaces (clients, suppliers, colleagues of other sites)")
        /// `meetings.per_worker_day`.
        package static let perWorkerDay = ScenarioField(
            "meetings.per_worker_day", .real(0...10), unit: "meetings per worker at work and weekday",
            meaning:
                "mean number of meetings a worker at their workplace is in on a weekday (before meetings that would overlap another of a participant's are dropped)",
            source:
                "calibrated (Configs/scenarios/town-10k.yaml): the open town's work contacts per person-day against POLYMOD Germany's (1.43, Mossong et al. 2008 data); employed participants' work contacts on weekdays not met daily (1.74 of 3.78) are 91 % adults, as clients, suppliers and colleagues elsewhere are, not customers of all ages"
        )
        /// `meetings.participants`.
        package static let participants = ScenarioField(
            "meetings.participants", .integer(2...20), unit: "workers", meaning: "workers in a meeting, each from anywhere in the town",
            source: "4: WarnSim assumption (no German count of meeting sizes was found; a table of four)")
        /// `meetings.seat_radius_m`.
        package static let seatRadius = ScenarioField(
            "meetings.seat_radius_m", .real(0.2...5), unit: "m", meaning: "radius of the circle the participants sit on around the table",
            source: "0.6: WarnSim assumption, as the office desk groups (work.seat_radius_m)")
        /// `meetings.duration_minutes`.
        package static let duration = ScenarioField(
            "meetings.duration_minutes", .integer(1...480), unit: "min", meaning: "length of a meeting",
            source:
                "60: the average meeting lasts around an hour, 54 % of professionals' average meeting 30 min to 1 h (Barco/Nielsen survey of professionals in the UK, Germany and the USA, meeting-report.com 2019)"
        )

        /// Every `meetings` key.
        package static let all = [meetings, perWorkerDay, participants, seatRadius, duration]
    }

    /// The minutes in which meetings start and end: from the latest start of
    /// work (`start + spread`) to the earliest end of work (a commuter whose
    /// bus arrives up to one departure interval before the earliest start
    /// works the full duration from arrival). Empty when the work day is too
    /// short for a meeting.
    package static func window(work: ActivityTime, departureInterval: Int) -> Range<Int> {
        let from = work.start + work.startSpread
        let to = work.start - work.startSpread - departureInterval + 1 + work.duration
        return from..<max(from, to)
    }

    /// Reads `meetings` (every key required once the section is present); the
    /// meetings must fit in the hours every worker is at work.
    package static func parse(_ s: DocumentSection, work: ActivityTime, departureInterval: Int) throws -> MeetingsConfig {
        let config = MeetingsConfig(
            perWorkerDay: try s.double(Fields.perWorkerDay),
            participants: try s.int(Fields.participants),
            seatRadius: try s.double(Fields.seatRadius),
            durationMinutes: try s.int(Fields.duration))
        let window = Self.window(work: work, departureInterval: departureInterval)
        guard window.count >= config.durationMinutes else {
            throw s.fail(
                "duration_minutes",
                "a meeting of \(config.durationMinutes) min does not fit in the \(window.count) min every worker is at work (work.time and transport.departure_interval_minutes)"
            )
        }
        try s.finish()
        return config
    }
}
