import Foundation
import Population
import WarnSimCore

/// Measured against simulated attenuation for one data set, place (scenario),
/// environment and distance.
package struct RadioCheckRow: Sendable, Codable, Equatable {
    /// `dp3t-exp34`, `lanfer-multichannel-2022` or `leith-dublin-bus-2020`.
    package var dataSet: String
    /// DP-3T scenario or Lanfer place.
    package var site: String
    /// The model environment it is compared with.
    package var environment: String
    /// A distance band (``RadioCheck/bands``).
    package var distance: String
    package var measuredCount: Int
    package var simulatedCount: Int
    package var measuredQ25: Double
    package var measuredMedian: Double
    package var measuredQ75: Double
    package var simulatedQ25: Double
    package var simulatedMedian: Double
    package var simulatedQ75: Double
    /// Devices with at least ``RadioCheck/minimumDeviceSamples`` samples here
    /// (DP-3T: receivers; Lanfer: a sender at a surveyed position).
    package var devices: Int
    /// The data set's own device-to-device spread in this environment
    /// (``RadioCheck/pooledDeviceSpread(_:)`` over its bands), at least the
    /// floor ``RadioCheck/spreadFloor(_:)``.
    package var deviceSpread: Double
    /// Independent placements behind the measured median: devices (DP-3T
    /// receivers, Dublin pairs) or, for Lanfer, surveyed spots (section and
    /// distance; the senders at one spot share its placement), each with at
    /// least ``RadioCheck/minimumDeviceSamples`` samples (at least 1).
    package var placements: Int
    /// The row's tolerance (``RadioCheck/tolerance(spread:placements:)``): the
    /// device spread, or two standard errors of a median of few placements.
    package var tolerance: Double
    /// |simulated median − measured median| ≤ tolerance.
    package var passes: Bool
}

/// Replays the measurements through the radio model and compares.
package enum RadioCheck {
    /// A half-open distance band in metres.
    package struct Band: Sendable {
        package var lower: Double
        package var upper: Double
        package func contains(_ d: Double) -> Bool { d >= lower && d < upper }
        package var label: String { upper.isInfinite ? "\(Self.format(lower))+ m" : "\(Self.format(lower))-\(Self.format(upper)) m" }
        static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
    }

    /// The distance bands of both data sets: DP-3T's camera-tracked distances
    /// are continuous, and Lanfer's surveyed distances are single placements
    /// (the 1.5 m and 2 m edges are the usual close-contact definitions of
    /// 2020–2021: RKI category I, NHS, CDC).
    package static let bands: [Band] = [
        Band(lower: 0, upper: 1), Band(lower: 1, upper: 1.5), Band(lower: 1.5, upper: 2),
        Band(lower: 2, upper: 3), Band(lower: 3, upper: 4), Band(lower: 4, upper: 6),
        Band(lower: 6, upper: .infinity),
    ]

    /// Simulated replicates of each DP-3T sighting. A sparse band (a few pairs
    /// beyond 4 m) drawn only a few times has a simulated median that is
    /// itself a few draws' (±3 dB at four replicates); at 50 it is the model's.
    package static let dp3tReplicates = 50

    /// Simulated replicates of each Lanfer sample.
    package static let lanferReplicates = 100

    /// A device counts towards the spread at a distance with this many samples there.
    package static let minimumDeviceSamples = 10

    /// A row's tolerance: the device spread s, but at least two standard
    /// errors of its measured median, 2·s/√k with k placements. The measured
    /// median of k placements misses a correct model's by about s/√k; judged at
    /// s alone, a row resting on one placement would fail a correct model a
    /// third of the time (a normal draw beyond one standard deviation), at
    /// max(s, 2·s/√k) every row passes a correct model at least 95 % of the
    /// time, and rows of four placements or more keep the device spread.
    package static func tolerance(spread: Double, placements: Int) -> Double {
        max(spread, 2 * spread / Double(max(1, placements)).squareRoot())
    }

    /// The floor of the device-to-device spread: two directly measured
    /// (HIGH-confidence) phones, each calibrated to σ_model,high per component,
    /// differ by √2 · σ_model,high (3.54 dB with 2.5 dB); no model can be asked
    /// to match one device pair more closely than the calibration itself does.
    package static func spreadFloor(_ parameters: RadioParameters) -> Double {
        2.0.squareRoot() * parameters.modelSigmaHigh
    }

    /// Compares every DP-3T scenario and every Lanfer place, by distance band,
    /// with the model.
    package static func run(
        scenarios: [DP3TScenario], lanfer: LanferMeasurements, dublin: DublinBusMeasurements? = nil, table: DeviceCalibrationTable,
        parameters: RadioParameters, options: RadioFitOptions = RadioFitOptions(), seed: UInt64? = nil
    ) throws -> [RadioCheckRow] {
        let data = try RadioFitData(
            scenarios: scenarios, table: table, detectionLimit: parameters.detectionLimitRssi,
            maximumDistance: options.maximumDistance)
        return try compare(
            data: data, lanfer: lanfer, dublin: dublin, parameters: parameters, options: options, seed: seed ?? options.checkSeed)
    }

    /// The environment a DP-3T scenario is compared with: train the vehicle,
    /// all others the open room. The office scenario too: it is "coworkers
    /// work together in an openspace setting", three tables in the EPFL BC
    /// atrium, "a roughly 40m by 15m open space" (the data set's README), so
    /// its rows are the open room with phones on the desk (table carriage).
    /// The enclosed-office channel is checked on Lanfer's office room; against
    /// it, the atrium's 6+ m band measures 6 dB more attenuation than the
    /// model gives (the enclosed room flattens beyond 2 m; `Configs/radio/README.md`).
    static func environment(ofScenario name: String, options: RadioFitOptions) -> RadioEnvironment {
        if options.vehicleScenarios.contains(name) { return .vehicle }
        return .room
    }

    /// One cell before its spread is known: the measured and simulated
    /// quartiles and the medians of the devices measured there.
    struct Cell {
        var dataSet: String
        var site: String
        var environment: RadioEnvironment
        var distance: String
        var measured: [Double]
        var simulated: [Double]
        var deviceMedians: [Double]
        var placements: Int
    }

    /// A cell, or nil with fewer than 10 measured or simulated values. Its
    /// placements are its devices with enough samples unless `placements` says otherwise.
    static func cell(
        dataSet: String, site: String, environment: RadioEnvironment, distance: String,
        measured: [Double], simulated: [Double], perDevice: [[Double]], placements: Int? = nil
    ) -> Cell? {
        guard measured.count >= 10, simulated.count >= 10 else { return nil }
        let devices = perDevice.filter { $0.count >= minimumDeviceSamples }
        return Cell(
            dataSet: dataSet, site: site, environment: environment, distance: distance,
            measured: measured.sorted(), simulated: simulated.sorted(),
            deviceMedians: devices.map { SampleStatistics.median($0) }, placements: placements ?? devices.count)
    }

    /// The data set's device-to-device spread in an environment: the pooled
    /// standard deviation of the device medians over every distance where two
    /// or more devices were measured, s² = Σ (kᵢ − 1) sᵢ² / Σ (kᵢ − 1). A
    /// distance measured by two or three devices alone says little about the
    /// spread (a standard deviation of three values can be off by a factor of
    /// several), and one measured by a single device says nothing; the pooled
    /// value is the data set's own figure at every distance.
    package static func pooledDeviceSpread(_ groups: [[Double]]) -> Double? {
        var sum = 0.0
        var degrees = 0
        for medians in groups where medians.count >= 2 {
            let mean = medians.reduce(0, +) / Double(medians.count)
            sum += medians.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            degrees += medians.count - 1
        }
        return degrees == 0 ? nil : (sum / Double(degrees)).squareRoot()
    }

    /// Turns the cells into rows, each judged against its data set's pooled
    /// device spread in its environment (at least `floor`).
    static func rows(_ cells: [Cell], floor: Double) -> [RadioCheckRow] {
        var spread: [String: Double] = [:]
        for key in Set(cells.map { "\($0.dataSet)|\($0.environment.name)" }) {
            let groups = cells.filter { "\($0.dataSet)|\($0.environment.name)" == key }.map(\.deviceMedians)
            spread[key] = max(floor, pooledDeviceSpread(groups) ?? 0)
        }
        return cells.map { cell in
            let allowed = spread["\(cell.dataSet)|\(cell.environment.name)"] ?? floor
            let measuredMedian = SampleStatistics.quantile(sorted: cell.measured, 0.5)
            let simulatedMedian = SampleStatistics.quantile(sorted: cell.simulated, 0.5)
            let rowTolerance = tolerance(spread: allowed, placements: cell.placements)
            return RadioCheckRow(
                dataSet: cell.dataSet, site: cell.site, environment: cell.environment.name, distance: cell.distance,
                measuredCount: cell.measured.count, simulatedCount: cell.simulated.count,
                measuredQ25: SampleStatistics.quantile(sorted: cell.measured, 0.25), measuredMedian: measuredMedian,
                measuredQ75: SampleStatistics.quantile(sorted: cell.measured, 0.75),
                simulatedQ25: SampleStatistics.quantile(sorted: cell.simulated, 0.25), simulatedMedian: simulatedMedian,
                simulatedQ75: SampleStatistics.quantile(sorted: cell.simulated, 0.75),
                devices: cell.deviceMedians.count, deviceSpread: allowed, placements: max(1, cell.placements),
                tolerance: rowTolerance, passes: abs(simulatedMedian - measuredMedian) <= rowTolerance + 1e-9)
        }
    }

    static func compare(
        data: RadioFitData, lanfer: LanferMeasurements, dublin: DublinBusMeasurements? = nil, parameters: RadioParameters,
        options: RadioFitOptions, seed: UInt64
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
            replicates: dp3tReplicates, seed: seed)
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
        var cells: [Cell] = []
        for (s, name) in data.scenarioNames.enumerated() {
            for (b, band) in bands.enumerated() {
                if let cell = cell(
                    dataSet: RadioCampaign.dp3t.dataSetName, site: name, environment: environments[s], distance: band.label,
                    measured: measuredBy[s][b], simulated: simulatedBy[s][b], perDevice: deviceBy[s][b])
                {
                    cells.append(cell)
                }
            }
        }
        cells += try lanferCells(lanfer, parameters: parameters, options: options, seed: seed)
        if let dublin {
            cells += DublinBusCheck.cells(dublin, parameters: parameters, environment: .bus, seed: seed)
        }
        return rows(cells, floor: floor)
    }

    /// The Lanfer places: measured EN attenuation = offset(sender) − RSSI with
    /// the fitted offsets of the radio file; simulated: the environment's
    /// channel at the same distances, the same positions (place, section,
    /// sender, distance) sharing blocking and shadowing, no device error (the
    /// sender offsets take it out of the measured values).
    static func lanferCells(
        _ lanfer: LanferMeasurements, parameters: RadioParameters, options: RadioFitOptions, seed: UInt64
    ) throws -> [Cell] {
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
        var result: [Cell] = []
        for (site, name) in LanferMeasurements.sites.enumerated() {
            guard let environment = environmentOfSite[site] else { continue }
            let indices = samples.indices.filter { samples[$0].site == site }
            for band in bands {
                let here = indices.filter { band.contains(samples[$0].distance) }
                // Each sender at each surveyed position is a device here: the
                // scenarios put the three senders at different positions at once.
                var perDevice: [String: [Double]] = [:]
                var perSpot: [String: Int] = [:]
                for i in here {
                    let s = samples[i]
                    perDevice["\(s.section)|\(s.sender)|\(s.distance)", default: []].append(offsets[site][s.sender] - s.rssi)
                    perSpot["\(s.section)|\(s.distance)", default: 0] += 1
                }
                let sim = (0..<replicates).flatMap { r in here.compactMap { simulated[r * samples.count + $0] } }
                if let cell = cell(
                    dataSet: LanferMeasurements.dataSetName, site: name, environment: environment, distance: band.label,
                    measured: here.map { offsets[site][samples[$0].sender] - samples[$0].rssi }, simulated: sim,
                    perDevice: perDevice.keys.sorted().map { perDevice[$0]! },
                    placements: perSpot.values.filter { $0 >= minimumDeviceSamples }.count)
                {
                    result.append(cell)
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
