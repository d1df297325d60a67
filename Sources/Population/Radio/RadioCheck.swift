import Foundation
import WarnSimCore

/// Measured against simulated attenuation for one data set, place (scenario),
/// environment and distance.
public struct RadioCheckRow: Sendable, Codable, Equatable {
    /// `dp3t-exp34` or `lanfer-multichannel-2022`.
    public var dataSet: String
    /// DP-3T scenario or Lanfer place.
    public var site: String
    /// The model environment it is compared with.
    public var environment: String
    /// A DP-3T distance band or a Lanfer surveyed distance.
    public var distance: String
    public var measuredCount: Int
    public var simulatedCount: Int
    public var measuredQ25: Double
    public var measuredMedian: Double
    public var measuredQ75: Double
    public var simulatedQ25: Double
    public var simulatedMedian: Double
    public var simulatedQ75: Double
    /// Devices with at least ``RadioCheck/minimumDeviceSamples`` samples here.
    public var devices: Int
    /// The data set's own device-to-device spread here: the standard deviation
    /// across those devices of each device's median, at least the floor
    /// ``RadioCheck/spreadFloor(_:)``.
    public var deviceSpread: Double
    /// |simulated median − measured median| ≤ deviceSpread.
    public var passes: Bool
}

/// Replays the measurements through the radio model and compares.
public enum RadioCheck {
    /// A half-open distance band in metres.
    public struct Band: Sendable {
        public var lower: Double
        public var upper: Double
        public func contains(_ d: Double) -> Bool { d >= lower && d < upper }
        public var label: String { upper.isInfinite ? "\(Self.format(lower))+ m" : "\(Self.format(lower))-\(Self.format(upper)) m" }
        static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
    }

    /// The distance bands of the DP-3T data, whose camera-tracked distances are
    /// continuous (the 1.5 m and 2 m edges are the usual close-contact
    /// definitions of 2020–2021: RKI category I, NHS, CDC).
    public static let bands: [Band] = [
        Band(lower: 0, upper: 1), Band(lower: 1, upper: 1.5), Band(lower: 1.5, upper: 2),
        Band(lower: 2, upper: 3), Band(lower: 3, upper: 4), Band(lower: 4, upper: 6),
        Band(lower: 6, upper: .infinity),
    ]

    /// Simulated replicates of each Lanfer sample.
    public static let lanferReplicates = 100

    /// A device counts towards the spread at a distance with this many samples there.
    public static let minimumDeviceSamples = 10

    /// The floor of the device-to-device spread: two directly measured
    /// (HIGH-confidence) phones, each calibrated to σ_model,high per component,
    /// differ by √2 · σ_model,high (3.54 dB with 2.5 dB); no model can be asked
    /// to match one device pair more closely than the calibration itself does.
    public static func spreadFloor(_ parameters: RadioParameters) -> Double {
        2.0.squareRoot() * parameters.modelSigmaHigh
    }

    /// Compares every DP-3T scenario (by distance band) and every Lanfer place
    /// (by surveyed distance) with the model.
    public static func run(
        scenarios: [DP3TScenario], lanfer: LanferMeasurements, table: DeviceCalibrationTable, parameters: RadioParameters,
        options: RadioFitOptions = RadioFitOptions(), seed: UInt64? = nil
    ) throws -> [RadioCheckRow] {
        let data = try RadioFitData(
            scenarios: scenarios, table: table, detectionLimit: parameters.detectionLimitRssi,
            maximumDistance: options.maximumDistance)
        return try compare(data: data, lanfer: lanfer, parameters: parameters, options: options, seed: seed ?? options.seed &+ 1)
    }

    /// The environment a DP-3T scenario is compared with: train the vehicle,
    /// office the office (phones on the desk), all others the room.
    static func environment(ofScenario name: String, options: RadioFitOptions) -> RadioEnvironment {
        if options.vehicleScenarios.contains(name) { return .vehicle }
        if options.tableScenarios.contains(name) { return .office }
        return .room
    }

    static func row(
        dataSet: String, site: String, environment: RadioEnvironment, distance: String,
        measured: [Double], simulated: [Double], perDevice: [[Double]], floor: Double
    ) -> RadioCheckRow? {
        let measured = measured.sorted()
        let sim = simulated.sorted()
        guard measured.count >= 10, sim.count >= 10 else { return nil }
        let medians = perDevice.filter { $0.count >= minimumDeviceSamples }.map { SampleStatistics.median($0) }
        let spread = medians.count >= 2 ? SampleStatistics.meanAndStandardDeviation(medians).sd : 0
        let measuredMedian = SampleStatistics.quantile(sorted: measured, 0.5)
        let simulatedMedian = SampleStatistics.quantile(sorted: sim, 0.5)
        let allowed = max(floor, spread)
        return RadioCheckRow(
            dataSet: dataSet, site: site, environment: environment.name, distance: distance,
            measuredCount: measured.count, simulatedCount: sim.count,
            measuredQ25: SampleStatistics.quantile(sorted: measured, 0.25), measuredMedian: measuredMedian,
            measuredQ75: SampleStatistics.quantile(sorted: measured, 0.75),
            simulatedQ25: SampleStatistics.quantile(sorted: sim, 0.25), simulatedMedian: simulatedMedian,
            simulatedQ75: SampleStatistics.quantile(sorted: sim, 0.75),
            devices: medians.count, deviceSpread: allowed, passes: abs(simulatedMedian - measuredMedian) <= allowed + 1e-9)
    }

    static func compare(
        data: RadioFitData, lanfer: LanferMeasurements, parameters: RadioParameters, options: RadioFitOptions, seed: UInt64
    ) throws -> [RadioCheckRow] {
        let floor = spreadFloor(parameters)
        let environments = data.scenarioNames.map { environment(ofScenario: $0, options: options) }
        let tableOffset = parameters.carriageIndex("table").map { parameters.carriageOffsets[$0] } ?? 0
        let desk = Set(options.tableScenarios.compactMap { data.scenarioNames.firstIndex(of: $0) })
        let all = Array(0..<data.count)
        let simulated = simulate(
            rows: all, data: data, parameters: parameters,
            environment: { environments[data.scenario[$0]] },
            carriage: { desk.contains(data.scenario[$0]) ? tableOffset : 0 },
            replicates: options.replicates, seed: seed)
        let scenarioCount = data.scenarioNames.count
        var simulatedBy = [[[Double]]](repeating: [[Double]](repeating: [], count: bands.count), count: scenarioCount)
        for draw in simulated {
            if let b = bands.firstIndex(where: { $0.contains(data.distance[draw.row]) }) {
                simulatedBy[data.scenario[draw.row]][b].append(draw.attenuation)
            }
        }
        var measuredBy = [[[Double]]](repeating: [[Double]](repeating: [], count: bands.count), count: scenarioCount)
        var deviceBy = [[[[Double]]]](
            repeating: [[[Double]]](repeating: [[Double]](repeating: [], count: data.deviceCount), count: bands.count),
            count: scenarioCount)
        for row in all {
            if let b = bands.firstIndex(where: { $0.contains(data.distance[row]) }) {
                measuredBy[data.scenario[row]][b].append(data.attenuation[row])
                deviceBy[data.scenario[row]][b][data.receiver[row]].append(data.attenuation[row])
            }
        }
        var result: [RadioCheckRow] = []
        for (s, name) in data.scenarioNames.enumerated() {
            for (b, band) in bands.enumerated() {
                if let row = row(
                    dataSet: "dp3t-exp34", site: name, environment: environments[s], distance: band.label,
                    measured: measuredBy[s][b], simulated: simulatedBy[s][b], perDevice: deviceBy[s][b], floor: floor)
                {
                    result.append(row)
                }
            }
        }
        result += try compareLanfer(lanfer, parameters: parameters, options: options, seed: seed, floor: floor)
        return result
    }

    /// The Lanfer places: measured EN attenuation = offset(sender) − RSSI with
    /// the fitted offsets of the radio file; simulated: the environment's
    /// channel at the same distances, the same positions (place, section,
    /// sender, distance) sharing blocking and shadowing, no device error (the
    /// sender offsets take it out of the measured values).
    static func compareLanfer(
        _ lanfer: LanferMeasurements, parameters: RadioParameters, options: RadioFitOptions, seed: UInt64, floor: Double
    ) throws -> [RadioCheckRow] {
        let offsets = try LanferMeasurements.sites.map { site in
            let name = "\(LanferMeasurements.dataSetName)/\(site)"
            guard let mapping = parameters.offsets(dataSet: name) else {
                throw InputError(
                    file: "radio parameters", field: "measurement_offsets.\(name)", problem: "missing (written by warnsim radio fit)")
            }
            return try LanferMeasurements.senders.map { sender in
                guard let value = mapping.offset(sender) else {
                    throw InputError(file: "radio parameters", field: "measurement_offsets.\(name).\(sender)", problem: "missing")
                }
                return value
            }
        }
        var environmentOfSite: [Int: RadioEnvironment] = [:]
        for group in options.lanferSites {
            for name in group.sites {
                if let site = LanferMeasurements.sites.firstIndex(of: name) { environmentOfSite[site] = group.environment }
            }
        }
        let samples = lanfer.samples
        var positionIndex: [String: Int] = [:]
        var position: [Int] = []
        for s in samples {
            let key = "\(s.site)|\(s.section)|\(s.sender)|\(s.distance)"
            position.append(
                positionIndex[key]
                    ?? {
                        positionIndex[key] = positionIndex.count
                        return positionIndex.count - 1
                    }())
        }
        // Each place has only a few positions per distance, so the simulated side
        // uses many replicates: its quartiles are the model's, not a few draws'.
        let replicates = lanferReplicates
        var simulated = [Double?](repeating: nil, count: samples.count * replicates)
        for replicate in 0..<replicates {
            let r = UInt64(replicate) | 1 << 32
            var pairRandom = RandomStream(seed: seed, subsystem: StreamName.radioCheckPair, entity: r)
            let shadow = (0..<positionIndex.count).map { _ in pairRandom.nextStandardNormal() }
            let blocked = (0..<positionIndex.count).map { _ in pairRandom.nextUnitDouble() < parameters.bodyBlockingProbability }
            var scanRandom = RandomStream(seed: seed, subsystem: StreamName.radioCheckScan, entity: r)
            for (i, s) in samples.enumerated() {
                guard let environment = environmentOfSite[s.site] else { continue }
                let channel = parameters.channel(environment)
                let fast = (channel.orientationSigma * channel.orientationSigma + channel.scanSigma * channel.scanSigma).squareRoot()
                var path = parameters.medianPathAttenuation(distance: s.distance, environment: environment)
                if blocked[position[i]] { path += parameters.bodyBlockingPenalty }
                path += channel.shadowingSigma * shadow[position[i]] + fast * scanRandom.nextStandardNormal()
                simulated[replicate * samples.count + i] = path.rounded()
            }
        }
        var result: [RadioCheckRow] = []
        for (site, name) in LanferMeasurements.sites.enumerated() {
            guard let environment = environmentOfSite[site] else { continue }
            let indices = samples.indices.filter { samples[$0].site == site }
            for distance in Set(indices.map { samples[$0].distance }).sorted() {
                let here = indices.filter { samples[$0].distance == distance }
                var perDevice = [[Double]](repeating: [], count: LanferMeasurements.senders.count)
                for i in here { perDevice[samples[i].sender].append(offsets[site][samples[i].sender] - samples[i].rssi) }
                let sim = (0..<replicates).flatMap { r in here.compactMap { simulated[r * samples.count + $0] } }
                if let row = row(
                    dataSet: LanferMeasurements.dataSetName, site: name, environment: environment,
                    distance: String(format: "%.2f m", distance),
                    measured: here.map { offsets[site][samples[$0].sender] - samples[$0].rssi }, simulated: sim, perDevice: perDevice,
                    floor: floor)
                {
                    result.append(row)
                }
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
