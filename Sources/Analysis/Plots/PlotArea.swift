/// The rectangle, in SVG pixels, where a precision–recall chart draws its data,
/// and the mapping from (recall, precision) to pixels: recall runs left to
/// right along x over ``recallRange``, precision bottom to top along y over
/// ``precisionRange`` (both 0…1 unless the chart zooms in on its points). The
/// chart's SVG holds this rectangle as `<rect id="plot-area" …>`, with the
/// ranges in its `data-recall-range` and `data-precision-range` attributes.
package struct PlotArea: Hashable, Sendable {
    package var left: Double
    package var top: Double
    package var width: Double
    package var height: Double
    /// The recall at the left and right edges, the precision at the bottom and top edges.
    package var recallRange: ClosedRange<Double>
    package var precisionRange: ClosedRange<Double>

    package init(
        left: Double, top: Double, width: Double, height: Double, recallRange: ClosedRange<Double> = 0...1,
        precisionRange: ClosedRange<Double> = 0...1
    ) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.recallRange = recallRange
        self.precisionRange = precisionRange
    }

    package var right: Double { left + width }
    package var bottom: Double { top + height }

    /// The x pixel of a recall (the range's lower bound at the left edge).
    package func x(recall: Double) -> Double {
        left + (recall - recallRange.lowerBound) / (recallRange.upperBound - recallRange.lowerBound) * width
    }

    /// The y pixel of a precision (the range's lower bound at the bottom edge).
    package func y(precision: Double) -> Double {
        bottom - (precision - precisionRange.lowerBound) / (precisionRange.upperBound - precisionRange.lowerBound) * height
    }
}
