import CBatchLanes
import ExposureNotification
import WarnSimCore

/// Eight configurations of the few-thresholds pass scored side by side, one
/// per lane: a tile's devices, days and windows are walked once for the
/// eight instead of once for each, and the decisions are made without
/// branches by the C kernel `ws_block_device` (CBatchLanes says why C).
///
/// Every lane computes the very operations of
/// ``FewThresholdsDay/score(_:set:)`` in the same order (a window's time,
/// its tolerance, the day's sum, error and bound), so a lane's decision is
/// the pass's bit for bit. Where that pass would recompute with the engine's
/// arithmetic (an estimate within its bound of a threshold), the kernel
/// leaves the day open and ``BatchScorer/scoreBlock(_:tile:set:referenceDays:output:)``
/// hands it to ``FewThresholdsDay``, which also counts the recomputation;
/// once a lane's device is HIGH its later days are not looked at, as the
/// pass skips them.
struct ConfigurationBlock: Sendable {
    static let width = Int(WS_LANES)

    /// The configuration of each lane; lanes past `count` repeat the last
    /// configuration and are never written.
    let configurations: [Int]
    let count: Int
    /// Per lane: the weight column (GEMM output column) of its configuration.
    let column: [Int]
    /// Per lane: the age filter.
    let maxAge: [Int]
    /// The kernel's tables.
    let lanes: FrozenArray<ws_lane_block>

    /// The blocks of `configurations` (each taking the few-thresholds pass), in order.
    static func blocks(of configurations: [Int], tables: BatchConfigurationTables) -> [ConfigurationBlock] {
        stride(from: 0, to: configurations.count, by: width).map { start in
            ConfigurationBlock(Array(configurations[start..<Swift.min(start + width, configurations.count)]), tables: tables)
        }
    }

    init(_ members: [Int], tables t: BatchConfigurationTables) {
        precondition(!members.isEmpty && members.count <= Self.width)
        count = members.count
        let configurations = members + [Int](repeating: members.last!, count: Self.width - members.count)
        self.configurations = configurations
        column = configurations.map { t.weightColumn[$0] }
        maxAge = configurations.map { t.maxAge[$0] }
        func threshold(_ steps: FlatThresholds, _ config: Int, _ i: Int) -> Double {
            let start = steps.start[config]
            return start + i < steps.start[config + 1] ? steps.thresholds[start + i] : .infinity
        }
        // The level after `i` thresholds (each configuration has its thresholds' count + 1 levels).
        func flag(_ steps: FlatThresholds, _ config: Int, _ i: Int) -> Int64 {
            let start = steps.start[config]
            return i <= steps.start[config + 1] - start && steps.levels[start + config + i] != 0 ? 1 : 0
        }
        let classCount = BatchWindowSet.classCount
        var block = ws_lane_block()
        withUnsafeMutableBytes(of: &block) { bytes in
            func put<Value>(_ field: PartialKeyPath<ws_lane_block>, row: Int = 0, _ value: (Int) -> Value) {
                let stride = MemoryLayout<Value>.stride
                let offset = MemoryLayout<ws_lane_block>.offset(of: field)! + row * Self.width * stride
                for lane in 0..<Self.width {
                    bytes.storeBytes(of: value(configurations[lane]), toByteOffset: offset + lane * stride, as: Value.self)
                }
            }
            for type in 0..<classCount {
                put(\.scale, row: type) { t.timeScale[$0 * classCount + type] }
                put(\.kept_class, row: type) { Int64(t.trvKept[$0 * classCount + type] != 0 ? 1 : 0) }
            }
            put(\.w0) { threshold(t.windowKept, $0, 0) }
            put(\.w1) { threshold(t.windowKept, $0, 1) }
            for i in 0..<3 { put(\.keep_with, row: i) { flag(t.windowKept, $0, i) } }
            for k in 0..<4 { put(\.d, row: k) { threshold(t.dayHigh, $0, k) } }
            for i in 0..<5 { put(\.high_with, row: i) { flag(t.dayHigh, $0, i) } }
        }
        let real = (0..<Self.width).map { Int64($0 < members.count ? 1 : 0) }
        withUnsafeMutableBytes(of: &block.real) { bytes in
            for lane in 0..<Self.width { bytes.storeBytes(of: real[lane], toByteOffset: 8 * lane, as: Int64.self) }
        }
        lanes = FrozenArray([block])
    }
}

extension BatchScorer {
    /// Scores one tile under the eight (or fewer) configurations of `block`:
    /// the totals ``scoreFewThresholds(_:tile:set:referenceDays:output:)``
    /// writes for each, and the same count of recomputations.
    func scoreBlock(
        _ block: ConfigurationBlock, tile: TileView, set: BatchWindowSet, referenceDays: FrozenArray<Int>,
        workspace: TileWorkspace, output: BatchOutput
    ) -> Int {
        let t = tables
        let firstWindow = tile.firstWindow
        let products = UnsafePointer(tile.products)
        let relativeError = UnsafePointer(tile.relativeError) - firstWindow
        let deviceDayStart = set.deviceDayStart.base
        let devices = tile.devices
        let high = workspace.blockHigh.base
        let resolved = workspace.blockResolved.base
        let pendingGroup = workspace.pendingGroup.base
        let pendingLanes = workspace.pendingLanes.base
        let pendingCount = withUnsafeTemporaryAllocation(of: UnsafePointer<Double>?.self, capacity: ConfigurationBlock.width) {
            estimates in
            // Per lane: its column of the GEMM output, indexed by sorted window.
            for lane in 0..<ConfigurationBlock.width {
                estimates[lane] = products + block.column[lane] * tile.windowCount - firstWindow
            }
            return ws_block_devices(
                block.lanes.base, block.maxAge, devices.lowerBound, devices.upperBound, referenceDays.base, deviceDayStart,
                set.dayStart.base, set.day.base, set.trlClass.base, relativeError, estimates.baseAddress!, high, pendingGroup,
                pendingLanes)
        }
        // Days the kernel left open, in day order, until the lane's device is HIGH.
        var fallbacks = 0
        if pendingCount > 0 { resolved.update(repeating: 0, count: devices.count) }
        var device = devices.lowerBound
        for entry in 0..<pendingCount {
            let group = pendingGroup[entry]
            while deviceDayStart[device + 1] <= group { device += 1 }
            let local = device - devices.lowerBound
            for lane in 0..<block.count where pendingLanes[entry] & (1 << lane) != 0 && resolved[local] & (1 << lane) == 0 {
                let pass = FewThresholdsDay(block.configurations[lane], tables: t, tile: tile, set: set)
                let (dayIsHigh, recomputed) = pass.score(set.dayStart[group]..<set.dayStart[group + 1], set: set)
                fallbacks += recomputed
                if dayIsHigh {
                    high[local] |= 1 << lane
                    resolved[local] |= 1 << lane
                }
            }
        }
        for device in devices {
            let row = output.totals.baseAddress! + device * t.configurationCount
            let bits = high[device - devices.lowerBound]
            for lane in 0..<block.count { row[block.configurations[lane]] = bits & (1 << lane) != 0 ? 2 : 1 }
        }
        return fallbacks
    }
}
