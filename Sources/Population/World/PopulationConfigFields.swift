import WarnSimCore

/// The keys of a seated setting's group layout (`work`, `school`, `leisure`; ``ClusterLayout``).
package struct ClusterLayoutFields: Sendable {
    /// `SETTING.close_contacts_target`.
    package var closeContactsTarget: ScenarioField
    /// `SETTING.cluster_spacing_m`.
    package var clusterSpacing: ScenarioField
    /// `SETTING.seat_radius_m`.
    package var seatRadius: ScenarioField
    /// `SETTING.clusters_per_room`.
    package var clustersPerRoom: ScenarioField

    /// The layout keys of `setting`, each with its source.
    init(_ setting: String, target: String, spacing: String, radius: String, rooms: String) {
        closeContactsTarget = ScenarioField(
            "\(setting).close_contacts_target", .real(0...30), unit: "people per visit",
            meaning: "mean number of other people within contact_distance_m per visit (sets the group sizes)", source: target)
        clusterSpacing = ScenarioField(
            "\(setting).cluster_spacing_m", .real(0.5...50), unit: "m", meaning: "distance between neighbouring group centres",
            source: spacing)
        seatRadius = ScenarioField(
            "\(setting).seat_radius_m", .real(0...5), unit: "m", meaning: "radius of the circle the group members sit on", source: radius)
        clustersPerRoom = ScenarioField(
            "\(setting).clusters_per_room", .integer(1...200), unit: "groups", meaning: "groups per room", source: rooms)
    }

    /// The four fields.
    package var all: [ScenarioField] { [closeContactsTarget, seatRadius, clusterSpacing, clustersPerRoom] }
}

/// The keys of a daily activity's time (`SETTING.time`; ``ActivityTime``).
package struct ActivityTimeFields: Sendable {
    /// `SETTING.time`.
    package var time: ScenarioField
    /// `SETTING.time.start_minute`.
    package var start: ScenarioField
    /// `SETTING.time.start_spread_minutes`.
    package var startSpread: ScenarioField
    /// `SETTING.time.duration_minutes`.
    package var duration: ScenarioField
    /// `SETTING.time.duration_class_shares`, for activities whose lengths may
    /// be drawn per occurrence (``DiaryLengths``); nil for the others.
    package var durationShares: ScenarioField?

    /// The time keys of `setting`, with the source of the values the shipped
    /// scenarios state; with `drawnLengths` (the source of the shares the
    /// shipped scenarios state) its lengths may be drawn from the diaries'
    /// duration classes instead of fixed.
    init(_ setting: String, source: String, drawnLengths: String? = nil) {
        time = ScenarioField(
            "\(setting).time",
            .structured(
                "mapping of start_minute, start_spread_minutes, duration_minutes"
                    + (drawnLengths == nil ? "" : ", optionally duration_class_shares")),
            meaning: "when the activity happens (start ± spread + duration within the day)", source: source)
        start = ScenarioField(
            "\(setting).time.start_minute", .integer(0...1439), unit: "minutes after midnight", meaning: "start of the activity",
            source: source)
        startSpread = ScenarioField(
            "\(setting).time.start_spread_minutes", .integer(0...240), unit: "min", meaning: "uniform spread of the start (±)",
            source: source)
        duration = ScenarioField(
            "\(setting).time.duration_minutes", .integer(1...900), unit: "min",
            meaning: drawnLengths == nil
                ? "length of the activity"
                : "length of the activity; with duration_class_shares the longest length drawn (the upper end of the > 4 h class)",
            source: source)
        durationShares = drawnLengths.map { sharesSource in
            ScenarioField(
                "\(setting).time.duration_class_shares", .reals(0...1, count: 5...5),
                .optional("every occurrence lasts duration_minutes"),
                unit: "share per diary duration class (< 5 min, 5-15 min, 15 min-1 h, 1-4 h, > 4 h)",
                meaning:
                    "each occurrence's length drawn from these classes, uniformly in whole minutes within the class (the > 4 h class up to duration_minutes), its start moved earlier when it would not end by the day's end",
                source: sharesSource)
        }
    }

    /// The time fields.
    package var all: [ScenarioField] { [time, start, startSpread, duration] + (durationShares.map { [$0] } ?? []) }
}

extension PopulationConfig {
    /// The `population:` keys; every one is required, so that each scenario
    /// states the value and its source (the sources name the values of the
    /// shipped town, details in `Configs/scenarios/README.md`).
    package enum Fields {
        /// `people`.
        package static let people = ScenarioField(
            "people", .integer(RunSpan.people), unit: "people",
            meaning:
                "people in the world (no more than fit in memory: a run is refused at once when its estimate exceeds the machine's memory)",
            source: "10,000 in the town: scenario size")
        /// `household_size_shares`.
        package static let householdSizeShares = ScenarioField(
            "household_size_shares", .reals(0...1, count: 5...5), unit: "shares summing to 1",
            meaning: "share of households with 1, 2, 3, 4 and 5 (or more) members",
            source:
                "[0.423, 0.332, 0.119, 0.091, 0.035]: Destatis, Mikrozensus 2019: households with 1, 2, 3, 4, 5+ members; 5+ modelled as 5")
        /// `senior_share_of_grown_ups`.
        package static let seniorShareOfGrownUps = ScenarioField(
            "senior_share_of_grown_ups", .real(0...1), unit: "share", meaning: "share of the grown-ups aged 65 or more",
            source: "0.26: Destatis population 31.12.2019: 18.1 M aged 65+ of 69.5 M aged 18+")
        /// `preschool_share_of_children`.
        package static let preschoolShareOfChildren = ScenarioField(
            "preschool_share_of_children", .real(0...1), unit: "share", meaning: "share of the children aged 0–5",
            source: "0.34: Destatis population 31.12.2019: 4.7 M aged 0–5 of 13.7 M aged 0–17")
        /// `contact_distance_m`.
        package static let contactDistance = ScenarioField(
            "contact_distance_m", .real(0.1...10), unit: "m", meaning: "close contact: within this distance",
            source:
                "2.0: close contact within about 1.5–2 m in the national guidance of 2020–2021 (RKI contact-person management, category I; NHS; CDC)"
        )
        /// `radio_range_m`.
        package static let radioRange = ScenarioField(
            "radio_range_m", .real(1...100), unit: "m", meaning: "every pair within this distance is an encounter",
            source: "10: issue 4: every pair within radio range (about 10 m) is an encounter")
        /// `home`.
        package static let home = ScenarioField("home", .structured("mapping"), meaning: "the home setting")
        /// `home.living_space_m2_per_person`.
        package static let livingSpace = ScenarioField(
            "home.living_space_m2_per_person", .real(5...500), unit: "m²", meaning: "living space per person (sets the size of a home)",
            source: "47.0: Destatis 2019: living space per inhabitant")
        /// `home.reposition_minutes`.
        package static let homeReposition = ScenarioField(
            "home.reposition_minutes", .integer(1...1440), unit: "min", meaning: "minutes between new places within the home while awake",
            source: "30: WarnSim assumption (while awake)")
        /// `home.night_from_minute`.
        package static let homeNightFrom = ScenarioField(
            "home.night_from_minute", .integer(720...1440), unit: "minutes after midnight",
            meaning: "from here to midnight people stay in place",
            source:
                "1380: night 23:00–07:00 (Destatis Zeitverwendungserhebung 2012/2013: about 8.5 h of sleep a day); clock times WarnSim assumption"
        )
        /// `home.night_until_minute`.
        package static let homeNightUntil = ScenarioField(
            "home.night_until_minute", .integer(0...720), unit: "minutes after midnight",
            meaning: "from midnight to here people stay in place", source: "420: as night_from_minute")
        /// `work`.
        package static let work = ScenarioField("work", .structured("mapping"), meaning: "the work setting")
        /// `work.employment_rate`.
        package static let employmentRate = ScenarioField(
            "work.employment_rate", .real(0...1), unit: "share of 18–64", meaning: "share of the grown-ups under 65 who work",
            source: "0.767: Eurostat `lfsi_emp_a`, Germany 2019, employment rate 15–64")
        /// `work.office_share`.
        package static let officeShare = ScenarioField(
            "work.office_share", .real(0...1), unit: "share of the workers at their workplace",
            meaning: "share of the workers who work in an office",
            source:
                "0.50: IBA/bso study 2015 (forsa, representative, April 2014 – September 2015): 50 % of all employees in Germany work in the office sector. April 2021: the 24 % in home office taken from the office workers, (0.50 − 0.24) / 0.76"
        )
        /// `work.office_room_people`.
        package static let officeRoomPeople = ScenarioField(
            "work.office_room_people", .reals(1...8, count: 0...8), unit: "people per room",
            meaning: "sizes of small office rooms (whole numbers, increasing)",
            source:
                "[1, 2, 4]: Indeed survey of 1,049 office workers in Germany (reported by personalwirtschaft.de and W&V): alone, with one colleague, up to five people (modelled as 4)"
        )
        /// `work.office_room_shares`.
        package static let officeRoomShares = ScenarioField(
            "work.office_room_shares", .reals(0...1, count: 0...8), unit: "share of office workers",
            meaning:
                "share of the office workers in rooms of each size (as many as office_room_people, summing to at most 1; the rest sit in the work layout)",
            source: "[0.371, 0.275, 0.205]: Indeed survey (37.1 %, 27.5 %, 20.5 %); forsa for IBA gives the same picture")
        /// `school`.
        package static let school = ScenarioField("school", .structured("mapping"), meaning: "the school setting")
        /// `daycare`.
        package static let daycare = ScenarioField("daycare", .structured("mapping"), meaning: "the day-care setting")
        /// `daycare.participation`.
        package static let daycareParticipation = ScenarioField(
            "daycare.participation", .real(0...1), unit: "share of 0–5", meaning: "share of the preschool children in day care",
            source: "0.64: Destatis, Kindertagesbetreuung 1 March 2019: 34.3 % of under-3s, 93.0 % of 3–5-year-olds, age-weighted")
        /// `daycare.group_size`.
        package static let daycareGroupSize = ScenarioField(
            "daycare.group_size", .integer(1...200), unit: "children", meaning: "children per group",
            source:
                "20: between the 14–18 recommended for kindergarten groups (Viernickel/Fuchs-Rechlin 2015, Bertelsmann Ländermonitor) and the planning norm of 25 registered children (Rhineland-Palatinate)"
        )
        /// `daycare.area_m2_per_child`.
        package static let daycareArea = ScenarioField(
            "daycare.area_m2_per_child", .real(0.5...100), unit: "m²", meaning: "play area per child",
            source: "3.5: City of Munich planning standard: 3.5 m² per kindergarten child for group and side rooms")
        /// `daycare.reposition_minutes`.
        package static let daycareReposition = ScenarioField(
            "daycare.reposition_minutes", .integer(1...600), unit: "min", meaning: "minutes between new places",
            source: "15: WarnSim assumption")
        /// `transport`.
        package static let transport = ScenarioField("transport", .structured("mapping"), meaning: "public transport")
        /// `transport.commuter_share`.
        package static let commuterShare = ScenarioField(
            "transport.commuter_share", .real(0...1), unit: "share of workers and pupils", meaning: "share who commute by public transport",
            source: "0.14: Destatis, Mikrozensus 2016 commuters: about 14 % by public transport")
        /// `transport.vehicle_capacity`.
        package static let vehicleCapacity = ScenarioField(
            "transport.vehicle_capacity", .integer(1...1000), unit: "seats", meaning: "seats per vehicle (standing is not modelled)",
            source: "36: 12 m Mercedes-Benz Citaro: 36 seats, 65 standing places (101 places); standing is not modelled")
        /// `transport.close_contacts_target`.
        package static let vehicleCloseContactsTarget = ScenarioField(
            "transport.close_contacts_target", .real(0...100), unit: "other riders within contact_distance_m per ride",
            meaning: "sets the riders per vehicle",
            source:
                "8.9: derived from occupancy: German city buses carry 21 % of their places on average (Destatis 2012), 21 riders per 101-place bus; on uniformly drawn seats a rider among r has (r − 1) · 15.56 / 35 close contacts in this layout. No survey counts proximity contacts on public transport (POLYMOD counts conversations). The target sets the riders per vehicle: k or k + 1 riders on distinct seats, with the person-weighted mean of (riders − 1) equal to target · (capacity − 1) / (mean seats within the contact distance of a seat). VDV: 2020 demand about 40 % of normal (lockdowns 20–30 %): 3.3 for a lockdown scenario"
        )
        /// `transport.seat_columns`.
        package static let seatColumns = ScenarioField(
            "transport.seat_columns", .integer(1...10), unit: "seats", meaning: "seats across", source: "4: 2 + 2 seats across")
        /// `transport.seat_pitch_m`.
        package static let seatPitch = ScenarioField(
            "transport.seat_pitch_m", .real(0.2...3), unit: "m", meaning: "distance between neighbouring seats of a row",
            source: "0.5: StVZO Anlage X, a seat at least 400 mm wide (450 mm on benches)")
        /// `transport.row_pitch_m`.
        package static let rowPitch = ScenarioField(
            "transport.row_pitch_m", .real(0.3...3), unit: "m", meaning: "distance between rows",
            source: "0.8: ECE R107 / Directive 2001/85/EC, at least 650 mm from a seat back to the seat in front, plus the seat back")
        /// `transport.ride_minutes`.
        package static let rideMinutes = ScenarioField(
            "transport.ride_minutes", .integer(1...180), unit: "min", meaning: "minutes in the vehicle per ride",
            source:
                "16: a bus trip averages about 5.3 km (VDV: about 28 bn bus passenger-km a year; Destatis 2019: 5.3 bn bus passengers) at about 20 km/h (Hamburg 2010: 19.8 km/h); with walk and wait consistent with Mikrozensus 2016 (56 % of public-transport commuters need under 30 min door to door)"
        )
        /// `transport.departure_interval_minutes`.
        package static let departureInterval = ScenarioField(
            "transport.departure_interval_minutes", .integer(1...120), unit: "min", meaning: "minutes between departures",
            source:
                "15: the peak service of towns of this size (Lemgo, 41,000 inhabitants: 15 min at the peaks, 30 min otherwise); Darmstadt's Nahverkehrsplan 2011–2016: 15 min at the peak as its minimum. No national headway statistic"
        )
        /// `shop`.
        package static let shop = ScenarioField("shop", .structured("mapping"), meaning: "shopping")
        /// `shop.weekday_probability`.
        package static let shopWeekday = ScenarioField(
            "shop.weekday_probability", .real(0...1), unit: "per grown-up and day", meaning: "probability of a shop visit on a weekday",
            source: "0.28: MiD 2017 (Mobilität in Deutschland): shopping ≈ 18 % of 3.1 trips per person and day ≈ 0.28 return outings")
        /// `shop.saturday_probability`.
        package static let shopSaturday = ScenarioField(
            "shop.saturday_probability", .real(0...1), unit: "per grown-up and day",
            meaning: "probability of a shop visit on a Saturday (Sunday closed)",
            source:
                "0.39: Nielsen 2010: Saturday takes 22 % of a week's grocery sales, an average weekday 15.6 % (× 1.41, an upper bound: Saturday baskets are larger); Sunday closed (Ladenschlussgesetz)"
        )
        /// `shop.visit_minutes`.
        package static let shopVisitMinutes = ScenarioField(
            "shop.visit_minutes", .integer(1...300), unit: "min", meaning: "minutes in the shop",
            source: "19: Google \"popular times\" stays: Aldi Süd 19.2, Lidl 18.8, Edeka 18.9 min (Kortum, DHBW Heilbronn 2022)")
        /// `shop.opens_minute`.
        package static let shopOpens = ScenarioField(
            "shop.opens_minute", .integer(0...1439), unit: "minutes after midnight", meaning: "opening time",
            source: "480: 08:00, common supermarket hours under the Länder shop-opening laws")
        /// `shop.closes_minute`.
        package static let shopCloses = ScenarioField(
            "shop.closes_minute", .integer(1...1440), unit: "minutes after midnight",
            meaning: "closing time (open longer than visit_minutes)", source: "1200: 20:00, as opens_minute")
        /// `shop.area_m2`.
        package static let shopArea = ScenarioField(
            "shop.area_m2", .real(10...100_000), unit: "m²", meaning: "sales floor per shop",
            source: "1,030: EHI, supermarket sales floor on average (2019)")
        /// `shop.shoppers_per_shop`.
        package static let shoppersPerShop = ScenarioField(
            "shop.shoppers_per_shop", .integer(1...10_000), unit: "per day",
            meaning: "shoppers per shop and day (sets the number of shops)",
            source: "1,570: EHI, 480,000 customers a year per supermarket over 306 opening days")
        /// `shop.reposition_minutes`.
        package static let shopReposition = ScenarioField(
            "shop.reposition_minutes", .integer(1...120), unit: "min", meaning: "minutes between new places in the shop",
            source:
                "2: WarnSim assumption. Real paths keep to the outer aisle with short excursions (Larson, Bradlow & Fader 2005) and cover less than half of the store (Hui et al. 2013), so uniform positions overstate mixing"
        )
        /// `shop.close_contacts_target`.
        package static let shopCloseContactsTarget = ScenarioField(
            "shop.close_contacts_target", .real(0...100), unit: "close contacts per person-day in shops",
            meaning: "what the shop geometry is set to give (checked by the tests)",
            source:
                "7.15: what the sourced shop geometry gives (7.08–7.23 for 10,000–100,000 people; about 42 shoppers in 1,030 m² at a time); no survey counts proximity contacts per shop visit, and a supermarket model (Ying & O'Clery 2021, PLoS ONE 16(4):e0249821) gives 4–20 customers sharing a 2 m × 3 m zone per visit, depending on crowding. The tests check that the generator keeps it"
        )
        /// `leisure`.
        package static let leisure = ScenarioField("leisure", .structured("mapping"), meaning: "restaurants")
        /// `leisure.weekday_probability`.
        package static let leisureWeekday = ScenarioField(
            "leisure.weekday_probability", .real(0...1), unit: "per grown-up and day",
            meaning: "probability of a restaurant visit on a weekday",
            source: "0.03: YouGov for dpa 2019, about 1.2 restaurant visits a month; 0 in a lockdown")
        /// `leisure.weekend_probability`.
        package static let leisureWeekend = ScenarioField(
            "leisure.weekend_probability", .real(0...1), unit: "per grown-up and day",
            meaning: "probability of a restaurant visit on a weekend day", source: "0.06: twice the weekday's (WarnSim assumption)")
        /// `street`.
        package static let street = ScenarioField("street", .structured("mapping"), meaning: "walking on streets")
        /// `street.minutes_per_trip`.
        package static let streetMinutes = ScenarioField(
            "street.minutes_per_trip", .integer(1...120), unit: "min", meaning: "minutes on one street segment per walk",
            source: "5: WarnSim assumption (time on one street segment per walk)")
        /// `street.length_m`.
        package static let streetLength = ScenarioField(
            "street.length_m", .real(5...10_000), unit: "m", meaning: "length of a street segment",
            source: "400: 5 min at the mean walking speed of 1.34 m/s (Weidmann 1993)")
        /// `street.width_m`.
        package static let streetWidth = ScenarioField(
            "street.width_m", .real(1...200), unit: "m", meaning: "width of the sidewalk",
            source: "2.5: the standard sidewalk of RASt 06 (German street design guideline)")
        /// `street.walkers_per_street`.
        package static let walkersPerStreet = ScenarioField(
            "street.walkers_per_street", .integer(1...10_000), unit: "per day", meaning: "walkers per segment and day",
            source: "300: WarnSim assumption (pedestrian counts exist only for shopping streets: hystreet.com, tens of thousands a day)")
        /// `street.reposition_minutes`.
        package static let streetReposition = ScenarioField(
            "street.reposition_minutes", .integer(1...60), unit: "min", meaning: "minutes between new places",
            source: "1: a walker covers 80 m a minute")
        /// `street.close_contacts_target`.
        package static let streetCloseContactsTarget = ScenarioField(
            "street.close_contacts_target", .real(0...100), unit: "close contacts per person-day on streets",
            meaning: "what the street geometry is set to give (checked by the tests)",
            source:
                "0.37: what the sourced geometry gives (0.37–0.38 for 10,000–100,000 people; waiting at a bus stop is street time too; 0.34 in the lockdown scenario); no survey counts proximity contacts with passers-by. Passing in seconds is below the model's 1-minute resolution and the phones' scan interval"
        )
        /// `carriage`.
        package static let carriage = ScenarioField(
            "carriage", .structured("one carriage state per setting"), meaning: "where the phone is, per setting",
            source: "DP-3T exp. 34: phones on the desk in the office scenario, in pockets at lunch and at the party")
        /// `work`'s group layout.
        package static let workLayout = ClusterLayoutFields(
            "work",
            target:
                "2.0: DP-3T exp. 34 office scenario, 3 people per table (workers outside small offices; WarnSim assumption that they work like this)",
            spacing: "3.3: DP-3T office, 2 m between tables", radius: "0.6: seats around a table (members ≤ 1.2 m apart)",
            rooms: "3: DP-3T office, 3 tables")
        /// `school`'s group layout.
        package static let schoolLayout = ClusterLayoutFields(
            "school",
            target:
                "3.0: group tables of 4, two 2-pupil desks pushed together (duda.news); small-group tables in 76 % of 294 observed US classrooms (Patton et al.)",
            spacing: "3.3: as work", radius: "0.6: as work",
            rooms: "6: classes of 24 (Destatis/KMK 2019: about 21 primary to 24 lower secondary pupils per class)")
        /// `leisure`'s group layout.
        package static let leisureLayout = ClusterLayoutFields(
            "leisure", target: "2.0: tables of 3, restaurant parties average 2.5–3 guests (industry benchmark; Bookatable/TNS Emnid)",
            spacing: "3.3: as work", radius: "0.6: as work", rooms: "10: WarnSim assumption")
        /// `work.time`.
        package static let workTime = ActivityTimeFields(
            "work",
            source:
                "480 ± 60, 480 min: Arbeitszeitgesetz §3, 8 h per working day; start time WarnSim assumption (DGB-Index Gute Arbeit 2025; ZVE 2022)"
        )
        /// `school.time`.
        package static let schoolTime = ActivityTimeFields(
            "school", source: "480 ± 10, 300 min: half-day school 08:00–13:00 (KMK 2020: 47.2 % in all-day school; KMK Stundentafeln)")
        /// `daycare.time`.
        package static let daycareTime = ActivityTimeFields(
            "daycare",
            source: "480 ± 30, 440 min: Destatis (via bpb), 7.3 h contracted care a day for 3–7-year-olds; start WarnSim assumption")
        /// `leisure.time`.
        package static let leisureTime = ActivityTimeFields(
            "leisure",
            source: "1140 ± 60, 90 min: 19:00 the most booked dinner time (Bookatable 2015); most guests stay at most 2 h (CHD Expert 2008)"
        )
        /// The setting whose carriage `setting` takes when `carriage.SETTING` is
        /// left out (it precedes `setting` in ``Setting``), or nil when it must
        /// be given: `visit` and `club` take `leisure`'s, `meeting` takes `work`'s.
        package static func carriageFallback(_ setting: Setting) -> Setting? {
            setting == .meeting ? .work : setting.rawValue > Setting.street.rawValue ? .leisure : nil
        }
        /// `carriage.SETTING`: one per setting, optional where ``carriageFallback(_:)`` names one.
        package static let carriageBySetting = Setting.allCases.map {
            ScenarioField(
                "carriage.\($0.name)", .text, carriageFallback($0).map { .optional("as carriage.\($0.name)") } ?? .required,
                meaning: "carriage state of the phone in this setting (a carriage state of the radio parameters)",
                source: $0 == .work || $0 == .meeting ? "table: DP-3T exp. 34, phones on the desk in the office" : "pocket: DP-3T exp. 34")
        }
    }

    /// The `population:` section's fields.
    package static let fieldTable = ScenarioFieldTable(
        section: "population",
        fields: [
            Fields.people, Fields.householdSizeShares, Fields.seniorShareOfGrownUps, Fields.preschoolShareOfChildren,
            Fields.contactDistance, Fields.radioRange, Fields.home, Fields.livingSpace, Fields.homeReposition, Fields.homeNightFrom,
            Fields.homeNightUntil, Fields.work, Fields.employmentRate, Fields.officeShare, Fields.officeRoomPeople, Fields.officeRoomShares,
        ]
            + Fields.workLayout.all + Fields.workTime.all + [Fields.school] + Fields.schoolLayout.all + Fields.schoolTime.all
            + [
                Fields.daycare, Fields.daycareParticipation, Fields.daycareGroupSize, Fields.daycareArea, Fields.daycareReposition,
                Fields.transport, Fields.commuterShare, Fields.vehicleCapacity, Fields.vehicleCloseContactsTarget, Fields.seatColumns,
                Fields.seatPitch, Fields.rowPitch, Fields.rideMinutes, Fields.departureInterval, Fields.shop, Fields.shopWeekday,
                Fields.shopSaturday, Fields.shopVisitMinutes, Fields.shopOpens, Fields.shopCloses, Fields.shopArea, Fields.shoppersPerShop,
                Fields.shopReposition, Fields.shopCloseContactsTarget,
            ] + Fields.daycareTime.all
            + [Fields.leisure, Fields.leisureWeekday, Fields.leisureWeekend] + Fields.leisureLayout.all + Fields.leisureTime.all
            + [
                Fields.street, Fields.streetMinutes, Fields.streetLength, Fields.streetWidth, Fields.walkersPerStreet,
                Fields.streetReposition, Fields.streetCloseContactsTarget, Fields.carriage,
            ] + Fields.carriageBySetting + VisitsConfig.Fields.all + ClubsConfig.Fields.all + MeetingsConfig.Fields.all
            + StaffConfig.Fields.all + FamiliesConfig.Fields.all)
}
