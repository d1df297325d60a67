/// Warned-versus-at-risk counts over app users, and the metrics analysts read
/// from them. A phone is *positive* when the ground-truth label says it was at
/// risk and *warned* when its total risk level was HIGH in the evaluation period.
public struct ConfusionMatrix: Hashable, Sendable {
    public var truePositives = 0
    public var falsePositives = 0
    public var falseNegatives = 0
    public var trueNegatives = 0

    public init() {}

    public init(truePositives: Int, falsePositives: Int, falseNegatives: Int, trueNegatives: Int) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
        self.trueNegatives = trueNegatives
    }

    /// Counts over paired per-phone outcomes.
    public init(warned: [Bool], atRisk: [Bool]) {
        precondition(warned.count == atRisk.count)
        for (w, r) in zip(warned, atRisk) { add(warned: w, atRisk: r) }
    }

    /// The counts of two sets of phones together (pooling runs).
    public static func + (a: ConfusionMatrix, b: ConfusionMatrix) -> ConfusionMatrix {
        ConfusionMatrix(
            truePositives: a.truePositives + b.truePositives, falsePositives: a.falsePositives + b.falsePositives,
            falseNegatives: a.falseNegatives + b.falseNegatives, trueNegatives: a.trueNegatives + b.trueNegatives)
    }

    /// Adds another set of phones' counts.
    public static func += (a: inout ConfusionMatrix, b: ConfusionMatrix) { a = a + b }

    /// Adds one phone.
    public mutating func add(warned: Bool, atRisk: Bool) {
        switch (warned, atRisk) {
        case (true, true): truePositives += 1
        case (true, false): falsePositives += 1
        case (false, true): falseNegatives += 1
        case (false, false): trueNegatives += 1
        }
    }

    public var phones: Int { truePositives + falsePositives + falseNegatives + trueNegatives }
    public var warned: Int { truePositives + falsePositives }
    public var atRisk: Int { truePositives + falseNegatives }

    /// TP / (TP + FP); NaN when nobody was warned.
    public var precision: Double { ratio(truePositives, warned) }
    /// TP / (TP + FN); NaN when nobody was at risk.
    public var recall: Double { ratio(truePositives, atRisk) }
    /// Harmonic mean of precision and recall; NaN when either is NaN, 0 when both are 0.
    public var f1: Double {
        let p = precision
        let r = recall
        guard !p.isNaN, !r.isNaN else { return .nan }
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }
    /// FP / (FP + TN); NaN when nobody was not at risk.
    public var falsePositiveRate: Double { ratio(falsePositives, falsePositives + trueNegatives) }
    /// Warnings per 1,000 app users.
    public var warningsPerThousand: Double { ratio(warned * 1000, phones) }

    private func ratio(_ numerator: Int, _ denominator: Int) -> Double {
        denominator == 0 ? .nan : Double(numerator) / Double(denominator)
    }
}
