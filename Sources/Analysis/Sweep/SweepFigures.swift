/// The Pareto table and the two charts of a sweep.
enum SweepFigures {
    /// `pareto.csv`: the configurations on the precision–recall Pareto front,
    /// by recall ascending, with their parameters.
    static func paretoCSV(_ points: [PrecisionRecallPoint], plan: SweepPlan) -> String {
        let cells = Dictionary(uniqueKeysWithValues: plan.entries.map { ($0.id, $0.cells) })
        var out = (["id", "precision", "recall"] + plan.columns).map(MetricsCSV.escape).joined(separator: ",") + "\n"
        for point in ParetoFront.compute(points) {
            out +=
                ([MetricsCSV.escape(point.id), MetricsCSV.fixed(point.precision, 6), MetricsCSV.fixed(point.recall, 6)]
                + cells[point.id, default: []].map(MetricsCSV.escape)).joined(separator: ",") + "\n"
        }
        return out
    }

    /// `pr-curve.svg` and `pareto.svg`. A sweep of one numeric parameter draws
    /// its configurations connected in the order of that parameter.
    /// `atRisk`: the people at risk under the primary label behind every point
    /// (expected people for a probabilistic label), named in the titles.
    static func plots(
        _ points: [PrecisionRecallPoint], plan: SweepPlan, spec: SweepSpecification, production: String, atRisk: Double
    ) -> [(String, String)] {
        let primary = spec.labels.primary
        let people = primary.isProbabilistic ? SVGNumber.decimal(atRisk, digits: 1) + " expected" : SVGNumber.grouped(Int(atRisk.rounded()))
        let label = primary.rawValue.replacingOccurrences(of: "_", with: " ") + ", \(people) at risk"
        let count = points.count
        let title = "Precision and recall of \(count) configuration\(count == 1 ? "" : "s") — label: \(label)"
        let marker = points.first { $0.id == "production" }.map { ProductionMarker(point: $0, label: "production (\(production))") }
        var ordering: SweepOrdering?
        if plan.columns.count == 1, spec.method != .files {
            let generated = plan.entries.filter { $0.id != "production" && $0.configuration != nil }
            let sorted = generated.sorted { (Double($0.cells[0]) ?? 0, $0.id) < (Double($1.cells[0]) ?? 0, $1.id) }
            ordering = SweepOrdering(parameter: plan.columns[0], ids: sorted.map(\.id))
        }
        var curve = PrecisionRecallCurve(title: title, points: points, ordering: ordering, production: marker)
        let byID = Dictionary(points.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if spec.method == .files {
            // Every listed configuration by its name.
            curve.labels = points.filter { $0.id != "production" }.map { PointLabels.Label(point: $0, text: $0.id) }
        } else if let ordering {
            // The swept values along the line, at most about a dozen.
            let cells = Dictionary(uniqueKeysWithValues: plan.entries.map { ($0.id, $0.cells[0]) })
            let step = max(1, (ordering.ids.count + 11) / 12)
            curve.labels = stride(from: 0, to: ordering.ids.count, by: step).compactMap { index in
                let id = ordering.ids[index]
                return byID[id].map { PointLabels.Label(point: $0, text: "\(cells[id] ?? "")") }
            }
        }
        return [
            (PrecisionRecallCurve.fileName, curve.svg()),
            (
                ParetoChart.fileName,
                ParetoChart(title: "Precision–recall Pareto front — label: \(label)", points: points, production: marker).svg()
            ),
        ]
    }
}
