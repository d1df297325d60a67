import Foundation
import Population
import WarnSimCore

/// The Dublin Bus measurements (``DublinBusMeasurements``) against the radio
/// model: the crowded-bus fit (level and spreads of the bus channel on the EN
/// scale) and the check's rows.
///
/// A pair's minutes are simulated as the API reports them: per pair, body
/// blocking, shadowing and the two handsets' unit-to-unit errors drawn once;
/// per minute, orientation and fading; the attenuation rounded to a whole dB
/// and counted in the data set's bins (below 50 dB in the first, 100 dB and
/// beyond not at all). Both sides are then read as bin mid-points, so measured
/// and simulated medians carry the same coarseness.
package enum DublinBusCheck {
    /// Simulated replicates of each pair in the check (each pair is one
    /// placement: its median at few replicates would be a few draws').
    package static let replicates = 200
    /// Replicates per round of the level fit, and its rounds.
    static let fitReplicates = 50
    static let fitRounds = 6

    /// Per pair, the simulated minutes per bin summed over `replicates`.
    static func simulate(
        _ data: DublinBusMeasurements, parameters: RadioParameters, environment: RadioEnvironment, replicates: Int, seed: UInt64
    ) -> [[Int]] {
        let channel = parameters.channel(environment)
        var counts = [[Int]](repeating: [Int](repeating: 0, count: DublinBusMeasurements.bins.count), count: data.pairs.count)
        for replicate in 0..<replicates {
            var pairRandom = RandomStream(seed: seed, subsystem: StreamName.radioCheckDublinPair, entity: UInt64(replicate))
            var minuteRandom = RandomStream(seed: seed, subsystem: StreamName.radioCheckDublinMinute, entity: UInt64(replicate))
            for (p, pair) in data.pairs.enumerated() {
                var slow = parameters.medianPathAttenuation(distance: pair.distance, environment: environment)
                if pairRandom.nextUnitDouble() < parameters.bodyBlockingProbability { slow += parameters.bodyBlockingPenalty }
                slow += channel.shadowingSigma * pairRandom.nextStandardNormal()
                slow -= pairRandom.nextNormal(mean: 0, standardDeviation: parameters.deviceSigma)
                slow -= pairRandom.nextNormal(mean: 0, standardDeviation: parameters.deviceSigma)
                for _ in 0..<pair.totalMinutes {
                    let value =
                        slow + channel.orientationSigma * minuteRandom.nextStandardNormal()
                        + channel.scanSigma * minuteRandom.nextStandardNormal()
                    if let bin = DublinBusMeasurements.bin(of: value.rounded()) { counts[p][bin] += 1 }
                }
            }
        }
        return counts
    }

    /// Bin mid-points, one per minute.
    static func values(_ minutes: [Int]) -> [Double] {
        minutes.indices.flatMap { repeatElement(DublinBusMeasurements.mid($0), count: minutes[$0]) }
    }

    /// The check's cells: per distance band, measured and simulated minutes
    /// (bin mid-points); each pair is a device.
    static func cells(
        _ data: DublinBusMeasurements, parameters: RadioParameters, environment: RadioEnvironment, seed: UInt64
    ) -> [RadioCheck.Cell] {
        let simulated = simulate(data, parameters: parameters, environment: environment, replicates: replicates, seed: seed)
        var result: [RadioCheck.Cell] = []
        for band in RadioCheck.bands {
            let here = data.pairs.indices.filter { band.contains(data.pairs[$0].distance) }
            guard !here.isEmpty else { continue }
            let perPair = here.map { values(data.pairs[$0].minutes) }
            if let cell = RadioCheck.cell(
                dataSet: DublinBusMeasurements.dataSetName, site: "bus", environment: environment, distance: band.label,
                measured: perPair.flatMap { $0 }, simulated: here.flatMap { values(simulated[$0]) }, perDevice: perPair)
            {
                result.append(cell)
            }
        }
        return result
    }

    /// What the fit takes from the Dublin Bus.
    package struct Figures: Sendable, Equatable {
        package var pairs: Int
        package var minutes: Int
        /// Pooled within-pair standard deviation of the minutes (bin width removed), dB.
        package var withinPairSigma: Double
        /// Standard deviation of pair means around their distance's mean, within-pair noise removed, dB.
        package var betweenPairSigma: Double
        /// The bus channel's level before the Dublin Bus (Lanfer's bus relative to
        /// the office, anchored on the DP-3T office) and after, dB at 1 m.
        package var levelBefore: Double
        package var levelAfter: Double
    }

    /// The bus channel of a crowded bus: slopes and breakpoint as given (Lanfer's
    /// bus); the fast spread from the within-pair spread of the Dublin minutes
    /// (bin width removed), split into orientation and fading as `channel`
    /// splits it; the shadowing from the between-pair spread less the two
    /// handsets' unit-to-unit errors and body blocking; the level matched so
    /// that the simulated mean minute equals the measured one.
    static func fit(
        _ data: DublinBusMeasurements, channel: ChannelParameters, parameters: RadioParameters, seed: UInt64
    ) -> (channel: ChannelParameters, figures: Figures) {
        // Within pairs: pooled variance of the minutes' bin mid-points, less the
        // uniform quantisation of each minute's bin (width² / 12).
        var withinSquares = 0.0
        var withinDegrees = 0.0
        var quantisation = 0.0
        var minutes = 0
        var pairMeans: [(distance: Double, mean: Double, count: Int)] = []
        for pair in data.pairs {
            let v = values(pair.minutes)
            let mean = v.reduce(0, +) / Double(v.count)
            withinSquares += v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            withinDegrees += Double(v.count - 1)
            for (bin, count) in pair.minutes.enumerated() {
                let width = Double(DublinBusMeasurements.bins[bin].high - DublinBusMeasurements.bins[bin].low)
                quantisation += Double(count) * width * width / 12
            }
            minutes += v.count
            pairMeans.append((pair.distance, mean, v.count))
        }
        let within = max(0, withinSquares / withinDegrees - quantisation / Double(minutes))
        // Between pairs at the same distance: pooled variance of the pair means,
        // less each mean's own noise (within / minutes).
        // Distances in order, so the sums do not depend on the process's hash seed.
        var betweenSquares = 0.0
        var betweenDegrees = 0.0
        var noise = 0.0
        var groupedPairs = 0
        for distance in Set(pairMeans.map(\.distance)).sorted() {
            let group = pairMeans.filter { $0.distance == distance }
            guard group.count >= 2 else { continue }
            let centre = group.reduce(0) { $0 + $1.mean } / Double(group.count)
            betweenSquares += group.reduce(0) { $0 + ($1.mean - centre) * ($1.mean - centre) }
            betweenDegrees += Double(group.count - 1)
            noise += group.reduce(0) { $0 + within / Double($1.count) }
            groupedPairs += group.count
        }
        let between = max(0, betweenSquares / betweenDegrees - noise / Double(max(1, groupedPairs)))
        let p = parameters.bodyBlockingProbability
        let bodyVariance = parameters.bodyBlockingPenalty * parameters.bodyBlockingPenalty * p * (1 - p)
        let deviceVariance = 2 * parameters.deviceSigma * parameters.deviceSigma
        var fitted = channel
        let fast = (channel.orientationSigma * channel.orientationSigma + channel.scanSigma * channel.scanSigma).squareRoot()
        fitted.orientationSigma = fast > 0 ? within.squareRoot() * channel.orientationSigma / fast : 0
        fitted.scanSigma = fast > 0 ? within.squareRoot() * channel.scanSigma / fast : within.squareRoot()
        fitted.shadowingSigma = max(0, between - deviceVariance - bodyVariance).squareRoot()
        // Level: the simulated mean minute (bin mid-points, as measured) matched to the measured one.
        let measuredMean = data.pairs.reduce(0.0) { $0 + values($1.minutes).reduce(0, +) } / Double(minutes)
        var current = parameters
        for round in 0..<fitRounds {
            current.channels[RadioEnvironment.bus.rawValue] = fitted
            let simulated = simulate(
                data, parameters: current, environment: .bus, replicates: fitReplicates, seed: seed &+ UInt64(round))
            let all = simulated.flatMap { values($0) }
            guard !all.isEmpty else { break }
            fitted.attenuationAt1m += measuredMean - all.reduce(0, +) / Double(all.count)
        }
        return (
            fitted,
            Figures(
                pairs: data.pairs.count, minutes: minutes, withinPairSigma: within.squareRoot(), betweenPairSigma: between.squareRoot(),
                levelBefore: channel.attenuationAt1m, levelAfter: fitted.attenuationAt1m)
        )
    }
}
