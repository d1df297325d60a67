/// The rectangle, in SVG pixels, where a precision–recall chart draws its data,
/// and the mapping from (recall, precision) in 0…1 to pixels: recall runs left
/// to right along x, precision bottom to top along y. The chart's SVG holds
/// this rectangle as `<rect id="plot-area" …>`.
public struct PlotArea: Hashable, Sendable {
    public var left: Double
    public var top: Double
    public var width: Double
    public var height: Double

    public init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    public var right: Double { left + width }
    public var bottom: Double { top + height }

    /// The x pixel of a recall (0 at the left edge, 1 at the right edge).
    public func x(recall: Double) -> Double { left + recall * width }

    /// The y pixel of a precision (0 at the bottom edge, 1 at the top edge).
    public func y(precision: Double) -> Double { bottom - precision * height }
}
