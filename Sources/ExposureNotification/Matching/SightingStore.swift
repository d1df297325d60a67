/// The sightings one phone has recorded, kept for the framework's 14-day
/// retention (reference/gaen/PROTOCOL.md §4), with an index by RPI for matching.
public struct SightingStore: Sendable {
    /// Days a sighting is kept.
    public static let retentionDays: Int64 = 14

    /// The stored sightings in the order recorded (time order).
    public private(set) var sightings: [Sighting] = []
    /// Absolute number of the first stored sighting (sightings expired so far).
    private var base = 0
    /// RPI → absolute numbers of its sightings, ascending.
    private var byRPI: [KeyBytes: [Int]] = [:]

    public init() {}

    /// Records a sighting. Sightings must arrive in time order per store.
    public mutating func record(_ sighting: Sighting) {
        byRPI[sighting.rpi, default: []].append(base + sightings.count)
        sightings.append(sighting)
    }

    /// Forgets the sightings of UTC days more than 14 days before the day of
    /// `now` (Unix seconds). Work is proportional to what is forgotten.
    public mutating func expire(now: Int64) {
        let today = now >= 0 ? now / 86_400 : (now - 86_399) / 86_400
        let cutoff = (today - Self.retentionDays) * 86_400
        var low = 0
        var high = sightings.count
        while low < high {  // first sighting at or after the cutoff
            let mid = (low + high) / 2
            if sightings[mid].time < cutoff { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return }
        let newBase = base + low
        for sighting in sightings[0..<low] {
            guard var numbers = byRPI[sighting.rpi] else { continue }
            let keep = numbers.firstIndex { $0 >= newBase } ?? numbers.count
            if keep == numbers.count {
                byRPI[sighting.rpi] = nil
            } else if keep > 0 {
                numbers.removeFirst(keep)
                byRPI[sighting.rpi] = numbers
            }
        }
        sightings.removeFirst(low)
        base = newBase
    }

    /// The sightings of `rpi`, in time order.
    public func sightings(of rpi: KeyBytes) -> [Sighting] {
        byRPI[rpi]?.map { sightings[$0 - base] } ?? []
    }

    /// Every distinct RPI seen, in no particular order.
    public var distinctRPIs: Dictionary<KeyBytes, [Int]>.Keys { byRPI.keys }

    /// Whether any sighting of `rpi` is stored.
    public func contains(_ rpi: KeyBytes) -> Bool { byRPI[rpi] != nil }

    public var count: Int { sightings.count }
}
