import Foundation
import WarnSimCore

/// `pareto.svg`: every configuration as a faint dot, the precision–recall
/// Pareto front (`ParetoFront.compute`) as a step line through its emphasised
/// points, each named by its id where the label fits, and the production
/// configuration as a labelled red diamond. The
/// step line is the best precision attainable at each recall: from each front
/// point it drops vertically to the next point's precision, then runs across
/// to that point.
///
/// ```swift
/// let chart = ParetoChart(
///     title: "Pareto front of 1,000 configurations — label: detectable infection",
///     points: points,
///     production: ProductionMarker(point: productionRow, label: "production (cwa-2021-04-14)"))
/// try chart.write(to: outputFolder.appendingPathComponent(ParetoChart.fileName))
/// ```
///
/// The front's points and production carry their 95 % intervals as error
/// bars when the points have them.
///
/// Configurations with an undefined precision or recall are not drawn (nor
/// can they be on the front); a footnote says how many. The same input gives
/// byte-identical SVG.
package struct ParetoChart: Sendable {
    /// The file name `warnsim sweep` writes this chart to.
    package static let fileName = "pareto.svg"

    package var title: String
    package var points: [PrecisionRecallPoint]
    package var production: ProductionMarker?

    package init(title: String, points: [PrecisionRecallPoint], production: ProductionMarker? = nil) {
        self.title = title
        self.points = points
        self.production = production
    }

    /// The front drawn, as `ParetoFront.compute` gives it for the plottable points.
    package var front: [PrecisionRecallPoint] { ParetoFront.compute(points.filter(ConfigurationDots.isPlottable)) }

    static let dotColor = "#7f7f7f"
    static let frontColor = "#e6550d"

    /// The chart as an SVG document.
    package func svg() -> String {
        let dots = ConfigurationDots(points)
        let front = front
        let frontLabel = "Pareto front (\(SVGNumber.grouped(front.count)) \(front.count == 1 ? "configuration" : "configurations"))"
        var legend = [
            LegendEntry(symbol: .dot(color: Self.dotColor, opacity: 0.5), label: "one configuration"),
            LegendEntry(symbol: .lineWithPoint(color: Self.frontColor, width: 2), label: frontLabel),
        ]
        if production != nil { legend.append(LegendEntry(symbol: .production, label: "production configuration")) }
        let footnotes = [dots.footnote, production?.footnote].compactMap { $0 }
        let axes = PrecisionRecallFigure.axes(points, production: production)
        // Each front point named by its id (the rows of pareto.csv).
        let pointLabels = PointLabels(
            labels: front.filter { $0.id != "production" }.map { PointLabels.Label(point: $0, text: $0.id) }, color: Self.frontColor,
            production: production)
        let figure = PrecisionRecallFigure.withLabels(
            pointLabels, title: title, legend: legend, footnotes: footnotes, recallAxis: axes.recall, precisionAxis: axes.precision)
        return figure.render { svg, area in
            dots.draw(into: &svg, area: area, id: "configurations", color: Self.dotColor, opacity: dots.opacity * 0.8, radius: 2.2)
            svg.open("g", ["id": "pareto-front"])
            if front.count > 1 {
                var d =
                    "M" + SVGNumber.pixel(area.x(recall: front[0].recall)) + " " + SVGNumber.pixel(area.y(precision: front[0].precision))
                for point in front.dropFirst() {
                    d += "V" + SVGNumber.pixel(area.y(precision: point.precision)) + "H" + SVGNumber.pixel(area.x(recall: point.recall))
                }
                svg.element(
                    "path",
                    [
                        "d": d, "fill": "none", "stroke": Self.frontColor, "stroke-width": "2", "stroke-linejoin": "round",
                    ])
            }
            for point in front { ErrorBars.draw(point, into: &svg, area: area, color: Self.frontColor) }
            for point in front {
                svg.element(
                    "circle",
                    [
                        "cx": SVGNumber.pixel(area.x(recall: point.recall)), "cy": SVGNumber.pixel(area.y(precision: point.precision)),
                        "r": "4", "fill": Self.frontColor, "stroke": "white", "stroke-width": "1",
                    ])
            }
            svg.close()
            pointLabels.draw(into: &svg, area: area, chartWidth: PrecisionRecallFigure.width, id: "front-labels")
            production?.draw(into: &svg, area: area, chartWidth: PrecisionRecallFigure.width)
        }
    }

    /// Writes the SVG to `url` atomically (temporary file, then rename).
    package func write(to url: URL) throws {
        try AtomicFile.write(svg(), to: url)
    }
}
