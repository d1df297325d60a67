import WarnSimCore

/// A metric an analyst can tune, constrain or compare, by the name of its
/// `metrics.csv` column: a label metric (`precision`, `recall`, `f1`,
/// `false_positive_rate`, `warnings_per_1000`, `recall_within_k`,
/// `median_delay_hours`), optionally prefixed with a label
/// (`detectable_recall`, `close_contact_precision`, `expected_f1`; without a
/// prefix the command's default label), or a field outcome
/// (`warnings_per_uploader`, `exposure_to_warning_days_median`, …).
package struct MetricName: Hashable, Sendable, CustomStringConvertible {
    /// What is measured.
    package enum Quantity: String, Sendable, Hashable, CaseIterable {
        case precision, recall, f1
        case falsePositiveRate = "false_positive_rate"
        case warningsPer1000 = "warnings_per_1000"
        case recallWithinK = "recall_within_k"
        case medianDelayHours = "median_delay_hours"
        case warningsPerUploader = "warnings_per_uploader"
        case exposureToWarningDaysMedian = "exposure_to_warning_days_median"
        case exposureToWarningDaysMean = "exposure_to_warning_days_mean"
        case warnedLaterPositiveShare = "warned_later_positive_share"
        case warnedLaterInfectedShare = "warned_later_infected_share"
        case warnedTestedShare = "warned_tested_share"
        case warnedTestedPositiveShare = "warned_tested_positive_share"

        /// Whether the quantity depends on a ground-truth label.
        package var isLabelMetric: Bool {
            switch self {
            case .precision, .recall, .f1, .falsePositiveRate, .warningsPer1000, .recallWithinK, .medianDelayHours: true
            default: false
            }
        }

        /// Whether more is better: true for precision, recall, F1, timely recall
        /// and the shares of the warned who turned out positive or infected;
        /// false for false positives, warnings (each one costs a user a test
        /// and days at home) and delays.
        package var higherIsBetter: Bool {
            switch self {
            case .precision, .recall, .f1, .recallWithinK, .warnedLaterPositiveShare, .warnedLaterInfectedShare,
                .warnedTestedShare, .warnedTestedPositiveShare:
                true
            case .falsePositiveRate, .warningsPer1000, .medianDelayHours, .warningsPerUploader, .exposureToWarningDaysMedian,
                .exposureToWarningDaysMean:
                false
            }
        }
    }

    package var quantity: Quantity
    /// The label of a label metric; nil for a field outcome.
    package var label: GroundTruthLabel?

    package init(_ quantity: Quantity, label: GroundTruthLabel?) {
        self.quantity = quantity
        self.label = quantity.isLabelMetric ? label : nil
    }

    /// Parses `[LABEL_]QUANTITY`; an unprefixed label metric takes `defaultLabel`.
    ///
    /// - Throws: ``InputError`` naming `file` and `field` when the name is not a metric.
    package init(parsing text: String, defaultLabel: GroundTruthLabel, file: String, field: String) throws(InputError) {
        if let quantity = Quantity(rawValue: text) {
            self.init(quantity, label: defaultLabel)
            return
        }
        for label in GroundTruthLabel.allCases where text.hasPrefix(label.columnPrefix) {
            if let quantity = Quantity(rawValue: String(text.dropFirst(label.columnPrefix.count))), quantity.isLabelMetric {
                self.init(quantity, label: label)
                return
            }
        }
        throw InputError(
            file: file, field: field,
            problem:
                "\"\(text)\" is not a metric; use one of \(Quantity.allCases.map(\.rawValue).joined(separator: ", ")), a label metric optionally prefixed with a label (\(GroundTruthLabel.allCases.map(\.columnPrefix).joined(separator: ", ")))"
        )
    }

    /// The column name with the label always spelled out (`expected_recall`).
    package var description: String { (label?.columnPrefix ?? "") + quantity.rawValue }
}
