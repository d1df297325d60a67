/// The configurations of a chart split into those that can be drawn and those
/// that cannot: a configuration that warned nobody has no precision, one whose
/// label marks nobody at risk has no recall. The ones left out are counted, and
/// the chart says so in a footnote instead of silently dropping them.
struct ConfigurationDots: Sendable {
    /// The configurations with finite precision and recall, in input order.
    let plotted: [PrecisionRecallPoint]
    /// How many have an undefined precision (nobody warned).
    let undefinedPrecision: Int
    /// How many have a defined precision but an undefined recall (nobody at risk).
    let undefinedRecall: Int
    let total: Int

    init(_ points: [PrecisionRecallPoint]) {
        plotted = points.filter(Self.isPlottable)
        undefinedPrecision = points.count { !$0.precision.isFinite }
        undefinedRecall = points.count { $0.precision.isFinite && !$0.recall.isFinite }
        total = points.count
    }

    static func isPlottable(_ point: PrecisionRecallPoint) -> Bool {
        point.precision.isFinite && point.recall.isFinite
    }

    /// Dot opacity: lighter as dots pile up, so dense regions stay readable.
    var opacity: Double { plotted.count <= 200 ? 0.55 : plotted.count <= 2_000 ? 0.35 : 0.2 }

    /// The footnote, nil when every configuration is plotted.
    var footnote: String? {
        if total == 0 { return "No configurations to plot." }
        let missing = undefinedPrecision + undefinedRecall
        guard missing > 0 else { return nil }
        var reasons = [String]()
        if undefinedPrecision > 0 {
            reasons.append(
                (undefinedRecall > 0 ? "\(SVGNumber.grouped(undefinedPrecision)) with " : "") + "precision undefined (nobody warned)")
        }
        if undefinedRecall > 0 {
            reasons.append(
                (undefinedPrecision > 0 ? "\(SVGNumber.grouped(undefinedRecall)) with " : "") + "recall undefined (nobody at risk)")
        }
        let noun = total == 1 ? "configuration" : "configurations"
        return "\(SVGNumber.grouped(missing)) of \(SVGNumber.grouped(total)) \(noun) not plotted: " + reasons.joined(separator: ", ") + "."
    }

    /// One `<circle>` per plotted configuration inside a `<g id="…">` that
    /// sets the colour and opacity.
    func draw(into svg: inout SVGDocument, area: PlotArea, id: String, color: String, opacity: Double, radius: Double) {
        svg.open("g", ["id": id, "fill": color, "fill-opacity": SVGNumber.decimal(opacity, digits: 2)])
        let r = SVGNumber.pixel(radius)
        for point in plotted {
            svg.element(
                "circle",
                [
                    "cx": SVGNumber.pixel(area.x(recall: point.recall)), "cy": SVGNumber.pixel(area.y(precision: point.precision)), "r": r,
                ])
        }
        svg.close()
    }
}
