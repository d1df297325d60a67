import WarnSimCore

/// Clubs and groups that meet every week (`population.clubs`): sports clubs,
/// choirs, youth groups. Each person belongs to at most one, with a
/// probability by age group; a club's members are of one age group and meet on
/// fixed weekdays in a hall (setting ``Setting/club``). Absent from a
/// scenario: nobody belongs to a club.
package struct ClubsConfig: Sendable, Equatable {
    /// Probability of belonging to a club, per ``AgeGroup`` (0–5, 6–17, 18–64, 65+).
    package var membershipByAge: [Double]
    package var membersPerClub: Int
    /// Meetings a week, on distinct weekdays drawn per club.
    package var meetingsPerWeek: Int
    /// The hall (m²) and how often people there take new places.
    package var area: Double
    package var repositionMinutes: Int
    package var time: ActivityTime
    /// Each club's meeting's length on a day drawn from the diaries'
    /// duration classes (`time.duration_class_shares`), or nil: every one
    /// lasts `time.duration`.
    package var lengths: DiaryLengths? = nil

    /// The `clubs` keys.
    package enum Fields {
        /// `clubs`.
        package static let clubs = ScenarioField(
            "clubs", .structured("mapping"), .optional("nobody belongs to a club"),
            meaning: "clubs and groups that meet every week (sports, choirs, youth groups)")
        /// `clubs.membership_by_age`.
        package static let membership = ScenarioField(
            "clubs.membership_by_age", .reals(0...1, count: 4...4), unit: "share per age group (0–5, 6–17, 18–64, 65+)",
            meaning: "probability of belonging to a club",
            source:
                "[0, 0.44, 0.44, 0.44]: BAT Stiftung für Zukunftsfragen (via Stiftung Warentest): 44 % of Germans aged 14+ are members of a club (Verein), about 20 % of a sports club; no share by age found, so the same for every group from 6 on; under-6s not in clubs (WarnSim assumption)"
        )
        /// `clubs.members_per_club`.
        package static let members = ScenarioField(
            "clubs.members_per_club", .integer(2...200), unit: "people", meaning: "members of a club (of one age group)",
            source:
                "calibrated (Configs/scenarios/town-10k.yaml): the open town's leisure contacts against POLYMOD Germany's 2.42 per participant-day (Mossong et al. 2008 data)"
        )
        /// `clubs.meetings_per_week`.
        package static let meetings = ScenarioField(
            "clubs.meetings_per_week", .integer(1...7), unit: "meetings", meaning: "meetings a week, on weekdays drawn per club",
            source: "2: WarnSim assumption (sports training twice a week; choirs and groups meet weekly)")
        /// `clubs.area_m2`.
        package static let area = ScenarioField(
            "clubs.area_m2", .real(10...10_000), unit: "m²", meaning: "the hall a club meets in",
            source: "405: a single sports hall of 15 m × 27 m (DIN 18032-1)")
        /// `clubs.reposition_minutes`.
        package static let reposition = ScenarioField(
            "clubs.reposition_minutes", .integer(1...240), unit: "min", meaning: "minutes between new places in the hall",
            source:
                "2: WarnSim assumption, as in shops (people at sport move all the time; a 1-minute step gave the same contacts with a third more memory at scale)"
        )
        /// `clubs.time`.
        package static let time = ActivityTimeFields(
            "clubs",
            source:
                "1080 ± 60, 90 min: WarnSim assumption, an evening training session; Destatis ZVE 2012/13: about half an hour of sport a day on average",
            drawnLengths:
                "[0.052, 0.135, 0.261, 0.482, 0.070] (Configs/scenarios/town-10k-durations.yaml): the durations of POLYMOD Germany's leisure contacts met weekly, the club mates the clubs stand for (1,201 with a duration; Mossong et al. 2008 data, PolymodSurvey.durationShares)"
        )

        /// Every `clubs` key.
        package static let all = [clubs, membership, members, meetings, area, reposition] + time.all
    }

    /// Reads `clubs` (every key required once the section is present).
    package static func parse(_ s: DocumentSection) throws -> ClubsConfig {
        let (time, lengths) = try PopulationConfig.parseDrawnTime(try s.section(Fields.time.time), Fields.time)
        let config = ClubsConfig(
            membershipByAge: try s.doubles(Fields.membership),
            membersPerClub: try s.int(Fields.members),
            meetingsPerWeek: try s.int(Fields.meetings),
            area: try s.double(Fields.area),
            repositionMinutes: try s.int(Fields.reposition),
            time: time, lengths: lengths)
        try s.finish()
        return config
    }
}
