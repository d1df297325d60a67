import CBLAS
import Dispatch
import ExposureNotification
import WarnSimCore

/// Scores many phones' windows under many CWA v2 parameter sets at once.
///
/// Windows are reduced to seconds per group of attenuation bins (integers),
/// parameter sets to a matrix of weights and 0/1 filter indicators; one
/// OpenBLAS `dgemm` per tile of windows gives every window's weighted seconds
/// under every distinct weight vector, and its exact seconds under every
/// distinct filter range. The rest (transmission risk values, levels, day sums,
/// totals) runs per configuration in one tight pass over the tile
/// (``scoreConfiguration(_:tile:set:referenceDays:output:)``), or, for
/// configurations with few thresholds when only totals are asked for, eight
/// configurations at a time (``ConfigurationBlock``).
///
/// **Exactness.** Every decision equals the engine's. A GEMM estimate of a
/// normalized time or day sum decides only when it lies farther than a
/// proven bound on its rounding error from every decision boundary
/// (``RoundingBound``); otherwise the scorer recomputes the value with the
/// engine's own operations in the engine's order (``exactTime(_:weights:transmissionRiskValue:set:)``),
/// which gives the engine's bits. Filter seconds are integers and exact.
/// Configurations outside the bound's domain (negative, huge, tiny or
/// non-finite weights or values, non-finite mapping ends) are evaluated with
/// the engine's arithmetic throughout.
public struct BatchScorer: Sendable {
    /// The configurations' compiled tables.
    let tables: BatchConfigurationTables
    /// The parameter sets, for exact re-evaluation.
    public let configurations: [CWARiskParameters]
    /// The platform variant.
    public let platform: RiskPlatform

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

    /// Whether configurations of the few-thresholds pass are scored eight at
    /// a time (``ConfigurationBlock``) or one by one; the results are the
    /// same (tests compare the two).
    var blocksConfigurations = true

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
    ///   - tileWindows: windows per GEMM tile (about). The passes after the
    ///     GEMM read its output (windows × columns doubles) once per
    ///     configuration, so a tile should keep it in the cache: 512 windows ×
    ///     1,000 columns is 4 MB.
    /// - Returns: every device's total risk level under every configuration (and,
    ///   with `windowLevels`, every window's level).
    /// - Throws: `RiskCalculationError.unknownReportType` on Android if a window
    ///   has a report type without offset, as the exact engine does.
    public func score(
        _ set: BatchWindowSet, referenceDay: Int, referenceDays: [Int]? = nil, workers: Int = 1, windowLevels: Bool = false,
        tileWindows: Int = 512
    ) throws -> BatchResult {
        precondition(referenceDays == nil || referenceDays!.count == set.deviceCount, "one reference day per device")
        let days = FrozenArray(referenceDays ?? [Int](repeating: referenceDay, count: set.deviceCount))
        if platform == .android {
            for (index, window) in set.windows.enumerated() where TRLEncoding.production.reportTypeOffset(window.reportType) == nil {
                throw RiskCalculationError.unknownReportType(windowIndex: index, rawValue: window.reportType.rawValue)
            }
        }
        let c = tables.configurationCount
        // Tiles of whole devices, fixed by the set and `tileWindows` alone (not
        // by the worker count), handed out to workers as they become free.
        var tileStart = [0]
        while tileStart.last! < set.deviceCount {
            let first = tileStart.last!
            var last = first + 1
            while last < set.deviceCount, set.deviceStart[last + 1] - set.deviceStart[first] <= tileWindows { last += 1 }
            tileStart.append(last)
        }
        let tiles = TileQueue(starts: tileStart)
        let workerCount = Swift.max(1, Swift.min(workers, tileStart.count - 1))
        let blasThreads = openblas_get_num_threads()
        openblas_set_num_threads(1)
        let timing = TimingBox(workers: workerCount)
        let fallbacks = FallbackCounts(workers: workerCount)
        let me = self
        // Configurations of the few-thresholds pass, eight at a time.
        let blocked =
            windowLevels || !blocksConfigurations
            ? [] : (0..<c).filter { takesFewThresholdsPass($0, recordsLevels: false) }
        let inBlocks = Set(blocked)
        let passes = TilePasses(
            blocks: ConfigurationBlock.blocks(of: blocked, tables: tables), others: (0..<c).filter { !inBlocks.contains($0) })
        // The workers write straight into the result arrays.
        var levels = [UInt8](repeating: 0, count: windowLevels ? set.windowCount * c : 0)
        let totals = [UInt8](unsafeUninitializedCapacity: set.deviceCount * c) { totals, initialized in
            totals.initialize(repeating: 1)
            levels.withUnsafeMutableBufferPointer { levels in
                let output = BatchOutput(totals: totals, levels: levels, recordsLevels: windowLevels, fallbacks: fallbacks)
                Parallel.run(workers: workerCount) { worker in
                    let workspace = TileWorkspace()
                    while let devices = tiles.next() {
                        me.scoreTile(
                            set, devices: devices, referenceDays: days, passes: passes, workspace: workspace, output: output,
                            timing: timing, worker: worker)
                    }
                }
            }
            initialized = totals.count
        }
        openblas_set_num_threads(blasThreads)
        return BatchResult(
            deviceCount: set.deviceCount, windowCount: set.windowCount, configurationCount: c,
            totalRiskLevels: totals, windowLevels: windowLevels ? levels : nil,
            exactFallbacks: fallbacks.counts.reduce(0, +),
            gemmSeconds: timing.gemm.reduce(0, +), gemmFlops: timing.flops.reduce(0, +)
        )
    }

    /// Scores devices `devices` (one tile): features, one GEMM, then one pass
    /// per configuration.
    func scoreTile(
        _ set: BatchWindowSet, devices: Range<Int>, referenceDays: FrozenArray<Int>, passes: TilePasses,
        workspace: TileWorkspace, output: BatchOutput, timing: TimingBox, worker: Int
    ) {
        let t = tables
        let firstWindow = set.deviceStart[devices.lowerBound]
        let windowCount = set.deviceStart[devices.upperBound] - firstWindow
        let k = t.groupCount
        let n = t.columnCount
        workspace.reserve(windows: windowCount, groups: k, columns: n)
        // Features: seconds per bin group (integer-valued doubles), and each
        // window's relative error bound.
        let features = workspace.features.base
        features.update(repeating: 0, count: windowCount * k)
        for w in 0..<windowCount {
            let sorted = firstWindow + w
            for entry in set.binStart[sorted]..<set.binStart[sorted + 1] {
                let group = t.binGroup[Int(set.binAttenuation[entry])]
                if group >= 0 { features[w * k + group] += set.binSeconds[entry] }
            }
            workspace.relativeError.base[w] =
                set.outsideBound[sorted]
                ? .infinity
                : RoundingBound.windowRelativeError(scans: set.scanStart[sorted + 1] - set.scanStart[sorted], groups: k)
        }
        // Without a GEMM (k or n is 0) every product is 0.
        if k == 0 || n == 0 {
            workspace.products.base.update(repeating: 0, count: windowCount * n)
        } else if windowCount > 0 {
            let start = MonotonicClock.now()
            // Column-major output: one configuration column's windows are
            // contiguous for the passes below.
            cblas_dgemm(
                CblasColMajor, CblasTrans, CblasTrans,
                Int32(windowCount), Int32(n), Int32(k),
                1.0, features, Int32(k), t.matrix.base, Int32(n),
                0.0, workspace.products.base, Int32(windowCount)
            )
            timing.gemm[worker] += MonotonicClock.now() - start
            timing.flops[worker] += 2 * Double(windowCount) * Double(n) * Double(k)
        }
        let tile = TileView(
            firstWindow: firstWindow, windowCount: windowCount, devices: devices, products: workspace.products.base,
            relativeError: workspace.relativeError.base, keptLevels: workspace.keptLevels.base)
        var fallbacks = 0
        if !passes.blocks.isEmpty {
            workspace.reserve(
                devices: devices.count,
                groups: set.deviceDayStart[devices.upperBound] - set.deviceDayStart[devices.lowerBound])
        }
        for block in passes.blocks {
            fallbacks += scoreBlock(
                block, tile: tile, set: set, referenceDays: referenceDays, workspace: workspace, output: output)
        }
        for config in passes.others {
            if takesFewThresholdsPass(config, recordsLevels: output.recordsLevels) {
                fallbacks += scoreFewThresholds(config, tile: tile, set: set, referenceDays: referenceDays, output: output)
            } else {
                fallbacks += scoreConfiguration(config, tile: tile, set: set, referenceDays: referenceDays, output: output)
            }
        }
        output.fallbacks.counts[worker] += fallbacks
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

/// The passes every tile makes after its GEMM: the configuration blocks,
/// then the configurations scored one by one.
struct TilePasses: Sendable {
    let blocks: [ConfigurationBlock]
    let others: [Int]
}

/// Tiles (ranges of devices) handed out one at a time to whichever worker
/// asks first. Which worker scores a tile does not affect any result.
final class TileQueue: @unchecked Sendable {
    private let starts: [Int]
    private var taken = 0
    private let lock = DispatchQueue(label: "warnsim.batch-tiles")

    /// - Parameter starts: tile `i` is devices `starts[i]..<starts[i + 1]`.
    init(starts: [Int]) { self.starts = starts }

    /// The next tile not yet handed out, or nil when all are.
    func next() -> Range<Int>? {
        lock.sync {
            guard taken + 1 < starts.count else { return nil }
            taken += 1
            return starts[taken - 1]..<starts[taken]
        }
    }
}

/// Per-thread scratch buffers, grown as tiles need.
final class TileWorkspace {
    /// Windows × groups, row-major.
    private(set) var features = ScratchBuffer<Double>()
    /// Windows × columns, column-major.
    private(set) var products = ScratchBuffer<Double>()
    /// Per window: ``RoundingBound/windowRelativeError(scans:groups:)``.
    private(set) var relativeError = ScratchBuffer<Double>()
    /// Per window: its level under the configuration being scored.
    private(set) var keptLevels = ScratchBuffer<UInt8>()
    /// Per tile device: the lanes a configuration block made HIGH, and the
    /// lanes whose open days were resolved.
    private(set) var blockHigh = ScratchBuffer<UInt8>()
    private(set) var blockResolved = ScratchBuffer<UInt8>()
    /// Per tile device-day: the days a block's kernel left open, and its lanes.
    private(set) var pendingGroup = ScratchBuffer<Int>()
    private(set) var pendingLanes = ScratchBuffer<UInt8>()

    /// Makes room for a tile.
    func reserve(windows count: Int, groups: Int, columns: Int) {
        features.reserve(count * groups)
        products.reserve(count * columns)
        relativeError.reserve(count)
        keptLevels.reserve(count)
    }

    /// Makes room for a tile's configuration blocks.
    func reserve(devices: Int, groups: Int) {
        blockHigh.reserve(devices)
        blockResolved.reserve(devices)
        pendingGroup.reserve(groups)
        pendingLanes.reserve(groups)
    }
}

/// Uninitialized memory for plain values that grows and never shrinks
/// (its contents are not kept when it grows).
final class ScratchBuffer<Element> {
    private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    private var capacity = 1

    /// Room for `count` elements at `base`.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        base.deallocate()
        capacity = count
        base = .allocate(capacity: count)
    }

    deinit { base.deallocate() }
}

/// One tile's data for the per-configuration passes.
struct TileView {
    /// The tile's first window (sorted order) and window count.
    let firstWindow: Int
    let windowCount: Int
    /// The tile's devices.
    let devices: Range<Int>
    /// The GEMM output, column-major (`windowCount` rows).
    let products: UnsafeMutablePointer<Double>
    /// Per tile window: its relative error bound.
    let relativeError: UnsafeMutablePointer<Double>
    /// Per tile window: scratch for its level.
    let keptLevels: UnsafeMutablePointer<UInt8>
}

/// Output buffers that several workers write at disjoint indices (raw memory,
/// so that concurrent writes to different elements are not a data race).
struct BatchOutput: @unchecked Sendable {
    /// `devices × configurations` totals (1 LOW, 2 HIGH).
    let totals: UnsafeMutableBufferPointer<UInt8>
    /// `windows × configurations` levels, or empty.
    let levels: UnsafeMutableBufferPointer<UInt8>
    let recordsLevels: Bool
    let fallbacks: FallbackCounts
}

/// Per-worker counts of boundary recomputations.
final class FallbackCounts: @unchecked Sendable {
    let counts: UnsafeMutableBufferPointer<Int>

    init(workers: Int) {
        counts = .allocate(capacity: workers)
        counts.initialize(repeating: 0)
    }

    deinit { counts.deallocate() }
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
