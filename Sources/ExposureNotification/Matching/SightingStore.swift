/// The sightings one phone has recorded, kept for the framework's 14-day
/// retention (reference/gaen/PROTOCOL.md §4), with an index by RPI for matching.
public struct SightingStore: Sendable {
    /// Days a sighting is kept.
    public static let retentionDays: Int64 = 14

    public private(set) var sightings: [Sighting] = []
    private var byRPI: [KeyBytes: [Int32]] = [:]

    public init() {}

    /// Records a sighting. Sightings must arrive in time order per store.
    public mutating func record(_ sighting: Sighting) {
        byRPI[sighting.rpi, default: []].append(Int32(sightings.count))
        sightings.append(sighting)
    }

    /// Forgets every sighting older than 14 days before `now` (Unix seconds).
    public mutating func expire(now: Int64) {
        let cutoff = now - Self.retentionDays * 86_400
        guard let first = sightings.firstIndex(where: { $0.time >= cutoff }) else {
            sightings.removeAll()
            byRPI.removeAll()
            return
        }
        guard first > 0 else { return }
        sightings.removeFirst(first)
        byRPI.removeAll(keepingCapacity: true)
        for (index, sighting) in sightings.enumerated() {
            byRPI[sighting.rpi, default: []].append(Int32(index))
        }
    }

    /// The sightings of `rpi`, in time order.
    public func sightings(of rpi: KeyBytes) -> [Sighting] {
        byRPI[rpi]?.map { sightings[Int($0)] } ?? []
    }

    /// Every distinct RPI seen, in no particular order.
    public var distinctRPIs: Dictionary<KeyBytes, [Int32]>.Keys { byRPI.keys }

    /// Whether any sighting of `rpi` is stored.
    public func contains(_ rpi: KeyBytes) -> Bool { byRPI[rpi] != nil }

    public var count: Int { sightings.count }
}
