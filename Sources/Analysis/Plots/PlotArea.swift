/// The rectangle, in SVG pixels, where a precision–recall chart draws its data,
/// and the mapping from (recall, precision) to pixels: recall runs left to
/// right along x over ``recallRange``, precision bottom to top along y over
/// ``precisionRange`` (both 0…1 unless the chart zooms in on its points). The
/// chart's SVG holds this rectangle as `<rect id="plot-area" …>`, with the
/// ranges in its `data-recall-range` and `data-precision-range` attributes.
public struct PlotArea: Hashable, Sendable {
    public var left: Double
    public var top: Double
    public var width: Double
    public var height: Double
    /// The recall at the left and right edges, the precision at the bottom and top edges.
    public var recallRange: ClosedRange<Double>
    public var precisionRange: ClosedRange<Double>

    public init(
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

    public var right: Double { left + width }
    public var bottom: Double { top + height }

    /// The x pixel of a recall (the range's lower bound at the left edge).
    public func x(recall: Double) -> Double {
        left + (recall - recallRange.lowerBound) / (recallRange.upperBound - recallRange.lowerBound) * width
    }

    /// The y pixel of a precision (the range's lower bound at the bottom edge).
    public func y(precision: Double) -> Double {
        bottom - (precision - precisionRange.lowerBound) / (precisionRange.upperBound - precisionRange.lowerBound) * height
    }
}
