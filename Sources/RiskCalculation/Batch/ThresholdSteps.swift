import ExposureNotification

/// A level as a function of a non-negative value `x`, as lower-closed steps:
/// `levels[0]` on `[0, thresholds[0])`, `levels[j + 1]` on
/// `[thresholds[j], thresholds[j + 1])`, the last level from the last
/// threshold on. The level of `x` is `levels[number of thresholds ≤ x]`.
///
/// Built from a level function `level(transform(x))`, where `transform` is
/// monotone non-decreasing (the identity, or Android's day-sum rounding
/// `roundHalfUp(10 x) / 10`) and `level` depends on its argument only
/// through comparisons with the given range ends (a first-match range
/// mapping). For every end `e`, the values `x` with `transform(x) ≥ e`, and
/// those with `transform(x) > e`, are each all doubles from some threshold on
/// (found by bisection over the ordered bit patterns of non-negative doubles,
/// evaluating `transform` itself); between consecutive such thresholds every
/// comparison, and so the level, is constant. Thresholds at which the level
/// does not change are dropped.
///
/// So `levels[count(thresholds ≤ x)]` is exactly `level(transform(x))` for
/// every double `x ≥ 0`, including the rounding of `transform` at the
/// thresholds; and an estimate `x̂` with `|x̂ − x| ≤ error` has the level of
/// `x` whenever every threshold is farther than `error` from `x̂`.
struct ThresholdSteps: Sendable {
    var thresholds: [Double] = []
    var levels: [UInt8] = []

    /// - Parameters:
    ///   - ends: the finite range ends the level function compares with.
    ///   - transform: monotone non-decreasing on non-negative doubles.
    ///   - level: the level of a transformed value.
    init(ends: [Double], transform: (Double) -> Double, level: (Double) -> UInt8) {
        var candidates: [Double] = []
        for end in Set(ends) {
            if let x = Self.first(where: { transform($0) >= end }) { candidates.append(x) }
            if let x = Self.first(where: { transform($0) > end }) { candidates.append(x) }
        }
        var current = level(transform(0))
        levels = [current]
        for x in Set(candidates).sorted() where x > 0 {
            let next = level(transform(x))
            if next != current {
                thresholds.append(x)
                levels.append(next)
                current = next
            }
        }
    }

    /// The smallest double `x` in `0…+∞` with `predicate(x)`, for a
    /// predicate that is monotone (false, then true) in `x`; nil if none.
    static func first(where predicate: (Double) -> Bool) -> Double? {
        var low: UInt64 = 0
        var high = Double.infinity.bitPattern
        if predicate(0) { return 0 }
        if !predicate(Double(bitPattern: high)) { return nil }
        // Invariant: predicate(low) is false, predicate(high) is true.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if predicate(Double(bitPattern: middle)) { high = middle } else { low = middle }
        }
        return Double(bitPattern: high)
    }

    /// The steps of a configuration's window mapping: the full level (0
    /// none, 1 LOW, 2 HIGH), or only whether the window is kept (0 or 1).
    static func window(_ mapping: [NormalizedTimeToRiskLevel], keptOnly: Bool) -> ThresholdSteps {
        let ends = mapping.flatMap { [$0.normalizedTimeRange.min, $0.normalizedTimeRange.max] }
        let level: (Double) -> UInt8 = {
            let level = UInt8(CWARiskEngine.firstLevel(mapping, $0)?.rawValue ?? 0)
            return keptOnly ? (level != 0 ? 1 : 0) : level
        }
        return ThresholdSteps(ends: ends, transform: { $0 }, level: level)
    }

    /// The steps of a configuration's day mapping as a function of the
    /// unrounded day sum: 1 where the day's level is HIGH, else 0.
    static func dayIsHigh(_ mapping: [NormalizedTimeToRiskLevel], platform: RiskPlatform) -> ThresholdSteps {
        ThresholdSteps(
            ends: mapping.flatMap { [$0.normalizedTimeRange.min, $0.normalizedTimeRange.max] },
            transform: { CWARiskEngine.daySum($0, platform: platform) },
            level: { CWARiskEngine.firstLevel(mapping, $0) == .high ? 1 : 0 })
    }
}

/// Many configurations' threshold steps in flat arrays: thresholds of
/// configuration `c` at `start[c]..<start[c + 1]`, its levels at
/// `start[c] + c ... start[c + 1] + c`.
struct FlatThresholds: Sendable {
    let start: FrozenArray<Int>
    let thresholds: FrozenArray<Double>
    let levels: FrozenArray<UInt8>

    init(_ steps: [ThresholdSteps]) {
        var start = [0]
        var thresholds: [Double] = []
        var levels: [UInt8] = []
        for step in steps {
            thresholds += step.thresholds
            levels += step.levels
            start.append(thresholds.count)
        }
        self.start = FrozenArray(start)
        self.thresholds = FrozenArray(thresholds)
        self.levels = FrozenArray(levels)
    }
}
