import ExposureNotification
import Testing
import WarnSimCore

@testable import RiskCalculation

/// The configuration blocks (eight parameter sets of the few-thresholds pass
/// side by side, in the C kernel) give the one-by-one pass's totals and the
/// same count of exact recomputations, on random inputs and on inputs built
/// to sit on the decision boundaries, with a block count that leaves a part
/// block, per-device reference days that move the age filter, and any number
/// of threads.
@Suite struct ConfigurationBlockPassTests {
    static let referenceDay = 19_000

    /// Scores `set` with and without blocks and compares.
    static func compare(
        _ configurations: [CWARiskParameters], _ set: BatchWindowSet, platform: RiskPlatform, referenceDays: [Int]? = nil
    ) throws -> (blocks: Int, fallbacks: Int) {
        var scorer = BatchScorer(configurations: configurations, platform: platform)
        let fast = configurations.indices.filter { scorer.takesFewThresholdsPass($0, recordsLevels: false) }
        let blocks = ConfigurationBlock.blocks(of: fast, tables: scorer.tables)
        let blocked = try scorer.score(set, referenceDay: referenceDay, referenceDays: referenceDays, workers: 2)
        let blockedOneThread = try scorer.score(set, referenceDay: referenceDay, referenceDays: referenceDays, workers: 1)
        scorer.blocksConfigurations = false
        let single = try scorer.score(set, referenceDay: referenceDay, referenceDays: referenceDays, workers: 2)
        #expect(blocked.totalRiskLevels == single.totalRiskLevels)
        #expect(blockedOneThread.totalRiskLevels == single.totalRiskLevels)
        #expect(blocked.exactFallbacks == single.exactFallbacks)
        #expect(blockedOneThread.exactFallbacks == single.exactFallbacks)
        return (blocks.count, blocked.exactFallbacks)
    }

    @Test(arguments: [RiskPlatform.android, .ios])
    func randomInputs(platform: RiskPlatform) throws {
        var inputs = RandomRiskInputs(seed: 36, subsystem: "configuration-blocks")
        let configurations = (0..<150).map { _ in inputs.parameters() }
        let (windows, devices) = inputs.windows(count: 5_000, referenceDay: Self.referenceDay)
        let set = BatchWindowSet(windows: windows, devices: devices)
        // Reference days 0-6 days later than the windows' day: the age filter moves per device.
        var random = RandomStream(seed: 36, subsystem: "configuration-blocks-days")
        let days = (0..<set.deviceCount).map { _ in Self.referenceDay + Int.random(in: 0...6, using: &random) }
        let (blocks, _) = try Self.compare(configurations, set, platform: platform)
        #expect(blocks >= 2, "blocks: \(blocks)")
        _ = try Self.compare(configurations, set, platform: platform, referenceDays: days)
    }

    @Test(arguments: [RiskPlatform.android, .ios])
    func constructedBoundaries(platform: RiskPlatform) throws {
        var random = RandomStream(seed: 20_261_202, subsystem: "configuration-blocks-\(platform)")
        var windows: [ExposureWindow] = []
        var devices: [Int] = []
        for device in 0..<300 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let day = Self.referenceDay - Int.random(in: 0...12, using: &random)
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    windows.append(BatchBoundaryTests.window(day: day, random: &random).window)
                    devices.append(device)
                }
            }
        }
        let set = BatchWindowSet(windows: windows, devices: devices)
        // Thresholds at the exact times and sums of the windows themselves
        // (computed by the engine), and one ulp beside them; 61 sets, so the
        // last block is a part block.
        let engineTimes = try windows.prefix(200).map { window in
            try CWARiskEngine(
                parameters: BatchBoundaryTests.parameters(weights: (30, 10), value: 10, window: 1, windowLowExclusive: true, day: 1),
                platform: platform
            ).calculate([window], referenceDay: Self.referenceDay).windows[0].normalizedTime ?? 1
        }
        let configurations = (0..<61).map { i -> CWARiskParameters in
            let time = engineTimes[i % engineTimes.count]
            let threshold = [time, time.nextUp, time.nextDown][i % 3]
            return BatchBoundaryTests.parameters(
                weights: (30, 10), value: 10, window: threshold, windowLowExclusive: i % 2 == 0,
                day: [threshold, 2 * threshold, threshold.nextUp][(i / 3) % 3])
        }
        let (blocks, fallbacks) = try Self.compare(configurations, set, platform: platform)
        #expect(blocks == 8)
        // On iOS the day sums land on the thresholds; on Android the days are
        // rounded first (BatchBoundaryTests places sums on the rounding
        // half-points and checks the blocks' totals against the engine).
        if platform == .ios { #expect(fallbacks > 0, "the inputs reach the exact recomputation") }
    }
}
