import Foundation
import Population
import WarnSimCore

/// Leave one data set out: for each campaign, the fit of the other two
/// (``RadioFitOptions/leftOut``) checked on the campaign it did not see, one
/// row per place. The misfit table of `Configs/radio/README.md` is
/// `warnsim radio check --leave-one-out`.
package struct RadioLeaveOneOut: Sendable {
    /// One place of the left-out campaign against the fit that did not see it.
    package struct Row: Sendable, Codable, Equatable {
        /// The campaign left out of the fit (``RadioCampaign``).
        package var leftOut: String
        package var dataSet: String
        package var site: String
        package var environment: String
        /// Distance bands compared, and those whose simulated median is within the device spread.
        package var bands: Int
        package var passing: Int
        /// Simulated − measured median (dB): the mean over the bands, and the band farthest from zero.
        package var meanMisfit: Double
        package var largestMisfit: Double
        /// The data set's device-to-device spread in the environment (the check's criterion, dB).
        package var deviceSpread: Double
    }

    package var rows: [Row]
    /// The three fits, in ``RadioCampaign/allCases`` order.
    package var fits: [RadioFitResult]

    /// Fits without each campaign in turn (the fits' own seed is the options')
    /// and summarises the check on it, drawn with `checkSeed` (the fit's own
    /// check seed when nil), so that the misfit can be read at several seeds
    /// of the same fitted variants.
    package static func run(
        scenarios: [DP3TScenario], lanfer: LanferMeasurements, dublin: DublinBusMeasurements, table: DeviceCalibrationTable,
        options: RadioFitOptions = RadioFitOptions(), checkSeed: UInt64? = nil
    ) throws -> RadioLeaveOneOut {
        var rows: [Row] = []
        var fits: [RadioFitResult] = []
        for campaign in RadioCampaign.allCases {
            var variant = options
            variant.leftOut = campaign
            let fit = try RadioFit.fit(scenarios: scenarios, lanfer: lanfer, dublin: dublin, table: table, options: variant)
            fits.append(fit)
            // The fit has checked itself at its own check seed; another seed is drawn anew.
            var check = fit.check
            if let checkSeed, checkSeed != variant.checkSeed {
                check = try RadioCheck.run(
                    scenarios: scenarios, lanfer: lanfer, dublin: dublin, table: table, parameters: fit.parameters,
                    options: variant, seed: checkSeed)
            }
            let seen = check.filter { $0.dataSet == campaign.dataSetName }
            var sites: [String] = []
            for row in seen where !sites.contains(row.site) { sites.append(row.site) }
            for site in sites {
                let here = seen.filter { $0.site == site }
                let misfits = here.map { $0.simulatedMedian - $0.measuredMedian }
                rows.append(
                    Row(
                        leftOut: campaign.rawValue, dataSet: campaign.dataSetName, site: site, environment: here[0].environment,
                        bands: here.count, passing: here.filter(\.passes).count,
                        meanMisfit: misfits.reduce(0, +) / Double(misfits.count),
                        largestMisfit: misfits.max { abs($0) < abs($1) } ?? 0, deviceSpread: here[0].deviceSpread))
            }
        }
        return RadioLeaveOneOut(rows: rows, fits: fits)
    }

    /// The rows as a Markdown table.
    package var markdown: String {
        func f(_ value: Double) -> String {
            let tenths = (value * 10).rounded() / 10
            return String(format: "%+.1f", tenths == 0 ? 0 : tenths)  // no "-0.0"
        }
        var text =
            "| left out | place | environment | bands within tolerance | mean misfit (dB) | largest misfit (dB) | device spread (dB) |\n"
        text += "|---|---|---|---:|---:|---:|---:|\n"
        for row in rows {
            text +=
                "| \(row.dataSet) | \(row.site) | \(row.environment) | \(row.passing) of \(row.bands) | \(f(row.meanMisfit)) | \(f(row.largestMisfit)) | \(String(format: "%.2f", row.deviceSpread)) |\n"
        }
        return text
    }
}
