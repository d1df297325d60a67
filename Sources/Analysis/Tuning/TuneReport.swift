import Foundation
import RiskCalculation
import WarnSimCore

/// The files of a `warnsim tune` folder besides the configurations and the
/// manifest: `trace.csv`, `summary.csv` and `convergence.svg`.
package enum TuneReport {
    /// `trace.csv`: every evaluated configuration, in evaluation order.
    package static func trace(_ result: TuneRunner.Result, space: TuneSpace, objective: TuneObjective) -> String {
        var columns = ["evaluation", "generation"] + space.parameters.map(\.name)
        columns += ["objective"] + objective.constraints.map { "constraint:" + $0.description }
        columns += ["feasible", "rejected"]
        var out = columns.map(MetricsCSV.escape).joined(separator: ",") + "\n"
        for e in result.evaluations {
            var cells = [String(e.index), String(e.generation)] + e.values.map(SweepPlan.cell)
            cells.append(MetricsCSV.fixed(e.objective, 6))
            cells += e.constraintValues.map { MetricsCSV.fixed($0, 6) }
            if e.constraintValues.isEmpty { cells += objective.constraints.map { _ in "" } }
            cells += [e.feasible ? "1" : "0", MetricsCSV.escape(e.rejection ?? "")]
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }

    /// `summary.csv`: production and the recommendation on the tuning and
    /// held-out seeds, every reported metric with its interval, and the
    /// paired difference.
    package static func summary(_ result: TuneRunner.Result) -> String {
        var out =
            "seeds,metric,production,production_low,production_high,recommended,recommended_low,recommended_high,difference,difference_low,difference_high,probability_better\n"
        for (set, comparison) in [("tuning", result.tuning), ("holdout", result.holdout)] {
            guard let comparison else { continue }
            for row in comparison.rows {
                out +=
                    [
                        set, row.metric.description, MetricsCSV.fixed(row.a, 6), MetricsCSV.fixed(row.aInterval.lower, 6),
                        MetricsCSV.fixed(row.aInterval.upper, 6), MetricsCSV.fixed(row.b, 6), MetricsCSV.fixed(row.bInterval.lower, 6),
                        MetricsCSV.fixed(row.bInterval.upper, 6), MetricsCSV.fixed(row.difference, 6),
                        MetricsCSV.fixed(row.interval.lower, 6), MetricsCSV.fixed(row.interval.upper, 6),
                        MetricsCSV.fixed(row.probabilityBetter, 4),
                    ].joined(separator: ",") + "\n"
            }
        }
        return out
    }

    /// The lines `tune` prints at the end.
    package static func text(_ result: TuneRunner.Result, objective: TuneObjective) -> String {
        func n(_ v: Double) -> String { MetricsCSV.fixed(v, 4) }
        var out = "tune: \(result.evaluations.count) configurations, \(result.stopReason ?? "")\n"
        out += "tuning seeds \(result.tuningSeeds.map(String.init).joined(separator: ",")); held out "
        out +=
            result.holdoutSeeds.isEmpty
            ? "none (the figures below are on the seeds the recommendation was chosen on)\n"
            : "\(result.holdoutSeeds.map(String.init).joined(separator: ","))\n"
        guard result.recommended != nil else {
            return out + "no configuration met every constraint on the tuning seeds\n"
        }
        for (set, comparison) in [("tuning", result.tuning), ("held-out", result.holdout)] {
            guard let comparison else { continue }
            out += "\(set) seeds:\n"
            for row in comparison.rows.prefix(objective.metrics.count) {
                out += "  \(row.metric): production \(n(row.a)) [\(n(row.aInterval.lower)), \(n(row.aInterval.upper))], "
                out += "recommended \(n(row.b)) [\(n(row.bInterval.lower)), \(n(row.bInterval.upper))], "
                out += "difference \(n(row.difference)) [\(n(row.interval.lower)), \(n(row.interval.upper))]\n"
            }
        }
        for failure in result.holdoutFailures { out += "held-out constraint not met: \(failure)\n" }
        return out
    }

    /// `convergence.svg`: the best feasible objective so far against the
    /// configurations evaluated, with each generation's best as a dot.
    package static func convergence(_ result: TuneRunner.Result, objective: TuneObjective) -> String {
        let width = 640.0
        let height = 400.0
        let left = 80.0
        let top = 40.0
        let plotWidth = width - left - 30
        let plotHeight = height - top - 60
        var svg = SVGDocument(width: width, height: height)
        svg.element("rect", ["x": "0", "y": "0", "width": SVGNumber.pixel(width), "height": SVGNumber.pixel(height), "fill": "white"])
        svg.element(
            "text", ["x": SVGNumber.pixel(width / 2), "y": "24", "text-anchor": "middle", "font-family": "sans-serif", "font-size": "14"],
            text: "\(objective.maximize ? "maximise" : "minimise") \(objective.metric): best feasible so far")
        var bestSoFar: [(Double, Double)] = []
        var generationBest: [Int: Double] = [:]
        var running: Double?
        for e in result.evaluations where e.feasible {
            if running == nil || (objective.maximize ? e.objective > running! : e.objective < running!) { running = e.objective }
            bestSoFar.append((Double(e.index), running!))
            let g = generationBest[e.generation]
            if g == nil || (objective.maximize ? e.objective > g! : e.objective < g!) { generationBest[e.generation] = e.objective }
        }
        let values = bestSoFar.map(\.1) + generationBest.values
        let total = Double(max(result.evaluations.count, 1))
        guard let low = values.min(), let high = values.max() else {
            svg.element(
                "text",
                ["x": SVGNumber.pixel(width / 2), "y": SVGNumber.pixel(height / 2), "text-anchor": "middle", "font-family": "sans-serif"],
                text: "no feasible configuration")
            return svg.rendered()
        }
        let span = high > low ? high - low : max(abs(high), 1e-3)
        let yLow = low - 0.05 * span
        let yHigh = high + 0.05 * span
        func x(_ v: Double) -> Double { left + v / total * plotWidth }
        func y(_ v: Double) -> Double { top + plotHeight - (v - yLow) / (yHigh - yLow) * plotHeight }
        svg.element(
            "rect",
            [
                "x": SVGNumber.pixel(left), "y": SVGNumber.pixel(top), "width": SVGNumber.pixel(plotWidth),
                "height": SVGNumber.pixel(plotHeight),
                "fill": "none", "stroke": "#888",
            ])
        for k in 0...4 {
            let v = yLow + Double(k) / 4 * (yHigh - yLow)
            svg.element(
                "text",
                [
                    "x": SVGNumber.pixel(left - 6), "y": SVGNumber.pixel(y(v) + 4), "text-anchor": "end", "font-family": "sans-serif",
                    "font-size": "11",
                ],
                text: MetricsCSV.fixed(v, 4))
            let e = Double(k) / 4 * total
            svg.element(
                "text",
                [
                    "x": SVGNumber.pixel(x(e)), "y": SVGNumber.pixel(top + plotHeight + 16), "text-anchor": "middle",
                    "font-family": "sans-serif", "font-size": "11",
                ],
                text: String(Int(e.rounded())))
        }
        svg.element(
            "text",
            [
                "x": SVGNumber.pixel(left + plotWidth / 2), "y": SVGNumber.pixel(height - 14), "text-anchor": "middle",
                "font-family": "sans-serif", "font-size": "12",
            ],
            text: "configurations evaluated")
        for (g, v) in generationBest.sorted(by: { $0.key < $1.key }) {
            let lastIndex = result.evaluations.last { $0.generation == g }!.index
            svg.element("circle", ["cx": SVGNumber.pixel(x(Double(lastIndex))), "cy": SVGNumber.pixel(y(v)), "r": "2", "fill": "#9ab"])
        }
        let points = bestSoFar.map { "\(SVGNumber.pixel(x($0.0))),\(SVGNumber.pixel(y($0.1)))" }.joined(separator: " ")
        svg.element("polyline", ["points": points, "fill": "none", "stroke": "#c33", "stroke-width": "2"])
        return svg.rendered()
    }
}
