import ExposureNotification
import RiskCalculation
import WarnSimCore

/// Deterministic synthetic inputs for `warnsim bench score`: plausible windows
/// (whole-minute scan intervals of 3–5 minutes, attenuations around a
/// per-window mean) and a sweep of parameter sets around the current CWA set.
/// They exercise the scorer's shapes; they are not epidemiological data.
package enum SyntheticRiskInputs {
    /// `count` windows for about `count / 10` devices, days 0–13 before
    /// `referenceDay`.
    package static func windows(count: Int, referenceDay: Int, seed: UInt64) -> (windows: [ExposureWindow], devices: [Int]) {
        var random = RandomStream(seed: seed, subsystem: StreamName.benchScoreWindows)
        var windows: [ExposureWindow] = []
        var devices: [Int] = []
        windows.reserveCapacity(count)
        devices.reserveCapacity(count)
        var device = 0
        while windows.count < count {
            let perDevice = Swift.min(Int.random(in: 1...19, using: &random), count - windows.count)
            for _ in 0..<perDevice {
                let center = Int.random(in: 40...85, using: &random)
                let scans = (0..<Int.random(in: 1...10, using: &random)).map { _ -> ScanInstance in
                    let attenuation = Swift.max(0, center + Int.random(in: -6...6, using: &random))
                    return ScanInstance(
                        minAttenuation: attenuation, typicalAttenuation: attenuation + Int.random(in: 0...3, using: &random),
                        secondsSinceLastScan: 60 * Int.random(in: 3...5, using: &random)
                    )
                }
                windows.append(
                    ExposureWindow(
                        dayNumber: referenceDay - Int.random(in: 0...13, using: &random),
                        reportType: ReportType(rawValue: Int.random(in: 1...4, using: &random)),
                        infectiousness: Bool.random(using: &random) ? .standard : .high,
                        calibrationConfidence: CalibrationConfidence(rawValue: Int.random(in: 0...3, using: &random))!,
                        scanInstances: scans
                    ))
                devices.append(device)
            }
            device += 1
        }
        return (windows, devices)
    }

    /// `count` parameter sets: the current CWA structure (three weighted
    /// attenuation bands, a window and a day threshold) with band edges,
    /// weights and thresholds drawn from grids around the current values.
    package static func configurations(count: Int, seed: UInt64) -> [CWARiskParameters] {
        var random = RandomStream(seed: seed, subsystem: StreamName.benchScoreConfigurations)
        let values = [0.0, 0.0, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6]
        return (0..<count).map { _ in
            let b1 = Double([55, 57, 59, 61, 63, 65].randomElement(using: &random)!)
            let b2 = Double([69, 71, 73, 75].randomElement(using: &random)!)
            let b3 = Double([77, 79, 81].randomElement(using: &random)!)
            let w1 = [0.6, 0.7, 0.8, 0.9, 1.0].randomElement(using: &random)!
            let w2 = [0.8, 0.9, 1.0, 1.1, 1.2].randomElement(using: &random)!
            let w3 = [0.0, 0.05, 0.1, 0.2].randomElement(using: &random)!
            let high = 5 + 0.5 * Double(Int.random(in: 0...30, using: &random))
            let low = Double(Int.random(in: 2...5, using: &random))
            return CWARiskParameters(
                minutesAtAttenuationWeights: [
                    MinutesAtAttenuationWeight(attenuationRange: RiskRange(min: 0, max: b1, maxExclusive: true), weight: w1),
                    MinutesAtAttenuationWeight(attenuationRange: RiskRange(min: b1, max: b2, maxExclusive: true), weight: w2),
                    MinutesAtAttenuationWeight(attenuationRange: RiskRange(min: b2, max: b3, maxExclusive: true), weight: w3),
                ],
                normalizedTimePerWindowToRiskLevel: [
                    NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: 0, max: high, maxExclusive: true), riskLevel: .low),
                    NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: high, max: 9999), riskLevel: .high),
                ],
                normalizedTimePerDayToRiskLevel: [
                    NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: low, max: high, maxExclusive: true), riskLevel: .low),
                    NormalizedTimeToRiskLevel(normalizedTimeRange: RiskRange(min: high, max: 99999), riskLevel: .high),
                ],
                transmissionRiskValueMapping: values.enumerated().map {
                    TransmissionRiskValue(transmissionRiskLevel: $0.offset + 1, transmissionRiskValue: $0.element)
                }
            )
        }
    }
}
