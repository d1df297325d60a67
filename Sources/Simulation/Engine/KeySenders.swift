import ExposureNotification

/// Who advertised the keys of each distributed package, and on which UTC
/// days: the owner-days a phone must have heard (``HeardTransmitters``) for
/// its sightings to hold an identifier of one of the package's keys.
package struct KeySenders: Sendable {
    /// Source (package) number → its keys' owner-days, ascending; a source
    /// with a key of unknown owner has none (its sightings are always looked at).
    let ownerDays: [UInt32: [UInt64]]

    /// The owner-days of every source of `index` whose keys all have an owner in `owners`.
    init(index: DiagnosisKeyIndex, owners: [CoronaWarnApp.KeyIdentity: Int]) {
        var days: [UInt32: [UInt64]] = [:]
        var unknown = Set<UInt32>()
        if let sources = index.sources {
            for (k, key) in index.keys.enumerated() where !unknown.contains(sources[k]) {
                guard let owner = owners[CoronaWarnApp.KeyIdentity(key)] else {
                    unknown.insert(sources[k])
                    continue
                }
                // The key's first and last interval's day (a key lies within
                // one UTC day; both are taken so that nothing rests on it).
                let first = UInt64(key.rollingStartIntervalNumber.dayNumber)
                let last = UInt64(
                    ENIntervalNumber(rawValue: key.rollingStartIntervalNumber.rawValue &+ (max(key.rollingPeriod, 1) - 1)).dayNumber)
                for day in first...max(first, last) {
                    days[sources[k], default: []].append(HeardTransmitters.entry(day: day, person: Int32(owner)))
                }
            }
        }
        for source in unknown { days[source] = nil }
        ownerDays = days.mapValues { Array(Set($0)).sorted() }
    }

    /// Whether a phone that heard `heard` cannot hold a sighting of `source`'s keys.
    func unheard(_ source: UInt32, by heard: HeardTransmitters) -> Bool {
        guard let senders = ownerDays[source] else { return false }
        return !heard.heardAny(of: senders)
    }
}
