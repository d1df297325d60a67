#if canImport(Glibc)
    import Glibc
#endif

/// A growable buffer of trivial values (integers, floats) on raw memory, for
/// the encounter generator's hot loops: appending checks only the capacity (no
/// uniqueness check, no retain/release). The owner frees it with ``free()``.
struct RawBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) subscript(_ index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always) mutating func append(_ value: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = value
        count += 1
    }

    /// Makes room for `extra` more elements.
    @inline(__always) mutating func reserve(extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    mutating func grow(to needed: Int) {
        var next = capacity * 2
        while next < needed { next *= 2 }
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: next)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = next
    }

    @inline(__always) mutating func removeAll() { count = 0 }

    func free() { base.deallocate() }

    /// Empties the buffer and hands its whole pages back to the system
    /// (`madvise(MADV_DONTNEED)`): the capacity stays, so the next day fills
    /// the same addresses without growing or copying, and the pages come
    /// back, zeroed, as they are written again.
    mutating func release() {
        count = 0
        #if canImport(Glibc)
            let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
            let start = UInt(bitPattern: base)
            let first = (start + page - 1) / page * page
            let last = (start + UInt(capacity * MemoryLayout<Element>.stride)) / page * page
            if last > first { _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), Int32(MADV_DONTNEED)) }
        #endif
    }
}

/// One day's stays copied into venue order (the order of `DayPlan.venueStays`),
/// so that the stays of venue v are `venueFirst[v]..<venueFirst[v + 1]`, read
/// through raw pointers. Owned by ``DayEncounters/generate(town:plan:workers:)``.
final class VenueOrderedStays: @unchecked Sendable {
    let count: Int
    let person: UnsafeMutablePointer<Int32>
    let start: UnsafeMutablePointer<Int16>
    let end: UnsafeMutablePointer<Int16>
    let cluster: UnsafeMutablePointer<Int16>
    let seat: UnsafeMutablePointer<Int16>
    let clusterSize: UnsafeMutablePointer<Int8>
    let venueFirst: UnsafeMutablePointer<Int32>
    let venues: Int

    init(plan: DayPlan) {
        count = plan.stayCount
        venues = plan.totalVenues
        person = .allocate(capacity: max(count, 1))
        start = .allocate(capacity: max(count, 1))
        end = .allocate(capacity: max(count, 1))
        cluster = .allocate(capacity: max(count, 1))
        seat = .allocate(capacity: max(count, 1))
        clusterSize = .allocate(capacity: max(count, 1))
        venueFirst = .allocate(capacity: venues + 1)
        plan.venueFirst.withUnsafeBufferPointer { venueFirst.initialize(from: $0.baseAddress!, count: venues + 1) }
        plan.venueStays.withUnsafeBufferPointer { order in
            plan.person.withUnsafeBufferPointer { p in
                plan.start.withUnsafeBufferPointer { s in
                    plan.end.withUnsafeBufferPointer { e in
                        for k in 0..<count {
                            let i = Int(order[k])
                            person[k] = p[i]
                            start[k] = s[i]
                            end[k] = e[i]
                        }
                    }
                }
            }
            plan.cluster.withUnsafeBufferPointer { c in
                plan.seat.withUnsafeBufferPointer { st in
                    plan.clusterSize.withUnsafeBufferPointer { z in
                        for k in 0..<count {
                            let i = Int(order[k])
                            cluster[k] = c[i]
                            seat[k] = st[i]
                            clusterSize[k] = z[i]
                        }
                    }
                }
            }
        }
    }

    deinit {
        person.deallocate()
        start.deallocate()
        end.deallocate()
        cluster.deallocate()
        seat.deallocate()
        clusterSize.deallocate()
        venueFirst.deallocate()
    }
}

/// The encounters one worker generates, in the column layout of
/// ``DayEncounters`` on raw buffers; `segmentEnd` holds, per encounter, the
/// number of segments written up to and including it.
struct EncounterSink {
    var personA = RawBuffer<Int32>(capacity: 1 << 14)
    var personB = RawBuffer<Int32>(capacity: 1 << 14)
    var setting = RawBuffer<UInt8>(capacity: 1 << 14)
    var venue = RawBuffer<Int32>(capacity: 1 << 14)
    var start = RawBuffer<Int16>(capacity: 1 << 14)
    var end = RawBuffer<Int16>(capacity: 1 << 14)
    var minimumDistance = RawBuffer<Float>(capacity: 1 << 14)
    var segmentsUpTo = RawBuffer<Int>(capacity: 1 << 14)
    var segmentStart = RawBuffer<Int16>(capacity: 1 << 15)
    var segmentEnd = RawBuffer<Int16>(capacity: 1 << 15)
    var segmentDistance = RawBuffer<Float>(capacity: 1 << 15)

    var count: Int { personA.count }
    var segments: Int { segmentStart.count }

    @inline(__always) mutating func segment(_ from: Int16, _ to: Int16, _ distance: Float) {
        segmentStart.append(from)
        segmentEnd.append(to)
        segmentDistance.append(distance)
    }

    /// Closes an encounter whose segments were appended just before.
    @inline(__always) mutating func encounter(
        _ a: Int32, _ b: Int32, _ setting: UInt8, _ venue: Int32,
        _ from: Int16, _ to: Int16, _ minimum: Float
    ) {
        personA.append(a)
        personB.append(b)
        self.setting.append(setting)
        self.venue.append(venue)
        start.append(from)
        end.append(to)
        minimumDistance.append(minimum)
        segmentsUpTo.append(segmentStart.count)
    }

    /// Empties every column, keeping its memory.
    mutating func removeAll() {
        personA.removeAll()
        personB.removeAll()
        setting.removeAll()
        venue.removeAll()
        start.removeAll()
        end.removeAll()
        minimumDistance.removeAll()
        segmentsUpTo.removeAll()
        segmentStart.removeAll()
        segmentEnd.removeAll()
        segmentDistance.removeAll()
    }

    func free() {
        personA.free()
        personB.free()
        setting.free()
        venue.free()
        start.free()
        end.free()
        minimumDistance.free()
        segmentsUpTo.free()
        segmentStart.free()
        segmentEnd.free()
        segmentDistance.free()
    }
}
