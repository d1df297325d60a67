import Foundation
import WarnSimCore

/// The time steps at which a crowd takes new positions: every `every` minutes,
/// except that the minutes before `quietUntil` and from `quietFrom` on (the
/// night, at home) are one step each.
struct TimeSteps {
    let every: Int
    let quietUntil: Int
    let quietFrom: Int
    let lastStep: Int

    init(every: Int, quietUntil: Int = 0, quietFrom: Int = 1440) {
        self.every = every
        self.quietUntil = quietUntil
        self.quietFrom = quietFrom
        lastStep = 1 + (quietFrom - quietUntil + every - 1) / every
    }

    /// The step holding `minute` (0…1439).
    @inline(__always) func step(_ minute: Int) -> Int {
        if minute < quietUntil { return 0 }
        if minute >= quietFrom { return lastStep }
        return 1 + (minute - quietUntil) / every
    }

    /// First minute of `step`, and the minute after its last.
    @inline(__always) func start(_ step: Int) -> Int { step == 0 ? 0 : min(quietFrom, quietUntil + (step - 1) * every) }
    @inline(__always) func end(_ step: Int) -> Int {
        step == 0 ? quietUntil : step == lastStep ? 1440 : min(quietFrom, quietUntil + step * every)
    }
}

/// Generates the encounters of one venue at a time: positions of the people
/// present (fixed seats, or a moving crowd redrawn at a fixed interval) and the
/// pairs within radio range. One generator per worker thread; its scratch
/// buffers are raw memory reused across venues (``free()`` when done).
///
/// Seated venues check every pair of stays (a spatial hash with cells of the
/// radio range for rooms of more than ``pairwiseSeatLimit`` people). Crowds are
/// walked pair by pair: each stay draws its positions for all its time steps
/// from its own stream, then every two stays that overlap in time are compared
/// step by step, and each run of steps within range is one encounter. Crowds of
/// more than ``pairwiseCrowdLimit`` stays are ordered by arrival first, so that
/// only stays that overlap in time are paired (a sweep line).
struct EncounterGenerator {
    let stays: VenueOrderedStays
    let town: Town
    let homeBase: Int
    let range: Float
    /// ``largestSquareWithin(_:)`` of `range`: squared distances compare against it.
    let rangeSquared: Float
    var hash = SpatialHash()
    var xs = RawBuffer<Float>()
    var ys = RawBuffer<Float>()
    var order = RawBuffer<UInt64>()
    var positionBase = RawBuffer<Int32>()

    /// Rooms up to this size compare all pairs of seats without a hash.
    static let pairwiseSeatLimit = 64
    /// Crowds up to this size pair every two stays without ordering them by arrival.
    static let pairwiseCrowdLimit = 16
    /// The subsystem of the position streams of crowds.
    static let positionStreams = RandomStream.Subsystem(StreamName.position)

    init(town: Town, plan: DayPlan, stays: VenueOrderedStays) {
        self.town = town
        self.stays = stays
        homeBase = plan.settingBase[Int(Setting.home.rawValue)]
        range = Float(town.config.radioRange)
        rangeSquared = Self.largestSquareWithin(range)
    }

    /// The largest `x` whose square root (correctly rounded, so monotonic) is
    /// at most `range`: `x <= largestSquareWithin(range)` exactly when
    /// `x.squareRoot() <= range`, without taking the root.
    static func largestSquareWithin(_ range: Float) -> Float {
        var x = range * range
        while x.squareRoot() > range { x = x.nextDown }
        while x.nextUp.squareRoot() <= range { x = x.nextUp }
        return x
    }

    func free() {
        xs.free()
        ys.free()
        order.free()
        positionBase.free()
    }

    /// Appends the encounters of global venue `v` (of `setting`) to `out`.
    mutating func generate(venue v: Int, setting: Setting, day: Int, into out: inout EncounterSink) {
        let first = Int(stays.venueFirst[v])
        let last = Int(stays.venueFirst[v + 1])
        guard last - first >= 2 else { return }
        let config = town.config
        switch setting {
        case .work: seated(v, first, last, setting, layout: config.work, into: &out)
        case .school: seated(v, first, last, setting, layout: config.school, into: &out)
        case .leisure: seated(v, first, last, setting, layout: config.leisure, into: &out)
        case .transport: vehicle(v, first, last, into: &out)
        case .home:
            let household = v - homeBase
            let side = Float((config.livingSpacePerPerson * Double(town.householdSize[household])).squareRoot())
            crowd(
                v, first, last, setting, day: day, width: side, height: side,
                steps: TimeSteps(every: config.homeRepositionMinutes, quietUntil: config.homeNightUntil, quietFrom: config.homeNightFrom),
                into: &out)
        case .daycare:
            let side = Float((config.daycareAreaPerChild * Double(config.daycareGroupSize)).squareRoot())
            crowd(
                v, first, last, setting, day: day, width: side, height: side, steps: TimeSteps(every: config.daycareRepositionMinutes),
                into: &out)
        case .shop:
            let side = Float(config.shopArea.squareRoot())
            crowd(
                v, first, last, setting, day: day, width: side, height: side, steps: TimeSteps(every: config.shopRepositionMinutes),
                into: &out)
        case .visit:
            let side = Float(config.visits.map(\.roomArea)?.squareRoot() ?? 1)
            crowd(
                v, first, last, setting, day: day, width: side, height: side,
                steps: TimeSteps(every: config.visits?.repositionMinutes ?? 1), into: &out)
        case .club:
            let side = Float(config.clubs.map(\.area)?.squareRoot() ?? 1)
            crowd(
                v, first, last, setting, day: day, width: side, height: side,
                steps: TimeSteps(every: config.clubs?.repositionMinutes ?? 1), into: &out)
        case .street:
            crowd(
                v, first, last, setting, day: day, width: Float(config.streetLength), height: Float(config.streetWidth),
                steps: TimeSteps(every: config.streetRepositionMinutes), into: &out)
        case .meeting: meeting(v, first, last, into: &out)
        }
    }

    /// The participants of a meeting, evenly on a circle around the table: one
    /// group of ``seated(_:_:_:_:layout:into:)`` in a room of its own.
    mutating func meeting(_ v: Int, _ first: Int, _ last: Int, into out: inout EncounterSink) {
        guard let meetings = town.config.meetings else { return }
        let table = ClusterLayout(
            closeContactsTarget: Double(meetings.participants - 1), clusterSpacing: 2 * meetings.seatRadius,
            seatRadius: meetings.seatRadius, clustersPerRoom: 1)
        seated(v, first, last, .meeting, layout: table, into: &out)
    }

    /// Seat positions in groups: group centres on a square grid `clusterSpacing`
    /// apart, members evenly on a circle of `seatRadius` around the centre.
    mutating func seated(_ v: Int, _ first: Int, _ last: Int, _ setting: Setting, layout: ClusterLayout, into out: inout EncounterSink) {
        xs.removeAll()
        ys.removeAll()
        let columns = Int(Double(layout.clustersPerRoom).squareRoot().rounded(.up))
        let spacing = Float(layout.clusterSpacing)
        let radius = Float(layout.seatRadius)
        // A stay without a seat (−1) stands at its group: a teacher
        // (``StaffConfig``), between the first two seats.
        let standing = Float(town.config.staff?.teacherDistance ?? 0)
        for k in first..<last {
            let c = Int(stays.cluster[k])
            let size = max(1, Int(stays.clusterSize[k]))
            let seated = stays.seat[k] >= 0
            let angle = seated ? 2 * Float.pi * Float(stays.seat[k]) / Float(size) : Float.pi / 4
            let r: Float = seated ? (size > 1 ? radius : 0) : standing
            xs.append(spacing * (0.5 + Float(c % columns)) + r * cosf(angle))
            ys.append(spacing * (0.5 + Float(c / columns)) + r * sinf(angle))
        }
        let rows = (layout.clustersPerRoom + columns - 1) / columns
        staticPairs(v, first, last, setting, width: spacing * Float(columns), height: spacing * Float(rows), into: &out)
    }

    /// Seats of a vehicle: `seat_columns` across, rows one behind the other.
    mutating func vehicle(_ v: Int, _ first: Int, _ last: Int, into out: inout EncounterSink) {
        let config = town.config
        xs.removeAll()
        ys.removeAll()
        let columns = config.vehicleSeatColumns
        let seatPitch = Float(config.vehicleSeatPitch)
        let rowPitch = Float(config.vehicleRowPitch)
        for k in first..<last {
            let seat = Int(stays.seat[k])
            xs.append(seatPitch * Float(seat % columns))
            ys.append(rowPitch * Float(seat / columns))
        }
        let rows = (config.vehicleCapacity + columns - 1) / columns
        staticPairs(v, first, last, .transport, width: seatPitch * Float(columns), height: rowPitch * Float(rows), into: &out)
    }

    /// Pairs among people who keep their positions for the whole stay: one
    /// encounter with one segment per pair whose stays overlap, in pair order
    /// (or in the hash's order for large rooms).
    mutating func staticPairs(
        _ v: Int, _ first: Int, _ last: Int, _ setting: Setting, width: Float, height: Float,
        into out: inout EncounterSink
    ) {
        let n = last - first
        let person = stays.person + first
        let start = stays.start + first
        let end = stays.end + first
        let px = xs.base
        let py = ys.base
        let limit = range
        let code = setting.rawValue
        let venue = Int32(v)
        @inline(__always) func visit(_ i: Int, _ j: Int, _ out: inout EncounterSink) {
            let pi = person[i]
            let pj = person[j]
            guard pi != pj else { return }
            let s = max(start[i], start[j])
            let e = min(end[i], end[j])
            guard s < e else { return }
            let dx = px[i] - px[j]
            let dy = py[i] - py[j]
            let d = (dx * dx + dy * dy).squareRoot()
            guard d <= limit else { return }
            out.segment(s, e, d)
            out.encounter(min(pi, pj), max(pi, pj), code, venue, s, e, d)
        }
        if n <= Self.pairwiseSeatLimit {
            for i in 0..<n { for j in (i + 1)..<n { visit(i, j, &out) } }
        } else {
            hash.build(
                x: UnsafeBufferPointer(start: px, count: n), y: UnsafeBufferPointer(start: py, count: n),
                width: width, height: height, radius: limit)
            hash.forEachCandidatePair { i, j in visit(i, j, &out) }
        }
    }

    /// People moving in a rectangle: every `steps.every` minutes each person
    /// present takes a new uniformly drawn position. Each stay draws its
    /// positions in step order from its own stream
    /// `(seed, "position", person/day/setting, start minute)`; every two stays
    /// of different people that overlap in time are compared step by step.
    /// Output order: by pair of stays (venue order, or arrival order for crowds
    /// above ``pairwiseCrowdLimit``), then time.
    mutating func crowd(
        _ v: Int, _ first: Int, _ last: Int, _ setting: Setting, day: Int, width: Float, height: Float,
        steps: TimeSteps, into out: inout EncounterSink
    ) {
        let n = last - first
        let person = stays.person + first
        let start = stays.start + first
        let end = stays.end + first
        // Stay order: venue order for small crowds, arrival order (then venue order) otherwise.
        order.removeAll()
        order.reserve(extra: n)
        let byArrival = n > Self.pairwiseCrowdLimit
        for k in 0..<n {
            order.append(byArrival ? UInt64(UInt16(bitPattern: start[k])) << 32 | UInt64(k) : UInt64(k))
        }
        if byArrival {
            var sortable = UnsafeMutableBufferPointer(start: order.base, count: n)
            sortable.sort()
        }
        // Positions of every stay for all its steps.
        let seed = town.seed
        let dayBits = UInt64(day) << 32 | UInt64(setting.rawValue) << 56
        xs.removeAll()
        ys.removeAll()
        positionBase.removeAll()
        for index in 0..<n {
            let k = Int(truncatingIfNeeded: order[index] & 0xFFFF_FFFF)
            var stream = RandomStream.derive(
                seed: seed, subsystem: Self.positionStreams, entity: UInt64(UInt32(bitPattern: person[k])) | dayBits,
                index: UInt64(start[k]))
            let firstStep = steps.step(Int(start[k]))
            let lastStep = steps.step(Int(end[k]) - 1)
            positionBase.append(Int32(xs.count - firstStep))
            xs.reserve(extra: lastStep - firstStep + 1)
            ys.reserve(extra: lastStep - firstStep + 1)
            for _ in firstStep...lastStep {
                xs.append(width * Float(stream.nextUnitDouble()))
                ys.append(height * Float(stream.nextUnitDouble()))
            }
        }
        let px = xs.base
        let py = ys.base
        let base = positionBase.base
        let keys = order.base
        let limitSquared = rangeSquared
        let code = setting.rawValue
        let venue = Int32(v)
        for i in 0..<n {
            let ki = Int(truncatingIfNeeded: keys[i] & 0xFFFF_FFFF)
            let pi = person[ki]
            let startI = start[ki]
            let endI = end[ki]
            let baseI = Int(base[i])
            for j in (i + 1)..<n {
                let kj = Int(truncatingIfNeeded: keys[j] & 0xFFFF_FFFF)
                let startJ = start[kj]
                if byArrival && startJ >= endI { break }
                let pj = person[kj]
                guard pi != pj else { continue }
                let s = max(startI, startJ)
                let e = min(endI, end[kj])
                guard s < e else { continue }
                let baseJ = Int(base[j])
                let a = min(pi, pj)
                let b = max(pi, pj)
                var open = false
                var minimum: Float = .infinity
                var encounterStart: Int16 = 0
                var encounterEnd: Int16 = 0
                var previous = Int.min
                // In chunks of 64 steps: first a branch-free mask of the steps
                // within range (whether a random pair is in range is a coin
                // flip the branch predictor loses), then the set bits in order.
                let lastStep = steps.step(Int(e) - 1)
                var chunk = steps.step(Int(s))
                while chunk <= lastStep {
                    let chunkEnd = min(lastStep, chunk + 63)
                    var mask: UInt64 = 0
                    for step in chunk...chunkEnd {
                        let dx = px[baseI + step] - px[baseJ + step]
                        let dy = py[baseI + step] - py[baseJ + step]
                        mask |= UInt64(dx * dx + dy * dy <= limitSquared ? 1 : 0) << UInt64(step - chunk)
                    }
                    while mask != 0 {
                        let step = chunk + mask.trailingZeroBitCount
                        mask &= mask - 1
                        if open && step != previous + 1 {
                            out.encounter(a, b, code, venue, encounterStart, encounterEnd, minimum)
                            open = false
                            minimum = .infinity
                        }
                        previous = step
                        let dx = px[baseI + step] - px[baseJ + step]
                        let dy = py[baseI + step] - py[baseJ + step]
                        let d = (dx * dx + dy * dy).squareRoot()
                        let t0 = max(s, Int16(truncatingIfNeeded: steps.start(step)))
                        let t1 = min(e, Int16(truncatingIfNeeded: steps.end(step)))
                        if !open {
                            open = true
                            encounterStart = t0
                        }
                        encounterEnd = t1
                        minimum = min(minimum, d)
                        out.segment(t0, t1, d)
                    }
                    chunk = chunkEnd + 1
                }
                if open { out.encounter(a, b, code, venue, encounterStart, encounterEnd, minimum) }
            }
        }
    }
}

extension DayEncounters {
    /// Generates the encounters of `plan` on `workers` threads. Venues are cut
    /// into blocks of at most ``venuesPerBlock`` venues and ``staysPerBlock``
    /// stays (fixed by the plan, independent of `workers`), dealt to the workers
    /// round-robin so that cheap and expensive settings are shared, and the
    /// blocks' outputs are concatenated in venue order, so the stream does not
    /// depend on `workers`.
    package static func generate(town: Town, plan: DayPlan, workers: Int) -> DayEncounters {
        var output = DayEncounters(day: plan.day)
        generate(town: town, plan: plan, workers: workers, workspace: EncounterWorkspace(), into: &output)
        return output
    }

    /// ``generate(town:plan:workers:)`` into `output`, whose columns are
    /// emptied and refilled (their memory is reused when no copy shares it),
    /// with the workers' sinks taken from `workspace`.
    package static func generate(
        town: Town, plan: DayPlan, workers: Int, workspace: EncounterWorkspace,
        into output: inout DayEncounters
    ) {
        let stays = VenueOrderedStays(plan: plan)
        let venues = plan.totalVenues
        // Blocks: [blockFirst[b], blockFirst[b + 1]) venues.
        var blockFirst: [Int] = [0]
        var venuesInBlock = 0
        var staysInBlock = 0
        for v in 0..<venues {
            venuesInBlock += 1
            staysInBlock += Int(stays.venueFirst[v + 1] - stays.venueFirst[v])
            if venuesInBlock >= venuesPerBlock || staysInBlock >= staysPerBlock {
                blockFirst.append(v + 1)
                venuesInBlock = 0
                staysInBlock = 0
            }
        }
        if blockFirst.last! < venues { blockFirst.append(venues) }
        let blocks = blockFirst.count - 1
        let blockBounds = blockFirst
        var settingOfVenue = [UInt8](repeating: 0, count: venues)
        for s in 0..<plan.settingBase.count {
            let from = plan.settingBase[s]
            let to = s + 1 < plan.settingBase.count ? plan.settingBase[s + 1] : venues
            for v in from..<to { settingOfVenue[v] = UInt8(s) }
        }
        let settingTable = settingOfVenue
        let spans = UnsafeMutableBufferPointer<BlockSpan>.allocate(capacity: max(blocks, 1))
        spans.initialize(repeating: BlockSpan())
        defer { spans.deallocate() }
        workspace.prepare(workers: workers)
        let box = UnsafeSendable((spans, workspace.sinks))
        let day = plan.day
        Parallel.run(workers: workers) { worker in
            var generator = EncounterGenerator(town: town, plan: plan, stays: stays)
            let sink = box.value.1 + worker
            settingTable.withUnsafeBufferPointer { settingOf in
                for block in stride(from: worker, to: blocks, by: workers) {
                    let encounterStart = sink.pointee.count
                    let segmentStart = sink.pointee.segments
                    for v in blockBounds[block]..<blockBounds[block + 1] {
                        generator.generate(venue: v, setting: Setting(rawValue: settingOf[v])!, day: day, into: &sink.pointee)
                    }
                    box.value.0[block] = BlockSpan(
                        worker: worker, encounters: encounterStart..<sink.pointee.count,
                        segments: segmentStart..<sink.pointee.segments)
                }
            }
            generator.free()
        }
        output.day = day
        output.gather(
            spans: UnsafeBufferPointer(spans), sinks: workspace.sinks, releasing: workspace.releasesMemory ? workers : 0,
            workers: workers)
    }

    /// The encounters and segments one block of venues wrote into its worker's sink.
    struct BlockSpan { var worker = 0, encounters = 0..<0, segments = 0..<0 }

    /// Replaces the columns by the blocks' outputs concatenated in block order,
    /// each column copied by one of `workers` threads (the copies are mostly
    /// page faults and memory traffic, which two cores share).
    /// With `releasing` > 0, the pages of each column of the first
    /// `releasing` sinks are handed back as soon as it is copied, so that the
    /// day is held once, not twice (``EncounterWorkspace/releasesMemory``).
    mutating func gather(
        spans: UnsafeBufferPointer<BlockSpan>, sinks: UnsafeMutablePointer<EncounterSink>, releasing: Int = 0, workers: Int = 1
    ) {
        let columns = GatheredColumns(taking: &self)
        defer { columns.give(to: &self) }
        let shared = UnsafeSendable((spans, sinks))
        let total = spans.reduce(0) { $0 + $1.encounters.count }
        let totalSegments = spans.reduce(0) { $0 + $1.segments.count }
        let jobs = 11
        let threads = min(max(workers, 1), jobs)
        Parallel.run(workers: threads) { worker in
            let (spans, sinks) = shared.value
            func fill<T: BitwiseCopyable>(
                _ array: inout [T], _ column: WritableKeyPath<EncounterSink, RawBuffer<T>>, segments: Bool
            ) {
                array.removeAll(keepingCapacity: true)
                array.reserveCapacity(segments ? totalSegments : total)
                for span in spans {
                    let range = segments ? span.segments : span.encounters
                    array.append(
                        contentsOf: UnsafeBufferPointer(
                            start: sinks[span.worker][keyPath: column].base + range.lowerBound, count: range.count))
                }
                for w in 0..<releasing { sinks[w][keyPath: column].release() }
            }
            for job in stride(from: worker, to: jobs, by: threads) {
                switch job {
                case 0: fill(&columns.personA, \.personA, segments: false)
                case 1: fill(&columns.personB, \.personB, segments: false)
                case 2: fill(&columns.setting, \.setting, segments: false)
                case 3: fill(&columns.venue, \.venue, segments: false)
                case 4: fill(&columns.start, \.start, segments: false)
                case 5: fill(&columns.end, \.end, segments: false)
                case 6: fill(&columns.minimumDistance, \.minimumDistance, segments: false)
                case 7: fill(&columns.segmentStart, \.segmentStart, segments: true)
                case 8: fill(&columns.segmentEnd, \.segmentEnd, segments: true)
                case 9: fill(&columns.segmentDistance, \.segmentDistance, segments: true)
                default:
                    columns.segmentFirst.removeAll(keepingCapacity: true)
                    columns.segmentFirst.reserveCapacity(total + 1)
                    columns.segmentFirst.append(0)
                    var segmentBase = 0
                    for span in spans {
                        let upTo = sinks[span.worker].segmentsUpTo.base
                        let shift = segmentBase - span.segments.lowerBound
                        for e in span.encounters { columns.segmentFirst.append(upTo[e] + shift) }
                        segmentBase += span.segments.count
                    }
                    for w in 0..<releasing { sinks[w].segmentsUpTo.release() }
                }
            }
        }
    }

    /// The columns of a ``DayEncounters`` moved out of it (without copying)
    /// while threads fill them, one column per thread at a time.
    final class GatheredColumns: @unchecked Sendable {
        var personA: [Int32] = [], personB: [Int32] = [], setting: [UInt8] = [], venue: [Int32] = []
        var start: [Int16] = [], end: [Int16] = [], minimumDistance: [Float] = []
        var segmentFirst: [Int] = [], segmentStart: [Int16] = [], segmentEnd: [Int16] = [], segmentDistance: [Float] = []

        init(taking day: inout DayEncounters) { exchange(with: &day) }

        /// Moves the columns back into `day`.
        func give(to day: inout DayEncounters) { exchange(with: &day) }

        /// Swaps every column with `day`'s (taking and giving back are the same swap).
        private func exchange(with day: inout DayEncounters) {
            swap(&personA, &day.personA)
            swap(&personB, &day.personB)
            swap(&setting, &day.setting)
            swap(&venue, &day.venue)
            swap(&start, &day.start)
            swap(&end, &day.end)
            swap(&minimumDistance, &day.minimumDistance)
            swap(&segmentFirst, &day.segmentFirst)
            swap(&segmentStart, &day.segmentStart)
            swap(&segmentEnd, &day.segmentEnd)
            swap(&segmentDistance, &day.segmentDistance)
        }
    }

    /// Most venues per block of work in ``generate(town:plan:workers:)``.
    package static let venuesPerBlock = 256
    /// Most stays per block (a block closes at the venue that reaches it).
    package static let staysPerBlock = 1024
}
