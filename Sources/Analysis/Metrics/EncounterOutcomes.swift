/// Encounter-level metrics of one configuration: one unit is one phone × one
/// uploader's key × one day, as a laboratory or field test of a rule counts
/// a phone pair's exposure (each measured contact is one case with a known
/// distance and duration). A unit is **at risk** if the phone spent at least
/// the close-contact minutes within the close-contact distance of the
/// uploader while that key was valid (the close-contact criterion of
/// ``LabelOptions``, cumulative or continuous, over the whole day regardless
/// of infectiousness); it is **flagged** if the windows the phone recorded for
/// that key alone reach HIGH under the configuration (as of their own day, so
/// no window ages out). The units are every distributed key-day of the runs
/// (`contacts.bin`) crossed with every app user with exposure logging other
/// than the uploader; key-days before the run's first day are not units
/// (nothing was simulated then).
package struct EncounterOutcomes: Sendable, Hashable {
    /// The counts; nil when a run has no `contacts.bin` (written before
    /// WarnSim recorded contacts): the columns then read `nan`.
    package var matrix: ConfusionMatrix?

    package init(matrix: ConfusionMatrix?) {
        self.matrix = matrix
    }

    /// The CSV columns, in file order.
    package static let columns = [
        "encounter_units", "encounter_tp", "encounter_fp", "encounter_fn", "encounter_tn",
        "encounter_tpr", "encounter_tpr_low", "encounter_tpr_high",
        "encounter_fpr", "encounter_fpr_low", "encounter_fpr_high",
        "encounter_precision", "encounter_precision_low", "encounter_precision_high",
    ]

    /// The values of ``columns``, as `metrics.csv` writes them (rates with
    /// exact Clopper–Pearson 95 % intervals).
    package var cells: [String] {
        guard let matrix else { return [String](repeating: "nan", count: Self.columns.count) }
        let rates = BinaryRates(matrix)
        var cells = [matrix.phones, matrix.truePositives, matrix.falsePositives, matrix.falseNegatives, matrix.trueNegatives].map {
            String($0)
        }
        for rate in [rates.truePositiveRate, rates.falsePositiveRate, rates.precision] {
            cells += [rate.value, rate.lower, rate.upper].map { MetricsCSV.fixed($0, 6) }
        }
        return cells
    }

    /// One line for `evaluate`'s summary.
    ///
    /// - Parameter options: The labels' close-contact criterion (the units' truth).
    /// - Returns: The line, ending in a newline.
    package func summaryLine(options: LabelOptions) -> String {
        let criterion =
            "≥ \(MetricsCSV.fixed(options.closeContactMinutes, 0)) min within \(MetricsCSV.fixed(options.closeContactMetres, 1)) m, \(options.closeContactMode.rawValue)"
        guard let matrix else {
            return "encounters (phone × uploader key-day, \(criterion)): n/a (a run has no contacts.bin; simulate it again)\n"
        }
        let rates = BinaryRates(matrix)
        func rate(_ r: BinaryRates.Rate) -> String {
            "\(BinaryRates.text(r.value)) [\(BinaryRates.text(r.lower)), \(BinaryRates.text(r.upper))]"
        }
        return "encounters (phone × uploader key-day, \(criterion)): \(matrix.phones) units, "
            + "TP \(matrix.truePositives) FP \(matrix.falsePositives) FN \(matrix.falseNegatives) TN \(matrix.trueNegatives); "
            + "TPR \(rate(rates.truePositiveRate)), FPR \(rate(rates.falsePositiveRate)), precision \(rate(rates.precision)) "
            + "(Clopper–Pearson 95 %)\n"
    }
}
