/// Whose advertisements a phone's framework received, by UTC day: what the
/// simulation knows and the phone does not. A sighting of a key's identifier
/// can only be in a phone's store if the phone heard the key's owner on the
/// key's day (an advertisement carries the identifiers of the transmitter's
/// key of that day, ``DayAdvertisements``), so a package none of whose
/// owner-days the phone heard needs no look at its sightings
/// (``ExposureMatchCache/update(index:store:heldVersion:isHeld:matcher:unsighted:)``).
package struct HeardTransmitters: Sendable, Equatable {
    /// Day blocks in ascending day order, each `[day, n, person₁ … personₙ]`
    /// with the people ascending and distinct: 4 bytes per person heard.
    private(set) var blocks: [UInt32] = []

    /// Days kept: those of ``EncounterLedger/retainedDays`` (the framework's
    /// 14-day sighting retention plus two spare); what is older cannot be matched.
    static let retainedDays = UInt32(EncounterLedger.retainedDays)

    package init() {}

    /// A sender: `person` heard on UTC day `day`, as ``KeySenders`` lists them.
    @inline(__always)
    static func entry(day: UInt64, person: Int32) -> UInt64 { day << 32 | UInt64(UInt32(bitPattern: person)) }

    /// Every (day, person) heard, in order, as ``entry(day:person:)``.
    var entries: [UInt64] {
        var out: [UInt64] = []
        var at = 0
        while at < blocks.count {
            let (day, n) = (UInt64(blocks[at]), Int(blocks[at + 1]))
            for person in blocks[(at + 2)..<(at + 2 + n)] { out.append(Self.entry(day: day, person: Int32(bitPattern: person))) }
            at += 2 + n
        }
        return out
    }

    /// Adds the transmitters heard on UTC `day` (any order, repeats allowed;
    /// `people` is sorted in place) and forgets days past the retention (the
    /// record keeps `day` and the 15 days before it).
    mutating func record(day: UInt64, people: inout [Int32]) {
        let today = UInt32(truncatingIfNeeded: day)
        var old = 0
        while old < blocks.count && blocks[old] + Self.retainedDays <= today { old += 2 + Int(blocks[old + 1]) }
        if old > 0 { blocks.removeFirst(old) }
        guard !people.isEmpty else { return }
        people.sort()
        var heard = Set<UInt32>()
        var at = 0
        var merged = false
        while at < blocks.count {
            let n = Int(blocks[at + 1])
            if blocks[at] == today {
                // A day recorded again (not done by the run): merge into its block.
                for person in blocks[(at + 2)..<(at + 2 + n)] { heard.insert(person) }
                blocks.removeSubrange(at..<(at + 2 + n))
                merged = true
                break
            }
            at += 2 + n
        }
        var distinct: [UInt32] = []
        distinct.reserveCapacity(people.count + heard.count)
        for person in people where distinct.last != UInt32(bitPattern: person) { distinct.append(UInt32(bitPattern: person)) }
        if merged {
            distinct = Array(heard.union(distinct)).sorted()
        }
        // The block goes before the first later day, if any.
        var insertAt = 0
        while insertAt < blocks.count && blocks[insertAt] < today { insertAt += 2 + Int(blocks[insertAt + 1]) }
        blocks.insert(contentsOf: [today, UInt32(distinct.count)] + distinct, at: insertAt)
    }

    /// Whether one of `senders` (as ``entry(day:person:)``) was heard.
    func heardAny(of senders: [UInt64]) -> Bool {
        var at = 0
        while at < blocks.count {
            let (day, n) = (UInt64(blocks[at]), Int(blocks[at + 1]))
            let people = blocks[(at + 2)..<(at + 2 + n)]
            for sender in senders where sender >> 32 == day {
                let person = UInt32(truncatingIfNeeded: sender)
                var (lo, hi) = (people.startIndex, people.endIndex)
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if people[mid] < person { lo = mid + 1 } else { hi = mid }
                }
                if lo < people.endIndex && people[lo] == person { return true }
            }
            at += 2 + n
        }
        return false
    }
}
