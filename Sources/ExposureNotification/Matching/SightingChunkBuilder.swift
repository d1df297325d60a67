/// Collects the sightings of one UTC day before they are sealed into a
/// ``SightingChunk``. Reusable: ``removeAll()`` keeps its capacity.
public struct SightingChunkBuilder: Sendable {
    var day: Int64 = 0
    var rpiLow: [UInt64] = []
    var rpiHigh: [UInt64] = []
    var aem: [UInt32] = []
    var rssi: [Int8] = []
    var scanOf: [UInt16] = []
    var scanTime: [Int64] = []
    var scanPrevious: [Int64?] = []
    /// Sorting scratch.
    var order: [UInt64] = []
    var orderScratch: [UInt64] = []
    var bucketEnds: [Int32] = []

    public init() {}

    var isEmpty: Bool { rpiLow.isEmpty }
    var count: Int { rpiLow.count }

    /// Whether a sighting at `time` can join this chunk: same UTC day and room left.
    func accepts(time: Int64, previousScanTime: Int64?) -> Bool {
        guard !isEmpty else { return true }
        guard floorDiv(time, 86_400) == day, rpiLow.count < SightingChunk.capacity else { return false }
        let sameScan = scanTime.last == time && scanPrevious.last == previousScanTime
        return sameScan || scanTime.count < SightingChunk.capacity
    }

    mutating func add(time: Int64, previousScanTime: Int64?, rpi: KeyBytes, aem: UInt32, rssi: Int8) {
        if isEmpty { day = floorDiv(time, 86_400) }
        if scanTime.last != time || scanPrevious.last != previousScanTime {
            scanTime.append(time)
            scanPrevious.append(previousScanTime)
        }
        rpiLow.append(rpi.low)
        rpiHigh.append(rpi.high)
        self.aem.append(aem)
        self.rssi.append(rssi)
        scanOf.append(UInt16(scanTime.count - 1))
    }

    mutating func removeAll() {
        rpiLow.removeAll(keepingCapacity: true)
        rpiHigh.removeAll(keepingCapacity: true)
        aem.removeAll(keepingCapacity: true)
        rssi.removeAll(keepingCapacity: true)
        scanOf.removeAll(keepingCapacity: true)
        scanTime.removeAll(keepingCapacity: true)
        scanPrevious.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
    }

    /// Sorts `order` ascending. Its values are distinct (the low 16 bits are
    /// the arrival index) and their top bits uniformly distributed (RPIs), so
    /// a counting sort on the top bits, about one value per bucket, followed
    /// by an insertion sort within each bucket gives the sorted order in
    /// linear time.
    mutating func sortOrder() {
        let n = order.count
        guard n > 32 else {
            order.sort()
            return
        }
        var log = 1
        while (1 << log) < n && log < 16 { log += 1 }
        let shift = UInt64(64 - log)
        let buckets = 1 << log
        bucketEnds.removeAll(keepingCapacity: true)
        bucketEnds.append(contentsOf: repeatElement(0, count: buckets + 1))
        orderScratch.removeAll(keepingCapacity: true)
        orderScratch.append(contentsOf: repeatElement(0, count: n))
        order.withUnsafeMutableBufferPointer { values in
            orderScratch.withUnsafeMutableBufferPointer { sorted in
                bucketEnds.withUnsafeMutableBufferPointer { ends in
                    for value in values { ends[Int(value >> shift) + 1] += 1 }
                    for b in 0..<buckets { ends[b + 1] += ends[b] }
                    // `ends[b]` is now the start of bucket b; filling moves it to the bucket's end.
                    for value in values {
                        let b = Int(value >> shift)
                        sorted[Int(ends[b])] = value
                        ends[b] += 1
                    }
                    var start = 0
                    for b in 0..<buckets {
                        let end = Int(ends[b])
                        if end - start > 1 {
                            for k in (start + 1)..<end {
                                let value = sorted[k]
                                var j = k
                                while j > start && sorted[j - 1] > value {
                                    sorted[j] = sorted[j - 1]
                                    j -= 1
                                }
                                sorted[j] = value
                            }
                        }
                        start = end
                    }
                }
            }
        }
        swap(&order, &orderScratch)
    }

    /// Full order of two records: RPI, AEM, time, arrival.
    @inline(__always)
    func precedes(_ a: Int, _ b: Int) -> Bool {
        (rpiHigh[a], rpiLow[a], aem[a], scanTime[Int(scanOf[a])], a) < (rpiHigh[b], rpiLow[b], aem[b], scanTime[Int(scanOf[b])], b)
    }

    /// Packs the records into a chunk: entries sorted by (RPI, AEM), each
    /// entry's sightings in time order.
    func seal(serial: Int) -> SightingChunk {
        var copy = self
        return copy.sealInPlace(serial: serial)
    }

    mutating func sealInPlace(serial: Int) -> SightingChunk {
        let n = rpiLow.count
        // Sort by the top 48 bits of the RPI's high word with the arrival index
        // in the low 16 bits (one integer sort), then put runs that share those
        // 48 bits into full order.
        order.removeAll(keepingCapacity: true)
        order.reserveCapacity(n)
        for i in 0..<n { order.append(rpiHigh[i] & ~0xFFFF | UInt64(i)) }
        sortOrder()
        var runStart = 0
        while runStart < n {
            var runEnd = runStart + 1
            while runEnd < n && order[runEnd] >> 16 == order[runStart] >> 16 { runEnd += 1 }
            if runEnd - runStart > 16 {
                let full = self
                order[runStart..<runEnd].sort { full.precedes(Int($0 & 0xFFFF), Int($1 & 0xFFFF)) }
            } else if runEnd - runStart > 1 {
                for k in (runStart + 1)..<runEnd {  // insertion sort by the full order
                    let value = order[k]
                    var j = k
                    while j > runStart && precedes(Int(value & 0xFFFF), Int(order[j - 1] & 0xFFFF)) {
                        order[j] = order[j - 1]
                        j -= 1
                    }
                    order[j] = value
                }
            }
            runStart = runEnd
        }
        var entries = 0
        for k in 0..<n {
            let i = Int(order[k] & 0xFFFF)
            if k == 0 {
                entries = 1
                continue
            }
            let p = Int(order[k - 1] & 0xFFFF)
            if rpiHigh[i] != rpiHigh[p] || rpiLow[i] != rpiLow[p] || aem[i] != aem[p] { entries += 1 }
        }
        let scans = scanTime.count
        let bytes = SightingChunk.byteCount(entries: entries, scans: scans, sightings: n)
        var storage = [UInt64](repeating: 0, count: (bytes + 7) / 8)
        var far = [UInt16: Int64]()
        let dayStart = day &* 86_400
        storage.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress!
            let rpiLowAt = 8 * entries
            let aemAt = 16 * entries
            let scanSecondsAt = 20 * entries
            let entryEndAt = 20 * entries + 4 * scans
            let scanDeltaAt = 22 * entries + 4 * scans
            let sightingScanAt = 22 * entries + 6 * scans
            let rssiAt = sightingScanAt + 2 * n
            for s in 0..<scans {
                base.storeBytes(of: UInt32(scanTime[s] - dayStart), toByteOffset: scanSecondsAt + 4 * s, as: UInt32.self)
                var delta = SightingChunk.deltaEscape
                if let previous = scanPrevious[s] {
                    let (d, overflow) = scanTime[s].subtractingReportingOverflow(previous)
                    if !overflow && d >= 0 && d < Int64(SightingChunk.deltaEscape) {
                        delta = UInt16(d)
                    } else {
                        far[UInt16(s)] = previous
                    }
                }
                base.storeBytes(of: delta, toByteOffset: scanDeltaAt + 2 * s, as: UInt16.self)
            }
            var e = -1
            for k in 0..<n {
                let i = Int(order[k] & 0xFFFF)
                if k > 0 {
                    let p = Int(order[k - 1] & 0xFFFF)
                    if rpiHigh[i] != rpiHigh[p] || rpiLow[i] != rpiLow[p] || aem[i] != aem[p] {
                        base.storeBytes(of: UInt16(k), toByteOffset: entryEndAt + 2 * e, as: UInt16.self)
                        e += 1
                        base.storeBytes(of: rpiHigh[i], toByteOffset: 8 * e, as: UInt64.self)
                        base.storeBytes(of: rpiLow[i], toByteOffset: rpiLowAt + 8 * e, as: UInt64.self)
                        base.storeBytes(of: aem[i], toByteOffset: aemAt + 4 * e, as: UInt32.self)
                    }
                } else {
                    e = 0
                    base.storeBytes(of: rpiHigh[i], toByteOffset: 0, as: UInt64.self)
                    base.storeBytes(of: rpiLow[i], toByteOffset: rpiLowAt, as: UInt64.self)
                    base.storeBytes(of: aem[i], toByteOffset: aemAt, as: UInt32.self)
                }
                base.storeBytes(of: scanOf[i], toByteOffset: sightingScanAt + 2 * k, as: UInt16.self)
                base.storeBytes(of: rssi[i], toByteOffset: rssiAt + k, as: Int8.self)
            }
            if n > 0 { base.storeBytes(of: UInt16(n), toByteOffset: entryEndAt + 2 * e, as: UInt16.self) }
        }
        return SightingChunk(
            day: day, serial: serial, entries: entries, scans: scans, sightings: n, storage: .memory(storage), farPrevious: far)
    }
}
