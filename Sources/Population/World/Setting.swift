/// The kind of place an encounter happens in (the "setting" of contact surveys).
package enum Setting: UInt8, CaseIterable, Sendable, Codable {
    case home = 0
    case work = 1
    case school = 2
    case daycare = 3
    case transport = 4
    case shop = 5
    case leisure = 6
    /// Chance encounters on the way (streets).
    case street = 7
    /// A private gathering in a household's home: the hosts at home and their
    /// guests from befriended households (``VisitsConfig``).
    case visit = 8
    /// A club's meeting: sports, choir, a regulars' group (``ClubsConfig``).
    case club = 9
    /// A meeting of two workers from different workplaces in a meeting room
    /// (``MeetingsConfig``): clients, suppliers, colleagues of other sites.
    case meeting = 10

    package var name: String {
        switch self {
        case .home: "home"
        case .work: "work"
        case .school: "school"
        case .daycare: "daycare"
        case .transport: "transport"
        case .shop: "shop"
        case .leisure: "leisure"
        case .street: "street"
        case .visit: "visit"
        case .club: "club"
        case .meeting: "meeting"
        }
    }

    /// The radio environment of the setting: work and meetings in an office, transport in
    /// a bus (the scenarios' vehicle is a 12 m city bus), streets outdoors, every other setting
    /// (home, school, daycare, shop, leisure, visit, club) in an open room with people about.
    package var environment: RadioEnvironment {
        switch self {
        case .work, .meeting: .office
        case .transport: .bus
        case .street: .outdoors
        default: .room
        }
    }
}
