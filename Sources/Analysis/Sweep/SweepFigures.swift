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
    static func plots(_ points: [PrecisionRecallPoint], plan: SweepPlan, spec: SweepSpecification, production: String) -> [(String, String)]
    {
        let label = spec.labels.primary.rawValue.replacingOccurrences(of: "_", with: " ")
        let count = points.count
        let title = "Precision and recall of \(count) configuration\(count == 1 ? "" : "s") — label: \(label)"
        let marker = points.first { $0.id == "production" }.map { ProductionMarker(point: $0, label: "production (\(production))") }
        var ordering: SweepOrdering?
        if plan.columns.count == 1, spec.method != .files {
            let generated = plan.entries.filter { $0.id != "production" && $0.configuration != nil }
            let sorted = generated.sorted { (Double($0.cells[0]) ?? 0, $0.id) < (Double($1.cells[0]) ?? 0, $1.id) }
            ordering = SweepOrdering(parameter: plan.columns[0], ids: sorted.map(\.id))
        }
        return [
            (
                PrecisionRecallCurve.fileName,
                PrecisionRecallCurve(title: title, points: points, ordering: ordering, production: marker).svg()
            ),
            (
                ParetoChart.fileName,
                ParetoChart(title: "Precision–recall Pareto front — label: \(label)", points: points, production: marker).svg()
            ),
        ]
    }
}
