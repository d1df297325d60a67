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

    /// The metrics, computed once for whole and expected phones alike (``LabelCounts``).
    public var precision: Double { LabelCounts(self).precision }
    public var recall: Double { LabelCounts(self).recall }
    public var f1: Double { LabelCounts(self).f1 }
    public var falsePositiveRate: Double { LabelCounts(self).falsePositiveRate }
    public var warningsPerThousand: Double { LabelCounts(self).warningsPerThousand }
}
