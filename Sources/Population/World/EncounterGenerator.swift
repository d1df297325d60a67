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
    @inline(__always) func end(_ step: Int) -> Int { step == 0 ? quietUntil : step == lastStep ? 1440 : min(quietFrom, quietUntil + step * every) }
}

/// Generates the encounters of one venue at a time: positions of the people
/// present (fixed seats, or a moving crowd redrawn at a fixed interval), a
/// spatial hash with cells of the radio range, and the pairs within range.
/// One generator per worker thread; its buffers are reused across venues.
struct EncounterGenerator {
    let town: Town
    let plan: DayPlan
    let range: Float
    var hash = SpatialHash()
    var xs: [Float] = []
    var ys: [Float] = []
    var present: [Int32] = []
    var sorted: [Int32] = []
    var active: [Int32] = []
    var streams: [RandomStream] = []
    /// Small crowds (homes) are handled pair by pair without hashing or sorting.
    let smallVenueLimit = 8
    var positionFirst: [Int32] = []
    var positionX: [Float] = []
    var positionY: [Float] = []
    var pairOrder: [(key: UInt64, start: Int16, i: Int32, j: Int32)] = []
    var pending: [PendingSegment] = []

    struct PendingSegment {
        var key: UInt64
        var start: Int16
        var end: Int16
        var distance: Float
    }

    init(town: Town, plan: DayPlan) {
        self.town = town
        self.plan = plan
        range = Float(town.config.radioRange)
    }

    /// Appends the encounters of global venue `v` to `out`.
    mutating func generate(venue v: Int, into out: inout DayEncounters) {
        let first = Int(plan.venueFirst[v]), last = Int(plan.venueFirst[v + 1])
        guard last - first >= 2 else { return }
        let setting = plan.setting(ofVenue: v)
        let config = town.config
        switch setting {
        case .work: seated(v, first, last, setting, layout: config.work, into: &out)
        case .school: seated(v, first, last, setting, layout: config.school, into: &out)
        case .leisure: seated(v, first, last, setting, layout: config.leisure, into: &out)
        case .transport: vehicle(v, first, last, into: &out)
        case .home:
            let household = Int(plan.venue[Int(plan.venueStays[first])])
            let side = Float((config.livingSpacePerPerson * Double(town.householdSize[household])).squareRoot())
            crowd(v, first, last, setting, width: side, height: side,
                  steps: TimeSteps(every: config.homeRepositionMinutes, quietUntil: config.homeNightUntil, quietFrom: config.homeNightFrom),
                  into: &out)
        case .daycare:
            let side = Float((config.daycareAreaPerChild * Double(config.daycareGroupSize)).squareRoot())
            crowd(v, first, last, setting, width: side, height: side, steps: TimeSteps(every: config.daycareRepositionMinutes), into: &out)
        case .shop:
            let side = Float(config.shopArea.squareRoot())
            crowd(v, first, last, setting, width: side, height: side, steps: TimeSteps(every: config.shopRepositionMinutes), into: &out)
        case .street:
            crowd(v, first, last, setting, width: Float(config.streetLength), height: Float(config.streetWidth),
                  steps: TimeSteps(every: config.streetRepositionMinutes), into: &out)
        }
    }

    /// Seat positions in groups: group centres on a square grid `clusterSpacing`
    /// apart, members evenly on a circle of `seatRadius` around the centre.
    mutating func seated(_ v: Int, _ first: Int, _ last: Int, _ setting: Setting, layout: ClusterLayout, into out: inout DayEncounters) {
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        let columns = Int(Double(layout.clustersPerRoom).squareRoot().rounded(.up))
        let spacing = Float(layout.clusterSpacing), radius = Float(layout.seatRadius)
        for k in first..<last {
            let stay = Int(plan.venueStays[k])
            let c = Int(plan.cluster[stay]), size = max(1, Int(plan.clusterSize[stay]))
            let angle = 2 * Float.pi * Float(plan.seat[stay]) / Float(size)
            let r: Float = size > 1 ? radius : 0
            xs.append(spacing * (0.5 + Float(c % columns)) + r * cosf(angle))
            ys.append(spacing * (0.5 + Float(c / columns)) + r * sinf(angle))
        }
        let rows = (layout.clustersPerRoom + columns - 1) / columns
        staticPairs(v, first, last, setting, width: spacing * Float(columns), height: spacing * Float(rows), into: &out)
    }

    /// Seats of a vehicle: `seat_columns` across, rows one behind the other.
    mutating func vehicle(_ v: Int, _ first: Int, _ last: Int, into out: inout DayEncounters) {
        let config = town.config
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        let columns = config.vehicleSeatColumns
        for k in first..<last {
            let seat = Int(plan.seat[Int(plan.venueStays[k])])
            xs.append(Float(config.vehicleSeatPitch) * Float(seat % columns))
            ys.append(Float(config.vehicleRowPitch) * Float(seat / columns))
        }
        let rows = (config.vehicleCapacity + columns - 1) / columns
        staticPairs(v, first, last, .transport, width: Float(config.vehicleSeatPitch) * Float(columns),
                    height: Float(config.vehicleRowPitch) * Float(rows), into: &out)
    }

    /// Pairs among people who keep their positions for the whole stay: one
    /// encounter with one segment per pair whose stays overlap.
    mutating func staticPairs(_ v: Int, _ first: Int, _ last: Int, _ setting: Setting, width: Float, height: Float, into out: inout DayEncounters) {
        xs.withUnsafeBufferPointer { x in ys.withUnsafeBufferPointer { y in
            hash.build(x: x, y: y, width: width, height: height, radius: self.range)
        } }
        let plan = self.plan, limit = self.range
        let px = self.xs, py = self.ys
        hash.forEachCandidatePair { i, j in
            let si = Int(plan.venueStays[first + i]), sj = Int(plan.venueStays[first + j])
            let pi = plan.person[si], pj = plan.person[sj]
            guard pi != pj else { return }
            let s = max(plan.start[si], plan.start[sj]), e = min(plan.end[si], plan.end[sj])
            guard s < e else { return }
            let dx = px[i] - px[j], dy = py[i] - py[j]
            let d = (dx * dx + dy * dy).squareRoot()
            guard d <= limit else { return }
            out.personA.append(min(pi, pj)); out.personB.append(max(pi, pj))
            out.setting.append(setting.rawValue); out.venue.append(Int32(v))
            out.start.append(s); out.end.append(e); out.minimumDistance.append(d)
            out.segmentStart.append(s); out.segmentEnd.append(e); out.segmentDistance.append(d)
            out.segmentFirst.append(Int32(out.segmentStart.count))
        }
    }

    /// People moving in a rectangle: every `every` minutes each person present
    /// takes a new uniformly drawn position. Each stay draws its positions in
    /// order from its own stream `(seed, "position", person/day/setting, start minute)`.
    /// The time steps are swept once with a list of the people present.
    mutating func crowd(_ v: Int, _ first: Int, _ last: Int, _ setting: Setting, width: Float, height: Float, steps: TimeSteps,
                        into out: inout DayEncounters) {
        sorted.removeAll(keepingCapacity: true)
        for k in first..<last { sorted.append(plan.venueStays[k]) }
        let plan = self.plan
        sorted.sort { plan.start[Int($0)] != plan.start[Int($1)] ? plan.start[Int($0)] < plan.start[Int($1)] : $0 < $1 }
        let seed = town.seed
        let dayBits = UInt64(plan.day) << 32 | UInt64(setting.rawValue) << 56
        streams.removeAll(keepingCapacity: true)
        for stay in sorted {
            streams.append(RandomStream.derive(seed: seed, subsystem: "position", entity: UInt64(plan.person[Int(stay)]) | dayBits,
                                               index: UInt64(plan.start[Int(stay)])))
        }
        if sorted.count <= smallVenueLimit {
            smallCrowd(v, setting, width: width, height: height, steps: steps, into: &out)
            return
        }
        pending.removeAll(keepingCapacity: true)
        active.removeAll(keepingCapacity: true)
        var next = 0
        var step = steps.step(Int(plan.start[Int(sorted[0])]))
        while true {
            let t0 = Int16(steps.start(step)), t1 = Int16(steps.end(step))
            while next < sorted.count && plan.start[Int(sorted[next])] < t1 {
                active.append(Int32(next))
                next += 1
            }
            let sortedStays = sorted
            active.removeAll { plan.end[Int(sortedStays[Int($0)])] <= t0 }
            if active.isEmpty {
                if next >= sorted.count { break }
                step = steps.step(Int(plan.start[Int(sorted[next])]))
                continue
            }
            if active.count == 1 {
                // Alone until the next arrival or the departure: only advance the stream.
                let only = Int(active[0])
                let alone = min(next < sorted.count ? steps.step(Int(plan.start[Int(sorted[next])])) - 1 : Int.max,
                                steps.step(Int(plan.end[Int(sorted[only])]) - 1))
                for _ in step...alone { _ = streams[only].next(); _ = streams[only].next() }
                if steps.end(alone) >= 1440 { break }
                step = alone + 1
                continue
            }
            xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
            present.removeAll(keepingCapacity: true)
            for a in active {
                present.append(sorted[Int(a)])
                xs.append(width * Float(streams[Int(a)].nextUnitDouble()))
                ys.append(height * Float(streams[Int(a)].nextUnitDouble()))
            }
            if present.count >= 2 {
                let limit = self.range, present = self.present, px = self.xs, py = self.ys
                var pending = self.pending
                self.pending = []
                let visit = { (i: Int, j: Int) in
                    let si = Int(present[i]), sj = Int(present[j])
                    let pi = plan.person[si], pj = plan.person[sj]
                    guard pi != pj else { return }
                    let s = max(t0, plan.start[si], plan.start[sj]), e = min(t1, plan.end[si], plan.end[sj])
                    guard s < e else { return }
                    let dx = px[i] - px[j], dy = py[i] - py[j]
                    let d = (dx * dx + dy * dy).squareRoot()
                    guard d <= limit else { return }
                    pending.append(PendingSegment(key: UInt64(UInt32(min(pi, pj))) << 32 | UInt64(UInt32(max(pi, pj))), start: s, end: e, distance: d))
                }
                if present.count <= 12 {
                    // Few people present: every pair is a candidate (the grid would have one or two cells).
                    for i in 0..<present.count { for j in (i + 1)..<present.count { visit(i, j) } }
                } else {
                    xs.withUnsafeBufferPointer { x in ys.withUnsafeBufferPointer { y in
                        hash.build(x: x, y: y, width: width, height: height, radius: limit)
                    } }
                    hash.forEachCandidatePair(visit)
                }
                self.pending = pending
            }
            if t1 >= 1440 { break }
            step += 1
        }
        guard !pending.isEmpty else { return }
        pending.sort { $0.key != $1.key ? $0.key < $1.key : $0.start != $1.start ? $0.start < $1.start : $0.end < $1.end }
        // Merge each pair's consecutive time steps into encounters.
        var index = 0
        while index < pending.count {
            let key = pending[index].key
            let a = Int32(truncatingIfNeeded: key >> 32), b = Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)
            let startMinute = pending[index].start
            var endMinute = pending[index].end
            var minimum = pending[index].distance
            out.segmentStart.append(startMinute); out.segmentEnd.append(endMinute); out.segmentDistance.append(minimum)
            index += 1
            while index < pending.count && pending[index].key == key && pending[index].start <= endMinute {
                let segment = pending[index]
                if segment.start >= endMinute {
                    out.segmentStart.append(segment.start); out.segmentEnd.append(segment.end); out.segmentDistance.append(segment.distance)
                }
                endMinute = max(endMinute, segment.end)
                minimum = min(minimum, segment.distance)
                index += 1
            }
            out.personA.append(a); out.personB.append(b)
            out.setting.append(setting.rawValue); out.venue.append(Int32(v))
            out.start.append(startMinute); out.end.append(endMinute); out.minimumDistance.append(minimum)
            out.segmentFirst.append(Int32(out.segmentStart.count))
        }
    }
    /// A crowd of at most ``smallVenueLimit`` stays: each stay's positions for
    /// all its time steps are drawn in step order from its stream (the same
    /// draws as the sweep in ``crowd``), then every pair of overlapping stays is
    /// walked step by step. Output order: by pair, then start.
    mutating func smallCrowd(_ v: Int, _ setting: Setting, width: Float, height: Float, steps: TimeSteps, into out: inout DayEncounters) {
        let plan = self.plan
        positionFirst.removeAll(keepingCapacity: true)
        positionX.removeAll(keepingCapacity: true); positionY.removeAll(keepingCapacity: true)
        for (k, stay) in sorted.enumerated() {
            positionFirst.append(Int32(positionX.count))
            let firstStep = steps.step(Int(plan.start[Int(stay)])), lastStep = steps.step(Int(plan.end[Int(stay)]) - 1)
            for _ in firstStep...lastStep {
                positionX.append(width * Float(streams[k].nextUnitDouble()))
                positionY.append(height * Float(streams[k].nextUnitDouble()))
            }
        }
        pairOrder.removeAll(keepingCapacity: true)
        for i in 0..<sorted.count {
            for j in (i + 1)..<sorted.count {
                let si = Int(sorted[i]), sj = Int(sorted[j])
                let pi = plan.person[si], pj = plan.person[sj]
                guard pi != pj else { continue }
                let s = max(plan.start[si], plan.start[sj]), e = min(plan.end[si], plan.end[sj])
                guard s < e else { continue }
                pairOrder.append((UInt64(UInt32(min(pi, pj))) << 32 | UInt64(UInt32(max(pi, pj))), s, Int32(i), Int32(j)))
            }
        }
        pairOrder.sort { $0.key != $1.key ? $0.key < $1.key : $0.start < $1.start }
        for pair in pairOrder {
            let i = Int(pair.i), j = Int(pair.j)
            let si = Int(sorted[i]), sj = Int(sorted[j])
            let s = Int(max(plan.start[si], plan.start[sj])), e = Int(min(plan.end[si], plan.end[sj]))
            let baseI = Int(positionFirst[i]) - steps.step(Int(plan.start[si]))
            let baseJ = Int(positionFirst[j]) - steps.step(Int(plan.start[sj]))
            let a = Int32(truncatingIfNeeded: pair.key >> 32), b = Int32(truncatingIfNeeded: pair.key & 0xFFFF_FFFF)
            var open = false
            var minimum: Float = .infinity
            var encounterStart: Int16 = 0, encounterEnd: Int16 = 0
            func close() {
                guard open else { return }
                out.personA.append(a); out.personB.append(b)
                out.setting.append(setting.rawValue); out.venue.append(Int32(v))
                out.start.append(encounterStart); out.end.append(encounterEnd); out.minimumDistance.append(minimum)
                out.segmentFirst.append(Int32(out.segmentStart.count))
                open = false
                minimum = .infinity
            }
            for step in steps.step(s)...steps.step(e - 1) {
                let dx = positionX[baseI + step] - positionX[baseJ + step]
                let dy = positionY[baseI + step] - positionY[baseJ + step]
                let d = (dx * dx + dy * dy).squareRoot()
                guard d <= range else { close(); continue }
                let t0 = Int16(max(s, steps.start(step))), t1 = Int16(min(e, steps.end(step)))
                if !open { open = true; encounterStart = t0 }
                encounterEnd = t1
                minimum = min(minimum, d)
                out.segmentStart.append(t0); out.segmentEnd.append(t1); out.segmentDistance.append(d)
            }
            close()
        }
    }
}

extension DayEncounters {
    /// Generates the encounters of `plan` on `workers` threads. Venues are cut
    /// into fixed blocks of ``venuesPerBlock`` (independent of `workers`), dealt
    /// to the workers round-robin so that cheap and expensive settings are
    /// shared, and the blocks' outputs are concatenated in venue order, so the
    /// stream does not depend on `workers`.
    public static func generate(town: Town, plan: DayPlan, workers: Int) -> DayEncounters {
        let venues = plan.totalVenues
        let blocks = max(1, (venues + venuesPerBlock - 1) / venuesPerBlock)
        let parts = UnsafeMutableBufferPointer<DayEncounters>.allocate(capacity: blocks)
        parts.initialize(repeating: DayEncounters(day: plan.day))
        defer { parts.deinitialize(); parts.deallocate() }
        let box = UnsafeSendable(parts)
        Parallel.run(workers: workers) { worker in
            var generator = EncounterGenerator(town: town, plan: plan)
            for block in stride(from: worker, to: blocks, by: workers) {
                var local = DayEncounters(day: plan.day)
                for v in (block * venuesPerBlock)..<min(venues, (block + 1) * venuesPerBlock) {
                    generator.generate(venue: v, into: &local)
                }
                box.value[block] = local
            }
        }
        var result = DayEncounters(day: plan.day)
        result.reserve(encounters: parts.reduce(0) { $0 + $1.count }, segments: parts.reduce(0) { $0 + $1.segmentStart.count })
        for part in parts { result.append(contentsOf: part) }
        return result
    }

    /// Venues per block of work in ``generate(town:plan:workers:)``.
    public static let venuesPerBlock = 256
}
