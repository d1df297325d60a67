/// Warned-versus-at-risk counts of one ground-truth label, in phones: whole
/// phones for the binary labels, expected phones for the probabilistic one
/// (``GroundTruthLabel/expected``, where a phone counts as at risk with its
/// probability of infection). The metrics are the same ratios either way.
public struct LabelCounts: Hashable, Sendable {
    public var truePositives = 0.0
    public var falsePositives = 0.0
    public var falseNegatives = 0.0
    public var trueNegatives = 0.0

    public init() {}

    public init(truePositives: Double, falsePositives: Double, falseNegatives: Double, trueNegatives: Double) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
        self.trueNegatives = trueNegatives
    }

    /// The counts of `phones` phones of which `warned` were warned, `atRisk`
    /// were at risk and `hits` both.
    public init(phones: Double, warned: Double, atRisk: Double, hits: Double) {
        self.init(
            truePositives: hits, falsePositives: warned - hits, falseNegatives: atRisk - hits,
            trueNegatives: phones - warned - atRisk + hits)
    }

    /// The same counts of a binary label.
    public init(_ matrix: ConfusionMatrix) {
        self.init(
            truePositives: Double(matrix.truePositives), falsePositives: Double(matrix.falsePositives),
            falseNegatives: Double(matrix.falseNegatives), trueNegatives: Double(matrix.trueNegatives))
    }

    /// The counts of two sets of phones together (pooling runs).
    public static func + (a: LabelCounts, b: LabelCounts) -> LabelCounts {
        LabelCounts(
            truePositives: a.truePositives + b.truePositives, falsePositives: a.falsePositives + b.falsePositives,
            falseNegatives: a.falseNegatives + b.falseNegatives, trueNegatives: a.trueNegatives + b.trueNegatives)
    }

    public var phones: Double { truePositives + falsePositives + falseNegatives + trueNegatives }
    public var warned: Double { truePositives + falsePositives }
    public var atRisk: Double { truePositives + falseNegatives }

    /// TP / (TP + FP); NaN when nobody was warned.
    public var precision: Double { ratio(truePositives, warned) }
    /// TP / (TP + FN); NaN when nobody was at risk.
    public var recall: Double { ratio(truePositives, atRisk) }
    /// Harmonic mean of precision and recall; NaN when either is NaN, 0 when both are 0.
    public var f1: Double { Self.f1(precision: precision, recall: recall) }

    /// Harmonic mean of `precision` and `recall`; NaN when either is NaN, 0 when both are 0.
    public static func f1(precision p: Double, recall r: Double) -> Double {
        guard !p.isNaN, !r.isNaN else { return .nan }
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }
    /// FP / (FP + TN); NaN when nobody was not at risk.
    public var falsePositiveRate: Double { ratio(falsePositives, falsePositives + trueNegatives) }
    /// Warnings per 1,000 app users.
    public var warningsPerThousand: Double { ratio(warned * 1000, phones) }

    private func ratio(_ numerator: Double, _ denominator: Double) -> Double {
        denominator <= 0 ? .nan : numerator / denominator
    }
}
