import ExposureNotification
import RunRecords
import WarnSimCore

/// The ground truth of the encounter-level metrics (`contacts.bin`): for every
/// key-day an uploader's keys were distributed for, the app users with
/// exposure logging who were within radio range of the uploader while those
/// keys were valid, with the true distance over time.
///
/// Distributed keys are collected as their hour packages are verified and
/// looked up in the ``EncounterLedger`` at the end of each simulated day,
/// while the ledger still holds their day (keys are at most 14 days old when
/// distributed, the ledger keeps 16). Each ledger day is scanned once for all
/// the owners of its new keys.
struct KeyDayContacts: Sendable {
    /// A key's validity: owner and Unix seconds, half-open.
    struct KeySpan: Hashable, Sendable {
        var owner: Int
        var from: Int64
        var to: Int64
    }

    /// Keys distributed since the last collection.
    private var pending: [KeySpan] = []
    /// Every key span already looked up (a key is distributed once, but a day
    /// package or a second upload must not count it twice).
    private var seen = Set<KeySpan>()
    /// Key-days so far by (owner, UTC day), each phone's encounters.
    private var keyDays: [Int64: [Int: [[StoredExposure.Segment]]]] = [:]

    /// Notes a distributed key of `owner`.
    mutating func distributed(_ key: DiagnosisKey, owner: Int) {
        let from = key.rollingStartIntervalNumber.unixSeconds
        let span = KeySpan(owner: owner, from: from, to: from + Int64(key.rollingPeriod) * 600)
        guard span.to > span.from, seen.insert(span).inserted else { return }
        pending.append(span)
    }

    /// Looks up the pending keys' contacts in `ledger`: phones are the people
    /// with `eligible` true (app users with exposure logging), other than the owner.
    mutating func collect(from ledger: EncounterLedger, eligible: [Bool], startTime: Int64) {
        guard !pending.isEmpty else { return }
        var byDay: [Int: [KeySpan]] = [:]
        for span in pending {
            byDay[Int((span.from - startTime).floorDivided(by: 86_400)), default: []].append(span)
        }
        pending.removeAll()
        for entry in ledger.days {
            guard let spans = byDay.removeValue(forKey: entry.day) else { continue }
            let dayStart = startTime + Int64(entry.day) * 86_400
            let utcDay = dayStart.floorDivided(by: 86_400)
            for (owner, phones) in Self.contacts(in: entry, spans: spans, dayStart: dayStart, eligible: eligible) {
                let key = Int64(owner) << 32 | utcDay
                var known = keyDays[key] ?? [:]
                for (phone, encounters) in phones {
                    known[phone, default: []] += encounters
                    known[phone]!.sort { $0[0].start < $1[0].start }
                }
                keyDays[key] = known
            }
            // A key-day without any contact still counts (its phones are all negatives).
            for span in spans {
                let key = Int64(span.owner) << 32 | utcDay
                if keyDays[key] == nil { keyDays[key] = [:] }
            }
        }
    }

    /// The key-days collected, in (owner, day) order, contacts by phone.
    var stored: [StoredKeyDay] {
        keyDays.keys.sorted().map { key in
            let phones = keyDays[key]!
            return StoredKeyDay(
                owner: Int(key >> 32), day: Int(key & 0xFFFF_FFFF),
                contacts: phones.keys.sorted().map { StoredKeyDay.Contact(phone: $0, encounters: phones[$0]!) })
        }
    }

    /// The encounters of one ledger day between each span's owner and the
    /// eligible phones, clipped to the owner's spans: owner → phone → encounters.
    static func contacts(
        in day: EncounterLedger.Day, spans: [KeySpan], dayStart: Int64, eligible: [Bool]
    ) -> [Int: [Int: [[StoredExposure.Segment]]]] {
        // Minutes of the day each owner's keys were valid.
        var validity: [Int: [(from: Int16, to: Int16)]] = [:]
        for span in spans {
            let from = Int16(clamping: max(span.from - dayStart, 0) / 60)
            let to = Int16(clamping: min(span.to - dayStart, 86_400) / 60)
            if from < to { validity[span.owner, default: []].append((from, to)) }
        }
        var isOwner = [Bool](repeating: false, count: eligible.count)
        for owner in validity.keys { isOwner[owner] = true }
        var result: [Int: [Int: [[StoredExposure.Segment]]]] = [:]
        func add(owner: Int, phone: Int, entry: Int) {
            guard eligible[phone], let windows = validity[owner] else { return }
            var segments: [StoredExposure.Segment] = []
            for s in Int(day.segmentFirst[entry])..<Int(day.segmentFirst[entry + 1]) {
                for w in windows {
                    let start = max(day.segmentStart[s], w.from)
                    let end = min(day.segmentEnd[s], w.to)
                    if start < end { segments.append(.init(start: start, end: end, distance: day.segmentDistance[s])) }
                }
            }
            guard !segments.isEmpty else { return }
            segments.sort { $0.start < $1.start }
            result[owner, default: [:]][phone, default: []].append(segments)
        }
        for entry in day.pair.indices {
            let a = Int(day.pair[entry] >> 32)
            let b = Int(day.pair[entry] & 0xFFFF_FFFF)
            if isOwner[a] { add(owner: a, phone: b, entry: entry) }
            if isOwner[b] { add(owner: b, phone: a, entry: entry) }
        }
        return result
    }
}
