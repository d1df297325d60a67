import Foundation
import Testing

@testable import Analysis

/// The forest plot of `compare --out` and the report: every row drawn with its
/// interval inside the axis, the reference line where 0 is, and the same rows
/// giving the same bytes.
@Suite struct IntervalChartTests {
    @Test func rowsAndReferenceAreDrawnOnARoundAxisThatHoldsThem() throws {
        let chart = IntervalChart(
            title: "B − A", axisLabel: "difference",
            rows: [
                .init(name: "precision", value: 0.02, low: -0.013, high: 0.051),
                .init(name: "recall", value: -0.2, low: -0.31, high: -0.08),
                .init(name: "f1", value: .nan, low: .nan, high: .nan),
            ], reference: 0, footnote: "16 people at risk")
        let axis = chart.axis
        #expect(axis.range.lowerBound <= -0.31 && axis.range.upperBound >= 0.051)
        #expect(axis.ticks.contains(0))
        #expect((3...12).contains(axis.ticks.count))
        let svg = chart.svg()
        #expect(svg == chart.svg())
        #expect(svg.components(separatedBy: "<circle").count - 1 == 2, "one dot per defined row")
        #expect(svg.contains(">undefined</text>"))
        #expect(svg.contains("id=\"reference\""))
        #expect(svg.contains(">16 people at risk</text>"))
        #expect(svg.contains(">precision</text>") && svg.contains(">recall</text>"))
    }

    @Test func aSingleValueStillGetsAnAxis() {
        let axis = IntervalChart(title: "", axisLabel: "", rows: [.init(name: "x", value: 1, low: 1, high: 1)]).axis
        #expect(axis.range.lowerBound < 1 && axis.range.upperBound > 1)
    }
}
