import ExposureNotification
import RiskCalculation
import Testing
import WarnSimTestSupport

/// The batch scorer gives the exact engine's decisions: every window level and
/// every per-device total, boundary cases included, on both platforms.
@Suite struct BatchScorerTests {
    static let referenceDay = 19_000

    func compare(platform: RiskPlatform, seed: UInt64) throws {
        var inputs = RandomRiskInputs(seed: seed, subsystem: "batch-scorer-test")
        let configurations = (0..<100).map { _ in inputs.parameters() }
        let (windows, devices) = inputs.windows(count: 10_000, referenceDay: Self.referenceDay)
        let set = BatchWindowSet(windows: windows, devices: devices)
        let scorer = BatchScorer(configurations: configurations, platform: platform)
        let batch = try scorer.score(set, referenceDay: Self.referenceDay, workers: 2, windowLevels: true)
        let levels = try #require(batch.windowLevels)

        var byDevice = [[Int]](repeating: [], count: set.deviceCount)
        for (index, device) in devices.enumerated() { byDevice[device].append(index) }
        var levelMismatches = 0
        var totalMismatches = 0
        var exactWindowBoundaryHits = 0
        var exactDayBoundaryHits = 0
        for (c, parameters) in configurations.enumerated() {
            let engine = CWARiskEngine(parameters: parameters, platform: platform)
            let windowBounds = Set(
                parameters.normalizedTimePerWindowToRiskLevel.flatMap { [$0.normalizedTimeRange.min, $0.normalizedTimeRange.max] })
            let dayBounds = Set(
                parameters.normalizedTimePerDayToRiskLevel.flatMap { [$0.normalizedTimeRange.min, $0.normalizedTimeRange.max] })
            for (device, members) in byDevice.enumerated() {
                let result = try engine.calculate(members.map { windows[$0] }, referenceDay: Self.referenceDay)
                if UInt8(result.totalRiskLevel.rawValue) != batch.totalRiskLevels[device * configurations.count + c] {
                    totalMismatches += 1
                }
                for (position, index) in members.enumerated() {
                    let evaluation = result.windows[position]
                    if UInt8(evaluation.riskLevel?.rawValue ?? 0) != levels[index * configurations.count + c] { levelMismatches += 1 }
                    if let time = evaluation.normalizedTime, time > 0, windowBounds.contains(time) { exactWindowBoundaryHits += 1 }
                }
                for day in result.days where day.normalizedTime > 0 && dayBounds.contains(day.normalizedTime) { exactDayBoundaryHits += 1 }
            }
        }
        #expect(levelMismatches == 0)
        #expect(totalMismatches == 0)
        // The inputs really exercise the boundaries.
        #expect(exactWindowBoundaryHits > 100, "window normalized times exactly at a threshold: \(exactWindowBoundaryHits)")
        #expect(exactDayBoundaryHits > 100, "day sums exactly at a threshold: \(exactDayBoundaryHits)")
        #expect(batch.exactFallbacks > 0)
        // Thread count does not change anything.
        let single = try scorer.score(set, referenceDay: Self.referenceDay, workers: 1, windowLevels: true)
        #expect(single.totalRiskLevels == batch.totalRiskLevels)
        #expect(single.windowLevels == batch.windowLevels)
        // Nor does asking for totals only (which stops at a device's first HIGH day).
        let totalsOnly = try scorer.score(set, referenceDay: Self.referenceDay, workers: 2)
        #expect(totalsOnly.totalRiskLevels == batch.totalRiskLevels)
    }

    /// Counts disagreements between the batch scorer and the engine.
    func mismatches(
        _ configurations: [CWARiskParameters], _ windows: [ExposureWindow], _ devices: [Int], _ platform: RiskPlatform
    ) throws -> (levels: Int, totals: Int, exact: Int) {
        let set = BatchWindowSet(windows: windows, devices: devices)
        let batch = try BatchScorer(configurations: configurations, platform: platform)
            .score(set, referenceDay: Self.referenceDay, workers: 2, windowLevels: true)
        let levels = try #require(batch.windowLevels)
        var byDevice = [[Int]](repeating: [], count: set.deviceCount)
        for (index, device) in devices.enumerated() { byDevice[device].append(index) }
        var levelMismatches = 0
        var totalMismatches = 0
        for (c, parameters) in configurations.enumerated() {
            let engine = CWARiskEngine(parameters: parameters, platform: platform)
            for (device, members) in byDevice.enumerated() {
                let result = try engine.calculate(members.map { windows[$0] }, referenceDay: Self.referenceDay)
                if UInt8(result.totalRiskLevel.rawValue) != batch.totalRiskLevels[device * configurations.count + c] {
                    totalMismatches += 1
                }
                for (position, index) in members.enumerated()
                where UInt8(result.windows[position].riskLevel?.rawValue ?? 0) != levels[index * configurations.count + c] {
                    levelMismatches += 1
                }
            }
        }
        // Totals only: the path that stops at a device's first HIGH day.
        let totalsOnly = try BatchScorer(configurations: configurations, platform: platform)
            .score(set, referenceDay: Self.referenceDay, workers: 2)
        totalMismatches += zip(totalsOnly.totalRiskLevels, batch.totalRiskLevels).filter { $0 != $1 }.count
        return (levelMismatches, totalMismatches, batch.exactFallbacks)
    }

    /// Thresholds set to the engine's own normalized times and day sums (and
    /// their neighbouring doubles): every comparison sits on, or one unit in
    /// the last place beside, a boundary.
    @Test(arguments: [RiskPlatform.android, .ios])
    func agreesWhenThresholdsAreTheEnginesOwnValues(platform: RiskPlatform) throws {
        var inputs = RandomRiskInputs(seed: 20_260_303, subsystem: "batch-scorer-own-values")
        let (windows, devices) = inputs.windows(count: 4_000, referenceDay: Self.referenceDay, reportTypes: [1, 2, 3])
        var byDevice = [[Int]](repeating: [], count: (devices.max() ?? 0) + 1)
        for (index, device) in devices.enumerated() { byDevice[device].append(index) }
        var configurations: [CWARiskParameters] = []
        while configurations.count < 100 {
            var parameters = inputs.parameters()
            parameters.minutesAtAttenuationFilters = []
            parameters.trlFilters = []
            parameters.maxEncounterAgeInDays = 16
            let engine = CWARiskEngine(parameters: parameters, platform: platform)
            let members = byDevice[inputs.int(0...(byDevice.count - 1))]
            let result = try engine.calculate(members.map { windows[$0] }, referenceDay: Self.referenceDay)
            let times = result.windows.compactMap(\.normalizedTime).filter { $0 > 0 }
            let sums = result.days.map(\.normalizedTime).filter { $0 > 0 }
            guard let time = times.randomElement(using: &inputs.random), let sum = sums.randomElement(using: &inputs.random) else {
                continue
            }
            let shift = inputs.int(0...2)
            let windowThreshold = shift == 0 ? time : shift == 1 ? time.nextUp : time.nextDown
            let dayThreshold = [sum, sum.nextUp, sum.nextDown][inputs.int(0...2)]
            parameters.normalizedTimePerWindowToRiskLevel = [
                NormalizedTimeToRiskLevel(
                    normalizedTimeRange: RiskRange(min: 0, max: windowThreshold, maxExclusive: inputs.bool()), riskLevel: .low),
                NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: windowThreshold, max: 9999), riskLevel: .high),
            ]
            parameters.normalizedTimePerDayToRiskLevel = [
                NormalizedTimeToRiskLevel(
                    normalizedTimeRange: RiskRange(min: 0, max: dayThreshold, maxExclusive: inputs.bool()), riskLevel: .low),
                NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: dayThreshold, max: 99999), riskLevel: .high),
            ]
            configurations.append(parameters)
        }
        let result = try mismatches(configurations, windows, devices, platform)
        #expect(result.levels == 0)
        #expect(result.totals == 0)
        #expect(result.exact > 0)
    }

    @Test func agreesWithExactEngineOnAndroid() throws {
        try compare(platform: .android, seed: 20_260_301)
    }

    @Test func agreesWithExactEngineOnIOS() throws {
        try compare(platform: .ios, seed: 20_260_302)
    }

    /// The production configuration on the test-vector cases, one device per
    /// case: the batch totals equal the expected ones.
    @Test func reproducesAndroidTestVectorTotals() throws {
        let file = try WindowFile.load(path: try ReferenceData.path("cwa/test-vectors/android-2022-03-17.json"))
        guard case .cwaExposureWindows(let parameters) = try #require(file.configuration).scheme else {
            Issue.record("not a CWA v2 configuration")
            return
        }
        var windows: [ExposureWindow] = []
        var devices: [Int] = []
        for (index, item) in file.cases.enumerated() {
            windows += item.windows
            devices += Array(repeating: index, count: item.windows.count)
        }
        // Case 23 has no windows: give every case a device even if empty.
        let set = BatchWindowSet(windows: windows, devices: devices)
        let result = try BatchScorer(configurations: [parameters], platform: .android).score(set, referenceDay: file.referenceDay)
        for (index, item) in file.cases.enumerated() where index < set.deviceCount {
            let expected = try #require(item.expected)
            #expect(result.totalRiskLevel(device: index, configuration: 0) == expected.totalRiskLevel, "case \(index)")
        }
    }
}
