import Foundation
import WarnSimCore

/// `pr-curve.svg`: precision (y) against recall (x) of every configuration of
/// a sweep, one semi-transparent dot each; for a one-dimensional sweep the
/// configurations connected in the order of the swept parameter; the
/// production configuration as a labelled red diamond.
///
/// ```swift
/// let chart = PrecisionRecallCurve(
///     title: "Precision and recall of 1,000 configurations — label: detectable infection",
///     points: rows.map { PrecisionRecallPoint(id: $0.id, precision: $0.precision, recall: $0.recall) },
///     ordering: SweepOrdering(parameter: "attenuation_high", ids: idsByThreshold),  // nil unless 1-D
///     production: ProductionMarker(point: productionRow, label: "production (cwa-2021-04-14)"))
/// try chart.write(to: outputFolder.appendingPathComponent(PrecisionRecallCurve.fileName))
/// ```
///
/// Configurations with an undefined precision (nobody warned) or recall
/// (nobody at risk) are not drawn; a footnote says how many. The same input
/// gives byte-identical SVG.
package struct PrecisionRecallCurve: Sendable {
    /// The file name `warnsim sweep` writes this chart to.
    package static let fileName = "pr-curve.svg"

    package var title: String
    package var points: [PrecisionRecallPoint]
    /// The configurations' order along the single swept parameter when the
    /// sweep is one-dimensional; nil draws no line.
    package var ordering: SweepOrdering?
    package var production: ProductionMarker?
    /// Texts beside chosen points: each configuration's id in a `files` sweep,
    /// the swept parameter's values along the line of a one-dimensional sweep.
    var labels: [PointLabels.Label]

    package init(title: String, points: [PrecisionRecallPoint], ordering: SweepOrdering? = nil, production: ProductionMarker? = nil) {
        self.title = title
        self.points = points
        self.ordering = ordering
        self.production = production
        labels = []
    }

    static let dotColor = "#1f77b4"
    static let lineColor = "#0b3f6b"

    /// The chart as an SVG document.
    package func svg() -> String {
        let dots = ConfigurationDots(points)
        let segments = ordering?.segments(of: points) ?? []
        var legend = [LegendEntry(symbol: .dot(color: Self.dotColor, opacity: max(dots.opacity, 0.5)), label: "one configuration")]
        if let ordering {
            legend.append(
                LegendEntry(
                    symbol: .line(color: Self.lineColor, width: 1.5),
                    label: "in order of \(ordering.parameter)" + (labels.isEmpty ? "" : " (its values beside the line)")))
        }
        if production != nil { legend.append(LegendEntry(symbol: .production, label: "production configuration")) }
        let footnotes = [dots.footnote, production?.footnote].compactMap { $0 }
        let axes = PrecisionRecallFigure.axes(points, production: production)
        let pointLabels = PointLabels(labels: labels, color: Self.lineColor, production: production)
        let figure = PrecisionRecallFigure.withLabels(
            pointLabels, title: title, legend: legend, footnotes: footnotes, recallAxis: axes.recall, precisionAxis: axes.precision)
        return figure.render { svg, area in
            dots.draw(into: &svg, area: area, id: "configurations", color: Self.dotColor, opacity: dots.opacity, radius: 2.5)
            if !segments.isEmpty {
                svg.open(
                    "g",
                    [
                        "id": "sweep-order", "fill": "none", "stroke": Self.lineColor, "stroke-width": "1.5", "stroke-linejoin": "round",
                    ])
                for segment in segments {
                    let coordinates = segment.map {
                        SVGNumber.pixel(area.x(recall: $0.recall)) + "," + SVGNumber.pixel(area.y(precision: $0.precision))
                    }
                    svg.element("polyline", ["points": coordinates.joined(separator: " ")])
                }
                svg.close()
            }
            pointLabels.draw(into: &svg, area: area, chartWidth: PrecisionRecallFigure.width, id: "point-labels")
            production?.draw(into: &svg, area: area, chartWidth: PrecisionRecallFigure.width)
        }
    }

    /// Writes the SVG to `url` atomically (temporary file, then rename).
    package func write(to url: URL) throws {
        try AtomicFile.write(svg(), to: url)
    }
}
