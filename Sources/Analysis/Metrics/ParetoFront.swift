/// One configuration's precision and recall, named by its configuration id.
package struct PrecisionRecallPoint: Hashable, Sendable {
    /// The configuration id (the `id` column of `metrics.csv`).
    package var id: String
    /// TP / (TP + FP); NaN when nobody was warned.
    package var precision: Double
    /// TP / (TP + FN); NaN when nobody was at risk.
    package var recall: Double
    /// 95 % intervals of precision and recall (bootstrap over phones), when known.
    package var precisionInterval: ClosedRange<Double>?
    package var recallInterval: ClosedRange<Double>?

    package init(
        id: String, precision: Double, recall: Double, precisionInterval: ClosedRange<Double>? = nil,
        recallInterval: ClosedRange<Double>? = nil
    ) {
        self.id = id
        self.precision = precision
        self.recall = recall
        self.precisionInterval = precisionInterval
        self.recallInterval = recallInterval
    }

    /// Whether both coordinates are numbers (neither NaN).
    package var isDefined: Bool { !precision.isNaN && !recall.isNaN }

    /// Whether `self` dominates `other`: at least as good in both precision
    /// and recall, and strictly better in one.
    package func dominates(_ other: PrecisionRecallPoint) -> Bool {
        precision >= other.precision && recall >= other.recall
            && (precision > other.precision || recall > other.recall)
    }
}

/// The precision–recall Pareto front of a set of configurations: the
/// configurations that no other configuration beats in both precision and
/// recall. Any configuration off the front can be replaced by one on it without
/// losing either precision or recall; the front is the menu of real trade-offs.
package enum ParetoFront {
    /// The points not dominated by any other point (another point with
    /// precision ≥ and recall ≥, at least one strictly greater).
    ///
    /// Points with a NaN precision or recall are left out. Points with
    /// identical coordinates do not dominate each other, so all of them are
    /// kept. The result is sorted by recall ascending, then precision
    /// descending, then id, so it does not depend on the input order.
    /// O(n log n).
    package static func compute(_ points: [PrecisionRecallPoint]) -> [PrecisionRecallPoint] {
        // Recall descending, precision descending: a point is on the front iff
        // its precision is the highest among the points of its recall and
        // exceeds every precision seen at strictly higher recall.
        let candidates = points.filter(\.isDefined).sorted {
            $0.recall != $1.recall ? $0.recall > $1.recall : $0.precision > $1.precision
        }
        var front = [PrecisionRecallPoint]()
        var bestAtHigherRecall: Double? = nil
        var index = 0
        while index < candidates.count {
            let recall = candidates[index].recall
            let top = candidates[index].precision
            var end = index
            while end < candidates.count && candidates[end].recall == recall { end += 1 }
            if bestAtHigherRecall.map({ top > $0 }) ?? true {
                for point in candidates[index..<end] where point.precision == top { front.append(point) }
                bestAtHigherRecall = top
            }
            index = end
        }
        return front.sorted(by: frontOrder)
    }

    /// The front's order: recall ascending, then precision descending, then id.
    static func frontOrder(_ a: PrecisionRecallPoint, _ b: PrecisionRecallPoint) -> Bool {
        if a.recall != b.recall { return a.recall < b.recall }
        if a.precision != b.precision { return a.precision > b.precision }
        return a.id < b.id
    }
}
