/// A legend entry of a precision–recall chart: a symbol and what it stands for.
struct LegendEntry: Sendable {
    enum Symbol: Sendable {
        /// A small filled dot.
        case dot(color: String, opacity: Double)
        /// A line segment.
        case line(color: String, width: Double)
        /// A line segment with an emphasised point on it.
        case lineWithPoint(color: String, width: Double)
        /// The production configuration's diamond.
        case production
    }

    var symbol: Symbol
    var label: String
}

/// The legend: entries laid out left to right below the chart, wrapping onto
/// further rows when the next entry would not fit the width.
struct ChartLegend: Sendable {
    static let fontSize = 13.0
    static let rowHeight = 22.0
    static let symbolWidth = 26.0
    static let gap = 22.0

    /// An entry and the position of its symbol's left end (y is the row's centre line).
    struct Placement: Sendable {
        var entry: LegendEntry
        var x: Double
        var y: Double
    }

    let placements: [Placement]
    /// The rows' total height (0 without entries).
    let height: Double

    init(entries: [LegendEntry], left: Double, top: Double, width: Double) {
        var placements = [Placement]()
        var x = left
        var row = 0
        for entry in entries {
            let entryWidth = Self.symbolWidth + 6 + TextLayout.width(entry.label, fontSize: Self.fontSize)
            if x > left && x + entryWidth > left + width {
                row += 1
                x = left
            }
            placements.append(Placement(entry: entry, x: x, y: top + Self.rowHeight * (Double(row) + 0.5)))
            x += entryWidth + Self.gap
        }
        self.placements = placements
        self.height = entries.isEmpty ? 0 : Self.rowHeight * Double(row + 1)
    }

    func draw(into svg: inout SVGDocument) {
        guard !placements.isEmpty else { return }
        svg.open("g", ["id": "legend", "font-size": SVGNumber.pixel(Self.fontSize)])
        for placement in placements {
            let x = placement.x
            let y = placement.y
            let middle = x + Self.symbolWidth / 2
            switch placement.entry.symbol {
            case .dot(let color, let opacity):
                svg.element(
                    "circle",
                    [
                        "cx": SVGNumber.pixel(middle), "cy": SVGNumber.pixel(y), "r": "3.5",
                        "fill": color, "fill-opacity": SVGNumber.decimal(opacity, digits: 2),
                    ])
            case .line(let color, let width):
                svg.element(
                    "line",
                    [
                        "x1": SVGNumber.pixel(x), "y1": SVGNumber.pixel(y),
                        "x2": SVGNumber.pixel(x + Self.symbolWidth), "y2": SVGNumber.pixel(y),
                        "stroke": color, "stroke-width": SVGNumber.pixel(width),
                    ])
            case .lineWithPoint(let color, let width):
                svg.element(
                    "line",
                    [
                        "x1": SVGNumber.pixel(x), "y1": SVGNumber.pixel(y),
                        "x2": SVGNumber.pixel(x + Self.symbolWidth), "y2": SVGNumber.pixel(y),
                        "stroke": color, "stroke-width": SVGNumber.pixel(width),
                    ])
                svg.element(
                    "circle",
                    [
                        "cx": SVGNumber.pixel(middle), "cy": SVGNumber.pixel(y), "r": "3.5",
                        "fill": color, "stroke": "white", "stroke-width": "1",
                    ])
            case .production:
                ProductionMarker.drawDiamond(into: &svg, x: middle, y: y)
            }
            svg.element(
                "text",
                [
                    "x": SVGNumber.pixel(x + Self.symbolWidth + 6), "y": SVGNumber.pixel(y + 4.5),
                ], text: placement.entry.label)
        }
        svg.close()
    }
}
