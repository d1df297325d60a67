import Foundation
import Population
import WarnSimCore

/// The DP-3T sightings turned into calibrated attenuations, struct-of-arrays,
/// with the grouping the variance decomposition needs.
struct RadioFitData {
    var scenario: [Int] = []
    var distance: [Double] = []
    var logDistance: [Double] = []
    /// EN attenuation: tx(transmitter model) − (rssi + correction(receiver model)).
    var attenuation: [Double] = []
    /// Largest attenuation still received: tx − correction − detection limit.
    var attenuationLimit: [Double] = []
    var receiver: [Int] = []
    var transmitter: [Int] = []
    /// Index of (scenario, receiver, transmitter).
    var pair: [Int] = []
    /// Index of (pair, minute).
    var bucket: [Int] = []
    var pairCount = 0
    var bucketCount = 0
    var deviceCount = 0
    /// Scenario short names, in input order.
    var scenarioNames: [String] = []
    /// Model per device index.
    var deviceModels: [String] = []

    var count: Int { attenuation.count }

    init(scenarios: [DP3TScenario], table: DeviceCalibrationTable, detectionLimit: Double, maximumDistance: Double) throws {
        var deviceIndex: [Int32: Int] = [:]
        var pairIndex: [Int: Int] = [:]
        var bucketIndex: [Int: Int] = [:]
        for (s, data) in scenarios.enumerated() {
            scenarioNames.append(data.shortName)
            for (phone, model) in data.modelByPhone.sorted(by: { $0.key < $1.key }) where deviceIndex[phone] == nil {
                deviceIndex[phone] = deviceModels.count
                deviceModels.append(model)
            }
            for sighting in data.sightings where sighting.distance <= maximumDistance {
                guard let rxModel = data.modelByPhone[sighting.receiver], let rx = table.entry(model: rxModel) else {
                    throw InputError(
                        file: data.name, field: "receiver \(sighting.receiver)", problem: "phone model not in the calibration table")
                }
                guard let txModel = data.modelByPhone[sighting.transmitter], let tx = table.entry(model: txModel) else {
                    throw InputError(
                        file: data.name, field: "transmitter \(sighting.transmitter)",
                        problem: "phone model unknown or not in the calibration table")
                }
                let r = deviceIndex[sighting.receiver]!
                let t = deviceIndex[sighting.transmitter]!
                let pairKey = (s << 40) | (r << 20) | t
                let p =
                    pairIndex[pairKey]
                    ?? {
                        let value = pairIndex.count
                        pairIndex[pairKey] = value
                        return value
                    }()
                let bucketKey = (p << 32) | Int(sighting.timestamp / 60)
                let b =
                    bucketIndex[bucketKey]
                    ?? {
                        let value = bucketIndex.count
                        bucketIndex[bucketKey] = value
                        return value
                    }()
                scenario.append(s)
                distance.append(sighting.distance)
                logDistance.append(Foundation.log10(sighting.distance))
                attenuation.append(tx.txPower - (sighting.rssi + rx.rssiCorrection))
                attenuationLimit.append(tx.txPower - rx.rssiCorrection - detectionLimit)
                receiver.append(r)
                transmitter.append(t)
                pair.append(p)
                bucket.append(b)
            }
        }
        pairCount = pairIndex.count
        bucketCount = bucketIndex.count
        deviceCount = deviceModels.count
    }

    /// Row indices of the scenarios named in `names`.
    func rows(of names: [String]) -> [Int] {
        let wanted = Set(names.compactMap { scenarioNames.firstIndex(of: $0) })
        return (0..<count).filter { wanted.contains(scenario[$0]) }
    }
}

/// Ordinary least squares of y on x: (intercept, slope).
func leastSquares(x: [Double], y: [Double]) -> (intercept: Double, slope: Double) {
    let n = Double(x.count)
    let mx = x.reduce(0, +) / n
    let my = y.reduce(0, +) / n
    var sxy = 0.0
    var sxx = 0.0
    for i in x.indices {
        sxy += (x[i] - mx) * (y[i] - my)
        sxx += (x[i] - mx) * (x[i] - mx)
    }
    let slope = sxx > 0 ? sxy / sxx : 0
    return (my - slope * mx, slope)
}
