import Foundation
import Population
import WarnSimCore

/// Which DP-3T scenarios inform which part of the model, and the values the fit
/// takes from other sources. Every choice is documented in `Configs/radio/README.md`.
package struct RadioFitOptions: Sendable {
    /// Open-room scenarios with phones in pockets (DP-3T exp. 34 README: lunch,
    /// party): the room channel and the per-device errors are fitted on these.
    package var roomScenarios = ["lunch", "party"]
    /// Scenario with phones on the desk (README: office, an open-plan setting in
    /// the atrium): the `table` carriage offset against the room line, and the
    /// office channel's level at 1 m (no enclosed office was measured on the
    /// EN scale); `radio check` compares it with the room channel.
    package var tableScenarios = ["office"]
    /// Scenario in a (mock) train compartment (README: train): checked against
    /// the vehicle channel, not fitted (the channel comes from real vehicles).
    package var vehicleScenarios = ["train"]
    /// Lanfer et al. 2022 places per environment: office room, vehicles (tram
    /// and train: the bus and the train pooled for the slope, as the train alone
    /// spans 1–3 m only; checked on the train), outdoors, and the city bus alone
    /// (flat to 1.5 m where the train rises at n ≈ 4; pooled, its 0–1 m band
    /// missed by 4 dB). `fitSites` are the places whose samples fit the curve,
    /// `sites` the places the environment stands for (offsets, check).
    package var lanferSites: [LanferFit.Definition] = [
        .init(environment: .office, sites: ["office"]),
        .init(environment: .vehicle, sites: ["train"], fitSites: ["bus", "train"]),
        .init(environment: .outdoors, sites: ["parking"]),
        .init(environment: .bus, sites: ["bus"]),
    ]
    /// Sightings beyond this distance are not used (the camera tracking is
    /// sparse beyond it and nearly all such sightings sit at the detection limit).
    package var maximumDistance = 8.0
    /// Body blocking: a phone counts as blocked when the body is between the
    /// phones (MIT LL PACT geometry: angle > 90°), so about half the time.
    package var bodyBlockingProbability = 0.5
    /// Body-blocking penalty in dB; nil (the default) fits it: all of the
    /// between-pair spread of the room scenarios is attributed to blocking, so
    /// penalty² · p · (1 − p) = σ²(pair, room). Leith & Farrell's commuter-bus
    /// result (±10 dB when the people holding the phones change) is the upper
    /// bound it is checked against.
    package var bodyBlockingPenalty: Double? = nil
    /// Weakest raw RSSI in the DP-3T data (−105 dBm): the receivers' detection limit.
    package var detectionLimitRssi = -105.0
    /// The Pixel 4 (a directly measured, HIGH-confidence reference phone) moved by
    /// 5 dB in tx − correction between Google's EN calibration lists of 2020-06-13
    /// and 2020-08-12 (+5/−28 → +8/−30). Two measurements differing by 5 dB give
    /// σ(tx − correction) = 5/√2 per measurement, and 5/2 = 2.5 dB per component.
    package var modelSigmaHigh = 2.5
    /// Censoring correction iterations and simulated replicates per sighting.
    package var refinementIterations = 8
    package var replicates = 4
    /// Seed of the fit's simulations (common random numbers).
    package var seed: UInt64 = 20_200_730
    /// Seed of the check a fit runs on itself, and `radio check`'s default.
    package var checkSeed: UInt64 { seed &+ 1 }
    /// The campaign left out (leave one data set out), or nil for the fit on all
    /// three. Without Lanfer, every channel keeps the DP-3T room's slopes and
    /// spreads (outdoors too: no other campaign measured outdoors); without
    /// DP-3T, every level hangs on the Dublin bus through Lanfer's levels
    /// relative to its bus (``RadioFit/fitWithoutDP3T(scenarios:lanfer:dublin:table:options:)``).
    package var leftOut: RadioCampaign? = nil

    package init() {}
}

/// Variance components of one channel fit.
package struct ChannelFitFigures: Sendable {
    package var environment: RadioEnvironment
    package var scenarios: [String]
    package var sightings: Int
    package var pairs: Int
    /// Least-squares line before the censoring correction.
    package var olsAttenuationAt1m: Double
    package var olsPathLossExponent: Double
    package var olsFarPathLossExponent: Double
    /// Standard deviations of the nested components (dB).
    package var pairSigma: Double
    package var minuteSigma: Double
    package var scanSigma: Double
}

/// The outcome of ``RadioFit/fit(scenarios:lanfer:dublin:table:options:)``.
package struct RadioFitResult: Sendable {
    package var parameters: RadioParameters
    package var channelFigures: [ChannelFitFigures]
    /// Per-device effects (dB) on attenuation as transmitter and as receiver.
    package var deviceModels: [String]
    package var transmitterEffects: [Double]
    package var receiverEffects: [Double]
    /// Sigma of the device effects: the residual calibration error of these
    /// LOW-confidence Samsung models.
    package var deviceSigma: Double
    /// RMS of HIGH-confidence models around their OEM's LOW default (tx − correction) and the model count.
    package var oemScatter: Double
    package var oemScatterModels: Int
    /// Median residual of the table scenarios against the room curve (both ends).
    package var tableOffsetBothEnds: Double
    /// The Lanfer et al. 2022 decomposition and the shift that puts its levels on
    /// the EN attenuation scale (anchored office level − Lanfer office level).
    package var lanfer: LanferFit
    package var lanferShift: Double
    /// What the bus channel took from the Dublin Bus (nil when it was not given).
    package var dublin: DublinBusCheck.Figures?
    /// Measured against simulated, per scenario and distance band.
    package var check: [RadioCheckRow]
    /// The campaign the fit left out (``RadioFitOptions/leftOut``).
    package var leftOut: RadioCampaign? = nil
}

/// Fits ``RadioParameters`` to the DP-3T experiment-34 and Lanfer et al. 2022 measurements.
package enum RadioFit {
    /// Runs the fit. Deterministic for given inputs and options.
    package static func fit(
        scenarios: [DP3TScenario], lanfer: LanferMeasurements, dublin: DublinBusMeasurements? = nil,
        table: DeviceCalibrationTable, options: RadioFitOptions = RadioFitOptions()
    ) throws -> RadioFitResult {
        if options.leftOut == .dp3t {
            return try fitWithoutDP3T(scenarios: scenarios, lanfer: lanfer, dublin: dublin, table: table, options: options)
        }
        // Left out, the Dublin Bus is not fitted to but still checked.
        let fittedDublin = options.leftOut == .dublin ? nil : dublin
        let withoutLanfer = options.leftOut == .lanfer
        let data = try RadioFitData(
            scenarios: scenarios, table: table,
            detectionLimit: options.detectionLimitRssi, maximumDistance: options.maximumDistance)
        for name in options.roomScenarios + options.tableScenarios + options.vehicleScenarios where !data.scenarioNames.contains(name) {
            throw InputError(file: "dp3t", field: name, problem: "scenario not found among \(data.scenarioNames.joined(separator: ", "))")
        }
        let roomRows = data.rows(of: options.roomScenarios)
        let tableRows = data.rows(of: options.tableScenarios)
        let vehicleRows = data.rows(of: options.vehicleScenarios)

        // 1. Room line (dual slope) and per-device effects, alternating (additive
        //    two-way model), at each trial breakpoint; the least residual wins.
        /// A sighting's residual against a line and per-device effects.
        func residual(_ row: Int, _ l: DualSlopeLine, _ tx: [Double], _ rx: [Double]) -> Double {
            data.attenuation[row] - l.value(logDistance: data.logDistance[row]) - tx[data.transmitter[row]] - rx[data.receiver[row]]
        }
        let roomLog = roomRows.map { data.logDistance[$0] }
        var best: (line: DualSlopeLine, tx: [Double], rx: [Double], residual: Double)?
        for logBreakpoint in DualSlopeLine.trialLogBreakpoints(for: roomLog) {
            var tx = [Double](repeating: 0, count: data.deviceCount)
            var rx = [Double](repeating: 0, count: data.deviceCount)
            var fit = DualSlopeLine(intercept: 0, near: 0, far: 0, logBreakpoint: logBreakpoint)
            for _ in 0..<25 {
                fit =
                    DualSlopeLine.leastSquares(
                        logDistances: roomLog,
                        values: roomRows.map { data.attenuation[$0] - tx[data.transmitter[$0]] - rx[data.receiver[$0]] },
                        logBreakpoint: logBreakpoint
                    ).line
                tx = groupMeans(rows: roomRows, group: data.transmitter, groups: data.deviceCount) {
                    data.attenuation[$0] - fit.value(logDistance: data.logDistance[$0]) - rx[data.receiver[$0]]
                }
                rx = groupMeans(rows: roomRows, group: data.receiver, groups: data.deviceCount) {
                    data.attenuation[$0] - fit.value(logDistance: data.logDistance[$0]) - tx[data.transmitter[$0]]
                }
            }
            let squares = roomRows.reduce(0.0) {
                let r = residual($1, fit, tx, rx)
                return $0 + r * r
            }
            if best == nil || squares < best!.residual { best = (fit, tx, rx, squares) }
        }
        let line = best!.line.normalized()
        let txEffect = best!.tx
        let rxEffect = best!.rx
        let used = Set(roomRows.map { data.transmitter[$0] }).union(roomRows.map { data.receiver[$0] })
        let effects = used.sorted().flatMap { [txEffect[$0], rxEffect[$0]] }
        let deviceSigma = (effects.reduce(0) { $0 + $1 * $1 } / Double(max(1, effects.count - 2))).squareRoot()

        // LOW-confidence rows carry their OEM's default (the most common value of
        // the OEM's LOW rows); the measured (HIGH) models of the same OEM scatter
        // around it by this much in tx − correction.
        let lowModelSigma = oemDefaultScatter(table)

        // 2. Variance components of the room channel.
        let roomComponents = varianceComponents(rows: roomRows, data: data) { residual($0, line, txEffect, rxEffect) }
        // 3. Table carriage: median residual of the desk scenario against the room line.
        let tableResidual = SampleStatistics.median(tableRows.map { residual($0, line, txEffect, rxEffect) })

        let blockingSpread = (options.bodyBlockingProbability * (1 - options.bodyBlockingProbability)).squareRoot()
        let bodyPenalty = options.bodyBlockingPenalty ?? (blockingSpread > 0 ? roomComponents.pair / blockingSpread : 0)
        let bodyVariance = bodyPenalty * bodyPenalty * blockingSpread * blockingSpread
        let blockingShift = bodyPenalty * options.bodyBlockingProbability
        var room = ChannelParameters(
            attenuationAt1m: line.intercept - blockingShift, pathLossExponent: line.near / 10,
            breakpoint: Foundation.pow(10, line.logBreakpoint), farPathLossExponent: line.far / 10,
            shadowingSigma: max(0, roomComponents.pair * roomComponents.pair - bodyVariance).squareRoot(),
            orientationSigma: roomComponents.minute, scanSigma: roomComponents.scan,
            source: "fit: DP-3T exp. 34 \(options.roomScenarios.joined(separator: " + "))")

        // 4. Lanfer et al. 2022: slope and spreads per environment with an offset per
        //    (place, sender); levels of the places relative to each other with one
        //    offset per sender shared by all places.
        let lanferFit = try LanferFit(measurements: lanfer, groups: options.lanferSites)
        let fastRoom = (room.orientationSigma * room.orientationSigma + room.scanSigma * room.scanSigma).squareRoot()
        var channels = [ChannelParameters](repeating: room, count: RadioEnvironment.allCases.count)
        for group in lanferFit.groups {
            if withoutLanfer {
                // Lanfer left out: the DP-3T room's slopes and spreads, at the
                // office level until anchored (the vehicle's level comes from the DP-3T train).
                channels[group.environment.rawValue] = room
                channels[group.environment.rawValue].attenuationAt1m = 0
                continue
            }
            let fast = group.fastSigma
            channels[group.environment.rawValue] = ChannelParameters(
                attenuationAt1m: group.level - lanferFit.groups[0].level,  // relative to the office until anchored
                pathLossExponent: group.slope / 10, breakpoint: group.breakpoint, farPathLossExponent: group.farSlope / 10,
                shadowingSigma: max(0, group.positionSigma * group.positionSigma - bodyVariance).squareRoot(),
                orientationSigma: fastRoom > 0 ? fast * room.orientationSigma / fastRoom : 0,
                scanSigma: fastRoom > 0 ? fast * room.scanSigma / fastRoom : fast,
                source: "fit: Lanfer et al. 2022 \(group.fitSites.joined(separator: " + ")) (slope, spreads, level relative to office)"
                    + "; anchor: DP-3T exp. 34 office")
        }
        channels[RadioEnvironment.room.rawValue] = room
        // 5. Levels on the EN scale (Samsung phones with the calibration table):
        //    office from the DP-3T office scenario (phones on the desk, table
        //    carriage), vehicle from the DP-3T train, both with the Lanfer slope;
        //    outdoors and the bus keep their Lanfer levels relative to the
        //    office (no EN-scale measurement in either). Found with the
        //    censoring correction below.
        let officeRelative = channels.map(\.attenuationAt1m)
        let officeIndex = RadioEnvironment.office.rawValue
        let vehicleIndex = RadioEnvironment.vehicle.rawValue
        func startLevel(_ rows: [Int], _ environment: Int, carriageBothEnds: Double) -> Double {
            SampleStatistics.median(
                rows.map {
                    data.attenuation[$0] - channels[environment].line.value(logDistance: data.logDistance[$0])
                        + channels[environment].attenuationAt1m - txEffect[data.transmitter[$0]] - rxEffect[data.receiver[$0]]
                }) - carriageBothEnds - blockingShift
        }
        var officeA1 = startLevel(tableRows, officeIndex, carriageBothEnds: tableResidual)
        channels[vehicleIndex].attenuationAt1m = startLevel(vehicleRows, vehicleIndex, carriageBothEnds: 0)
        func anchor() {
            for group in lanferFit.groups where group.environment != .vehicle {
                channels[group.environment.rawValue].attenuationAt1m = officeA1 + officeRelative[group.environment.rawValue]
            }
        }
        anchor()
        if withoutLanfer {
            let slopes = "fit without Lanfer: DP-3T exp. 34 room (slopes, spreads)"
            channels[vehicleIndex].source = "\(slopes); level: DP-3T exp. 34 train"
            channels[officeIndex].source = "\(slopes); level: DP-3T exp. 34 office"
            channels[RadioEnvironment.outdoors.rawValue].source =
                "\(slopes); level: DP-3T exp. 34 office (no other campaign measured outdoors)"
            channels[RadioEnvironment.bus.rawValue].source = "\(slopes); level: DP-3T exp. 34 office"
        } else {
            channels[vehicleIndex].source =
                "fit: Lanfer et al. 2022 bus + train (slope, spreads); level: DP-3T exp. 34 train"
            channels[officeIndex].source = "fit: Lanfer et al. 2022 office (slope, spreads); level: DP-3T exp. 34 office"
            channels[RadioEnvironment.outdoors.rawValue].source =
                "fit: Lanfer et al. 2022 parking (slope, spreads, level relative to office); office level: DP-3T exp. 34 office"
            channels[RadioEnvironment.bus.rawValue].source =
                "fit: Lanfer et al. 2022 bus (slope, spreads, level relative to office); office level: DP-3T exp. 34 office"
        }

        var parameters = RadioParameters(
            channels: channels,
            carriageNames: ["pocket", "table"], carriageOffsets: [0, tableResidual / 2],
            bodyBlockingProbability: options.bodyBlockingProbability, bodyBlockingPenalty: bodyPenalty,
            deviceSigma: deviceSigma, modelSigmaLow: lowModelSigma.perComponent, modelSigmaMedium: lowModelSigma.perComponent,
            modelSigmaHigh: options.modelSigmaHigh,
            detectionLimitRssi: options.detectionLimitRssi, minimumDistance: 0.1)

        // 6. Censoring correction: sightings weaker than the detection limit are
        //    missing from the data, so match simulated *detected* band medians
        //    (room: level and slope; office anchor: level only, table carriage).
        let bands = RadioCheck.bands
        let tableOffset = tableResidual / 2
        for _ in 0..<options.refinementIterations {
            room = refine(
                room, environment: .room, carriage: 0, rows: roomRows, data: data, parameters: parameters, bands: bands,
                options: options, levelOnly: false)
            parameters.channels[RadioEnvironment.room.rawValue] = room
            officeA1 =
                refine(
                    parameters.channels[officeIndex], environment: .office, carriage: tableOffset, rows: tableRows, data: data,
                    parameters: parameters, bands: bands, options: options, levelOnly: true
                ).attenuationAt1m
            anchor()
            channels[vehicleIndex].attenuationAt1m =
                refine(
                    parameters.channels[vehicleIndex], environment: .vehicle, carriage: 0, rows: vehicleRows, data: data,
                    parameters: parameters, bands: bands, options: options, levelOnly: true
                ).attenuationAt1m
            for group in lanferFit.groups {
                parameters.channels[group.environment.rawValue].attenuationAt1m = channels[group.environment.rawValue].attenuationAt1m
            }
        }
        // 7. The crowded bus (Leith & Farrell's Dublin Bus, EN attenuation between
        //    commuters' handsets): the bus channel keeps Lanfer's slopes (an
        //    empty bus, surveyed distances) and takes its level and spreads from
        //    the riders' phones.
        var dublinFigures: DublinBusCheck.Figures?
        if let dublin = fittedDublin {
            let busIndex = RadioEnvironment.bus.rawValue
            let crowded = DublinBusCheck.fit(
                dublin, channel: parameters.channels[busIndex], parameters: parameters, seed: options.seed &+ 2)
            parameters.channels[busIndex] = crowded.channel
            parameters.channels[busIndex].source =
                (withoutLanfer ? "fit without Lanfer: DP-3T exp. 34 room (slopes)" : "fit: Lanfer et al. 2022 bus (slopes)")
                + "; Leith & Farrell 2021 Dublin Bus (level, spreads: commuters' phones)"
            dublinFigures = crowded.figures
        }
        // EN attenuation of a Lanfer sample = offset(place, sender) − RSSI: the
        // (place, sender) offset of the slope fit replaced by the environment's
        // median level at 1 m (only slope and spreads are carried across).
        let lanferShift = officeA1 + blockingShift - lanferFit.groups[0].level
        parameters.measurementOffsets += lanferMeasurementOffsets(lanferFit, parameters: parameters, blockingShift: blockingShift)
        parameters = parameters.rounded()

        var figures = [
            ChannelFitFigures(
                environment: .room, scenarios: options.roomScenarios, sightings: roomRows.count,
                pairs: Set(roomRows.map { data.pair[$0] }).count,
                olsAttenuationAt1m: line.intercept, olsPathLossExponent: line.near / 10, olsFarPathLossExponent: line.far / 10,
                pairSigma: roomComponents.pair, minuteSigma: roomComponents.minute, scanSigma: roomComponents.scan)
        ]
        for group in lanferFit.groups where !withoutLanfer {
            figures.append(
                ChannelFitFigures(
                    environment: group.environment, scenarios: group.fitSites, sightings: group.samples, pairs: group.positions,
                    olsAttenuationAt1m: group.level + lanferShift, olsPathLossExponent: group.slope / 10,
                    olsFarPathLossExponent: group.farSlope / 10,
                    pairSigma: group.positionSigma, minuteSigma: .nan, scanSigma: group.fastSigma))
        }
        let check = try RadioCheck.compare(
            data: data, lanfer: lanfer, dublin: dublin, parameters: parameters, options: options, seed: options.checkSeed)
        return RadioFitResult(
            parameters: parameters, channelFigures: figures, deviceModels: data.deviceModels,
            transmitterEffects: txEffect, receiverEffects: rxEffect, deviceSigma: deviceSigma,
            oemScatter: lowModelSigma.combined, oemScatterModels: lowModelSigma.models,
            tableOffsetBothEnds: tableResidual, lanfer: lanferFit, lanferShift: lanferShift, dublin: dublinFigures, check: check,
            leftOut: options.leftOut)
    }

    /// Per Lanfer place and sender, the offset that puts a sample on the EN
    /// scale (attenuation = offset − RSSI): the place's environment's median
    /// level at 1 m (unblocked plus the mean blocking shift) less the fitted
    /// (place, sender) offset of −RSSI, so only slopes and spreads are compared.
    static func lanferMeasurementOffsets(
        _ lanferFit: LanferFit, parameters: RadioParameters, blockingShift: Double
    ) -> [RadioParameters.MeasurementOffsets] {
        lanferFit.groups.flatMap { group in
            group.sites.map { site in
                let index = LanferMeasurements.sites.firstIndex(of: site)!
                let level = parameters.channels[group.environment.rawValue].attenuationAt1m + blockingShift
                return RadioParameters.MeasurementOffsets(
                    dataSet: "\(LanferMeasurements.dataSetName)/\(site)", senders: LanferMeasurements.senders,
                    offsets: lanferFit.offsets[index].map { level - $0 })
            }
        }
    }

    /// RMS of (tx − correction) of HIGH-confidence models around their OEM's
    /// LOW-confidence default, and the same per component (÷√2).
    package static func oemDefaultScatter(_ table: DeviceCalibrationTable) -> (combined: Double, perComponent: Double, models: Int) {
        var lowValues: [String: [Double: Int]] = [:]
        for entry in table.entries where entry.confidence == 1 {
            lowValues[entry.oem, default: [:]][entry.txPower - entry.rssiCorrection, default: 0] += 1
        }
        var squares = 0.0
        var count = 0
        for entry in table.entries where entry.confidence == 3 {
            guard let mode = lowValues[entry.oem]?.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else {
                continue
            }
            let gap = entry.txPower - entry.rssiCorrection - mode
            squares += gap * gap
            count += 1
        }
        let combined = count > 0 ? (squares / Double(count)).squareRoot() : 0
        return (combined, combined / 2.0.squareRoot(), count)
    }

    /// Mean of `value(row)` per group, centred to mean zero over the groups present.
    static func groupMeans(rows: [Int], group: [Int], groups: Int, value: (Int) -> Double) -> [Double] {
        var sums = [Double](repeating: 0, count: groups)
        var counts = [Double](repeating: 0, count: groups)
        for row in rows {
            sums[group[row]] += value(row)
            counts[group[row]] += 1
        }
        var means = (0..<groups).map { counts[$0] > 0 ? sums[$0] / counts[$0] : 0 }
        let present = (0..<groups).filter { counts[$0] > 0 }
        let centre = present.reduce(0) { $0 + means[$1] } / Double(max(1, present.count))
        for g in present { means[g] -= centre }
        return means
    }

    /// Nested variance components of residuals: between pairs, between minutes
    /// within a pair, and between sightings within a minute (method of moments).
    static func varianceComponents(
        rows: [Int], data: RadioFitData, residual: (Int) -> Double
    )
        -> (pair: Double, minute: Double, scan: Double)
    {
        var bucketSum: [Int: Double] = [:]
        var bucketSquares: [Int: Double] = [:]
        var bucketCount: [Int: Int] = [:]
        var bucketPair: [Int: Int] = [:]
        for row in rows {
            let r = residual(row)
            let b = data.bucket[row]
            bucketSum[b, default: 0] += r
            bucketSquares[b, default: 0] += r * r
            bucketCount[b, default: 0] += 1
            bucketPair[b] = data.pair[row]
        }
        var withinSquares = 0.0
        var withinDegrees = 0.0
        var pairBuckets: [Int: [(mean: Double, count: Int)]] = [:]
        for (b, n) in bucketCount {
            let mean = bucketSum[b]! / Double(n)
            withinSquares += bucketSquares[b]! - Double(n) * mean * mean
            withinDegrees += Double(n - 1)
            pairBuckets[bucketPair[b]!, default: []].append((mean, n))
        }
        let scanVariance = withinDegrees > 0 ? withinSquares / withinDegrees : 0
        var betweenSquares = 0.0
        var betweenDegrees = 0.0
        var inverseCountSum = 0.0
        var bucketTotal = 0.0
        var pairMeans: [Double] = []
        var pairNoise: [Double] = []
        for (_, buckets) in pairBuckets.sorted(by: { $0.key < $1.key }) {
            let mean = buckets.reduce(0) { $0 + $1.mean } / Double(buckets.count)
            for bucket in buckets {
                betweenSquares += (bucket.mean - mean) * (bucket.mean - mean)
                inverseCountSum += 1 / Double(bucket.count)
                bucketTotal += 1
            }
            betweenDegrees += Double(buckets.count - 1)
            pairMeans.append(mean)
        }
        let meanInverse = bucketTotal > 0 ? inverseCountSum / bucketTotal : 0
        let minuteVariance = max(0, (betweenDegrees > 0 ? betweenSquares / betweenDegrees : 0) - scanVariance * meanInverse)
        for (_, buckets) in pairBuckets.sorted(by: { $0.key < $1.key }) {
            pairNoise.append((minuteVariance + scanVariance * meanInverse) / Double(buckets.count))
        }
        let centre = pairMeans.reduce(0, +) / Double(max(1, pairMeans.count))
        let spread = pairMeans.reduce(0) { $0 + ($1 - centre) * ($1 - centre) } / Double(max(1, pairMeans.count - 1))
        let noise = pairNoise.reduce(0, +) / Double(max(1, pairNoise.count))
        return (max(0, spread - noise).squareRoot(), minuteVariance.squareRoot(), scanVariance.squareRoot())
    }

    /// One censoring-correction step: shift the line by the weighted dual-slope
    /// regression (at the channel's breakpoint) of (measured − simulated detected
    /// band medians) on log distance.
    static func refine(
        _ channel: ChannelParameters, environment: RadioEnvironment, carriage: Double, rows: [Int], data: RadioFitData,
        parameters: RadioParameters, bands: [RadioCheck.Band], options: RadioFitOptions, levelOnly: Bool
    ) -> ChannelParameters {
        var current = parameters
        current.channels[environment.rawValue] = channel
        let simulated = RadioCheck.simulate(
            rows: rows, data: data, parameters: current, environment: { _ in environment },
            carriage: { _ in carriage }, replicates: options.replicates, seed: options.seed)
        var x: [Double] = []
        var y: [Double] = []
        var w: [Double] = []
        for band in bands {
            let measured = rows.filter { band.contains(data.distance[$0]) }
            guard measured.count >= 30 else { continue }
            let simulatedBand = simulated.filter { band.contains(data.distance[$0.row]) }.map(\.attenuation)
            guard simulatedBand.count >= 30 else { continue }
            let gap = SampleStatistics.median(measured.map { data.attenuation[$0] }) - SampleStatistics.median(simulatedBand)
            x.append(Foundation.log10(SampleStatistics.median(measured.map { data.distance[$0] })))
            y.append(gap)
            w.append(Double(measured.count))
        }
        var updated = channel
        guard x.count >= (levelOnly ? 1 : 2) else { return updated }
        if levelOnly {
            let total = w.reduce(0, +)
            updated.attenuationAt1m += zip(y, w).reduce(0) { $0 + $1.0 * $1.1 } / total
        } else {
            // Level and near slope only, from the bands up to the breakpoint: beyond
            // it a band or two of integer medians would swing the far slope by tens
            // of dB per decade; the far slope keeps its least-squares value.
            let logBreakpoint = Foundation.log10(channel.breakpoint)
            let near = x.indices.filter { x[$0] <= logBreakpoint }
            guard near.count >= 2 else { return updated }
            let gap = DualSlopeLine.leastSquares(
                logDistances: near.map { x[$0] }, values: near.map { y[$0] }, logBreakpoint: DualSlopeLine.noBreakpoint,
                weights: near.map { w[$0] }
            ).line
            updated.attenuationAt1m += gap.intercept
            updated.pathLossExponent += gap.near / 10
        }
        return updated
    }
}

extension RadioParameters {
    /// The parameters rounded to 0.01 dB (what the YAML file stores), so a fit
    /// and its written file agree exactly.
    func rounded() -> RadioParameters {
        func r(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        var copy = self
        copy.channels = channels.map {
            ChannelParameters(
                attenuationAt1m: r($0.attenuationAt1m), pathLossExponent: r($0.pathLossExponent),
                breakpoint: r($0.breakpoint), farPathLossExponent: r($0.farPathLossExponent),
                shadowingSigma: r($0.shadowingSigma), orientationSigma: r($0.orientationSigma),
                scanSigma: r($0.scanSigma), source: $0.source)
        }
        copy.carriageOffsets = carriageOffsets.map(r)
        copy.bodyBlockingProbability = r(bodyBlockingProbability)
        copy.bodyBlockingPenalty = r(bodyBlockingPenalty)
        copy.deviceSigma = r(deviceSigma)
        copy.modelSigmaLow = r(modelSigmaLow)
        copy.modelSigmaMedium = r(modelSigmaMedium)
        copy.modelSigmaHigh = r(modelSigmaHigh)
        copy.detectionLimitRssi = r(detectionLimitRssi)
        copy.minimumDistance = r(minimumDistance)
        copy.measurementOffsets = measurementOffsets.map {
            MeasurementOffsets(dataSet: $0.dataSet, senders: $0.senders, offsets: $0.offsets.map(r))
        }
        return copy
    }
}
