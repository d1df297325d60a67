/// An axis of a precision–recall chart: its range and tick step. The full
/// 0…1 with ticks every 0.1 unless the values drawn span less than half of
/// it; then the axis zooms in on them (with a margin, on multiples of a round
/// step), so configurations that differ by a few hundredths are told apart.
struct AxisRange: Hashable, Sendable {
    var range: ClosedRange<Double>
    /// The tick step and the decimals of the tick labels.
    var step: Double
    var digits: Int

    static let full = AxisRange(range: 0...1, step: 0.1, digits: 1)
    /// Round steps, coarsest first, with their label decimals.
    static let steps: [(Double, Int)] = [(0.1, 1), (0.05, 2), (0.02, 2), (0.01, 2), (0.005, 3), (0.002, 3), (0.001, 3)]

    /// Whether the axis shows less than 0…1.
    var isZoomed: Bool { range != 0...1 }

    /// The axis for `values` (finite values in 0…1; others are ignored); the
    /// full axis for fewer than `minimumCount` values.
    static func fitted(_ values: [Double], minimumCount: Int = 3) -> AxisRange {
        let finite = values.filter { $0.isFinite && $0 >= 0 && $0 <= 1 }
        guard finite.count >= minimumCount, let low = finite.min(), let high = finite.max(), high - low < 0.5 else { return .full }
        let span = max(high - low, 0.02)
        let margin = span * 0.08
        let (lower, upper) = (max(0, low - margin - (span - (high - low)) / 2), min(1, high + margin + (span - (high - low)) / 2))
        for (step, digits) in steps {
            let first = (lower / step + 1e-9).rounded(.down)
            let last = (upper / step - 1e-9).rounded(.up)
            // At least five ticks, at most twelve.
            if last - first >= 5 || step == steps.last!.0 {
                guard last - first <= 12 || step == steps.first!.0 else { continue }
                return AxisRange(range: max(0, first * step)...min(1, last * step), step: step, digits: digits)
            }
        }
        return .full
    }

    /// The tick values, as exact multiples of the step.
    var ticks: [Double] {
        let first = Int((range.lowerBound / step).rounded())
        let last = Int((range.upperBound / step).rounded())
        let scale = 1 / step
        return (first...last).map { Double($0) / scale.rounded() }
    }
}
