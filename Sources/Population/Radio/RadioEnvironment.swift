/// Where an encounter takes place, as far as the radio channel is concerned.
package enum RadioEnvironment: Int, CaseIterable, Sendable, Codable, Comparable {
    /// An open indoor room with people about (flat, classroom, shop, restaurant):
    /// DP-3T exp. 34 lunch and party.
    case room = 0
    /// An office room (Lanfer et al. 2022 office, anchored to DP-3T exp. 34 office).
    case office = 1
    /// A rail vehicle (tram, train): the slope of Lanfer et al. 2022 bus and
    /// train pooled (the train alone spans 1-3 m only), the level of the
    /// DP-3T exp. 34 train mock-up.
    case vehicle = 2
    /// Outdoors (streets, squares): Lanfer et al. 2022 parking lot.
    case outdoors = 3
    /// A city bus: Lanfer et al. 2022 bus (the bus and the train measured
    /// apart: the bus is flat to 1.5 m where the train rises at n ≈ 4).
    case bus = 4

    /// The name used in YAML, CSV and the command line.
    package var name: String {
        switch self {
        case .room: "room"
        case .office: "office"
        case .vehicle: "vehicle"
        case .bus: "bus"
        case .outdoors: "outdoors"
        }
    }

    /// The environment with a given name.
    package init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
