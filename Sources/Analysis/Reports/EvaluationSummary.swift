/// The short table `warnsim evaluate` prints: one line per label.
package enum EvaluationSummary {
    package static func text(
        metrics: [GroundTruthLabel: LabelMetrics], outcomes: FieldOutcomes, primary: GroundTruthLabel, configuration: String, runs: Int
    ) -> String {
        func pad(_ s: String, _ width: Int) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }
        func number(_ v: Double) -> String { MetricsCSV.fixed(v, 3) }
        var out = "configuration \(configuration), \(runs) run\(runs == 1 ? "" : "s")\n"
        out +=
            pad("label", 15) + pad("at risk", 9) + pad("warned", 8) + pad("precision (95% CI)", 24) + pad("recall (95% CI)", 24)
            + "exposure→warning h (median)\n"
        for label in MetricsCSV.labelOrder(primary: primary) {
            let m = metrics[label]!
            out +=
                pad(label.rawValue + (label == primary ? "*" : ""), 15)
                + pad(label.isProbabilistic ? MetricsCSV.fixed(m.counts.atRisk, 1) : String(Int(m.counts.atRisk)), 9)
                + pad(String(Int(m.counts.warned)), 8)
            out += pad("\(number(m.counts.precision)) (\(number(m.precisionInterval.lower))–\(number(m.precisionInterval.upper)))", 24)
            out += pad("\(number(m.counts.recall)) (\(number(m.recallInterval.lower))–\(number(m.recallInterval.upper)))", 24)
            out += MetricsCSV.fixed(m.medianDelayHours, 1) + "\n"
        }
        out += "(* primary label; exposure→warning: hours from the label's exposure to the warning, over the warned at risk)\n"
        out += "field outcomes: \(outcomes.warnedPhones) phones warned, \(outcomes.uploaders) uploaders, "
        out += "\(MetricsCSV.fixed(outcomes.warningsPerUploader, 2)) warnings per uploader; encounter date the app shows→warning "
        out += "\(MetricsCSV.fixed(outcomes.exposureToWarningDaysMedian, 2)) days (median), "
        out += "\(MetricsCSV.fixed(outcomes.exposureToWarningDaysMean, 2)) (mean); warned and later positive "
        out +=
            "\(MetricsCSV.fixed(outcomes.warnedLaterPositiveShare, 3)), later infected \(MetricsCSV.fixed(outcomes.warnedLaterInfectedShare, 3)); "
        out += "tested after the warning \(MetricsCSV.fixed(outcomes.warnedTestedShare, 3)), "
        out += "of them positive \(MetricsCSV.fixed(outcomes.warnedTestedPositiveShare, 3))\n"
        return out
    }
}
