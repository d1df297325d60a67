import ExposureNotification
import RiskCalculation
import WarnSimCore

/// Random CWA v2 parameter sets and windows drawn from small grids of "round"
/// values (weights, transmission risk values, thresholds, whole-minute scan
/// intervals), so that many normalized times and day sums land exactly on, or
/// one rounding error away from, a threshold.
struct RandomRiskInputs {
    var random: RandomStream

    init(seed: UInt64, subsystem: String) {
        random = RandomStream(seed: seed, subsystem: subsystem)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func bool() -> Bool { Bool.random(using: &random) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    static let weights = [0.0, 0.1, 0.3, 0.5, 0.8, 1.0, 1.2, 1.5]
    static let values = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6]
    static let thresholds = [3.0, 3.6, 5.0, 7.2, 9.0, 10.8, 13.0, 15.0, 9.6, 12.0]

    mutating func range(_ bounds: (Double, Double), exclusiveFlags: Bool = true) -> RiskRange {
        RiskRange(
            min: Swift.min(bounds.0, bounds.1), minExclusive: exclusiveFlags && int(0...3) == 0,
            max: Swift.max(bounds.0, bounds.1), maxExclusive: exclusiveFlags && bool()
        )
    }

    mutating func parameters() -> CWARiskParameters {
        // Weights: 1–4 consecutive attenuation bands.
        var weights: [MinutesAtAttenuationWeight] = []
        var lower = Double(int(0...40))
        for _ in 0..<int(1...4) {
            let upper = lower + Double(int(3...20))
            weights.append(
                MinutesAtAttenuationWeight(
                    attenuationRange: RiskRange(min: lower, minExclusive: int(0...5) == 0, max: upper, maxExclusive: int(0...4) != 0),
                    weight: pick(Self.weights)
                ))
            lower = upper
        }
        var filters: [MinutesAtAttenuationFilter] = []
        for _ in 0..<pick([0, 0, 1, 2]) {
            filters.append(
                MinutesAtAttenuationFilter(
                    attenuationRange: range((Double(int(0...50)), Double(int(50...90)))),
                    dropIfMinutesInRange: range((0, Double(int(1...12))))
                ))
        }
        var trlFilters: [TRLFilter] = []
        if int(0...3) == 0 { trlFilters.append(TRLFilter(dropIfTRLInRange: range((1, Double(int(1...3)))))) }
        let low = pick(Self.thresholds)
        let dayLow = pick([0.0, 3.0, 5.0, 5.0, 7.2])
        let dayHigh = pick(Self.thresholds.filter { $0 > dayLow })
        let windowMapping = [
            NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: 0, max: low, maxExclusive: int(0...4) != 0), riskLevel: .low),
            NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: low, minExclusive: int(0...4) == 0, max: 9999), riskLevel: .high),
        ]
        let dayMapping = [
            NormalizedTimeToRiskLevel(
                normalizedTimeRange: RiskRange(min: dayLow, max: dayHigh, maxExclusive: int(0...4) != 0), riskLevel: .low),
            NormalizedTimeToRiskLevel(
                normalizedTimeRange: RiskRange(min: dayHigh, minExclusive: int(0...4) == 0, max: 99999), riskLevel: .high),
        ]
        var mapping: [TransmissionRiskValue] = []
        var multiplier: Double?
        if int(0...4) == 0 {
            multiplier = 0.2
        } else {
            mapping = (1...8).map { TransmissionRiskValue(transmissionRiskLevel: $0, transmissionRiskValue: pick(Self.values)) }
        }
        let encoding =
            int(0...3) == 0
            ? TRLEncoding(
                infectiousnessOffsetStandard: 0, infectiousnessOffsetHigh: 4, reportTypeOffsetRecursive: 4,
                reportTypeOffsetSelfReport: 3, reportTypeOffsetConfirmedClinicalDiagnosis: 2, reportTypeOffsetConfirmedTest: 1)
            : .production
        return CWARiskParameters(
            minutesAtAttenuationFilters: filters, trlFilters: trlFilters, minutesAtAttenuationWeights: weights,
            normalizedTimePerWindowToRiskLevel: windowMapping, normalizedTimePerDayToRiskLevel: dayMapping,
            trlEncoding: encoding, transmissionRiskValueMapping: mapping, transmissionRiskLevelMultiplier: multiplier,
            maxEncounterAgeInDays: pick([nil, 10, 14, 3])
        )
    }

    /// Windows for `devices` phones, each with 1…`maxPerDevice` windows over a
    /// few days; returns the windows and their devices.
    mutating func windows(count: Int, referenceDay: Int, reportTypes: [Int] = [1, 2, 3, 4]) -> ([ExposureWindow], [Int]) {
        var windows: [ExposureWindow] = []
        var devices: [Int] = []
        var device = 0
        while windows.count < count {
            let perDevice = Swift.min(int(1...12), count - windows.count)
            let days = (0..<int(1...3)).map { _ in referenceDay - int(0...16) }
            for _ in 0..<perDevice {
                var scans: [ScanInstance] = []
                for _ in 0..<int(0...6) {
                    let attenuation = int(0...100)
                    let seconds = int(0...20) == 0 ? -60 : 60 * int(0...5)
                    scans.append(
                        ScanInstance(
                            minAttenuation: attenuation, typicalAttenuation: attenuation + int(0...3), secondsSinceLastScan: seconds))
                }
                windows.append(
                    ExposureWindow(
                        dayNumber: pick(days),
                        reportType: ReportType(rawValue: pick(reportTypes)),
                        infectiousness: Infectiousness(rawValue: int(0...2))!,
                        calibrationConfidence: CalibrationConfidence(rawValue: int(0...3))!,
                        scanInstances: scans
                    ))
                devices.append(device)
            }
            device += 1
        }
        return (windows, devices)
    }
}
