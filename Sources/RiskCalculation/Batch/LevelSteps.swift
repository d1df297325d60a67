/// A first-match range mapping compiled into a step function: the sorted
/// distinct range ends, the level exactly at each end, and the level on each
/// open interval between them (the containment of every range can change only
/// at its ends, so the first match is constant there). Levels: 0 none, 1 LOW,
/// 2 HIGH.
struct LevelSteps: Sendable {
    var breakpoints: [Double] = []
    var pointLevels: [UInt8] = []
    /// `breakpoints.count + 1` entries: below the first end, between ends, above the last.
    var intervalLevels: [UInt8] = []

    init(_ mapping: [NormalizedTimeToRiskLevel]) {
        let ends = Set(mapping.flatMap { [$0.normalizedTimeRange.min, $0.normalizedTimeRange.max] }).sorted()
        func level(_ value: Double) -> UInt8 { UInt8(CWARiskEngine.firstLevel(mapping, value)?.rawValue ?? 0) }
        breakpoints = ends
        pointLevels = ends.map(level)
        guard let first = ends.first, let last = ends.last else {
            intervalLevels = [0]
            return
        }
        intervalLevels.append(level(first - Swift.max(1, Swift.abs(first))))
        for i in 0..<(ends.count - 1) {
            // An interval without any double between its ends is never reached.
            intervalLevels.append(level(ends[i] + (ends[i + 1] - ends[i]) / 2))
        }
        intervalLevels.append(level(last + Swift.max(1, Swift.abs(last))))
    }
}
