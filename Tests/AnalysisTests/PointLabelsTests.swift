import Testing

@testable import Analysis

/// Names beside the points of a chart: never overlapping each other or the
/// production marker's label, coincident points named once, and every label
/// that does not fit counted.
@Suite struct PointLabelsTests {
    static let area = PlotArea(left: 92, top: 52, width: 540, height: 540, recallRange: 0...1, precisionRange: 0...1)

    static func point(_ id: String, _ precision: Double, _ recall: Double) -> PrecisionRecallPoint {
        PrecisionRecallPoint(id: id, precision: precision, recall: recall)
    }

    @Test func placedLabelsNeverOverlapAndTheRestAreCounted() {
        // 60 points on a tight grid: not all names can fit.
        let labels = (0..<60).map { i in
            PointLabels.Label(
                point: Self.point("configuration-\(i)", 0.4 + Double(i % 6) * 0.01, 0.5 + Double(i / 6) * 0.01), text: "configuration-\(i)")
        }
        let production = ProductionMarker(point: Self.point("production", 0.45, 0.55), label: "production (cwa-2021-04-14)")
        let labelling = PointLabels(labels: labels, color: "#000", production: production)
        let (placed, omitted) = labelling.placements(area: Self.area, chartWidth: 680)
        #expect(placed.count + omitted == 60)
        #expect(omitted > 0 && !placed.isEmpty)
        func box(_ item: (label: PointLabels.Label, x: Double, y: Double, anchor: String)) -> PointLabels.Box {
            let width = TextLayout.width(item.label.text, fontSize: PointLabels.fontSize)
            let x0 = item.anchor == "start" ? item.x : item.anchor == "end" ? item.x - width : item.x - width / 2
            return PointLabels.Box(x0: x0, y0: item.y - PointLabels.fontSize + 0.5, x1: x0 + width, y1: item.y + 1.5)
        }
        let boxes = placed.map(box)
        let reserved = production.occupiedBoxes(area: Self.area, chartWidth: 680)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.overlaps(b)) }
            for r in reserved { #expect(!a.overlaps(r), "\(placed[i].label.text) covers the production marker") }
        }
        #expect(PointLabels.footnote(omitted: omitted, of: 60)?.hasPrefix("\(omitted) of 60 point labels left out") == true)
        #expect(PointLabels.footnote(omitted: 0, of: 60) == nil)
    }

    @Test func coincidentPointsAreNamedOnce() {
        let labels =
            ["a", "b", "c", "d"].map { PointLabels.Label(point: Self.point($0, 0.3, 0.7), text: $0) }
            + [PointLabels.Label(point: Self.point("e", 0.6, 0.2), text: "e")]
        let merged = PointLabels(labels: labels, color: "#000").merged(area: Self.area)
        #expect(merged.map(\.text) == ["a, b +2", "e"])
        let undefined = [PointLabels.Label(point: Self.point("x", .nan, 0.5), text: "x")]
        #expect(PointLabels(labels: undefined, color: "#000").merged(area: Self.area).isEmpty)
    }
}
