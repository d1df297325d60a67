/// The frame every precision–recall chart shares: a title (wrapped to the
/// width), a square plot area with recall along x and precision along y (0…1
/// with grid lines and tick labels every 0.1, or zoomed in on the data,
/// ``AxisRange``), the axis labels, a legend below the
/// axes and footnotes below the legend. The figure grows downwards as the
/// title, legend and footnotes need; the chart draws its data in between.
struct PrecisionRecallFigure: Sendable {
    static let width = 680.0
    static let plotSide = 540.0
    static let marginLeft = 92.0
    static let titleFontSize = 16.0
    static let titleLineHeight = 21.0
    static let tickFontSize = 12.0
    static let axisLabelFontSize = 14.0
    static let footnoteFontSize = 12.0
    static let footnoteLineHeight = 16.0
    static let fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"

    static let recallLabel = "Recall (share of at-risk phones warned)"
    static let precisionLabel = "Precision (share of warned phones at risk)"

    let titleLines: [String]
    let area: PlotArea
    let recallAxis: AxisRange
    let precisionAxis: AxisRange
    let legend: ChartLegend
    let footnoteLines: [String]
    let footnoteTop: Double
    let height: Double

    init(
        title: String, legend entries: [LegendEntry], footnotes: [String], recallAxis: AxisRange = .full,
        precisionAxis: AxisRange = .full
    ) {
        titleLines = TextLayout.wrap(title, fontSize: Self.titleFontSize, maxWidth: Self.width - 2 * 24)
        self.recallAxis = recallAxis
        self.precisionAxis = precisionAxis
        var footnotes = footnotes
        if recallAxis.isZoomed || precisionAxis.isZoomed {
            footnotes.append(
                "Axes zoomed to the configurations drawn: recall \(SVGNumber.decimal(recallAxis.range.lowerBound, digits: recallAxis.digits))–"
                    + "\(SVGNumber.decimal(recallAxis.range.upperBound, digits: recallAxis.digits)), precision "
                    + "\(SVGNumber.decimal(precisionAxis.range.lowerBound, digits: precisionAxis.digits))–"
                    + "\(SVGNumber.decimal(precisionAxis.range.upperBound, digits: precisionAxis.digits)).")
        }
        let titleBottom = 32 + Self.titleLineHeight * Double(max(titleLines.count, 1) - 1)
        let area = PlotArea(
            left: Self.marginLeft, top: titleBottom + 20, width: Self.plotSide, height: Self.plotSide, recallRange: recallAxis.range,
            precisionRange: precisionAxis.range)
        // Legend and footnotes span from under the y-axis label to the right margin.
        let textLeft = area.left - 40
        let textWidth = area.width + 40 + 24
        let legend = ChartLegend(entries: entries, left: textLeft, top: area.bottom + 58, width: textWidth)
        let footnoteTop = area.bottom + 58 + legend.height + 6
        let footnoteLines = footnotes.flatMap {
            TextLayout.wrap($0, fontSize: Self.footnoteFontSize, maxWidth: textWidth)
        }
        self.area = area
        self.legend = legend
        self.footnoteTop = footnoteTop
        self.footnoteLines = footnoteLines
        height = (footnoteTop + Self.footnoteLineHeight * Double(footnoteLines.count) + 12).rounded(.up)
    }

    /// The figure with a footnote saying how many of `labels` do not fit (the
    /// plot area does not depend on the footnotes, so the placement is final).
    static func withLabels(
        _ labels: PointLabels, title: String, legend: [LegendEntry], footnotes: [String], recallAxis: AxisRange,
        precisionAxis: AxisRange
    ) -> PrecisionRecallFigure {
        let figure = PrecisionRecallFigure(
            title: title, legend: legend, footnotes: footnotes, recallAxis: recallAxis, precisionAxis: precisionAxis)
        let omitted = labels.placements(area: figure.area, chartWidth: width).omitted
        guard let note = PointLabels.footnote(omitted: omitted, of: labels.merged(area: figure.area).count) else { return figure }
        return PrecisionRecallFigure(
            title: title, legend: legend, footnotes: footnotes + [note], recallAxis: recallAxis, precisionAxis: precisionAxis)
    }

    /// The whole SVG, with `drawData` called between the grid and the axes.
    func render(drawData: (inout SVGDocument, PlotArea) -> Void) -> String {
        var svg = SVGDocument(width: Self.width, height: height)
        svg.open("g", ["font-family": Self.fontFamily, "fill": "#222"])
        svg.element("rect", ["width": SVGNumber.pixel(Self.width), "height": SVGNumber.pixel(height), "fill": "white"])
        drawGrid(into: &svg)
        drawData(&svg, area)
        drawAxes(into: &svg)
        drawTitle(into: &svg)
        legend.draw(into: &svg)
        drawFootnotes(into: &svg)
        svg.close()
        return svg.rendered()
    }

    private func drawGrid(into svg: inout SVGDocument) {
        svg.open("g", ["id": "grid", "stroke": "#e3e3e3", "stroke-width": "1"])
        for tick in recallAxis.ticks.dropFirst().dropLast() {
            let x = SVGNumber.pixel(area.x(recall: tick))
            svg.element("line", ["x1": x, "y1": SVGNumber.pixel(area.top), "x2": x, "y2": SVGNumber.pixel(area.bottom)])
        }
        for tick in precisionAxis.ticks.dropFirst().dropLast() {
            let y = SVGNumber.pixel(area.y(precision: tick))
            svg.element("line", ["x1": SVGNumber.pixel(area.left), "y1": y, "x2": SVGNumber.pixel(area.right), "y2": y])
        }
        svg.close()
    }

    private func drawAxes(into svg: inout SVGDocument) {
        svg.element(
            "rect",
            [
                "id": "plot-area",
                "x": SVGNumber.pixel(area.left), "y": SVGNumber.pixel(area.top),
                "width": SVGNumber.pixel(area.width), "height": SVGNumber.pixel(area.height),
                "fill": "none", "stroke": "#444", "stroke-width": "1",
                "data-recall-range": "\(area.recallRange.lowerBound) \(area.recallRange.upperBound)",
                "data-precision-range": "\(area.precisionRange.lowerBound) \(area.precisionRange.upperBound)",
            ])
        svg.open("g", ["id": "ticks", "stroke": "#444", "stroke-width": "1"])
        for tick in recallAxis.ticks {
            let x = SVGNumber.pixel(area.x(recall: tick))
            svg.element("line", ["x1": x, "y1": SVGNumber.pixel(area.bottom), "x2": x, "y2": SVGNumber.pixel(area.bottom + 5)])
        }
        for tick in precisionAxis.ticks {
            let y = SVGNumber.pixel(area.y(precision: tick))
            svg.element("line", ["x1": SVGNumber.pixel(area.left - 5), "y1": y, "x2": SVGNumber.pixel(area.left), "y2": y])
        }
        svg.close()
        svg.open("g", ["id": "tick-labels", "font-size": SVGNumber.pixel(Self.tickFontSize)])
        for tick in recallAxis.ticks {
            svg.element(
                "text",
                [
                    "x": SVGNumber.pixel(area.x(recall: tick)), "y": SVGNumber.pixel(area.bottom + 20), "text-anchor": "middle",
                ], text: SVGNumber.decimal(tick, digits: recallAxis.digits))
        }
        for tick in precisionAxis.ticks {
            svg.element(
                "text",
                [
                    "x": SVGNumber.pixel(area.left - 9), "y": SVGNumber.pixel(area.y(precision: tick) + 4.3), "text-anchor": "end",
                ], text: SVGNumber.decimal(tick, digits: precisionAxis.digits))
        }
        svg.close()
        let font = SVGNumber.pixel(Self.axisLabelFontSize)
        svg.element(
            "text",
            [
                "id": "x-axis-label", "x": SVGNumber.pixel(area.left + area.width / 2), "y": SVGNumber.pixel(area.bottom + 44),
                "text-anchor": "middle", "font-size": font,
            ], text: Self.recallLabel)
        let yLabelX = SVGNumber.pixel(area.left - 50)
        let yLabelY = SVGNumber.pixel(area.top + area.height / 2)
        svg.element(
            "text",
            [
                "id": "y-axis-label", "x": yLabelX, "y": yLabelY, "text-anchor": "middle", "font-size": font,
                "transform": "rotate(-90 \(yLabelX) \(yLabelY))",
            ], text: Self.precisionLabel)
    }

    private func drawTitle(into svg: inout SVGDocument) {
        svg.open(
            "g",
            [
                "id": "title", "font-size": SVGNumber.pixel(Self.titleFontSize), "font-weight": "bold", "text-anchor": "middle",
            ])
        for (index, line) in titleLines.enumerated() {
            svg.element(
                "text",
                [
                    "x": SVGNumber.pixel(Self.width / 2), "y": SVGNumber.pixel(32 + Self.titleLineHeight * Double(index)),
                ], text: line)
        }
        svg.close()
    }

    private func drawFootnotes(into svg: inout SVGDocument) {
        guard !footnoteLines.isEmpty else { return }
        svg.open("g", ["id": "footnote", "font-size": SVGNumber.pixel(Self.footnoteFontSize), "fill": "#555"])
        for (index, line) in footnoteLines.enumerated() {
            svg.element(
                "text",
                [
                    "x": SVGNumber.pixel(area.left - 40),
                    "y": SVGNumber.pixel(footnoteTop + Self.footnoteLineHeight * (Double(index) + 0.75)),
                ], text: line)
        }
        svg.close()
    }
}

extension PrecisionRecallFigure {
    /// The axes that show `points` (and their intervals) and `production`;
    /// full axes unless at least two configurations are plotted.
    static func axes(_ points: [PrecisionRecallPoint], production: ProductionMarker?) -> (recall: AxisRange, precision: AxisRange) {
        guard points.filter(\.isDefined).count >= 2 else { return (.full, .full) }
        var recalls: [Double] = []
        var precisions: [Double] = []
        for point in points + (production.map { [$0.point] } ?? []) where point.isDefined {
            recalls += [point.recall] + (point.recallInterval.map { [$0.lowerBound, $0.upperBound] } ?? [])
            precisions += [point.precision] + (point.precisionInterval.map { [$0.lowerBound, $0.upperBound] } ?? [])
        }
        return (AxisRange.fitted(recalls), AxisRange.fitted(precisions))
    }
}
