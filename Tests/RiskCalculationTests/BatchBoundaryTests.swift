import ExposureNotification
import RiskCalculation
import Testing
import WarnSimCore

/// Windows built so that their normalized times and day sums are, in exact
/// arithmetic, decimal values that configurations then use as thresholds:
/// the engine's floating-point values land on the threshold or a unit in the
/// last place or two beside it (weights like 0.1 and 0.3 are not binary
/// fractions, so the sums of many scans drift). On Android the day sums are
/// also placed on rounding half-points (`10 × sum = k + 0.5`). The batch
/// scorer must give the engine's window levels and totals in every case,
/// with and without recorded window levels (two different code paths) and
/// on any number of threads.
@Suite struct BatchBoundaryTests {
    static let referenceDay = 19_000
    /// Weights of the two attenuation bands, in hundredths.
    static let weightHundredths = [5, 10, 20, 30, 70, 110]
    /// Transmission risk values in tenths.
    static let valueTenths = [1, 3, 6, 10, 12, 14]

    /// One window and its whole minutes per attenuation band.
    struct Built {
        var window: ExposureWindow
        /// Minutes in the lower and upper attenuation band.
        var minutes: (Int, Int)
    }

    /// A window of 1…12 scans of whole minutes, each in one of two bands.
    static func window(day: Int, random: inout RandomStream) -> Built {
        var scans: [ScanInstance] = []
        var minutes = (0, 0)
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            let upper = Bool.random(using: &random)
            let attenuation = upper ? Int.random(in: 60...90, using: &random) : Int.random(in: 20...59, using: &random)
            let length = Int.random(in: 1...3, using: &random)
            if upper { minutes.1 += length } else { minutes.0 += length }
            scans.append(ScanInstance(minAttenuation: attenuation, typicalAttenuation: attenuation, secondsSinceLastScan: 60 * length))
        }
        return Built(
            window: ExposureWindow(
                dayNumber: day, reportType: .confirmedTest, infectiousness: .high, calibrationConfidence: .medium,
                scanInstances: scans),
            minutes: minutes)
    }

    /// The parameter set: two weight bands, one transmission risk value for
    /// every level, and the given window and day thresholds.
    static func parameters(
        weights: (Int, Int), value: Int, window: Double, windowLowExclusive: Bool, day: Double
    )
        -> CWARiskParameters
    {
        CWARiskParameters(
            minutesAtAttenuationWeights: [
                MinutesAtAttenuationWeight(
                    attenuationRange: RiskRange(min: 0, max: 60, maxExclusive: true), weight: Double(weights.0) / 100),
                MinutesAtAttenuationWeight(attenuationRange: RiskRange(min: 60, max: 255), weight: Double(weights.1) / 100),
            ],
            normalizedTimePerWindowToRiskLevel: [
                NormalizedTimeToRiskLevel(
                    normalizedTimeRange: RiskRange(min: 0, max: window, maxExclusive: windowLowExclusive), riskLevel: .low),
                NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: window, max: 9999), riskLevel: .high),
            ],
            normalizedTimePerDayToRiskLevel: [
                NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: 0, max: day, maxExclusive: true), riskLevel: .low),
                NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: day, max: 99999), riskLevel: .high),
            ],
            transmissionRiskValueMapping: (1...8).map {
                TransmissionRiskValue(transmissionRiskLevel: $0, transmissionRiskValue: Double(value) / 10)
            }
        )
    }

    @Test(arguments: [RiskPlatform.android, .ios])
    func agreesOnConstructedBoundaries(platform: RiskPlatform) throws {
        var random = RandomStream(seed: 20_261_124, subsystem: "batch-boundary-\(platform)")
        // Devices with 1–3 days of 1–6 windows.
        var built: [Built] = []
        var devices: [Int] = []
        var groups: [[Int]] = []
        for device in 0..<600 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let day = Self.referenceDay - Int.random(in: 0...12, using: &random)
                var members: [Int] = []
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    members.append(built.count)
                    built.append(Self.window(day: day, random: &random))
                    devices.append(device)
                }
                groups.append(members)
            }
        }
        let windows = built.map(\.window)
        // Exact normalized time × 1000 of window i under (weights, value):
        // value/10 × (w0/100 × m0 + w1/100 × m1), an integer numerator.
        func numerator(_ i: Int, _ weights: (Int, Int), _ value: Int) -> Int {
            value * (weights.0 * built[i].minutes.0 + weights.1 * built[i].minutes.1)
        }
        var configurations: [CWARiskParameters] = []
        for _ in 0..<120 {
            let weights = (Self.weightHundredths.randomElement(using: &random)!, Self.weightHundredths.randomElement(using: &random)!)
            let value = Self.valueTenths.randomElement(using: &random)!
            // The window threshold: a window's exact time, correctly rounded.
            let target = Int.random(in: 0..<built.count, using: &random)
            let windowExact = Double(numerator(target, weights, value)) / 1000
            let windowThreshold = [windowExact, windowExact, windowExact.nextUp, windowExact.nextDown].randomElement(using: &random)!
            // The day threshold: a day's exact sum (iOS), or on Android its
            // rounded value, preferring sums on a rounding half-point.
            var group = groups.randomElement(using: &random)!
            var sum = group.reduce(0) { $0 + numerator($1, weights, value) }
            for _ in 0..<40 where platform == .android && sum % 100 != 50 {
                group = groups.randomElement(using: &random)!
                sum = group.reduce(0) { $0 + numerator($1, weights, value) }
            }
            let dayExact = platform == .android ? Double((sum + 50) / 100) / 10 : Double(sum) / 1000
            let dayThreshold = [dayExact, dayExact, dayExact.nextUp, dayExact.nextDown].randomElement(using: &random)!
            configurations.append(
                Self.parameters(
                    weights: weights, value: value, window: windowThreshold, windowLowExclusive: Bool.random(using: &random),
                    day: dayThreshold))
        }

        let set = BatchWindowSet(windows: windows, devices: devices)
        let scorer = BatchScorer(configurations: configurations, platform: platform)
        let withLevels = try scorer.score(set, referenceDay: Self.referenceDay, workers: 2, windowLevels: true)
        let totalsOnly = try scorer.score(set, referenceDay: Self.referenceDay, workers: 2)
        let oneThread = try scorer.score(set, referenceDay: Self.referenceDay, workers: 1)
        let levels = try #require(withLevels.windowLevels)
        #expect(oneThread.totalRiskLevels == totalsOnly.totalRiskLevels)

        var byDevice = [[Int]](repeating: [], count: set.deviceCount)
        for (index, device) in devices.enumerated() { byDevice[device].append(index) }
        var levelMismatches = 0
        var totalMismatches = 0
        var timesOnThreshold = 0
        var timesOneUlpAway = 0
        var daysOnHalfPoint = 0
        var daysOnThreshold = 0
        for (c, parameters) in configurations.enumerated() {
            let engine = CWARiskEngine(parameters: parameters, platform: platform)
            let windowThreshold = parameters.normalizedTimePerWindowToRiskLevel[1].normalizedTimeRange.min
            let dayThreshold = parameters.normalizedTimePerDayToRiskLevel[1].normalizedTimeRange.min
            for (device, members) in byDevice.enumerated() {
                let result = try engine.calculate(members.map { windows[$0] }, referenceDay: Self.referenceDay)
                let expected = UInt8(result.totalRiskLevel.rawValue)
                let index = device * configurations.count + c
                if withLevels.totalRiskLevels[index] != expected || totalsOnly.totalRiskLevels[index] != expected {
                    totalMismatches += 1
                }
                for (position, window) in members.enumerated() {
                    let evaluation = result.windows[position]
                    if UInt8(evaluation.riskLevel?.rawValue ?? 0) != levels[window * configurations.count + c] { levelMismatches += 1 }
                    if let time = evaluation.normalizedTime {
                        if time == windowThreshold { timesOnThreshold += 1 }
                        if time == windowThreshold.nextUp || time == windowThreshold.nextDown { timesOneUlpAway += 1 }
                    }
                }
                for day in result.days {
                    if day.normalizedTime == dayThreshold { daysOnThreshold += 1 }
                }
                if platform == .android {
                    // The unrounded sums, from the engine's own window times.
                    var sums: [Int: Double] = [:]
                    for (position, window) in members.enumerated() where result.windows[position].isKept {
                        sums[windows[window].dayNumber, default: 0] += result.windows[position].normalizedTime!
                    }
                    for sum in sums.values {
                        let scaled = sum * 10
                        if Swift.abs(scaled - scaled.rounded(.down) - 0.5) <= 4 * scaled.ulp { daysOnHalfPoint += 1 }
                    }
                }
            }
        }
        #expect(levelMismatches == 0)
        #expect(totalMismatches == 0)
        // The inputs really sit on and beside the boundaries.
        #expect(timesOnThreshold > 50, "window times exactly at a threshold: \(timesOnThreshold)")
        #expect(timesOneUlpAway > 10, "window times one ulp beside a threshold: \(timesOneUlpAway)")
        #expect(daysOnThreshold > 50, "day values exactly at a threshold: \(daysOnThreshold)")
        if platform == .android { #expect(daysOnHalfPoint > 50, "day sums at a rounding half-point: \(daysOnHalfPoint)") }
        #expect(withLevels.exactFallbacks > 0)
        // Totals only go through the configuration blocks, which leave these
        // days to the exact recomputation too.
        #expect(totalsOnly.exactFallbacks > 0)
    }
}
