/// Warned-versus-at-risk counts of one ground-truth label, in phones: whole
/// phones for the binary labels, expected phones for the probabilistic one
/// (``GroundTruthLabel/expected``, where a phone counts as at risk with its
/// probability of infection). The metrics are the same ratios either way.
package struct LabelCounts: Hashable, Sendable {
    package var truePositives = 0.0
    package var falsePositives = 0.0
    package var falseNegatives = 0.0
    package var trueNegatives = 0.0

    package init() {}

    package init(truePositives: Double, falsePositives: Double, falseNegatives: Double, trueNegatives: Double) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
        self.trueNegatives = trueNegatives
    }

    /// The counts of `phones` phones of which `warned` were warned, `atRisk`
    /// were at risk and `hits` both.
    package init(phones: Double, warned: Double, atRisk: Double, hits: Double) {
        self.init(
            truePositives: hits, falsePositives: warned - hits, falseNegatives: atRisk - hits,
            trueNegatives: phones - warned - atRisk + hits)
    }

    /// The same counts of a binary label.
    package init(_ matrix: ConfusionMatrix) {
        self.init(
            truePositives: Double(matrix.truePositives), falsePositives: Double(matrix.falsePositives),
            falseNegatives: Double(matrix.falseNegatives), trueNegatives: Double(matrix.trueNegatives))
    }

    /// The counts of two sets of phones together (pooling runs).
    package static func + (a: LabelCounts, b: LabelCounts) -> LabelCounts {
        LabelCounts(
            truePositives: a.truePositives + b.truePositives, falsePositives: a.falsePositives + b.falsePositives,
            falseNegatives: a.falseNegatives + b.falseNegatives, trueNegatives: a.trueNegatives + b.trueNegatives)
    }

    package var phones: Double { truePositives + falsePositives + falseNegatives + trueNegatives }
    package var warned: Double { truePositives + falsePositives }
    package var atRisk: Double { truePositives + falseNegatives }

    /// TP / (TP + FP); NaN when nobody was warned.
    package var precision: Double { ratio(truePositives, warned) }
    /// TP / (TP + FN); NaN when nobody was at risk.
    package var recall: Double { ratio(truePositives, atRisk) }
    /// Harmonic mean of precision and recall; NaN when either is NaN, 0 when both are 0.
    package var f1: Double { Self.f1(precision: precision, recall: recall) }

    /// Harmonic mean of `precision` and `recall`; NaN when either is NaN, 0 when both are 0.
    package static func f1(precision p: Double, recall r: Double) -> Double {
        guard !p.isNaN, !r.isNaN else { return .nan }
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }
    /// FP / (FP + TN); NaN when nobody was not at risk.
    package var falsePositiveRate: Double { ratio(falsePositives, falsePositives + trueNegatives) }
    /// Warnings per 1,000 app users.
    package var warningsPerThousand: Double { ratio(warned * 1000, phones) }

    private func ratio(_ numerator: Double, _ denominator: Double) -> Double {
        denominator <= 0 ? .nan : numerator / denominator
    }
}
