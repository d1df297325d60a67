/// The configuration the app ships with, marked on a chart with a red diamond
/// larger than the configurations' dots and a text label, so an analyst sees at
/// once where the alternatives stand against it.
package struct ProductionMarker: Hashable, Sendable {
    /// The production configuration's precision and recall.
    package var point: PrecisionRecallPoint
    /// The label beside the marker, e.g. `"production (cwa-2021-04-14)"`.
    package var label: String

    package init(point: PrecisionRecallPoint, label: String) {
        self.point = point
        self.label = label
    }

    static let color = "#d62728"
    static let radius = 7.5
    static let labelFontSize = 13.0

    /// The footnote when the marker cannot be drawn, nil when it can.
    var footnote: String? {
        if point.precision.isNaN { return "\(label) not plotted: precision undefined (nobody warned)." }
        if point.recall.isNaN { return "\(label) not plotted: recall undefined (nobody at risk)." }
        return nil
    }

    /// Draws the point's error bars (when it has intervals), then the marker
    /// as `<g id="production" transform="translate(x y)">`
    /// with the diamond centred on the group's origin, and the label beside
    /// it on a white halo, on the side where it stays inside the chart.
    /// Where the label goes, relative to the marker: on the right unless it
    /// would leave the chart, above unless it would leave the plot area.
    func labelPlacement(area: PlotArea, chartWidth: Double) -> (x: Double, y: Double, toTheRight: Bool) {
        let x = area.x(recall: point.recall)
        let y = area.y(precision: point.precision)
        let labelWidth = TextLayout.width(label, fontSize: Self.labelFontSize)
        let toTheRight = x + 10 + labelWidth <= chartWidth - 6 || x - 10 - labelWidth < 6
        let above = y - 12 - Self.labelFontSize >= area.top - 4
        return (toTheRight ? 10.0 : -10.0, above ? -12.0 : 22.0, toTheRight)
    }

    /// The marker and its label as rectangles in chart coordinates (what
    /// ``PointLabels`` keeps clear of); empty when the marker is not drawn.
    func occupiedBoxes(area: PlotArea, chartWidth: Double) -> [PointLabels.Box] {
        guard point.isDefined else { return [] }
        let x = area.x(recall: point.recall)
        let y = area.y(precision: point.precision)
        let placement = labelPlacement(area: area, chartWidth: chartWidth)
        let width = TextLayout.width(label, fontSize: Self.labelFontSize) * 1.1
        let left = placement.toTheRight ? x + placement.x : x + placement.x - width
        let baseline = y + placement.y
        return [
            PointLabels.Box(x0: x - Self.radius, y0: y - Self.radius, x1: x + Self.radius, y1: y + Self.radius),
            PointLabels.Box(x0: left - 2, y0: baseline - Self.labelFontSize, x1: left + width + 2, y1: baseline + 3),
        ]
    }

    func draw(into svg: inout SVGDocument, area: PlotArea, chartWidth: Double) {
        guard point.isDefined else { return }
        let x = area.x(recall: point.recall)
        let y = area.y(precision: point.precision)
        let (labelX, labelY, toTheRight) = labelPlacement(area: area, chartWidth: chartWidth)
        ErrorBars.draw(point, into: &svg, area: area, color: Self.color)
        svg.open(
            "g",
            [
                "id": "production",
                "transform": "translate(\(SVGNumber.pixel(x)) \(SVGNumber.pixel(y)))",
            ])
        Self.drawDiamond(into: &svg, x: 0, y: 0)
        let anchor = toTheRight ? "start" : "end"
        for halo in [true, false] {
            svg.element(
                "text",
                halo
                    ? [
                        "x": SVGNumber.pixel(labelX), "y": SVGNumber.pixel(labelY), "text-anchor": anchor,
                        "font-size": SVGNumber.pixel(Self.labelFontSize), "font-weight": "bold",
                        "fill": "white", "stroke": "white", "stroke-width": "4", "stroke-linejoin": "round",
                    ]
                    : [
                        "x": SVGNumber.pixel(labelX), "y": SVGNumber.pixel(labelY), "text-anchor": anchor,
                        "font-size": SVGNumber.pixel(Self.labelFontSize), "font-weight": "bold",
                        "fill": Self.color,
                    ], text: label)
        }
        svg.close()
    }

    /// The diamond centred on (x, y).
    static func drawDiamond(into svg: inout SVGDocument, x: Double, y: Double) {
        let r = radius
        let d =
            "M\(SVGNumber.pixel(x)) \(SVGNumber.pixel(y - r))"
            + "L\(SVGNumber.pixel(x + r)) \(SVGNumber.pixel(y))"
            + "L\(SVGNumber.pixel(x)) \(SVGNumber.pixel(y + r))"
            + "L\(SVGNumber.pixel(x - r)) \(SVGNumber.pixel(y))Z"
        svg.element("path", ["d": d, "fill": color, "stroke": "black", "stroke-width": "1.2"])
    }
}
