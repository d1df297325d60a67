import Analysis
import Foundation
import Testing
import WarnSimCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG read back with the platform's XML parser: every element with its
/// attributes, its own text, and the ids of the groups around it.
final class ParsedSVG: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        var ancestorIDs: [String]
    }

    private(set) var elements = [Element]()
    private var stack = [Int]()

    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw ParseFailure(description: parser.parserError.map { "\($0)" } ?? "unknown XML error")
        }
    }

    struct ParseFailure: Error, CustomStringConvertible { var description: String }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let ancestors = stack.compactMap { elements[$0].attributes["id"] }
        elements.append(Element(name: name, attributes: attributes, ancestorIDs: ancestors))
        stack.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = stack.last { elements[index].text += string }
    }

    func element(id: String) -> Element? { elements.first { $0.attributes["id"] == id } }

    /// Elements named `name` inside the group with `id`.
    func elements(_ name: String, inside id: String) -> [Element] {
        elements.filter { $0.name == name && $0.ancestorIDs.contains(id) }
    }

    /// The texts inside the group with `id`, joined by spaces (wrapped lines rejoined).
    func text(inside id: String) -> String {
        elements("text", inside: id).map(\.text).joined(separator: " ")
    }

    var texts: [String] { elements.filter { $0.name == "text" }.map(\.text) }

    /// The plot area, from the `<rect id="plot-area">` of the chart itself,
    /// with the recall and precision ranges its data attributes state.
    func plotArea() throws -> PlotArea {
        let rect = try #require(element(id: "plot-area"))
        func value(_ key: String) throws -> Double { try #require(Double(rect.attributes[key] ?? "")) }
        func range(_ key: String) throws -> ClosedRange<Double> {
            let bounds = try #require(rect.attributes[key]).split(separator: " ").compactMap { Double($0) }
            try #require(bounds.count == 2 && bounds[0] < bounds[1])
            return bounds[0]...bounds[1]
        }
        return PlotArea(
            left: try value("x"), top: try value("y"), width: try value("width"), height: try value("height"),
            recallRange: try range("data-recall-range"), precisionRange: try range("data-precision-range"))
    }

    /// The (x, y) of a `translate(x y)` transform.
    func translation(id: String) throws -> (Double, Double) {
        let transform = try #require(element(id: id)?.attributes["transform"])
        let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: " ").compactMap { Double($0) }
        try #require(transform.hasPrefix("translate(") && numbers.count == 2)
        return (numbers[0], numbers[1])
    }
}

@Suite struct PlotTests {
    typealias Point = PrecisionRecallPoint

    static func randomPoints(_ count: Int, seed: UInt64, nanEvery: Int = 0) -> [Point] {
        var stream = RandomStream(seed: seed, subsystem: "plot-test")
        return (0..<count).map { index in
            let recall = stream.nextUnitDouble()
            let precision = nanEvery > 0 && index % nanEvery == 0 ? .nan : 0.1 + 0.8 * (1 - recall) * stream.nextUnitDouble()
            return Point(id: "c\(index)", precision: precision, recall: recall)
        }
    }

    static let production = ProductionMarker(
        point: Point(id: "production", precision: 0.37, recall: 0.62), label: "production (cwa-2021-04-14)")

    /// The pixel where a precision/recall belongs, computed from the plot
    /// area's rectangle as the SVG states it: recall left to right, precision
    /// bottom to top.
    static func expectedPixel(_ point: Point, in area: PlotArea) -> (Double, Double) {
        let (r, p) = (area.recallRange, area.precisionRange)
        return (
            area.left + (point.recall - r.lowerBound) / (r.upperBound - r.lowerBound) * area.width,
            area.top + area.height - (point.precision - p.lowerBound) / (p.upperBound - p.lowerBound) * area.height
        )
    }

    // MARK: Zoomed axes

    @Test func narrowSweepsZoomTheAxesAndKeepEveryPointInside() throws {
        var random = RandomStream(seed: 3, subsystem: "test.zoom")
        let points = (0..<200).map { i in
            PrecisionRecallPoint(
                id: "c\(i)", precision: 0.02 + 0.05 * random.nextUnitDouble(), recall: 0.85 + 0.05 * random.nextUnitDouble())
        }
        let production = ProductionMarker(
            point: PrecisionRecallPoint(
                id: "production", precision: 0.04, recall: 0.89, precisionInterval: 0.028...0.054, recallInterval: 0.79...0.98),
            label: "production")
        for svg in [
            ParetoChart(title: "front", points: points, production: production).svg(),
            PrecisionRecallCurve(title: "curve", points: points, production: production).svg(),
        ] {
            let parsed = try ParsedSVG(svg)
            let area = try parsed.plotArea()
            #expect(area.recallRange.lowerBound > 0.7 && area.recallRange.upperBound == 1)
            #expect(area.precisionRange.lowerBound <= 0.02 && area.precisionRange.upperBound <= 0.1)
            // Every configuration and the production interval lie inside the plot area.
            for point in points {
                let (x, y) = Self.expectedPixel(point, in: area)
                #expect(x >= area.left && x <= area.right && y >= area.top && y <= area.bottom)
            }
            #expect(area.recallRange.contains(0.79) && area.recallRange.contains(0.98) && area.precisionRange.contains(0.054))
            #expect(parsed.text(inside: "footnote").contains("Axes zoomed to the configurations drawn"))
            // Ticks on round steps, labelled with enough decimals to tell them apart.
            let labels = parsed.elements("text", inside: "tick-labels").map(\.text)
            #expect(Set(labels).count == labels.count)
        }
        // Points spread over most of 0…1 keep the full axes.
        let wide = ParetoChart(title: "wide", points: Self.randomPoints(100, seed: 2, nanEvery: 0)).svg()
        let area = try ParsedSVG(wide).plotArea()
        #expect(area.recallRange == 0...1 && area.precisionRange == 0...1)
    }

    // MARK: Numbers and text

    @Test func numbersAreFormattedWithoutLocale() {
        #expect(SVGNumber.decimal(0.25, digits: 1) == "0.3")
        #expect(SVGNumber.decimal(1, digits: 1) == "1.0")
        #expect(SVGNumber.decimal(-2.345, digits: 2) == "-2.35")
        #expect(SVGNumber.decimal(-0.04, digits: 1) == "0.0")
        #expect(SVGNumber.decimal(1234567.891, digits: 1) == "1234567.9")
        #expect(SVGNumber.decimal(0.05, digits: 3) == "0.050")
        #expect(SVGNumber.pixel(12.04) == "12")
        #expect(SVGNumber.pixel(12.06) == "12.1")
        #expect(SVGNumber.pixel(-3.25) == "-3.3")
        #expect(SVGNumber.pixel(-0.01) == "0")
        #expect(SVGNumber.pixel(.nan) == "NaN")
        #expect(SVGNumber.grouped(0) == "0")
        #expect(SVGNumber.grouped(999) == "999")
        #expect(SVGNumber.grouped(1000) == "1,000")
        #expect(SVGNumber.grouped(-1_234_567) == "-1,234,567")
    }

    @Test func textIsEscapedForXML() throws {
        #expect(SVGDocument.escape(#"a<b & "c" > 'd'"#) == "a&lt;b &amp; &quot;c&quot; &gt; &apos;d&apos;")
        #expect(SVGDocument.escape("bell\u{7}") == "bell\u{FFFD}")
        var svg = SVGDocument(width: 10, height: 10)
        svg.open("g", ["id": "x\"<y"])
        svg.element("text", ["x": "1"], text: "R&D <test> \u{1}")
        let parsed = try ParsedSVG(svg.rendered())
        #expect(parsed.element(id: "x\"<y") != nil)
        #expect(parsed.texts == ["R&D <test> \u{FFFD}"])
    }

    @Test func documentClosesOpenElements() throws {
        var svg = SVGDocument(width: 20.25, height: 10)
        svg.open("g", ["id": "outer"])
        svg.open("g", ["id": "inner"])
        svg.element("circle", ["cx": "1", "cy": "2", "r": "3"])
        let text = svg.rendered()
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(text.contains(#"width="20.3" height="10" viewBox="0 0 20.3 10""#))
        let parsed = try ParsedSVG(text)
        #expect(parsed.elements("circle", inside: "inner").count == 1)
        #expect(parsed.elements("circle", inside: "outer").count == 1)
    }

    // MARK: pr-curve.svg

    @Test func curveHasTitleAxesTicksAndLegend() throws {
        let title = "Precision and recall of 1,000 configurations — label: detectable infection"
        let chart = PrecisionRecallCurve(title: title, points: Self.randomPoints(1_000, seed: 1), production: Self.production)
        let parsed = try ParsedSVG(chart.svg())
        #expect(parsed.elements.first?.name == "svg")
        #expect(parsed.text(inside: "title") == title)
        #expect(parsed.element(id: "x-axis-label")?.text == "Recall (share of at-risk phones warned)")
        #expect(parsed.element(id: "y-axis-label")?.text == "Precision (share of warned phones at risk)")
        let ticks = parsed.elements("text", inside: "tick-labels").map(\.text)
        let expectedTicks = (0...10).map { SVGNumber.decimal(Double($0) / 10, digits: 1) }
        #expect(ticks.count == 22)
        #expect(Set(ticks) == Set(expectedTicks))
        #expect(parsed.elements("line", inside: "grid").count == 18)
        #expect(parsed.elements("circle", inside: "configurations").count == 1_000)
        #expect(parsed.text(inside: "legend").contains("production configuration"))
        #expect(parsed.text(inside: "production").contains("production (cwa-2021-04-14)"))
        #expect(parsed.element(id: "footnote") == nil)
        #expect(parsed.element(id: "sweep-order") == nil)
    }

    @Test(arguments: [(0.37, 0.62), (0.95, 0.97), (0.0, 0.0), (1.0, 0.05)])
    func productionMarkerSitsAtItsPrecisionAndRecall(precision: Double, recall: Double) throws {
        let production = ProductionMarker(
            point: Point(id: "production", precision: precision, recall: recall), label: "production (cwa-2021-04-14)")
        for svg in [
            PrecisionRecallCurve(title: "t", points: Self.randomPoints(50, seed: 2), production: production).svg(),
            ParetoChart(title: "t", points: Self.randomPoints(50, seed: 2), production: production).svg(),
        ] {
            let parsed = try ParsedSVG(svg)
            let area = try parsed.plotArea()
            let (x, y) = try parsed.translation(id: "production")
            let (expectedX, expectedY) = Self.expectedPixel(production.point, in: area)
            #expect(abs(x - expectedX) <= 0.051 && abs(y - expectedY) <= 0.051, "marker at \(x),\(y), expected \(expectedX),\(expectedY)")
            // The marker is a diamond centred on its group's origin, larger than a dot.
            let diamond = try #require(parsed.elements("path", inside: "production").first?.attributes["d"])
            #expect(diamond == "M0 -7.5L7.5 0L0 7.5L-7.5 0Z")
        }
    }

    @Test func dotsSitAtTheirPrecisionAndRecall() throws {
        let points = Self.randomPoints(30, seed: 3)
        let parsed = try ParsedSVG(PrecisionRecallCurve(title: "t", points: points).svg())
        let area = try parsed.plotArea()
        let circles = parsed.elements("circle", inside: "configurations")
        #expect(circles.count == points.count)
        for (circle, point) in zip(circles, points) {
            let (x, y) = Self.expectedPixel(point, in: area)
            #expect(abs(Double(circle.attributes["cx"]!)! - x) <= 0.051)
            #expect(abs(Double(circle.attributes["cy"]!)! - y) <= 0.051)
        }
    }

    @Test func undefinedPrecisionIsNotPlottedAndCounted() throws {
        // Every 7th of 1,000 has precision NaN: indices 0, 7, …, 994 → 143.
        let points = Self.randomPoints(1_000, seed: 4, nanEvery: 7)
        for svg in [PrecisionRecallCurve(title: "t", points: points).svg(), ParetoChart(title: "t", points: points).svg()] {
            let parsed = try ParsedSVG(svg)
            #expect(parsed.elements("circle", inside: "configurations").count == 857)
            // (The Pareto chart names its front's points and may add how many names did not fit.)
            #expect(
                parsed.text(inside: "footnote").hasPrefix("143 of 1,000 configurations not plotted: precision undefined (nobody warned)."))
            #expect(!svg.contains("NaN"))
        }
        let mixed = [
            Point(id: "a", precision: .nan, recall: 0.5),
            Point(id: "b", precision: 0.5, recall: .nan),
            Point(id: "c", precision: 0.5, recall: 0.5),
        ]
        let parsed = try ParsedSVG(PrecisionRecallCurve(title: "t", points: mixed).svg())
        #expect(
            parsed.text(inside: "footnote")
                == "2 of 3 configurations not plotted: 1 with precision undefined (nobody warned), 1 with recall undefined (nobody at risk)."
        )
    }

    @Test func productionWithoutPrecisionIsNamedInTheFootnote() throws {
        let production = ProductionMarker(point: Point(id: "production", precision: .nan, recall: 0), label: "production (x)")
        let parsed = try ParsedSVG(PrecisionRecallCurve(title: "t", points: Self.randomPoints(5, seed: 5), production: production).svg())
        #expect(parsed.element(id: "production") == nil)
        #expect(parsed.text(inside: "footnote") == "production (x) not plotted: precision undefined (nobody warned).")
    }

    @Test func zeroAndOnePointCharts() throws {
        let empty = try ParsedSVG(PrecisionRecallCurve(title: "Nothing", points: []).svg())
        #expect(empty.elements("circle", inside: "configurations").isEmpty)
        #expect(empty.text(inside: "footnote") == "No configurations to plot.")
        #expect(try empty.plotArea().width > 0)
        let emptyFront = try ParsedSVG(ParetoChart(title: "Nothing", points: []).svg())
        #expect(emptyFront.elements("circle", inside: "pareto-front").isEmpty)
        #expect(emptyFront.text(inside: "legend").contains("Pareto front (0 configurations)"))

        let one = [Point(id: "only", precision: 0.5, recall: 0.25)]
        let curve = try ParsedSVG(
            PrecisionRecallCurve(title: "One", points: one, ordering: SweepOrdering(parameter: "p", ids: ["only"])).svg())
        #expect(curve.elements("circle", inside: "configurations").count == 1)
        #expect(curve.elements("polyline", inside: "sweep-order").isEmpty)
        #expect(curve.element(id: "footnote") == nil)
        let pareto = try ParsedSVG(ParetoChart(title: "One", points: one).svg())
        #expect(pareto.elements("circle", inside: "pareto-front").count == 1)
        #expect(pareto.elements("path", inside: "pareto-front").isEmpty)
    }

    @Test func tenThousandPointsStaySmall() throws {
        let points = Self.randomPoints(10_000, seed: 6, nanEvery: 100)
        let curve = PrecisionRecallCurve(title: "10,000", points: points, production: Self.production).svg()
        let pareto = ParetoChart(title: "10,000", points: points, production: Self.production).svg()
        #expect(curve.utf8.count < 500_000, "pr-curve.svg is \(curve.utf8.count) bytes")
        #expect(pareto.utf8.count < 500_000, "pareto.svg is \(pareto.utf8.count) bytes")
        let parsed = try ParsedSVG(curve)
        #expect(parsed.elements("circle", inside: "configurations").count == 9_900)
        #expect(parsed.text(inside: "footnote").hasPrefix("100 of 10,000 configurations not plotted"))
    }

    @Test func sweepOrderingConnectsConfigurationsAndBreaksAtGaps() throws {
        let points = (0..<10).map { Point(id: "t\($0)", precision: $0 == 4 ? .nan : 1 - Double($0) / 10, recall: Double($0) / 10) }
        // Reverse order, an unknown id, and the NaN point: segments t9…t5 and t3…t0 (t4 breaks the line).
        let ids = ["unknown"] + (0..<10).reversed().map { "t\($0)" }
        let parsed = try ParsedSVG(
            PrecisionRecallCurve(
                title: "t", points: points, ordering: SweepOrdering(parameter: "attenuation_high", ids: ids)
            ).svg())
        let lines = parsed.elements("polyline", inside: "sweep-order").map { $0.attributes["points"]!.split(separator: " ") }
        #expect(lines.map(\.count) == [5, 4])
        let area = try parsed.plotArea()
        let (x9, y9) = Self.expectedPixel(points[9], in: area)
        #expect(lines.first?.first.map(String.init) == SVGNumber.pixel(x9) + "," + SVGNumber.pixel(y9))
        #expect(parsed.text(inside: "legend").contains("in order of attenuation_high"))
    }

    @Test func titleIsEscapedAndWrapped() throws {
        let title = "Precision & recall <sweep> of \"thresholds\" — label: 'dose' " + String(repeating: "long words ", count: 12)
        let parsed = try ParsedSVG(PrecisionRecallCurve(title: title, points: Self.randomPoints(10, seed: 7)).svg())
        let lines = parsed.elements("text", inside: "title")
        #expect(lines.count > 1)
        #expect(lines.map(\.text).joined(separator: " ") == title.trimmingCharacters(in: .whitespaces))
        // The plot area moves down below a longer title instead of overlapping it.
        let short = try ParsedSVG(PrecisionRecallCurve(title: "short", points: []).svg())
        #expect(try parsed.plotArea().top > short.plotArea().top)
    }

    @Test func longTitlesBreakAfterTheDash() throws {
        let title = "Precision and recall of 1,000 configurations \u{2014} label: detectable infection"
        let parsed = try ParsedSVG(PrecisionRecallCurve(title: title, points: []).svg())
        #expect(
            parsed.elements("text", inside: "title").map(\.text)
                == ["Precision and recall of 1,000 configurations \u{2014}", "label: detectable infection"])
    }

    // MARK: pareto.svg

    @Test func paretoChartDrawsTheFrontAsSteps() throws {
        let points = Self.randomPoints(300, seed: 8, nanEvery: 50)
        let chart = ParetoChart(title: "Pareto front", points: points, production: Self.production)
        let front = ParetoFront.compute(points)
        #expect(chart.front == front)
        #expect(front.count > 2)
        let parsed = try ParsedSVG(chart.svg())
        let area = try parsed.plotArea()
        let emphasised = parsed.elements("circle", inside: "pareto-front")
        #expect(emphasised.count == front.count)
        for (circle, point) in zip(emphasised, front) {
            let (x, y) = Self.expectedPixel(point, in: area)
            #expect(abs(Double(circle.attributes["cx"]!)! - x) <= 0.051 && abs(Double(circle.attributes["cy"]!)! - y) <= 0.051)
        }
        // M x0 y0, then for each next point: down to its precision, across to its recall.
        var expected = "M" + SVGNumber.pixel(area.x(recall: front[0].recall)) + " " + SVGNumber.pixel(area.y(precision: front[0].precision))
        for point in front.dropFirst() {
            expected += "V" + SVGNumber.pixel(area.y(precision: point.precision)) + "H" + SVGNumber.pixel(area.x(recall: point.recall))
        }
        #expect(parsed.elements("path", inside: "pareto-front").first?.attributes["d"] == expected)
        #expect(parsed.elements("circle", inside: "configurations").count == 294)
        #expect(parsed.text(inside: "legend").contains("Pareto front (\(front.count) configurations)"))
        #expect(parsed.element(id: "x-axis-label")?.text == "Recall (share of at-risk phones warned)")
        #expect(parsed.element(id: "y-axis-label")?.text == "Precision (share of warned phones at risk)")
        #expect(parsed.text(inside: "title") == "Pareto front")
        #expect(parsed.text(inside: "footnote").hasPrefix("6 of 300 configurations not plotted"))
    }

    // MARK: Determinism and files

    @Test func identicalInputGivesIdenticalBytes() {
        let points = Self.randomPoints(2_000, seed: 9, nanEvery: 13)
        let ordering = SweepOrdering(parameter: "p", ids: points.map(\.id))
        let a = PrecisionRecallCurve(title: "t", points: points, ordering: ordering, production: Self.production).svg()
        let b = PrecisionRecallCurve(title: "t", points: Array(points), ordering: ordering, production: Self.production).svg()
        #expect(a == b)
        #expect(ParetoChart(title: "t", points: points).svg() == ParetoChart(title: "t", points: points).svg())
        // The Pareto chart does not depend on the input order of the points' front.
        let reversed = ParetoChart(title: "t", points: points.reversed())
        #expect(reversed.front == ParetoChart(title: "t", points: points).front)
    }

    @Test func chartsWriteFilesAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-plot-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let curve = PrecisionRecallCurve(title: "t", points: Self.randomPoints(20, seed: 10), production: Self.production)
        let pareto = ParetoChart(title: "t", points: Self.randomPoints(20, seed: 10), production: Self.production)
        try curve.write(to: folder.appendingPathComponent(PrecisionRecallCurve.fileName))
        try pareto.write(to: folder.appendingPathComponent(ParetoChart.fileName))
        #expect(try String(contentsOf: folder.appendingPathComponent("pr-curve.svg"), encoding: .utf8) == curve.svg())
        #expect(try String(contentsOf: folder.appendingPathComponent("pareto.svg"), encoding: .utf8) == pareto.svg())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["pareto.svg", "pr-curve.svg"])
    }
}
