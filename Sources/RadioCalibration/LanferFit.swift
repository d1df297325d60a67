import Foundation
import Population
import WarnSimCore

/// The Lanfer et al. 2022 measurements decomposed for the radio fit
/// (`Configs/radio/README.md`, "Fit method").
///
/// With a = −RSSI (the receiver is always the same Raspberry Pi 4b):
/// 1. per environment, a = c(place, sender) + ``DualSlopeLine`` of d (the
///    slopes below and beyond a breakpoint chosen by least squares), an offset
///    per (place, sender) (within-group least squares), so no sender or place
///    difference leaks into the slopes;
/// 2. c(place, sender) = level(place) + effect(sender) + rest: the sender's
///    effect is its mean offset over the places, a place's level the mean over
///    senders of its offsets less the senders' effects (the three senders
///    were measured in every place);
/// 3. the residuals against step 1, grouped by position (place, section,
///    sender, distance): the spread within a position (`fastSigma`) and of the
///    position means (`positionSigma`, sampling noise removed).
package struct LanferFit: Sendable {
    /// Which places an environment stands for and which places fit its curve.
    package struct Definition: Sendable {
        package var environment: RadioEnvironment
        /// The places the environment stands for: their (place, sender)
        /// offsets come from its fit, and `radio check` compares them with it.
        package var sites: [String]
        /// The places whose samples fit its curve and spreads (`sites` when
        /// not given); a place may fit several environments but stands for one.
        package var fitSites: [String]

        package init(environment: RadioEnvironment, sites: [String], fitSites: [String]? = nil) {
            self.environment = environment
            self.sites = sites
            self.fitSites = fitSites ?? sites
        }
    }

    /// One environment's figures.
    package struct Group: Sendable {
        package var environment: RadioEnvironment
        package var sites: [String]
        /// The places whose samples fitted the curve (``Definition/fitSites``).
        package var fitSites: [String]
        package var samples: Int
        package var positions: Int
        /// dB per decade of distance up to the breakpoint (10·n).
        package var slope: Double
        /// dB per decade beyond the breakpoint (10·n far).
        package var farSlope: Double
        /// The breakpoint (m), chosen by least squares among ``DualSlopeLine/candidateBreakpoints``.
        package var breakpoint: Double
        /// Mean level of the environment's places at 1 m (a = −RSSI scale).
        package var level: Double
        package var positionSigma: Double
        package var fastSigma: Double
        /// Level and slope of each place fitted alone (same decomposition).
        package var siteLevels: [Double]
        package var siteSlopes: [Double]
    }

    package var groups: [Group]
    /// Per sender (``LanferMeasurements/senders``): mean offset over the places.
    package var senderEffects: [Double]
    /// Per place (``LanferMeasurements/sites``): level at 1 m with its environment's slope.
    package var siteLevels: [Double]
    /// Per place and sender: the fitted offset c(place, sender) of −RSSI at 1 m.
    package var offsets: [[Double]]

    package init(measurements: LanferMeasurements, groups definitions: [Definition]) throws {
        let siteCount = LanferMeasurements.sites.count
        let senderCount = LanferMeasurements.senders.count
        func index(_ name: String) throws -> Int {
            guard let site = LanferMeasurements.sites.firstIndex(of: name) else {
                throw InputError(file: LanferMeasurements.dataSetName, field: name, problem: "unknown place")
            }
            return site
        }
        var groupOfSite = [Int](repeating: -1, count: siteCount)
        var fitsGroup = [[Bool]](repeating: [Bool](repeating: false, count: siteCount), count: definitions.count)
        for (g, definition) in definitions.enumerated() {
            for name in definition.sites {
                let site = try index(name)
                guard groupOfSite[site] < 0 else {
                    throw InputError(file: LanferMeasurements.dataSetName, field: name, problem: "stands for two environments")
                }
                groupOfSite[site] = g
            }
            for name in definition.fitSites { fitsGroup[g][try index(name)] = true }
        }
        let samples = measurements.samples
        /// The dual-slope line with an offset per (place, sender): the breakpoint
        /// chosen by least squares unless given.
        func lineAndOffsets(_ rows: [Int], logBreakpoint: Double? = nil) -> (line: DualSlopeLine, offsets: [[Double]]) {
            let x = rows.map { Foundation.log10(samples[$0].distance) }
            let y = rows.map { -samples[$0].rssi }
            let groups = rows.map { samples[$0].site * senderCount + samples[$0].sender }
            let line =
                if let logBreakpoint {
                    DualSlopeLine.leastSquares(logDistances: x, values: y, logBreakpoint: logBreakpoint, groups: groups).line
                } else {
                    DualSlopeLine.bestFit(logDistances: x, values: y, groups: groups)
                }
            var sums = [[Double]](repeating: [Double](repeating: 0, count: senderCount), count: siteCount)
            var n = sums
            for (i, row) in rows.enumerated() {
                let s = samples[row]
                sums[s.site][s.sender] += y[i] - line.value(logDistance: x[i]) + line.intercept
                n[s.site][s.sender] += 1
            }
            var offsets = sums
            for site in 0..<siteCount {
                for sender in 0..<senderCount {
                    offsets[site][sender] = n[site][sender] > 0 ? sums[site][sender] / n[site][sender] : .nan
                }
            }
            return (line, offsets)
        }
        var lines = [DualSlopeLine](repeating: DualSlopeLine(intercept: 0, near: 0, far: 0, logBreakpoint: 0), count: definitions.count)
        var offsets = [[Double]](repeating: [Double](repeating: .nan, count: senderCount), count: siteCount)
        var siteSlopes = [Double](repeating: .nan, count: siteCount)
        var siteOffsets = offsets
        var groupOffsets = [[[Double]]](repeating: offsets, count: definitions.count)
        for g in definitions.indices {
            let rows = samples.indices.filter { fitsGroup[g][samples[$0].site] }
            guard !rows.isEmpty else {
                throw InputError(
                    file: LanferMeasurements.dataSetName, field: definitions[g].fitSites.joined(separator: ", "), problem: "no samples")
            }
            let fit = lineAndOffsets(rows)
            lines[g] = fit.line
            groupOffsets[g] = fit.offsets
            for site in 0..<siteCount where groupOfSite[site] == g {
                offsets[site] = fit.offsets[site]
                let alone = lineAndOffsets(rows.filter { samples[$0].site == site }, logBreakpoint: fit.line.logBreakpoint)
                siteSlopes[site] = alone.line.near
                siteOffsets[site] = alone.offsets[site]
            }
        }
        let used = (0..<siteCount).filter { groupOfSite[$0] >= 0 }
        for site in used {
            for sender in 0..<senderCount where offsets[site][sender].isNaN {
                throw InputError(
                    file: LanferMeasurements.dataSetName, field: "\(LanferMeasurements.sites[site])/\(LanferMeasurements.senders[sender])",
                    problem: "no samples (every sender must be measured in every place)")
            }
        }
        func effectsAndLevels(_ offsets: [[Double]]) -> (effects: [Double], levels: [Double]) {
            let effects = (0..<senderCount).map { sender in used.reduce(0) { $0 + offsets[$1][sender] } / Double(used.count) }
            var levels = [Double](repeating: .nan, count: siteCount)
            for site in used {
                levels[site] = (0..<senderCount).reduce(0) { $0 + offsets[site][$1] - effects[$1] } / Double(senderCount)
            }
            return (effects, levels)
        }
        self.offsets = offsets
        let shared = effectsAndLevels(offsets)
        senderEffects = shared.effects
        siteLevels = shared.levels
        let alone = effectsAndLevels(siteOffsets)

        var result: [Group] = []
        for (g, definition) in definitions.enumerated() {
            let sites = definition.sites.compactMap { LanferMeasurements.sites.firstIndex(of: $0) }
            let rows = samples.indices.filter { fitsGroup[g][samples[$0].site] }
            // Residuals by position (against the group's own offsets).
            var positionIndex: [String: Int] = [:]
            var sums: [Double] = []
            var squares: [Double] = []
            var counts: [Double] = []
            for row in rows {
                let s = samples[row]
                let r =
                    -s.rssi - groupOffsets[g][s.site][s.sender] - lines[g].value(logDistance: Foundation.log10(s.distance))
                    + lines[g].intercept
                let key = "\(s.site)|\(s.section)|\(s.sender)|\(s.distance)"
                let p =
                    positionIndex[key]
                    ?? {
                        positionIndex[key] = sums.count
                        sums.append(0)
                        squares.append(0)
                        counts.append(0)
                        return sums.count - 1
                    }()
                sums[p] += r
                squares[p] += r * r
                counts[p] += 1
            }
            var within = 0.0
            var degrees = 0.0
            for p in sums.indices {
                within += squares[p] - sums[p] * sums[p] / counts[p]
                degrees += counts[p] - 1
            }
            let fastVariance = degrees > 0 ? within / degrees : 0
            let means = sums.indices.map { sums[$0] / counts[$0] }
            let centre = means.reduce(0, +) / Double(means.count)
            let between = means.reduce(0) { $0 + ($1 - centre) * ($1 - centre) } / Double(max(1, means.count - 1))
            let noise = sums.indices.reduce(0) { $0 + fastVariance / counts[$1] } / Double(sums.count)
            result.append(
                Group(
                    environment: definition.environment, sites: definition.sites, fitSites: definition.fitSites, samples: rows.count,
                    positions: sums.count,
                    slope: lines[g].near, farSlope: lines[g].far, breakpoint: Foundation.pow(10, lines[g].logBreakpoint),
                    level: sites.reduce(0) { $0 + shared.levels[$1] } / Double(sites.count),
                    positionSigma: max(0, between - noise).squareRoot(), fastSigma: fastVariance.squareRoot(),
                    siteLevels: sites.map { alone.levels[$0] }, siteSlopes: sites.map { siteSlopes[$0] }))
        }
        groups = result
        guard groups.first?.environment == .office else {
            throw InputError(
                file: LanferMeasurements.dataSetName, field: "office", problem: "the first group must be the office (the anchor)")
        }
    }
}
