import Foundation
import WarnSimCore

/// `metrics.csv` of `warnsim evaluate` and `warnsim sweep`: one row per
/// configuration; `id`, the swept parameters, then the primary label's metrics
/// unprefixed, every other label's metrics prefixed with its name, then the
/// label-independent field outcomes (``FieldOutcomes``) and the
/// encounter-level outcomes (``EncounterOutcomes``; Outputs/README.md
/// documents every column).
package enum MetricsCSV {
    /// The metric columns of one label, in file order.
    package static let metricColumns = [
        "phones", "tp", "fp", "fn", "tn", "precision", "recall", "f1", "false_positive_rate", "warnings_per_1000",
        "median_delay_hours", "recall_within_k", "precision_low", "precision_high", "recall_low", "recall_high",
        "f1_low", "f1_high", "precision_seed_low", "precision_seed_high", "recall_seed_low", "recall_seed_high",
        "precision_radio_low", "precision_radio_high", "recall_radio_low", "recall_radio_high",
    ]

    /// Whether `column` is a metric column of `metrics.csv` (of any label, or
    /// a field outcome) rather than the id or a swept parameter.
    ///
    /// - Parameter column: a column name.
    /// - Returns: `true` for the metric and field-outcome columns.
    package static func isMetricColumn(_ column: String) -> Bool {
        metricColumnSet.contains(column)
    }

    private static let metricColumnSet: Set<String> = {
        var names = Set(metricColumns + FieldOutcomes.columns + EncounterOutcomes.columns)
        for label in GroundTruthLabel.allCases { names.formUnion(metricColumns.map { label.columnPrefix + $0 }) }
        return names
    }()

    /// Labels in column order: the primary first (unprefixed), then the others.
    package static func labelOrder(primary: GroundTruthLabel) -> [GroundTruthLabel] {
        [primary] + GroundTruthLabel.allCases.filter { $0 != primary }
    }

    package static func header(parameters: [String], primary: GroundTruthLabel) -> String {
        var columns = ["id"] + parameters
        for label in labelOrder(primary: primary) {
            let prefix = label == primary ? "" : label.columnPrefix
            columns += metricColumns.map { prefix + $0 }
        }
        columns += FieldOutcomes.columns + EncounterOutcomes.columns
        return columns.joined(separator: ",") + "\n"
    }

    package static func row(
        id: String, parameters: [String], metrics: [GroundTruthLabel: LabelMetrics], outcomes: FieldOutcomes,
        encounters: EncounterOutcomes, primary: GroundTruthLabel
    ) -> String {
        var cells = [escape(id)] + parameters.map(escape)
        for label in labelOrder(primary: primary) {
            cells += values(metrics[label]!, label: label)
        }
        cells += outcomes.cells + encounters.cells
        return cells.joined(separator: ",") + "\n"
    }

    /// One label's cells: counts are whole phones for a binary label and
    /// expected phones (4 decimals) for a probabilistic one.
    static func values(_ m: LabelMetrics, label: GroundTruthLabel) -> [String] {
        let c = m.counts
        func count(_ value: Double) -> String { label.isProbabilistic ? fixed(value, 4) : String(Int(value.rounded())) }
        return [
            String(Int(c.phones.rounded())), count(c.truePositives), count(c.falsePositives), count(c.falseNegatives),
            count(c.trueNegatives),
            ratio(c.precision), ratio(c.recall), ratio(c.f1), ratio(c.falsePositiveRate), fixed(c.warningsPerThousand, 3),
            fixed(m.medianDelayHours, 2), ratio(m.recallWithinK),
            ratio(m.precisionInterval.lower), ratio(m.precisionInterval.upper),
            ratio(m.recallInterval.lower), ratio(m.recallInterval.upper),
            ratio(m.f1Interval.lower), ratio(m.f1Interval.upper),
            ratio(m.precisionSeedInterval.lower), ratio(m.precisionSeedInterval.upper),
            ratio(m.recallSeedInterval.lower), ratio(m.recallSeedInterval.upper),
            ratio(m.precisionRadioRange.lower), ratio(m.precisionRadioRange.upper),
            ratio(m.recallRadioRange.lower), ratio(m.recallRadioRange.upper),
        ]
    }

    static func ratio(_ value: Double) -> String { fixed(value, 6) }

    /// Locale-independent fixed-point text; `nan` for NaN.
    package static func fixed(_ value: Double, _ digits: Int) -> String {
        value.isNaN ? "nan" : String(format: "%.\(digits)f", value)
    }

    /// RFC 4180 quoting where needed.
    package static func escape(_ text: String) -> String { TextEscaping.csvField(text) }
}
