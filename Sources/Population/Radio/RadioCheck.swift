import Foundation
import WarnSimCore

/// Measured against simulated attenuation for one scenario and distance band.
public struct RadioCheckRow: Sendable, Codable, Equatable {
    public var scenario: String
    public var band: String
    public var measuredCount: Int
    public var simulatedCount: Int
    public var measuredMedian: Double
    public var simulatedMedian: Double
    public var measuredQ25: Double
    public var measuredQ75: Double
    public var simulatedQ25: Double
    public var simulatedQ75: Double
    /// Two-sample Kolmogorov–Smirnov distance between the two samples.
    public var ks: Double

    public var measuredIQR: Double { measuredQ75 - measuredQ25 }
    public var simulatedIQR: Double { simulatedQ75 - simulatedQ25 }
}

/// Replays the DP-3T sightings through the radio model and compares.
public enum RadioCheck {
    /// A half-open distance band in metres.
    public struct Band: Sendable {
        public var lower: Double
        public var upper: Double
        public func contains(_ d: Double) -> Bool { d >= lower && d < upper }
        public var label: String { upper.isInfinite ? "\(Self.format(lower))+ m" : "\(Self.format(lower))-\(Self.format(upper)) m" }
        static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
    }

    /// The distance bands reported (the 1.5 m and 2 m edges are the usual
    /// close-contact definitions of 2020–2021: RKI category I, NHS, CDC).
    public static let bands: [Band] = [
        Band(lower: 0, upper: 1), Band(lower: 1, upper: 1.5), Band(lower: 1.5, upper: 2),
        Band(lower: 2, upper: 3), Band(lower: 3, upper: 4), Band(lower: 4, upper: 6),
        Band(lower: 6, upper: .infinity),
    ]

    /// Compares every scenario and band for the given parameters. Scenarios
    /// listed as vehicle scenarios in `options` use the vehicle channel, table
    /// scenarios the `table` carriage on both phones, all others the room
    /// channel with phones in pockets.
    /// `groups` pools scenarios under a name (default: each scenario alone).
    public static func run(
        scenarios: [DP3TScenario], table: DeviceCalibrationTable, parameters: RadioParameters,
        options: RadioFitOptions = RadioFitOptions(), seed: UInt64? = nil,
        groups: [(name: String, scenarios: [String])]? = nil
    ) throws -> [RadioCheckRow] {
        let data = try RadioFitData(
            scenarios: scenarios, table: table, detectionLimit: parameters.detectionLimitRssi,
            maximumDistance: options.maximumDistance)
        if let groups {
            for group in groups {
                for name in group.scenarios where !data.scenarioNames.contains(name) {
                    throw InputError(file: "dp3t", field: group.name, problem: "unknown scenario '\(name)'")
                }
            }
        }
        return compare(data: data, parameters: parameters, options: options, seed: seed ?? options.seed &+ 1, groups: groups)
    }

    static func compare(
        data: RadioFitData, parameters: RadioParameters, options: RadioFitOptions, seed: UInt64,
        groups: [(name: String, scenarios: [String])]? = nil
    ) -> [RadioCheckRow] {
        let groupList = groups ?? data.scenarioNames.map { ($0, [$0]) }
        var groupsOfScenario = [[Int]](repeating: [], count: data.scenarioNames.count)
        for (g, group) in groupList.enumerated() {
            for name in group.scenarios { if let s = data.scenarioNames.firstIndex(of: name) { groupsOfScenario[s].append(g) } }
        }
        let vehicle = Set(options.vehicleScenarios.compactMap { data.scenarioNames.firstIndex(of: $0) })
        let desk = Set(options.tableScenarios.compactMap { data.scenarioNames.firstIndex(of: $0) })
        let tableOffset = parameters.carriageIndex("table").map { parameters.carriageOffsets[$0] } ?? 0
        let all = Array(0..<data.count)
        let simulated = simulate(
            rows: all, data: data, parameters: parameters,
            environment: { vehicle.contains(data.scenario[$0]) ? .vehicle : .room },
            carriage: { desk.contains(data.scenario[$0]) ? tableOffset : 0 },
            replicates: options.replicates, seed: seed)
        var simulatedByScenarioBand: [[[Double]]] = Array(repeating: Array(repeating: [], count: bands.count), count: groupList.count)
        for draw in simulated {
            if let b = bands.firstIndex(where: { $0.contains(data.distance[draw.row]) }) {
                for g in groupsOfScenario[data.scenario[draw.row]] { simulatedByScenarioBand[g][b].append(draw.attenuation) }
            }
        }
        var measuredByScenarioBand: [[[Double]]] = Array(repeating: Array(repeating: [], count: bands.count), count: groupList.count)
        for row in all {
            if let b = bands.firstIndex(where: { $0.contains(data.distance[row]) }) {
                for g in groupsOfScenario[data.scenario[row]] { measuredByScenarioBand[g][b].append(data.attenuation[row]) }
            }
        }
        var result: [RadioCheckRow] = []
        for (s, name) in groupList.map(\.0).enumerated() {
            for (b, band) in bands.enumerated() {
                let measured = measuredByScenarioBand[s][b].sorted()
                let sim = simulatedByScenarioBand[s][b].sorted()
                guard measured.count >= 10, sim.count >= 10 else { continue }
                result.append(
                    RadioCheckRow(
                        scenario: name, band: band.label, measuredCount: measured.count, simulatedCount: sim.count,
                        measuredMedian: SampleStatistics.quantile(sorted: measured, 0.5),
                        simulatedMedian: SampleStatistics.quantile(sorted: sim, 0.5),
                        measuredQ25: SampleStatistics.quantile(sorted: measured, 0.25),
                        measuredQ75: SampleStatistics.quantile(sorted: measured, 0.75),
                        simulatedQ25: SampleStatistics.quantile(sorted: sim, 0.25),
                        simulatedQ75: SampleStatistics.quantile(sorted: sim, 0.75),
                        ks: SampleStatistics.kolmogorovSmirnov(measured, sim)))
            }
        }
        return result
    }

    /// Simulates `replicates` draws for each row (same distance, same pair and
    /// minute structure as measured, fresh unit-to-unit device errors; the
    /// model-level error of these Samsung models is part of the fitted curve) and
    /// keeps the ones the receiver would have detected.
    static func simulate(
        rows: [Int], data: RadioFitData, parameters: RadioParameters,
        environment: (Int) -> RadioEnvironment, carriage: (Int) -> Double,
        replicates: Int, seed: UInt64
    ) -> [(row: Int, attenuation: Double)] {
        var output: [(row: Int, attenuation: Double)] = []
        output.reserveCapacity(rows.count * replicates)
        for replicate in 0..<replicates {
            let r = UInt64(replicate)
            var deviceRandom = RandomStream(seed: seed, subsystem: StreamName.radioCheckDevice, entity: r)
            let deviceSigma = parameters.deviceSigma
            let txError = (0..<data.deviceCount).map { _ in deviceRandom.nextNormal(mean: 0, standardDeviation: deviceSigma) }
            let rxError = (0..<data.deviceCount).map { _ in deviceRandom.nextNormal(mean: 0, standardDeviation: deviceSigma) }
            var pairRandom = RandomStream(seed: seed, subsystem: StreamName.radioCheckPair, entity: r)
            let shadow = (0..<data.pairCount).map { _ in pairRandom.nextStandardNormal() }
            let blocked = (0..<data.pairCount).map { _ in pairRandom.nextUnitDouble() < parameters.bodyBlockingProbability }
            var minuteRandom = RandomStream(seed: seed, subsystem: StreamName.radioCheckMinute, entity: r)
            let minute = (0..<data.bucketCount).map { _ in minuteRandom.nextStandardNormal() }
            var scanRandom = RandomStream(seed: seed, subsystem: StreamName.radioCheckScan, entity: r)
            for row in rows {
                let env = environment(row)
                let channel = parameters.channel(env)
                let p = data.pair[row]
                var path = parameters.medianPathAttenuation(distance: data.distance[row], environment: env)
                path += 2 * carriage(row)
                if blocked[p] { path += parameters.bodyBlockingPenalty }
                path += channel.shadowingSigma * shadow[p]
                path += channel.orientationSigma * minute[data.bucket[row]]
                path += channel.scanSigma * scanRandom.nextStandardNormal()
                let observed = (path - txError[data.transmitter[row]] - rxError[data.receiver[row]]).rounded()
                if observed <= data.attenuationLimit[row] {
                    output.append((row, observed))
                }
            }
        }
        return output
    }
}
