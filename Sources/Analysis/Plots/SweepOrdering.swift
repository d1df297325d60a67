/// The order of a one-dimensional sweep's configurations along its single
/// swept parameter, for drawing them connected by a line (the classic
/// precision–recall curve, e.g. one attenuation threshold from strict to loose).
package struct SweepOrdering: Hashable, Sendable {
    /// The swept parameter's name, shown in the legend ("in order of …").
    package var parameter: String
    /// Configuration ids in the order of the parameter's values.
    package var ids: [String]

    package init(parameter: String, ids: [String]) {
        self.parameter = parameter
        self.ids = ids
    }

    /// The runs of consecutive ids whose configurations can be plotted. An id
    /// that is not among `points`, or whose precision or recall is undefined,
    /// breaks the line rather than being bridged, so the line never claims a
    /// trade-off that was not measured. Runs of a single point are dropped
    /// (the point is already a dot).
    func segments(of points: [PrecisionRecallPoint]) -> [[PrecisionRecallPoint]] {
        var byID = [String: PrecisionRecallPoint]()
        for point in points where byID[point.id] == nil { byID[point.id] = point }
        var segments = [[PrecisionRecallPoint]]()
        var current = [PrecisionRecallPoint]()
        for id in ids {
            if let point = byID[id], ConfigurationDots.isPlottable(point) {
                current.append(point)
            } else {
                if current.count > 1 { segments.append(current) }
                current = []
            }
        }
        if current.count > 1 { segments.append(current) }
        return segments
    }
}
