import ExposureNotification
import Testing

@testable import RiskCalculation

/// The batch scorer's pass for configurations with few thresholds (taken when
/// only totals are asked for) gives the exact engine's totals, and the inputs
/// send configurations both through it and through the general pass.
@Suite struct FewThresholdsPassTests {
    static let referenceDay = 19_000

    @Test(arguments: [RiskPlatform.android, .ios])
    func totalsEqualTheEngine(platform: RiskPlatform) throws {
        var inputs = RandomRiskInputs(seed: 35, subsystem: "few-thresholds-pass")
        let configurations = (0..<80).map { _ in inputs.parameters() }
        let (windows, devices) = inputs.windows(count: 4_000, referenceDay: Self.referenceDay)
        let set = BatchWindowSet(windows: windows, devices: devices)
        let scorer = BatchScorer(configurations: configurations, platform: platform)
        let fast = configurations.indices.filter { scorer.takesFewThresholdsPass($0, recordsLevels: false) }
        #expect(fast.count >= 10, "configurations through the specialised pass: \(fast.count) of \(configurations.count)")
        #expect(fast.count < configurations.count, "every configuration took the specialised pass")
        #expect(!configurations.indices.contains { scorer.takesFewThresholdsPass($0, recordsLevels: true) })

        let totals = try scorer.score(set, referenceDay: Self.referenceDay, workers: 2)
        var byDevice = [[Int]](repeating: [], count: set.deviceCount)
        for (index, device) in devices.enumerated() { byDevice[device].append(index) }
        var mismatches = 0
        for c in fast {
            let engine = CWARiskEngine(parameters: configurations[c], platform: platform)
            for (device, members) in byDevice.enumerated() {
                let expected = try engine.calculate(members.map { windows[$0] }, referenceDay: Self.referenceDay).totalRiskLevel
                if UInt8(expected.rawValue) != totals.totalRiskLevels[device * configurations.count + c] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
