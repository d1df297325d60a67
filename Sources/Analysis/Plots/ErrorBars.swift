/// The 95 % intervals of a point drawn as error bars: a vertical bar over
/// the precision interval and a horizontal bar over the recall interval,
/// with short end caps, so an analyst sees how far a configuration's place on
/// the chart is certain.
enum ErrorBars {
    /// Draws the bars of `point` (nothing for an interval that is unknown or not finite).
    static func draw(_ point: PrecisionRecallPoint, into svg: inout SVGDocument, area: PlotArea, color: String) {
        guard point.isDefined else { return }
        let x = area.x(recall: point.recall)
        let y = area.y(precision: point.precision)
        let cap = 3.0
        var d = ""
        if let interval = point.precisionInterval, interval.lowerBound.isFinite, interval.upperBound.isFinite {
            let top = area.y(precision: interval.upperBound)
            let bottom = area.y(precision: interval.lowerBound)
            d += "M\(SVGNumber.pixel(x)) \(SVGNumber.pixel(top))V\(SVGNumber.pixel(bottom))"
            d += "M\(SVGNumber.pixel(x - cap)) \(SVGNumber.pixel(top))H\(SVGNumber.pixel(x + cap))"
            d += "M\(SVGNumber.pixel(x - cap)) \(SVGNumber.pixel(bottom))H\(SVGNumber.pixel(x + cap))"
        }
        if let interval = point.recallInterval, interval.lowerBound.isFinite, interval.upperBound.isFinite {
            let left = area.x(recall: interval.lowerBound)
            let right = area.x(recall: interval.upperBound)
            d += "M\(SVGNumber.pixel(left)) \(SVGNumber.pixel(y))H\(SVGNumber.pixel(right))"
            d += "M\(SVGNumber.pixel(left)) \(SVGNumber.pixel(y - cap))V\(SVGNumber.pixel(y + cap))"
            d += "M\(SVGNumber.pixel(right)) \(SVGNumber.pixel(y - cap))V\(SVGNumber.pixel(y + cap))"
        }
        guard !d.isEmpty else { return }
        svg.element("path", ["d": d, "fill": "none", "stroke": color, "stroke-width": "1.2", "stroke-opacity": "0.8"])
    }
}
