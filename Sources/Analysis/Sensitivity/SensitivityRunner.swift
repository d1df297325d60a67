import Foundation
import RiskCalculation
import WarnSimCore

/// `warnsim sensitivity`: how much each parameter of a ``TuneSpace`` moves
/// each metric over the whole space, scored by the batch scorer on the runs'
/// recorded windows. Sobol' first-order and total indices (``SobolIndices``,
/// Saltelli et al. 2010 design and first-order estimator, Jansen 1999 total)
/// or Morris elementary effects (``MorrisScreening``) as the cheap screen,
/// each with bootstrap intervals. A design point maps to the space by each
/// coordinate's range (lattices and lists by rounding to their points).
package struct SensitivityRunner: Sendable {
    package enum Method: String, Sendable, CaseIterable {
        case sobol, morris
    }

    /// One parameter's indices for one metric (a row of `sensitivity.csv`).
    package struct Row: Sendable, Hashable {
        package var metric: MetricName
        package var parameter: String
        /// Sobol' first order and total, or Morris μ* (in `first`) and σ (in `total`, without interval).
        package var first: SobolIndices.Index
        package var total: SobolIndices.Index
        package var mu: Double
    }

    package let runs: RunSet
    package let space: TuneSpace
    package let metrics: [MetricName]
    package let method: Method
    package let samples: Int
    package let seed: UInt64

    package init(runs: RunSet, space: TuneSpace, metrics: [MetricName], method: Method, samples: Int, seed: UInt64) {
        self.runs = runs
        self.space = space
        self.metrics = metrics
        self.method = method
        self.samples = samples
        self.seed = seed
    }

    /// The evaluations the design needs.
    package var evaluationCount: Int {
        let k = space.parameters.count
        return method == .sobol ? samples * (k + 2) : samples * (k + 1)
    }

    /// Scores the design and computes the indices; `progress(done, total)` after each batch.
    package func run(workers: Int, progress: (Int, Int) -> Void) throws -> [Row] {
        let k = space.parameters.count
        let points: [[Double]]
        var sobol: SobolDesign?
        var morris: MorrisScreening.Design?
        switch method {
        case .sobol:
            sobol = SobolDesign(dimensions: k, baseSamples: samples, seed: seed)
            points = sobol!.points
        case .morris:
            morris = MorrisScreening.Design(dimensions: k, trajectories: samples, seed: seed)
            points = morris!.points
        }
        var configurations: [RiskConfiguration] = []
        var rejected = 0
        var reason = ""
        for (i, unit) in points.enumerated() {
            let x = zip(space.parameters, unit).map { p, u in p.bounds.lowerBound + u * (p.bounds.upperBound - p.bounds.lowerBound) }
            switch space.configuration(at: x, name: "sensitivity #\(i + 1)") {
            case .success(let c): configurations.append(c)
            case .failure(let error):
                rejected += 1
                reason = error.problem
            }
        }
        guard rejected == 0 else {
            throw InputError(
                file: space.file, field: "parameters",
                problem:
                    "\(rejected) of the design's \(points.count) points are not valid configurations (for example: \(reason)); narrow the ranges so that no combination breaks the format's rules"
            )
        }
        let statistics = ConfigurationStatistics(runs: runs)
        let labels = Set(metrics.compactMap(\.label))
        let needsField = metrics.contains { $0.label == nil }
        var outputs = [[Double]](repeating: [], count: metrics.count)
        let batch = 250
        for start in stride(from: 0, to: configurations.count, by: batch) {
            let chunk = Array(configurations[start..<min(start + batch, configurations.count)])
            let stats = statistics.statistics(
                warnings: try statistics.warnings(chunk, workers: workers), labels: labels, fieldOutcomes: needsField)
            for perRun in stats {
                let pooled = perRun.reduce(RunStatistics(), +)
                for (m, metric) in metrics.enumerated() { outputs[m].append(pooled.value(metric)) }
            }
            progress(min(start + batch, configurations.count), configurations.count)
        }
        var rows: [Row] = []
        for (m, metric) in metrics.enumerated() {
            if let sobol {
                let indices = SobolIndices(design: sobol, outputs: outputs[m], seed: seed)
                for (i, parameter) in space.parameters.enumerated() {
                    rows.append(
                        Row(metric: metric, parameter: parameter.name, first: indices.firstOrder[i], total: indices.total[i], mu: .nan))
                }
            } else if let morris {
                let screening = MorrisScreening(design: morris, outputs: outputs[m], seed: seed)
                for (i, parameter) in space.parameters.enumerated() {
                    let e = screening.effects[i]
                    rows.append(
                        Row(
                            metric: metric, parameter: parameter.name,
                            first: SobolIndices.Index(value: e.muStar, lower: e.muStarLower, upper: e.muStarUpper),
                            total: SobolIndices.Index(value: e.sigma, lower: .nan, upper: .nan), mu: e.mu))
                }
            }
        }
        return rows
    }

    /// `sensitivity.csv`.
    package func csv(_ rows: [Row]) -> String {
        var out =
            method == .sobol
            ? "metric,parameter,first_order,first_order_low,first_order_high,total,total_low,total_high\n"
            : "metric,parameter,mu_star,mu_star_low,mu_star_high,mu,sigma\n"
        for row in rows {
            var cells = [row.metric.description, MetricsCSV.escape(row.parameter)]
            let f = { MetricsCSV.fixed($0, 6) }
            if method == .sobol {
                cells += [
                    f(row.first.value), f(row.first.lower), f(row.first.upper), f(row.total.value), f(row.total.lower), f(row.total.upper),
                ]
            } else {
                cells += [f(row.first.value), f(row.first.lower), f(row.first.upper), f(row.mu), f(row.total.value)]
            }
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }

    /// A horizontal bar chart of one metric's indices (total, or μ*), with
    /// interval whiskers, parameters ranked by it.
    package func chart(_ rows: [Row], metric: MetricName) -> String {
        let mine = rows.filter { $0.metric == metric }.sorted {
            let a = method == .sobol ? $0.total.value : $0.first.value
            let b = method == .sobol ? $1.total.value : $1.first.value
            return (a.isNaN ? -1 : a, $1.parameter) > (b.isNaN ? -1 : b, $0.parameter)
        }
        let rowHeight = 26.0
        let left = 190.0
        let width = 640.0
        let plotWidth = width - left - 40
        let height = 70 + rowHeight * Double(mine.count)
        var svg = SVGDocument(width: width, height: height)
        svg.element("rect", ["x": "0", "y": "0", "width": SVGNumber.pixel(width), "height": SVGNumber.pixel(height), "fill": "white"])
        let what = method == .sobol ? "Sobol' total (bar) and first-order (dot) indices" : "Morris μ* (mean |elementary effect|)"
        svg.element(
            "text", ["x": SVGNumber.pixel(width / 2), "y": "22", "text-anchor": "middle", "font-family": "sans-serif", "font-size": "13"],
            text: "\(metric): \(what), 95 % intervals")
        let values = mine.flatMap { [$0.first.value, $0.first.upper, $0.total.value, $0.total.upper] }.filter(\.isFinite)
        let top = max(values.max() ?? 1, method == .sobol ? 1 : 1e-12)
        func x(_ v: Double) -> Double { left + max(0, min(v, top)) / top * plotWidth }
        for (i, row) in mine.enumerated() {
            let y = 40 + rowHeight * Double(i)
            svg.element(
                "text",
                [
                    "x": SVGNumber.pixel(left - 8), "y": SVGNumber.pixel(y + 16), "text-anchor": "end", "font-family": "sans-serif",
                    "font-size": "12",
                ],
                text: row.parameter)
            let bar = method == .sobol ? row.total : row.first
            if bar.value.isFinite {
                svg.element(
                    "rect",
                    [
                        "x": SVGNumber.pixel(left), "y": SVGNumber.pixel(y + 4), "width": SVGNumber.pixel(x(bar.value) - left),
                        "height": "16", "fill": "#7a9cc6",
                    ])
            }
            if bar.lower.isFinite, bar.upper.isFinite {
                svg.element(
                    "line",
                    [
                        "x1": SVGNumber.pixel(x(bar.lower)), "x2": SVGNumber.pixel(x(bar.upper)), "y1": SVGNumber.pixel(y + 12),
                        "y2": SVGNumber.pixel(y + 12),
                        "stroke": "black",
                    ])
            }
            if method == .sobol, row.first.value.isFinite {
                svg.element("circle", ["cx": SVGNumber.pixel(x(row.first.value)), "cy": SVGNumber.pixel(y + 12), "r": "4", "fill": "#c33"])
            }
        }
        svg.element(
            "text", ["x": SVGNumber.pixel(left), "y": SVGNumber.pixel(height - 10), "font-family": "sans-serif", "font-size": "11"],
            text: "0")
        svg.element(
            "text",
            [
                "x": SVGNumber.pixel(left + plotWidth), "y": SVGNumber.pixel(height - 10), "text-anchor": "end",
                "font-family": "sans-serif", "font-size": "11",
            ],
            text: MetricsCSV.fixed(top, 3))
        return svg.rendered()
    }
}
