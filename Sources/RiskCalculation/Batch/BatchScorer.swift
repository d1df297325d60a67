import CBLAS
import ExposureNotification
import WarnSimCore

/// Scores many phones' windows under many CWA v2 parameter sets at once.
///
/// Windows are reduced to seconds per group of attenuation bins (integers),
/// parameter sets to a matrix of weights and 0/1 filter indicators; one
/// OpenBLAS `dgemm` per tile of windows gives every window's weighted seconds
/// under every distinct weight vector, and its exact seconds under every
/// distinct filter range. The rest (transmission risk values, levels, day sums,
/// totals) runs per (window, configuration) in plain loops.
///
/// **Exactness.** The GEMM sums the same non-negative products as the exact
/// engine in a different order, so a normalized time differs from the engine's
/// by at most a few units in the last place. Whenever a window's normalized
/// time lies within a relative `1e-9` of a range end of the window mapping,
/// the scorer recomputes that time exactly as `CWARiskEngine` does (same
/// operations, same order). Whenever a day sum that contains a GEMM value lies
/// that close to a decision boundary (Android: a rounding half-point of
/// 10 × sum; iOS: a range end of the day mapping), it re-adds the engine's
/// exact times in the engine's order. An exact 0 is exact in both. Filter
/// seconds are integers and exact. Far from boundaries both orders give the
/// same decisions; at boundaries the engine's arithmetic decides. So every
/// window level and every total equals the engine's.
public struct BatchScorer: Sendable {
    /// The configurations' compiled tables.
    let tables: BatchConfigurationTables
    /// The parameter sets, for exact re-evaluation.
    public let configurations: [CWARiskParameters]
    /// The platform variant.
    public let platform: RiskPlatform
    /// Relative distance to a decision boundary below which the engine decides.
    public static let boundaryTolerance = 1e-9

    /// Prepares the scorer for a list of parameter sets.
    ///
    /// - Parameters:
    ///   - configurations: the CWA v2 parameter sets to score under; a result's
    ///     configuration index is the position in this array. May be empty.
    ///   - platform: the Android or iOS variant of the calculation (day-sum
    ///     rounding, encounter counting, filter minutes).
    public init(configurations: [CWARiskParameters], platform: RiskPlatform) {
        self.configurations = configurations
        self.platform = platform
        tables = BatchConfigurationTables(configurations, platform: platform)
    }

    /// The GEMM inner dimension (groups of attenuation bins) and output columns.
    public var gemmShape: (inner: Int, columns: Int) { (tables.groupCount, tables.columnCount) }

    /// Scores `set` as of `referenceDay`, or as of `referenceDays[device]` for
    /// each device when given (a device is then one phone at one moment).
    ///
    /// OpenBLAS is set to one thread for the run (each worker calls `dgemm` on
    /// its own tiles, so `workers` is the whole parallelism) and restored
    /// afterwards.
    ///
    /// - Parameters:
    ///   - set: the windows of every device, with their device indices.
    ///   - referenceDay: the UTC day number of "today" for every device (days since
    ///     1970-01-01); window ages are counted from it.
    ///   - referenceDays: one reference day per device (`set.deviceCount` entries),
    ///     overriding `referenceDay`; `nil` uses `referenceDay` for all devices.
    ///   - workers: threads; results do not depend on it.
    ///   - windowLevels: also return every window's level under every
    ///     configuration (memory: windows × configurations bytes).
    ///   - tileWindows: windows per GEMM tile (about).
    /// - Returns: every device's total risk level under every configuration (and,
    ///   with `windowLevels`, every window's level).
    /// - Throws: `RiskCalculationError.unknownReportType` on Android if a window
    ///   has a report type without offset, as the exact engine does.
    public func score(
        _ set: BatchWindowSet, referenceDay: Int, referenceDays: [Int]? = nil, workers: Int = 1, windowLevels: Bool = false,
        tileWindows: Int = 2048
    ) throws -> BatchResult {
        precondition(referenceDays == nil || referenceDays!.count == set.deviceCount, "one reference day per device")
        let days = referenceDays ?? [Int](repeating: referenceDay, count: set.deviceCount)
        if platform == .android {
            for (index, window) in set.windows.enumerated() where TRLEncoding.production.reportTypeOffset(window.reportType) == nil {
                throw RiskCalculationError.unknownReportType(windowIndex: index, rawValue: window.reportType.rawValue)
            }
        }
        let c = tables.configurationCount
        let workerCount = Swift.max(1, Swift.min(workers, set.deviceCount))
        let output = BatchOutput(
            devices: set.deviceCount, windows: set.windowCount, configurations: c, windowLevels: windowLevels, workers: workerCount)
        let blasThreads = openblas_get_num_threads()
        openblas_set_num_threads(1)
        let timing = TimingBox(workers: workerCount)
        let me = self
        Parallel.run(workers: workerCount) { worker in
            let devices = Parallel.chunk(worker, of: workerCount, count: set.deviceCount)
            var tile = TileWorkspace()
            var first = devices.lowerBound
            while first < devices.upperBound {
                var last = first + 1
                while last < devices.upperBound, set.deviceStart[last + 1] - set.deviceStart[first] <= tileWindows { last += 1 }
                me.scoreTile(
                    set, devices: first..<last, referenceDays: days, workspace: &tile, output: output, timing: timing, worker: worker)
                first = last
            }
        }
        openblas_set_num_threads(blasThreads)
        return BatchResult(
            deviceCount: set.deviceCount, windowCount: set.windowCount, configurationCount: c,
            totalRiskLevels: Array(output.totals), windowLevels: windowLevels ? Array(output.levels) : nil,
            exactFallbacks: output.fallbacks.reduce(0, +),
            gemmSeconds: timing.gemm.reduce(0, +), gemmFlops: timing.flops.reduce(0, +)
        )
    }

    /// Scores devices `devices` (one tile).
    func scoreTile(
        _ set: BatchWindowSet, devices: Range<Int>, referenceDays: [Int], workspace: inout TileWorkspace,
        output: BatchOutput, timing: TimingBox, worker: Int
    ) {
        let t = tables
        let firstWindow = set.deviceStart[devices.lowerBound]
        let windowCount = set.deviceStart[devices.upperBound] - firstWindow
        let k = t.groupCount
        let n = t.columnCount
        let cCount = t.configurationCount
        // Features: seconds per bin group (integer-valued doubles).
        workspace.features.removeAll(keepingCapacity: true)
        workspace.features.append(contentsOf: repeatElement(0, count: windowCount * Swift.max(k, 1)))
        for w in 0..<windowCount {
            let sorted = firstWindow + w
            for entry in set.binStart[sorted]..<set.binStart[sorted + 1] {
                let group = t.binGroup[Int(set.binAttenuation[entry])]
                if group >= 0 { workspace.features[w * k + group] += set.binSeconds[entry] }
            }
        }
        // dgemm with beta 0 overwrites every product, so the buffer is only
        // zeroed when it is created or when there is no GEMM (k or n is 0).
        let productCount = windowCount * Swift.max(n, 1)
        if workspace.products.count < productCount || k == 0 || n == 0 {
            workspace.products = [Double](repeating: 0, count: Swift.max(productCount, workspace.products.count))
        }
        if k > 0, n > 0, windowCount > 0 {
            let start = MonotonicClock.now()
            workspace.features.withUnsafeBufferPointer { a in
                t.matrix.withUnsafeBufferPointer { b in
                    workspace.products.withUnsafeMutableBufferPointer { g in
                        // Column-major output: one configuration column's
                        // windows are contiguous for the loops below.
                        cblas_dgemm(
                            CblasColMajor, CblasTrans, CblasTrans,
                            Int32(windowCount), Int32(n), Int32(k),
                            1.0, a.baseAddress, Int32(k), b.baseAddress, Int32(n),
                            0.0, g.baseAddress, Int32(windowCount)
                        )
                    }
                }
            }
            timing.gemm[worker] += MonotonicClock.now() - start
            timing.flops[worker] += 2 * Double(windowCount) * Double(n) * Double(k)
        }
        let tolerance = Self.boundaryTolerance
        let inverse60 = 1.0 / 60
        let u = t.weightColumnCount
        let android = platform == .android
        let recordsLevels = output.recordsLevels
        let levels = output.levels
        var exactWindows = 0
        var exactDays = 0
        var dayLevelStorage = [UInt8](repeating: 0, count: Swift.max(windowCount, 1))
        dayLevelStorage.withUnsafeMutableBufferPointer { keptLevels in
            workspace.products.withUnsafeBufferPointer { products in
                t.trv.withUnsafeBufferPointer { trvTable in
                    t.windowSteps.breakpoints.withUnsafeBufferPointer { windowBreaks in
                        t.windowSteps.pointLevels.withUnsafeBufferPointer { windowPoints in
                            t.windowSteps.intervalLevels.withUnsafeBufferPointer { windowIntervals in
                                t.daySteps.breakpoints.withUnsafeBufferPointer { dayBreaks in
                                    t.daySteps.pointLevels.withUnsafeBufferPointer { dayPoints in
                                        t.daySteps.intervalLevels.withUnsafeBufferPointer { dayIntervals in
                                            set.day.withUnsafeBufferPointer { days in
                                                set.trlClass.withUnsafeBufferPointer { classes in
                                                    for config in 0..<cCount {
                                                        let weightBase = t.weightColumn[config] * windowCount - firstWindow
                                                        let maxAge = t.maxAge[config]
                                                        let trvBase = config * BatchWindowSet.classCount
                                                        let wb = t.windowSteps.start[config]
                                                        let we = t.windowSteps.start[config + 1]
                                                        let db = t.daySteps.start[config]
                                                        let de = t.daySteps.start[config + 1]
                                                        let filterBegin = t.filterStart[config]
                                                        let filterEnd = t.filterStart[config + 1]
                                                        for device in devices {
                                                            let minDay = referenceDays[device].saturatingSubtracting(maxAge)
                                                            let lo = set.deviceStart[device]
                                                            let hi = set.deviceStart[device + 1]
                                                            var highBits: UInt8 = 0
                                                            var w = lo
                                                            while w < hi {
                                                                let day = days[w]
                                                                let dayFirst = w
                                                                var sum = 0.0
                                                                var kept = 0
                                                                var inexact: UInt8 = 0
                                                                while w < hi && days[w] == day {
                                                                    var level: UInt8 = 0
                                                                    if day >= minDay {
                                                                        var dropped = false
                                                                        var f = filterBegin
                                                                        while f < filterEnd {
                                                                            let seconds = products[
                                                                                (u + t.filterColumn[f]) * windowCount + w - firstWindow]
                                                                            let minutes =
                                                                                android ? seconds / 60 : (seconds / 60).rounded(.down)
                                                                            if t.filterRange[f].contains(minutes) {
                                                                                dropped = true
                                                                                break
                                                                            }
                                                                            f += 1
                                                                        }
                                                                        let trv = trvTable[trvBase + Int(classes[w])]
                                                                        if !dropped && trv >= 0 {
                                                                            // GEMM estimate (a multiplication by 1/60 instead of the
                                                                            // engine's division: the estimate only has to be within the
                                                                            // tolerance; every decision near a boundary is exact).
                                                                            var time = trv * products[weightBase + w] * inverse60
                                                                            // Branch-free step lookup: the number of breakpoints below
                                                                            // the estimate, and whether any lies within the tolerance.
                                                                            var index = 0
                                                                            var nearBits: UInt8 = 0
                                                                            var i = wb
                                                                            while i < we {
                                                                                let bound = windowBreaks[i]
                                                                                index &+= time > bound ? 1 : 0
                                                                                nearBits |=
                                                                                    Swift.abs(time - bound) <= tolerance
                                                                                        * Swift.max(time, Swift.abs(bound)) ? 1 : 0
                                                                                i += 1
                                                                            }
                                                                            var exact = time == 0
                                                                            level =
                                                                                exact
                                                                                ? t.zeroWindowLevel[config]
                                                                                : windowIntervals[wb + config + index]
                                                                            if nearBits != 0 && !exact {
                                                                                time = exactTime(
                                                                                    set, window: w, config: config,
                                                                                    transmissionRiskValue: trv)
                                                                                level = Self.exactLevel(
                                                                                    time, windowBreaks, windowPoints, windowIntervals, wb,
                                                                                    we, config)
                                                                                exact = true
                                                                                exactWindows += 1
                                                                            }
                                                                            let keep = level != 0
                                                                            sum += keep ? time : 0
                                                                            kept &+= keep ? 1 : 0
                                                                            inexact |= keep && !exact ? 1 : 0
                                                                        }
                                                                    }
                                                                    keptLevels[w - firstWindow] = level
                                                                    if recordsLevels {
                                                                        levels[set.originalIndex[w] * cCount + config] = level
                                                                    }
                                                                    w += 1
                                                                }
                                                                guard kept > 0 else { continue }
                                                                if inexact != 0
                                                                    && dayNeedsExactSum(
                                                                        sum, dayBreaks, db, de, android: android, tolerance: tolerance)
                                                                {
                                                                    // Re-add the day's kept windows' exact times in the engine's order.
                                                                    sum = 0
                                                                    for v in dayFirst..<w where keptLevels[v - firstWindow] != 0 {
                                                                        let trv = trvTable[trvBase + Int(classes[v])]
                                                                        sum += exactTime(
                                                                            set, window: v, config: config, transmissionRiskValue: trv)
                                                                    }
                                                                    exactDays += 1
                                                                }
                                                                let value = android ? CWARiskEngine.roundHalfUp(sum * 10) / 10 : sum
                                                                highBits |=
                                                                    Self.stepLevel(
                                                                        value, dayBreaks, dayPoints, dayIntervals, db, de, config) == 2
                                                                    ? 1 : 0
                                                            }
                                                            output.totals[device * cCount + config] = highBits != 0 ? 2 : 1
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        output.fallbacks[worker] += exactWindows + exactDays
    }

    /// The same lookup without data-dependent branches.
    @inline(__always)
    static func stepLevel(
        _ value: Double, _ breaks: UnsafeBufferPointer<Double>, _ points: UnsafeBufferPointer<UInt8>,
        _ intervals: UnsafeBufferPointer<UInt8>, _ begin: Int, _ end: Int, _ config: Int
    ) -> UInt8 {
        var index = 0
        var i = begin
        while i < end {
            index &+= value > breaks[i] ? 1 : 0
            i += 1
        }
        var level = intervals[begin + config + index]
        i = begin
        while i < end {
            level = value == breaks[i] ? points[i] : level
            i += 1
        }
        return level
    }

    /// The level of an exactly known value from a flattened step function.
    @inline(__always)
    static func exactLevel(
        _ value: Double, _ breaks: UnsafeBufferPointer<Double>, _ points: UnsafeBufferPointer<UInt8>,
        _ intervals: UnsafeBufferPointer<UInt8>, _ begin: Int, _ end: Int, _ config: Int
    ) -> UInt8 {
        var i = begin
        while i < end {
            let bound = breaks[i]
            if value == bound { return points[i] }
            if value < bound { return intervals[i + config] }
            i += 1
        }
        return intervals[end + config]
    }

    /// The engine's own normalized time for sorted window `w` under `config`.
    @inline(__always)
    func exactTime(_ set: BatchWindowSet, window w: Int, config: Int, transmissionRiskValue trv: Double) -> Double {
        trv
            * CWARiskEngine.weightedMinutes(
                of: set.windows[set.originalIndex[w]], weights: configurations[config].minutesAtAttenuationWeights)
    }

    /// Whether a day sum computed from GEMM values lies close enough to a
    /// decision boundary (Android: a rounding half-point of 10 × sum; iOS: an
    /// end of a day-mapping range) that the engine's exact sum must decide.
    @inline(__always)
    func dayNeedsExactSum(
        _ sum: Double, _ breaks: UnsafeBufferPointer<Double>, _ begin: Int, _ end: Int, android: Bool, tolerance: Double
    ) -> Bool {
        if sum == 0 { return false }
        if android {
            let scaled = sum * 10
            let fraction = scaled - scaled.rounded(.down)
            return Swift.abs(fraction - 0.5) <= tolerance * Swift.max(1, scaled)
        }
        var i = begin
        while i < end {
            if Self.near(sum, breaks[i], tolerance) { return true }
            i += 1
        }
        return false
    }

    /// Whether `value` is within the relative tolerance of `bound`. An exact 0
    /// is never uncertain: the engine's value is then 0 too (a zero
    /// transmission risk value, or only zero products in a sum of non-negative
    /// terms).
    @inline(__always)
    static func near(_ value: Double, _ bound: Double, _ tolerance: Double) -> Bool {
        value != 0 && Swift.abs(value - bound) <= tolerance * Swift.max(Swift.abs(value), Swift.abs(bound))
    }
}

/// The batch scorer's results.
public struct BatchResult: Sendable {
    public let deviceCount: Int
    public let windowCount: Int
    public let configurationCount: Int
    /// `totalRiskLevels[device × configurationCount + configuration]`: 1 LOW, 2 HIGH.
    public let totalRiskLevels: [UInt8]
    /// `windowLevels[window × configurationCount + configuration]` (input
    /// window order): 0 dropped, 1 LOW, 2 HIGH; `nil` unless requested.
    public let windowLevels: [UInt8]?
    /// Window normalized times and day sums that lay at a decision boundary and
    /// were therefore recomputed exactly as the engine computes them.
    public let exactFallbacks: Int
    /// Seconds spent in `dgemm`, summed over workers.
    public let gemmSeconds: Double
    /// Floating-point operations of the GEMM stage.
    public let gemmFlops: Double

    /// The total level of `device` under `configuration`.
    ///
    /// - Parameters:
    ///   - device: the device index, 0 ..< the set's `deviceCount`.
    ///   - configuration: the index into the scorer's `configurations`.
    /// - Returns: LOW or HIGH (LOW also for a device without windows).
    public func totalRiskLevel(device: Int, configuration: Int) -> RiskLevel {
        RiskLevel(rawValue: Int(totalRiskLevels[device * configurationCount + configuration]))!
    }
}

/// Per-thread scratch buffers.
struct TileWorkspace {
    var features: [Double] = []
    var products: [Double] = []
}

/// Output buffers that several workers write at disjoint indices (raw memory,
/// so that concurrent writes to different elements are not a data race).
final class BatchOutput: @unchecked Sendable {
    let totals: UnsafeMutableBufferPointer<UInt8>
    let levels: UnsafeMutableBufferPointer<UInt8>
    let fallbacks: UnsafeMutableBufferPointer<Int>
    let recordsLevels: Bool

    init(devices: Int, windows: Int, configurations: Int, windowLevels: Bool, workers: Int) {
        totals = .allocate(capacity: devices * configurations)
        totals.initialize(repeating: 1)
        levels = .allocate(capacity: windowLevels ? windows * configurations : 0)
        levels.initialize(repeating: 0)
        fallbacks = .allocate(capacity: workers)
        fallbacks.initialize(repeating: 0)
        recordsLevels = windowLevels
    }

    deinit {
        totals.deallocate()
        levels.deallocate()
        fallbacks.deallocate()
    }
}

/// Per-worker timing slots.
final class TimingBox: @unchecked Sendable {
    let gemm: UnsafeMutableBufferPointer<Double>
    let flops: UnsafeMutableBufferPointer<Double>

    init(workers: Int) {
        gemm = .allocate(capacity: workers)
        gemm.initialize(repeating: 0)
        flops = .allocate(capacity: workers)
        flops.initialize(repeating: 0)
    }

    deinit {
        gemm.deallocate()
        flops.deallocate()
    }
}
