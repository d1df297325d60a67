/// Where an encounter takes place, as far as the radio channel is concerned.
public enum RadioEnvironment: Int, CaseIterable, Sendable, Codable, Comparable {
    /// An open indoor room (office, classroom, flat, shop, restaurant).
    case room = 0
    /// A vehicle (bus, tram, train): metal-rich, distance barely observable.
    case vehicle = 1
    /// Outdoors (streets, squares).
    case outdoors = 2

    /// The name used in YAML, CSV and the command line.
    public var name: String {
        switch self {
        case .room: "room"
        case .vehicle: "vehicle"
        case .outdoors: "outdoors"
        }
    }

    /// The environment with a given name.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
