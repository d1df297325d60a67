import WarnSimCore

/// The runs of an evaluation grouped by the radio channel they were simulated
/// under (`radio_parameters` of each run's `manifest.json`), so that the two
/// uncertainties an analyst must tell apart are reported separately: the
/// seed-to-seed spread within a channel, and the spread between channels
/// fitted to different measurement campaigns (`Configs/radio/variants/`).
///
/// For each label, each variant's precision and recall come from its own
/// runs pooled, with a 95 % percentile interval over its seeds (runs resampled
/// with replacement within the variant). The ensemble's estimate is the
/// unweighted mean over variants (each campaign counts once, whatever its
/// number of seeds); its seed interval resamples the seeds within every
/// variant at once and averages, so it holds the channels fixed; its radio
/// range is the lowest and highest variant estimate. With two or three
/// variants a bootstrap across variants would be meaningless, so the
/// between-variant spread is stated as that range, not as an interval.
package struct RadioEnsemble: Sendable {
    /// One radio channel and the runs drawn under it, in run order.
    package struct Variant: Sendable, Hashable {
        /// The radio parameters' file name, or `unrecorded` for runs whose
        /// manifest does not name one.
        package var name: String
        /// The file's digest (`sha256:HEX`); two files with the same content
        /// are one channel.
        package var digest: String
        /// Indices into the run set.
        package var runs: [Int]
    }

    /// One metric's estimate with its two kinds of spread.
    package struct Estimate: Sendable, Hashable {
        package var value: Double
        package var seedInterval: BootstrapInterval
        /// The lowest and highest variant value (equal to `value` with one variant).
        package var radioRange: BootstrapInterval
    }

    /// Precision and recall of one label, for one variant or for the ensemble.
    package struct Row: Sendable, Hashable {
        /// The variant's file name, or `ensemble`.
        package var variant: String
        package var digest: String
        package var runs: Int
        package var label: GroundTruthLabel
        package var warned: Int
        /// Phones at risk (expected phones for a probabilistic label).
        package var atRisk: Double
        package var precision: Estimate
        package var recall: Estimate
        /// Label-free field figures (the same on every label's row):
        /// warnings per uploader and the share of the warned who later tested
        /// positive in the app (``FieldOutcomes``).
        package var warningsPerUploader: Estimate
        package var warnedLaterPositiveShare: Estimate
    }

    package let variants: [Variant]

    /// Groups `runs` by channel digest, in order of first appearance.
    package init(runs: [RecordedRun]) {
        var variants: [Variant] = []
        for (index, run) in runs.enumerated() {
            let name = run.radioParameters?.file ?? "unrecorded"
            let digest = run.radioParameters?.digest ?? ""
            if let at = variants.firstIndex(where: { $0.digest == digest }) {
                variants[at].runs.append(index)
            } else {
                variants.append(Variant(name: name, digest: digest, runs: [index]))
            }
        }
        self.variants = variants
    }

    /// The rows of every variant and of the ensemble, for every label.
    ///
    /// - Parameters:
    ///   - labels: the ground truth of each run, in run order.
    ///   - warnedAt: per run and app-user slot, the warning time or nil.
    ///   - field: per run, the field-outcome tally of those warnings
    ///     (``FieldOutcomeCalculator/tallies(warnedAt:)``).
    ///   - resamples: seed resamples.
    ///   - seed: the bootstrap's seed.
    package func rows(
        labels: [PhoneLabels], warnedAt: [[Int64?]], field: [FieldOutcomeTally], resamples: Int, seed: UInt64
    ) -> [Row] {
        precondition(labels.count == warnedAt.count && field.count == labels.count && resamples > 0)
        // The seed draws: per resample and variant, which of its runs.
        var stream = RandomStream(seed: seed, subsystem: StreamName.bootstrapRadioSeeds)
        let draws: [[[Int]]] = (0..<resamples).map { _ in
            variants.map { variant in
                variant.runs.map { _ in variant.runs[Int(stream.next() % UInt64(variant.runs.count))] }
            }
        }
        let warningsPerUploader = estimates(field, zero: FieldOutcomeTally(), add: +, metric: \.outcomes.warningsPerUploader, draws: draws)
        let laterPositive = estimates(
            field, zero: FieldOutcomeTally(), add: +, metric: \.outcomes.warnedLaterPositiveShare, draws: draws)
        var out: [Row] = []
        for label in GroundTruthLabel.allCases {
            let perRun = labels.indices.map { run in labels[run].counts(label, warned: warnedAt[run].map { $0 != nil }) }
            let precision = estimates(perRun, zero: LabelCounts(), add: +, metric: \.precision, draws: draws)
            let recall = estimates(perRun, zero: LabelCounts(), add: +, metric: \.recall, draws: draws)
            for v in 0...variants.count {
                let runs = v < variants.count ? variants[v].runs : Array(labels.indices)
                let pooled = runs.map { perRun[$0] }.reduce(LabelCounts(), +)
                out.append(
                    Row(
                        variant: v < variants.count ? variants[v].name : "ensemble", digest: v < variants.count ? variants[v].digest : "",
                        runs: runs.count, label: label, warned: Int(pooled.warned), atRisk: pooled.atRisk,
                        precision: precision[v], recall: recall[v], warningsPerUploader: warningsPerUploader[v],
                        warnedLaterPositiveShare: laterPositive[v]))
            }
        }
        return out
    }

    /// A metric of per-run counts that add up (`add`), for every variant and
    /// then the ensemble (the last element).
    func estimates<T>(
        _ perRun: [T], zero: T, add: (T, T) -> T, metric: (T) -> Double, draws: [[[Int]]]
    ) -> [Estimate] {
        func pooled(_ runs: [Int]) -> T { runs.reduce(zero) { add($0, perRun[$1]) } }
        let values = variants.map { metric(pooled($0.runs)) }
        // Per resample, each variant's value from its resampled seeds.
        let resampled = draws.map { draw in draw.map { metric(pooled($0)) } }
        var out = variants.indices.map { v in
            Estimate(
                value: values[v],
                seedInterval: variants[v].runs.count < 2
                    ? BootstrapInterval(lower: .nan, upper: .nan)
                    : BootstrapInterval.percentile(resampled.map { $0[v] }),
                radioRange: BootstrapInterval(lower: values[v], upper: values[v]))
        }
        let defined = values.filter { !$0.isNaN }
        let means = resampled.compactMap { each -> Double? in
            each.contains(where: \.isNaN) ? nil : each.reduce(0, +) / Double(each.count)
        }
        out.append(
            Estimate(
                value: defined.isEmpty ? .nan : defined.reduce(0, +) / Double(defined.count),
                seedInterval: BootstrapInterval.percentile(means),
                radioRange: BootstrapInterval(lower: defined.min() ?? .nan, upper: defined.max() ?? .nan)))
        return out
    }

    /// `radio_variants.csv`: one row per label and variant, then the
    /// ensemble's (columns in Outputs/README.md).
    package static func csv(_ rows: [Row]) -> String {
        var out =
            "label,variant,radio_parameters_digest,runs,warned,at_risk,precision,precision_seed_low,precision_seed_high,precision_radio_low,precision_radio_high,recall,recall_seed_low,recall_seed_high,recall_radio_low,recall_radio_high,warnings_per_uploader,warnings_per_uploader_seed_low,warnings_per_uploader_seed_high,warnings_per_uploader_radio_low,warnings_per_uploader_radio_high,warned_later_positive_share,warned_later_positive_share_seed_low,warned_later_positive_share_seed_high,warned_later_positive_share_radio_low,warned_later_positive_share_radio_high\n"
        func f(_ v: Double) -> String { MetricsCSV.fixed(v, 4) }
        for row in rows {
            var cells = [
                row.label.rawValue, TextEscaping.csvField(row.variant), row.digest, String(row.runs), String(row.warned),
                row.label.isProbabilistic ? f(row.atRisk) : String(Int(row.atRisk)),
            ]
            for e in [row.precision, row.recall, row.warningsPerUploader, row.warnedLaterPositiveShare] {
                cells += [f(e.value), f(e.seedInterval.lower), f(e.seedInterval.upper), f(e.radioRange.lower), f(e.radioRange.upper)]
            }
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }

    /// The lines `evaluate` prints for the primary label when the runs were
    /// drawn under more than one channel (empty otherwise).
    package static func text(_ rows: [Row], primary: GroundTruthLabel) -> String {
        let mine = rows.filter { $0.label == primary }
        guard mine.count > 2 else { return "" }
        func n(_ v: Double) -> String { MetricsCSV.fixed(v, 3) }
        func e(_ x: Estimate, radio: Bool) -> String {
            "\(n(x.value)) seeds [\(n(x.seedInterval.lower)), \(n(x.seedInterval.upper))]"
                + (radio ? " radio [\(n(x.radioRange.lower)), \(n(x.radioRange.upper))]" : "")
        }
        var out = "radio variants (\(primary.rawValue)): \(mine.count - 1) channels\n"
        for row in mine {
            let ensemble = row.variant == "ensemble"
            out += "  \(row.variant) (\(row.runs) run\(row.runs == 1 ? "" : "s")): precision \(e(row.precision, radio: ensemble)), "
            out += "recall \(e(row.recall, radio: ensemble))\n"
            out += "    warnings per uploader \(e(row.warningsPerUploader, radio: ensemble)), "
            out += "warned and later positive \(e(row.warnedLaterPositiveShare, radio: ensemble))\n"
        }
        return out
    }
}
