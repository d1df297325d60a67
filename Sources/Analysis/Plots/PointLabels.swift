/// Text labels beside chosen points of a precision–recall chart (a `files`
/// sweep's configurations, the Pareto front's ids, the values of a swept
/// parameter along its line), placed so that no two labels and no label and
/// the chart's edge overlap: each label tries the right of its point, then the
/// left, above and below; a label that fits nowhere is left out and counted, so
/// that the chart can say so in a footnote. Deterministic: labels are placed in
/// the order given.
struct PointLabels: Sendable {
    /// A point to label and its text.
    struct Label: Sendable {
        var point: PrecisionRecallPoint
        var text: String
    }

    /// A rectangle in chart coordinates.
    struct Box: Sendable {
        var x0, y0, x1, y1: Double
        func overlaps(_ other: Box) -> Bool { x0 < other.x1 && other.x0 < x1 && y0 < other.y1 && other.y0 < y1 }
    }

    var labels: [Label]
    var color: String
    /// What the labels keep clear of (the production marker and its label).
    var production: ProductionMarker?
    static let fontSize = 10.0
    /// Names shown for points drawn on the same spot before "+N".
    static let namesPerSpot = 2

    /// Labels of points on the same spot (within a pixel) merged into one:
    /// "a, b +3" when five configurations coincide.
    func merged(area: PlotArea) -> [Label] {
        var order: [String] = []
        var groups: [String: [Label]] = [:]
        for label in labels where label.point.precision.isFinite && label.point.recall.isFinite {
            let key = "\((area.x(recall: label.point.recall)).rounded()),\((area.y(precision: label.point.precision)).rounded())"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(label)
        }
        return order.map { key in
            let group = groups[key]!
            let names = group.prefix(Self.namesPerSpot).map(\.text).joined(separator: ", ")
            let more = group.count - Self.namesPerSpot
            return Label(point: group[0].point, text: more > 0 ? "\(names) +\(more)" : names)
        }
    }

    /// The labels that fit, where, and how many of the given labels did not.
    func placements(area: PlotArea, chartWidth: Double) -> (placed: [(label: Label, x: Double, y: Double, anchor: String)], omitted: Int) {
        var taken: [Box] = production?.occupiedBoxes(area: area, chartWidth: chartWidth) ?? []
        var placed: [(label: Label, x: Double, y: Double, anchor: String)] = []
        var omitted = 0
        for label in merged(area: area) {
            let x = area.x(recall: label.point.recall)
            let y = area.y(precision: label.point.precision)
            let width = TextLayout.width(label.text, fontSize: Self.fontSize)
            let height = Self.fontSize
            // (text x, baseline y, anchor) for right, left, above, below.
            let candidates: [(Double, Double, String)] = [
                (x + 6, y + height / 2 - 1, "start"), (x - 6, y + height / 2 - 1, "end"),
                (x, y - 6, "middle"), (x, y + height + 5, "middle"),
            ]
            var fitted = false
            for (tx, ty, anchor) in candidates {
                let x0 = anchor == "start" ? tx : anchor == "end" ? tx - width : tx - width / 2
                let box = Box(x0: x0 - 1, y0: ty - height, x1: x0 + width + 1, y1: ty + 2)
                guard box.x0 >= 2, box.x1 <= chartWidth - 2, box.y0 >= area.top - 2, box.y1 <= area.bottom + 2 else { continue }
                if taken.contains(where: { $0.overlaps(box) }) { continue }
                taken.append(box)
                placed.append((label, tx, ty, anchor))
                fitted = true
                break
            }
            if !fitted { omitted += 1 }
        }
        return (placed, omitted)
    }

    /// Draws the labels that fit (white halo under the text) into `<g id="id">`; returns how many were left out.
    @discardableResult
    func draw(into svg: inout SVGDocument, area: PlotArea, chartWidth: Double, id: String) -> Int {
        let (placed, omitted) = placements(area: area, chartWidth: chartWidth)
        svg.open("g", ["id": id, "font-size": SVGNumber.pixel(Self.fontSize)])
        for item in placed {
            for halo in [true, false] {
                svg.element(
                    "text",
                    halo
                        ? [
                            "x": SVGNumber.pixel(item.x), "y": SVGNumber.pixel(item.y), "text-anchor": item.anchor, "fill": "white",
                            "stroke": "white", "stroke-width": "3", "stroke-linejoin": "round",
                        ]
                        : ["x": SVGNumber.pixel(item.x), "y": SVGNumber.pixel(item.y), "text-anchor": item.anchor, "fill": color],
                    text: item.label.text)
            }
        }
        svg.close()
        return omitted
    }

    /// The footnote for `omitted` labels left out, nil when none.
    static func footnote(omitted: Int, of total: Int) -> String? {
        omitted == 0 ? nil : "\(omitted) of \(total) point labels left out where they would overlap (every id is in the CSV files)."
    }
}
