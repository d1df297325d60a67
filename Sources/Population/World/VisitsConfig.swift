import WarnSimCore

/// Private gatherings (`population.visits`): on a day a household hosts with
/// some probability and invites households of its circle of befriended
/// households; the hosts at home and the guests who come meet in the room the
/// gathering takes (setting ``Setting/visit``, venue: the host household).
/// Absent from a scenario: nobody visits another household.
package struct VisitsConfig: Sendable, Equatable {
    /// Households in each household's circle of befriended households (drawn once per town).
    package var friendHouseholds: Int
    /// Probability that a household hosts a gathering on a weekday (Monday–Friday) and on a weekend day.
    package var weekdayHostProbability: Double
    package var weekendHostProbability: Double
    /// Households of the circle invited to a gathering (all their members who are free come).
    package var guestHouseholds: Int
    /// The room the gathering takes place in (m²) and how often people there take new places.
    package var roomArea: Double
    package var repositionMinutes: Int
    package var time: ActivityTime
    /// Each gathering's length drawn from the diaries' duration classes
    /// (`time.duration_class_shares`), or nil: every one lasts `time.duration`.
    package var lengths: DiaryLengths? = nil

    /// The `visits` keys.
    package enum Fields {
        /// `visits`.
        package static let visits = ScenarioField(
            "visits", .structured("mapping"), .optional("nobody visits another household"),
            meaning: "private gatherings: households host befriended households in their home")
        /// `visits.friend_households`.
        package static let friendHouseholds = ScenarioField(
            "visits.friend_households", .integer(1...100), unit: "households",
            meaning: "households in each household's circle of befriended households (drawn once per town)",
            source:
                "4: WarnSim assumption (no German count of befriended households was found); with guest_households and the host probabilities it sets how often the same households meet: POLYMOD Germany's home contacts that are not daily are mostly weekly or monthly (Mossong et al. 2008 data)"
        )
        /// `visits.weekday_host_probability`.
        package static let weekdayHost = ScenarioField(
            "visits.weekday_host_probability", .real(0...1), unit: "per household and weekday",
            meaning: "probability that a household hosts a gathering on a weekday",
            source:
                "calibrated (Configs/scenarios/town-10k.yaml): the open town's contacts at home with people of other households, against POLYMOD Germany's home contacts with people not met daily (0.88 per participant-day, Mossong et al. 2008 data); the same on weekend days, as in the survey (0.89 such contacts per participant-day on Saturdays and Sundays and on weekdays)"
        )
        /// `visits.weekend_host_probability`.
        package static let weekendHost = ScenarioField(
            "visits.weekend_host_probability", .real(0...1), unit: "per household and weekend day",
            meaning: "probability that a household hosts a gathering on a Saturday or Sunday",
            source:
                "calibrated (Configs/scenarios/town-10k.yaml): the open town's contacts at home with people of other households, against POLYMOD Germany's home contacts with people not met daily (0.88 per participant-day, Mossong et al. 2008 data); the same on weekend days, as in the survey (0.89 such contacts per participant-day on Saturdays and Sundays and on weekdays)"
        )
        /// `visits.guest_households`.
        package static let guestHouseholds = ScenarioField(
            "visits.guest_households", .integer(1...20), unit: "households",
            meaning: "households of the circle invited to a gathering (each of their members who is free that evening comes)",
            source:
                "2: WarnSim assumption (a gathering of three households; most German households have one or two members, Mikrozensus 2019)")
        /// `visits.room_m2`.
        package static let roomArea = ScenarioField(
            "visits.room_m2", .real(4...500), unit: "m²", meaning: "the room a gathering takes place in",
            source:
                "25: WarnSim assumption, a living room (no German statistic of room sizes was found; Destatis 2019: 47 m² of living space per inhabitant)"
        )
        /// `visits.reposition_minutes`.
        package static let reposition = ScenarioField(
            "visits.reposition_minutes", .integer(1...240), unit: "min", meaning: "minutes between new places in the room",
            source: "15: WarnSim assumption (guests move between table, sofa and kitchen)")
        /// `visits.time`.
        package static let time = ActivityTimeFields(
            "visits",
            source:
                "1080 ± 120, 150 min: WarnSim assumption for an evening visit; Destatis ZVE 2012/13: about 1 h a day of social contacts (conversations, telephone, visits, going out)",
            drawnLengths:
                "[0.070, 0.168, 0.300, 0.372, 0.090] (Configs/scenarios/town-10k-durations.yaml): the durations of POLYMOD Germany's home contacts not met daily, the people of other households at home the gatherings stand for (1,168 with a duration; Mossong et al. 2008 data, PolymodSurvey.durationShares)"
        )

        /// Every `visits` key.
        package static let all = [visits, friendHouseholds, weekdayHost, weekendHost, guestHouseholds, roomArea, reposition] + time.all
    }

    /// Reads `visits` (every key required once the section is present).
    package static func parse(_ s: DocumentSection) throws -> VisitsConfig {
        let (time, lengths) = try PopulationConfig.parseDrawnTime(try s.section(Fields.time.time), Fields.time)
        let config = VisitsConfig(
            friendHouseholds: try s.int(Fields.friendHouseholds),
            weekdayHostProbability: try s.double(Fields.weekdayHost),
            weekendHostProbability: try s.double(Fields.weekendHost),
            guestHouseholds: try s.int(Fields.guestHouseholds),
            roomArea: try s.double(Fields.roomArea),
            repositionMinutes: try s.int(Fields.reposition),
            time: time, lengths: lengths)
        guard config.guestHouseholds <= config.friendHouseholds else {
            throw s.fail("guest_households", "at most friend_households (\(config.friendHouseholds)) households can be invited")
        }
        try s.finish()
        return config
    }
}
