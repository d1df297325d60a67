import RiskCalculation
import WarnSimCore

/// The texts `warnsim replay` prints and writes: the summary, `replay.csv`
/// (one row per configuration) and `cases.csv` (one row per case and
/// configuration). Deterministic: the same input gives the same bytes.
package enum ReplayReport {
    /// The `replay.csv` header.
    package static let replayColumns = [
        "configuration", "file", "scheme", "cases", "tp", "fp", "fn", "tn",
        "tpr", "tpr_low", "tpr_high", "fpr", "fpr_low", "fpr_high", "precision", "precision_low", "precision_high",
    ]

    /// The printed summary: the data set, the truth and, per configuration, the
    /// counts and the rates with their intervals.
    ///
    /// - Parameters:
    ///   - dataset: the cases.
    ///   - name: the data set's path as given.
    ///   - truth: the truth criterion.
    ///   - evaluations: one per configuration, in argument order.
    /// - Returns: the text.
    package static func summary(_ dataset: ReplayDataset, name: String, truth: ReplayTruth, evaluations: [ReplayEvaluation]) -> String {
        let atRisk = dataset.cases.filter(\.atRisk).count
        var out = "replay \(name): \(dataset.cases.count) cases (\(dataset.format.rawValue)), \(atRisk) truly at risk"
        if dataset.format == .testVectors {
            out += " (the file's truth fields)\n"
        } else {
            out += " (≥ \(NumberText.format(truth.minutes)) min at ≤ \(NumberText.format(truth.distanceMetres)) m)\n"
        }
        for evaluation in evaluations {
            out +=
                "configuration \(evaluation.configuration.name) (\(evaluation.configuration.scheme.identifier), \(evaluation.configurationPath))\n"
            out += evaluation.rates.summaryLines()
        }
        return out
    }

    /// `replay.csv`.
    ///
    /// - Parameter evaluations: one per configuration.
    /// - Returns: the CSV text.
    package static func replayCSV(_ evaluations: [ReplayEvaluation]) -> String {
        var out = replayColumns.joined(separator: ",") + "\n"
        for evaluation in evaluations {
            let r = evaluation.rates
            let m = r.matrix
            var cells = [
                TextEscaping.csvField(evaluation.configuration.name), TextEscaping.csvField(evaluation.configurationPath),
                evaluation.configuration.scheme.identifier, String(m.phones),
                String(m.truePositives), String(m.falsePositives), String(m.falseNegatives), String(m.trueNegatives),
            ]
            for rate in [r.truePositiveRate, r.falsePositiveRate, r.precision] {
                cells += [BinaryRates.cell(rate.value), BinaryRates.cell(rate.lower), BinaryRates.cell(rate.upper)]
            }
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }

    /// `cases.csv`: configuration, the identifier columns, the truth minutes
    /// (empty for labelled input), the truth, the score and the level.
    ///
    /// - Parameters:
    ///   - dataset: the cases.
    ///   - evaluations: one per configuration.
    /// - Returns: the CSV text.
    package static func casesCSV(_ dataset: ReplayDataset, _ evaluations: [ReplayEvaluation]) -> String {
        let header = ["configuration"] + dataset.identifierColumns + ["minutes_within_truth_distance", "at_risk", "score", "level"]
        var out = header.map(TextEscaping.csvField).joined(separator: ",") + "\n"
        for evaluation in evaluations {
            for (item, outcome) in zip(dataset.cases, evaluation.outcomes) {
                let cells =
                    [TextEscaping.csvField(evaluation.configuration.name)] + item.identifiers.map(TextEscaping.csvField) + [
                        item.minutesWithin.map(NumberText.format) ?? "", item.atRisk ? "true" : "false",
                        NumberText.format(outcome.score), outcome.level.description,
                    ]
                out += cells.joined(separator: ",") + "\n"
            }
        }
        return out
    }
}
