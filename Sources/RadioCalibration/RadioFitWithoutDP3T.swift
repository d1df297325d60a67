import Foundation
import Population
import WarnSimCore

extension RadioFit {
    /// The fit with DP-3T experiment 34 left out (leave one data set out).
    ///
    /// DP-3T is the only campaign with EN-scale levels in rooms, per-phone
    /// effects and a room to fit body blocking on. Without it: every channel
    /// takes Lanfer's slopes and spreads (the room the Lanfer office's, the
    /// fast spread split evenly between minute and sighting: Lanfer has no
    /// timestamps); body blocking explains the Lanfer office's between-position
    /// spread as it explains the DP-3T rooms' in the full fit; no unit-to-unit
    /// error beyond the calibration table's (`device_sigma_db` 0) and no table
    /// carriage (0 dB); and the one EN-scale level left is the Dublin bus, so
    /// every other channel hangs on it through Lanfer's levels relative to
    /// Lanfer's (empty) bus. The riders' attenuation on the Dublin bus thus
    /// lifts every environment: the misfit this variant shows on DP-3T is what
    /// the crowd term would be mistaken for without a room measured on the EN scale.
    static func fitWithoutDP3T(
        scenarios: [DP3TScenario], lanfer: LanferMeasurements, dublin: DublinBusMeasurements?,
        table: DeviceCalibrationTable, options: RadioFitOptions
    ) throws -> RadioFitResult {
        guard let dublin else {
            throw InputError(
                file: "dublin", field: "--leave-out dp3t",
                problem: "needs the Dublin Bus: without DP-3T it is the only campaign on the EN scale")
        }
        let lanferFit = try LanferFit(measurements: lanfer, groups: options.lanferSites)
        guard let office = lanferFit.groups.first(where: { $0.environment == .office }),
            lanferFit.groups.contains(where: { $0.environment == .bus })
        else {
            throw InputError(file: "lanfer", field: "--leave-out dp3t", problem: "needs Lanfer's office and bus")
        }
        let p = options.bodyBlockingProbability
        let blockingSpread = (p * (1 - p)).squareRoot()
        let bodyPenalty = options.bodyBlockingPenalty ?? (blockingSpread > 0 ? office.positionSigma / blockingSpread : 0)
        let bodyVariance = bodyPenalty * bodyPenalty * blockingSpread * blockingSpread
        let blockingShift = bodyPenalty * p
        func channel(_ group: LanferFit.Group) -> ChannelParameters {
            let half = group.fastSigma / 2.0.squareRoot()
            return ChannelParameters(
                attenuationAt1m: group.level - office.level, pathLossExponent: group.slope / 10, breakpoint: group.breakpoint,
                farPathLossExponent: group.farSlope / 10,
                shadowingSigma: max(0, group.positionSigma * group.positionSigma - bodyVariance).squareRoot(),
                orientationSigma: half, scanSigma: half,
                source:
                    "fit without DP-3T: Lanfer et al. 2022 \(group.fitSites.joined(separator: " + ")) (slope, spreads, level relative to the bus)"
                    + "; bus level: Leith & Farrell 2021 Dublin Bus")
        }
        var channels = [ChannelParameters](repeating: channel(office), count: RadioEnvironment.allCases.count)
        for group in lanferFit.groups { channels[group.environment.rawValue] = channel(group) }
        channels[RadioEnvironment.room.rawValue].source =
            "fit without DP-3T: Lanfer et al. 2022 office (the room: slope, spreads, level relative to the bus); bus level: Leith & Farrell 2021 Dublin Bus"
        let lowModelSigma = oemDefaultScatter(table)
        var parameters = RadioParameters(
            channels: channels, carriageNames: ["pocket", "table"], carriageOffsets: [0, 0],
            bodyBlockingProbability: p, bodyBlockingPenalty: bodyPenalty,
            deviceSigma: 0, modelSigmaLow: lowModelSigma.perComponent, modelSigmaMedium: lowModelSigma.perComponent,
            modelSigmaHigh: options.modelSigmaHigh, detectionLimitRssi: options.detectionLimitRssi, minimumDistance: 0.1)
        // The Dublin bus sets the bus level on the EN scale; every other channel
        // keeps its Lanfer level relative to the bus.
        let busIndex = RadioEnvironment.bus.rawValue
        let crowded = DublinBusCheck.fit(dublin, channel: parameters.channels[busIndex], parameters: parameters, seed: options.seed &+ 2)
        let shift = crowded.channel.attenuationAt1m - parameters.channels[busIndex].attenuationAt1m
        for environment in RadioEnvironment.allCases where environment != .bus {
            parameters.channels[environment.rawValue].attenuationAt1m += shift
        }
        parameters.channels[busIndex] = crowded.channel
        parameters.channels[busIndex].source =
            "fit without DP-3T: Lanfer et al. 2022 bus (slopes); Leith & Farrell 2021 Dublin Bus (level, spreads: commuters' phones)"
        parameters.measurementOffsets += lanferMeasurementOffsets(lanferFit, parameters: parameters, blockingShift: blockingShift)
        parameters = parameters.rounded()
        let lanferShift = parameters.channels[RadioEnvironment.office.rawValue].attenuationAt1m + blockingShift - office.level
        let figures = lanferFit.groups.map { group in
            ChannelFitFigures(
                environment: group.environment, scenarios: group.fitSites, sightings: group.samples, pairs: group.positions,
                olsAttenuationAt1m: group.level + lanferShift, olsPathLossExponent: group.slope / 10,
                olsFarPathLossExponent: group.farSlope / 10, pairSigma: group.positionSigma, minuteSigma: .nan,
                scanSigma: group.fastSigma)
        }
        let data = try RadioFitData(
            scenarios: scenarios, table: table, detectionLimit: options.detectionLimitRssi, maximumDistance: options.maximumDistance)
        let check = try RadioCheck.compare(
            data: data, lanfer: lanfer, dublin: dublin, parameters: parameters, options: options, seed: options.checkSeed)
        return RadioFitResult(
            parameters: parameters, channelFigures: figures, deviceModels: [], transmitterEffects: [], receiverEffects: [],
            deviceSigma: 0, oemScatter: lowModelSigma.combined, oemScatterModels: lowModelSigma.models, tableOffsetBothEnds: 0,
            lanfer: lanferFit, lanferShift: lanferShift, dublin: crowded.figures, check: check, leftOut: .dp3t)
    }
}
