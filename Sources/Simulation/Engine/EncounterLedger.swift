import ExposureNotification
import Foundation
import Population
import RiskCalculation
import RunRecords
import WarnSimCore

/// The true encounters between app users of the last days, kept so that every
/// exposure window a phone records can be given the real contact behind it:
/// minutes together, smallest distance and dose during the window's time span.
///
/// Only pairs where both people have the app are kept (no other pair can
/// produce a window); days older than ``retainedDays`` are dropped, since the
/// framework forgets sightings after 14 days (Google/Apple, Exposure
/// Notification Cryptography Specification v1.2.1: identifiers are kept 14 days).
struct EncounterLedger: Sendable {
    /// Days kept: the 14-day sighting retention plus the upload day and one spare.
    static let retainedDays = 16

    /// One day's encounters, about 14 bytes each plus 8 per segment (in
    /// ``LedgerDayColumns``, on disk when the run keeps its sightings there):
    /// doses (rare: only encounters with an infectious person) are kept apart.
    struct Day: Sendable {
        var day: Int
        let columns: LedgerDayColumns
        /// Pair key `a << 32 | b` (a < b), sorted; entries of one pair in time order.
        var pair: UnsafeBufferPointer<UInt64> { columns.pair }
        var start: UnsafeBufferPointer<Int16> { columns.start }
        var segmentFirst: UnsafeBufferPointer<Int32> { columns.segmentFirst }
        var segmentStart: UnsafeBufferPointer<Int16> { columns.segmentStart }
        var segmentEnd: UnsafeBufferPointer<Int16> { columns.segmentEnd }
        var segmentDistance: UnsafeBufferPointer<Float> { columns.segmentDistance }
        /// The entries with a dose, ascending, and for each: the dose received
        /// by b from a and by a from b (0 if the other was not infectious), and
        /// Σ minutes · f_dist(d) over the whole encounter (to apportion the dose).
        var doseEntry: [Int32] = []
        var doseToB: [Float] = []
        var doseToA: [Float] = []
        var weightedMinutes: [Float] = []

        /// The position of entry `e` among the entries with a dose, if it has one.
        func dosePosition(_ e: Int) -> Int? {
            var lo = 0
            var hi = doseEntry.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if doseEntry[mid] < Int32(e) { lo = mid + 1 } else { hi = mid }
            }
            return lo < doseEntry.count && doseEntry[lo] == Int32(e) ? lo : nil
        }
    }

    private(set) var days: [Day] = []
    let distanceWeight: @Sendable (Float) -> Float
    /// Where days are kept on disk (the run's sighting folder), or nil.
    let folder: URL?

    init(distanceWeight: @escaping @Sendable (Float) -> Float, folder: URL? = nil) {
        self.distanceWeight = distanceWeight
        self.folder = folder
    }

    /// Hands back the pages of days on disk that lookups have read.
    func evict() {
        for day in days { day.columns.evict() }
    }

    /// Adds a day's encounters between app users, with the doses of its
    /// exposure records; the columns are filled by `workers` threads (the
    /// ledger does not depend on their number).
    mutating func add(encounters: DayEncounters, exposures: [ExposureRecord], hasApp: [Bool], workers: Int = 1) {
        days.removeAll { $0.day <= encounters.day - Self.retainedDays || $0.day == encounters.day }
        let kept = Self.pairOrder(of: encounters, hasApp: hasApp, workers: workers)
        let keyOf: @Sendable (Int) -> UInt64 = { i in
            UInt64(UInt32(encounters.personA[i])) << 32 | UInt64(UInt32(encounters.personB[i]))
        }
        var segmentFirst = [Int32](repeating: 0, count: kept.count + 1)
        for (k, i) in kept.enumerated() {
            segmentFirst[k + 1] = segmentFirst[k] + Int32(encounters.segmentFirst[Int(i) + 1] - encounters.segmentFirst[Int(i)])
        }
        let (first, order) = (segmentFirst, kept)
        let pair: [UInt64] = Self.column(count: kept.count, workers: workers) { range, out in
            for k in range { out[k] = keyOf(Int(order[k])) }
        }
        let start: [Int16] = Self.column(count: kept.count, workers: workers) { range, out in
            for k in range { out[k] = encounters.start[Int(order[k])] }
        }
        func segmentColumn<T: BitwiseCopyable>(_ column: KeyPath<DayEncounters, [T]> & Sendable) -> [T] {
            Self.column(count: Int(first.last!), items: order.count, workers: workers) { range, out in
                encounters[keyPath: column].withUnsafeBufferPointer { source in
                    guard let base = source.baseAddress else { return }
                    for k in range {
                        let from = encounters.segmentFirst[Int(order[k])]
                        (out + Int(first[k])).initialize(from: base + from, count: Int(first[k + 1] - first[k]))
                    }
                }
            }
        }
        let segmentStart = segmentColumn(\.segmentStart)
        let segmentEnd = segmentColumn(\.segmentEnd)
        let segmentDistance = segmentColumn(\.segmentDistance)
        // The entry an exposure record's encounter became: among its pair's
        // entries (few), the one made from that encounter.
        func position(of encounter: Int32) -> Int? {
            let e = Int(encounter)
            guard hasApp[Int(encounters.personA[e])] && hasApp[Int(encounters.personB[e])] else { return nil }
            let key = keyOf(e)
            var lo = 0
            var hi = pair.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if pair[mid] < key { lo = mid + 1 } else { hi = mid }
            }
            while lo < pair.count && pair[lo] == key {
                if kept[lo] == encounter { return lo }
                lo += 1
            }
            return nil
        }
        var doses = [Int: (toB: Float, toA: Float)]()
        for record in exposures {
            guard let at = position(of: record.encounter) else { continue }
            var dose = doses[at] ?? (0, 0)
            if record.exposed == encounters.personB[Int(record.encounter)] { dose.toB = record.dose } else { dose.toA = record.dose }
            doses[at] = dose
        }
        var entry = Day(
            day: encounters.day,
            columns: LedgerDayColumns(
                pair: pair, start: start, segmentFirst: segmentFirst, segmentStart: segmentStart, segmentEnd: segmentEnd,
                segmentDistance: segmentDistance, folder: folder))
        for at in doses.keys.sorted() {
            var weighted: Float = 0
            for s in Int(entry.segmentFirst[at])..<Int(entry.segmentFirst[at + 1]) {
                weighted += Float(entry.segmentEnd[s] - entry.segmentStart[s]) * distanceWeight(entry.segmentDistance[s])
            }
            entry.doseEntry.append(Int32(at))
            entry.doseToB.append(doses[at]!.toB)
            entry.doseToA.append(doses[at]!.toA)
            entry.weightedMinutes.append(weighted)
        }
        days.append(entry)
    }

    /// An array of `count` elements, each written once by `fill` (given a
    /// range of `0..<items` and the array's start), the items split between
    /// `workers` threads.
    static func column<T: BitwiseCopyable>(
        count: Int, items: Int? = nil, workers: Int, _ fill: @Sendable (Range<Int>, UnsafeMutablePointer<T>) -> Void
    ) -> [T] {
        [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = UnsafeSendable(buffer.baseAddress)
            Parallel.run(workers: workers) { worker in
                let range = Parallel.chunk(worker, of: workers, count: items ?? count)
                if !range.isEmpty { fill(range, out.value!) }
            }
            initialized = count
        }
    }

    /// The encounters between two app users, ordered by pair key
    /// (`personA << 32 | personB`), then start, then encounter number: a
    /// counting sort by `personA` (linear in encounters and people), then
    /// each person's few encounters sorted by `personB`, start and number.
    static func pairOrder(of encounters: DayEncounters, hasApp: [Bool], workers: Int = 1) -> [Int32] {
        let people = hasApp.count
        var first = [Int32](repeating: 0, count: people + 1)
        return encounters.personA.withUnsafeBufferPointer { a in
            encounters.personB.withUnsafeBufferPointer { b in
                encounters.start.withUnsafeBufferPointer { start in
                    hasApp.withUnsafeBufferPointer { app in
                        for i in a.indices where app[Int(a[i])] && app[Int(b[i])] { first[Int(a[i]) + 1] += 1 }
                        for p in 0..<people { first[p + 1] += first[p] }
                        let total = Int(first[people])
                        return [Int32](unsafeUninitializedCapacity: total) { order, initialized in
                            var next = first
                            for i in a.indices where app[Int(a[i])] && app[Int(b[i])] {
                                order[Int(next[Int(a[i])])] = Int32(i)
                                next[Int(a[i])] += 1
                            }
                            let (buckets, shared) = (first, UnsafeSendable((order, b, start)))
                            Parallel.run(workers: workers) { worker in
                                let (order, b, start) = shared.value
                                for p in Parallel.chunk(worker, of: workers, count: people) where buckets[p + 1] - buckets[p] > 1 {
                                    var bucket = UnsafeMutableBufferPointer(rebasing: order[Int(buckets[p])..<Int(buckets[p + 1])])
                                    bucket.sort { x, y in
                                        let (i, j) = (Int(x), Int(y))
                                        return b[i] != b[j] ? b[i] < b[j] : (start[i], x) < (start[j], y)
                                    }
                                }
                            }
                            initialized = total
                        }
                    }
                }
            }
        }
    }

    /// What really happened between `phone` and `owner` from `from` to `to`
    /// (Unix seconds): minutes together, smallest distance (−1 if they were
    /// never within radio range in that span), and the dose `phone` received
    /// from `owner` (apportioned over the encounter by minutes × f_dist).
    func truth(phone: Int, owner: Int, from: Int64, to: Int64, startTime: Int64) -> WindowTruth {
        var result = WindowTruth(minutes: 0, minimumDistance: -1, dose: 0)
        guard owner >= 0, phone != owner else { return result }
        let a = min(phone, owner)
        let b = max(phone, owner)
        let key = UInt64(UInt32(a)) << 32 | UInt64(UInt32(b))
        for entry in days {
            let dayStart = startTime + Int64(entry.day) * 86_400
            guard dayStart < to, dayStart + 86_400 > from else { continue }
            var lo = 0
            var hi = entry.pair.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if entry.pair[mid] < key { lo = mid + 1 } else { hi = mid }
            }
            var e = lo
            while e < entry.pair.count && entry.pair[e] == key {
                let dosed = entry.dosePosition(e)
                let dose = dosed.map { phone == b ? entry.doseToB[$0] : entry.doseToA[$0] } ?? 0
                var weightedOverlap: Float = 0
                for s in Int(entry.segmentFirst[e])..<Int(entry.segmentFirst[e + 1]) {
                    let begin = max(from, dayStart + Int64(entry.segmentStart[s]) * 60)
                    let end = min(to, dayStart + Int64(entry.segmentEnd[s]) * 60)
                    guard end > begin else { continue }
                    let minutes = Float(end - begin) / 60
                    result.minutes += minutes
                    let distance = entry.segmentDistance[s]
                    result.minimumDistance = result.minimumDistance < 0 ? distance : min(result.minimumDistance, distance)
                    weightedOverlap += minutes * distanceWeight(distance)
                }
                if dose > 0, let dosed, entry.weightedMinutes[dosed] > 0 {
                    result.dose += dose * weightedOverlap / entry.weightedMinutes[dosed]
                }
                e += 1
            }
        }
        return result
    }
}

extension EncounterLedger {
    /// The windows of a detection on `phone` that it had not recorded before,
    /// each with the key's owner and the real contact behind it.
    ///
    /// - Parameters:
    ///   - matched: The detection's windows (the app's `lastWindows`).
    ///   - known: The windows the phone recorded in earlier detections.
    ///   - index: The diagnosis-key index the detection matched against.
    ///   - owners: Which person uploaded each distributed key.
    ///   - startTime: The run's first day (Unix seconds).
    ///   - detectedAt: The detection's time (Unix seconds).
    ///   - level: The level the detection's calculation gave the window at a
    ///     position of `matched` (asked only for new windows).
    /// - Returns: The new windows by identity, in detection order.
    func recordedWindows(
        phone: Int, matched: [MatchedExposureWindow], known: [WindowKey: RecordedWindow],
        index: DiagnosisKeyIndex, owners: [CoronaWarnApp.KeyIdentity: Int], startTime: Int64, detectedAt: Int64,
        level: (Int, ExposureWindow) -> RiskLevel?
    ) -> [(WindowKey, RecordedWindow)] {
        var found: [(WindowKey, RecordedWindow)] = []
        var seen = Set<WindowKey>()
        for (position, window) in matched.enumerated() {
            let key = index.keys[window.keyIndex]
            let identity = WindowKey(
                keyData: key.keyData, rollingStart: key.rollingStartIntervalNumber.rawValue, firstScanTime: window.firstScanTime)
            guard known[identity] == nil, seen.insert(identity).inserted else { continue }
            let owner = owners[CoronaWarnApp.KeyIdentity(key)] ?? -1
            // The span the window's scans observed: from the scan before the
            // first one (its secondsSinceLastScan) to the end of the last scan,
            // which listens for ScanSchedule.scanDurationSeconds (a sighting at
            // the very start of an encounter then counts those seconds).
            let lookBack = Int64(max(window.window.scanInstances.first?.secondsSinceLastScan ?? 0, 0))
            let truth = truth(
                phone: phone, owner: owner, from: window.firstScanTime - lookBack,
                to: window.lastScanTime + ScanSchedule.scanDurationSeconds, startTime: startTime)
            found.append(
                (
                    identity,
                    RecordedWindow(
                        owner: owner, window: window.window, firstScanTime: window.firstScanTime,
                        lastScanTime: window.lastScanTime, detectedAt: detectedAt, truth: truth,
                        level: level(position, window.window))
                ))
        }
        return found
    }
}
