import ExposureNotification

/// Who received each phone's advertisements, by UTC day: what the
/// simulation knows and the phones do not. A sighting of a key's identifier
/// can only be in a phone's store if the phone heard the key's owner on the
/// key's day (an advertisement carries the identifiers of the transmitter's
/// key of that day, ``DayAdvertisements``), so when a package is distributed
/// only the audiences of its owners on its keys' days can hold a sighting of
/// it (``SimulationRun/announce(_:)``); every other phone's detection takes the
/// package as matched without looking at its sightings.
///
/// Kept transmitter → receivers, one day at a time: 4 bytes per receiver
/// heard, plus 4 bytes per person and day for the transmitters' offsets.
package struct Audiences: Sendable {
    /// One UTC day: `receivers[start[t]..<start[t + 1]]` heard transmitter
    /// `t`, ascending and distinct.
    struct Day: Sendable {
        var day: UInt32
        var start: [UInt32]
        var receivers: [Int32]
    }

    /// Days in ascending order.
    private(set) var days: [Day] = []

    /// Days kept: those of ``EncounterLedger/retainedDays`` (the framework's
    /// 14-day sighting retention plus two spare); what is older cannot be matched.
    static let retainedDays = UInt32(EncounterLedger.retainedDays)

    package init() {}

    /// What one scan worker heard: for each receiver it scanned for, in
    /// ascending receiver order, the transmitters it received from.
    package struct Heard: Sendable {
        var receivers: [Int32] = []
        var transmitters: [Int32] = []

        /// Adds the transmitters `receiver` heard (any order, repeats
        /// allowed; `people` is sorted in place).
        mutating func add(receiver: Int32, people: inout [Int32]) {
            guard !people.isEmpty else { return }
            people.sort()
            for (i, person) in people.enumerated() where i == 0 || people[i - 1] != person {
                receivers.append(receiver)
                transmitters.append(person)
            }
        }
    }

    /// Records UTC day `day` of `people` phones from the workers' `heard`
    /// (in worker order, which is receiver order) and forgets days past the
    /// retention (the record keeps `day` and the 15 days before it). A day
    /// recorded again replaces the earlier record.
    mutating func record(day: UInt64, people: Int, heard: [Heard]) {
        let today = UInt32(truncatingIfNeeded: day)
        days.removeAll { $0.day + Self.retainedDays <= today || $0.day == today }
        // Counting sort by transmitter: the receivers of each stay ascending.
        var start = [UInt32](repeating: 0, count: people + 1)
        for part in heard { for t in part.transmitters { start[Int(t) + 1] += 1 } }
        for t in 0..<people { start[t + 1] += start[t] }
        var next = start
        var receivers = [Int32](repeating: 0, count: Int(start[people]))
        for part in heard {
            for (r, t) in zip(part.receivers, part.transmitters) {
                receivers[Int(next[Int(t)])] = r
                next[Int(t)] += 1
            }
        }
        let record = Day(day: today, start: start, receivers: receivers)
        days.insert(record, at: days.firstIndex { $0.day > today } ?? days.count)
    }

    /// The phones that heard `person` on UTC day `day`, ascending; empty for
    /// a day not kept.
    func receivers(of person: Int, on day: UInt64) -> ArraySlice<Int32> {
        guard let record = days.first(where: { UInt64($0.day) == day }), person + 1 < record.start.count else { return [] }
        return record.receivers[Int(record.start[person])..<Int(record.start[person + 1])]
    }

    /// The phones that may hold a sighting of one of `keys`: those that heard
    /// a key's owner on one of the key's days. Nil if a key's owner is not
    /// in `owners` (then any phone may).
    func audience(of keys: some Sequence<DiagnosisKey>, owners: [CoronaWarnApp.KeyIdentity: Int]) -> Set<Int32>? {
        var audience = Set<Int32>()
        for key in keys {
            guard let owner = owners[CoronaWarnApp.KeyIdentity(key)] else { return nil }
            // The key's first and last interval's day (a key lies within one
            // UTC day; both are taken so that nothing rests on it).
            let first = UInt64(key.rollingStartIntervalNumber.dayNumber)
            let last = UInt64(
                ENIntervalNumber(rawValue: key.rollingStartIntervalNumber.rawValue &+ (max(key.rollingPeriod, 1) - 1)).dayNumber)
            for day in first...max(first, last) { audience.formUnion(receivers(of: owner, on: day)) }
        }
        return audience
    }
}
