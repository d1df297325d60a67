/// Warned-versus-at-risk counts over app users, and the metrics analysts read
/// from them. A phone is *positive* when the ground-truth label says it was at
/// risk and *warned* when its total risk level was HIGH in the evaluation period.
package struct ConfusionMatrix: Hashable, Sendable {
    package var truePositives = 0
    package var falsePositives = 0
    package var falseNegatives = 0
    package var trueNegatives = 0

    package init() {}

    package init(truePositives: Int, falsePositives: Int, falseNegatives: Int, trueNegatives: Int) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
        self.trueNegatives = trueNegatives
    }

    /// Counts over paired per-phone outcomes.
    package init(warned: [Bool], atRisk: [Bool]) {
        precondition(warned.count == atRisk.count)
        for (w, r) in zip(warned, atRisk) { add(warned: w, atRisk: r) }
    }

    /// The counts of two sets of phones together (pooling runs).
    package static func + (a: ConfusionMatrix, b: ConfusionMatrix) -> ConfusionMatrix {
        ConfusionMatrix(
            truePositives: a.truePositives + b.truePositives, falsePositives: a.falsePositives + b.falsePositives,
            falseNegatives: a.falseNegatives + b.falseNegatives, trueNegatives: a.trueNegatives + b.trueNegatives)
    }

    /// Adds another set of phones' counts.
    package static func += (a: inout ConfusionMatrix, b: ConfusionMatrix) { a = a + b }

    /// Adds one phone.
    package mutating func add(warned: Bool, atRisk: Bool) {
        switch (warned, atRisk) {
        case (true, true): truePositives += 1
        case (true, false): falsePositives += 1
        case (false, true): falseNegatives += 1
        case (false, false): trueNegatives += 1
        }
    }

    package var phones: Int { truePositives + falsePositives + falseNegatives + trueNegatives }
    package var warned: Int { truePositives + falsePositives }
    package var atRisk: Int { truePositives + falseNegatives }

    /// The metrics, computed once for whole and expected phones alike (``LabelCounts``).
    package var precision: Double { LabelCounts(self).precision }
    package var recall: Double { LabelCounts(self).recall }
    package var f1: Double { LabelCounts(self).f1 }
    package var falsePositiveRate: Double { LabelCounts(self).falsePositiveRate }
    package var warningsPerThousand: Double { LabelCounts(self).warningsPerThousand }
}
