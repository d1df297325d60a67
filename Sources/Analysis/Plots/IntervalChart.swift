import Foundation

/// A forest plot: one row per estimate, its value as a dot and its 95 %
/// interval as a bar, on one shared horizontal axis; optionally a reference
/// line (0 for differences). `warnsim compare --out` writes the paired
/// differences of two configurations with it (`differences.svg`) and the HTML
/// report draws an ensemble's precision and recall per label with it, so both
/// come from this one file. The same rows give byte-identical SVG.
///
/// ```swift
/// let chart = IntervalChart(
///     title: "B − A, 95 % paired intervals", axisLabel: "difference",
///     rows: [.init(name: "precision", value: 0.02, low: -0.01, high: 0.05)], reference: 0)
/// let svg = chart.svg()
/// ```
package struct IntervalChart: Sendable {
    /// One estimate.
    package struct Row: Sendable, Hashable {
        package var name: String
        package var value: Double
        package var low: Double
        package var high: Double
        /// A colour for the row (CSS), e.g. to tell better from worse.
        package var color: String

        package init(name: String, value: Double, low: Double, high: Double, color: String = "#1f77b4") {
            self.name = name
            self.value = value
            self.low = low
            self.high = high
            self.color = color
        }
    }

    package var title: String
    package var axisLabel: String
    package var rows: [Row]
    /// A vertical line at this value (0 for differences), or none.
    package var reference: Double?
    /// A line under the chart (what the interval is, how many people it rests on).
    package var footnote: String?

    package init(title: String, axisLabel: String, rows: [Row], reference: Double? = nil, footnote: String? = nil) {
        self.title = title
        self.axisLabel = axisLabel
        self.rows = rows
        self.reference = reference
        self.footnote = footnote
    }

    static let width = 760.0
    static let labelWidth = 250.0
    static let rowHeight = 26.0
    static let top = 44.0

    /// The axis: every finite value, bound and the reference, padded, on round ticks.
    var axis: (range: ClosedRange<Double>, ticks: [Double], digits: Int) {
        let values = rows.flatMap { [$0.value, $0.low, $0.high] }.filter(\.isFinite) + (reference.map { [$0] } ?? [])
        var low = values.min() ?? 0
        var high = values.max() ?? 1
        if high - low < 1e-9 {
            low -= 0.5
            high += 0.5
        }
        let rough = (high - low) / 6
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let first = (low / step).rounded(.down)
        let last = (high / step).rounded(.up)
        let digits = max(0, min(6, Int((-log10(step)).rounded(.up)) + (step / magnitude == 2.5 ? 1 : 0)))
        return (first * step...last * step, stride(from: first, through: last, by: 1).map { $0 * step }, digits)
    }

    /// The chart as an SVG document.
    package func svg() -> String {
        let plotLeft = Self.labelWidth + 10
        let plotWidth = Self.width - plotLeft - 30
        let plotHeight = Double(max(rows.count, 1)) * Self.rowHeight
        let height = Self.top + plotHeight + 46 + (footnote == nil ? 0 : 18)
        let (range, ticks, digits) = axis
        func x(_ v: Double) -> Double {
            plotLeft + (min(max(v, range.lowerBound), range.upperBound) - range.lowerBound) / (range.upperBound - range.lowerBound)
                * plotWidth
        }
        var svg = SVGDocument(width: Self.width, height: height)
        let font = "font-family"
        let sans = "Helvetica, Arial, sans-serif"
        svg.element("rect", ["x": "0", "y": "0", "width": SVGNumber.pixel(Self.width), "height": SVGNumber.pixel(height), "fill": "white"])
        svg.element("text", ["x": "12", "y": "24", font: sans, "font-size": "15", "font-weight": "bold"], text: title)
        let bottom = Self.top + plotHeight
        svg.open("g", ["id": "axis", font: sans, "font-size": "11", "fill": "#444"])
        for tick in ticks {
            let px = SVGNumber.pixel(x(tick))
            svg.element("line", ["x1": px, "y1": SVGNumber.pixel(Self.top), "x2": px, "y2": SVGNumber.pixel(bottom), "stroke": "#e5e5e5"])
            svg.element(
                "text", ["x": px, "y": SVGNumber.pixel(bottom + 15), "text-anchor": "middle"], text: SVGNumber.decimal(tick, digits: digits)
            )
        }
        svg.element(
            "text", ["x": SVGNumber.pixel(plotLeft + plotWidth / 2), "y": SVGNumber.pixel(bottom + 34), "text-anchor": "middle"],
            text: axisLabel)
        svg.close()
        if let reference {
            let px = SVGNumber.pixel(x(reference))
            svg.element(
                "line",
                [
                    "id": "reference", "x1": px, "y1": SVGNumber.pixel(Self.top - 4), "x2": px, "y2": SVGNumber.pixel(bottom),
                    "stroke": "#333", "stroke-dasharray": "4 3",
                ])
        }
        svg.open("g", ["id": "estimates", font: sans, "font-size": "12"])
        for (index, row) in rows.enumerated() {
            let y = Self.top + (Double(index) + 0.5) * Self.rowHeight
            let py = SVGNumber.pixel(y)
            svg.element("text", ["x": SVGNumber.pixel(Self.labelWidth), "y": SVGNumber.pixel(y + 4), "text-anchor": "end"], text: row.name)
            if row.low.isFinite && row.high.isFinite {
                svg.element(
                    "line",
                    [
                        "x1": SVGNumber.pixel(x(row.low)), "y1": py, "x2": SVGNumber.pixel(x(row.high)), "y2": py, "stroke": row.color,
                        "stroke-width": "2.5",
                    ])
            }
            if row.value.isFinite {
                svg.element("circle", ["cx": SVGNumber.pixel(x(row.value)), "cy": py, "r": "4.5", "fill": row.color])
            } else {
                svg.element("text", ["x": SVGNumber.pixel(plotLeft + 4), "y": SVGNumber.pixel(y + 4), "fill": "#888"], text: "undefined")
            }
        }
        svg.close()
        if let footnote {
            svg.element(
                "text", ["x": "12", "y": SVGNumber.pixel(height - 8), font: sans, "font-size": "11", "fill": "#555"], text: footnote)
        }
        return svg.rendered()
    }
}
