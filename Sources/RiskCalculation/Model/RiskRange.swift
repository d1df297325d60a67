/// A numeric range with optionally exclusive bounds, as in the cwa-server
/// `Range` message: `{min, minExclusive, max, maxExclusive}`; a missing flag is
/// `false`, so the default is the closed interval `[min, max]`
/// (cwa-server `risk_calculation_parameters.proto`; cwa-app-android
/// `Range.inRange` in `DefaultRiskLevels.kt`, cwa-app-ios `ENARange.swift`).
public struct RiskRange: Hashable, Sendable, CustomStringConvertible {
    public var min: Double
    public var minExclusive: Bool
    public var max: Double
    public var maxExclusive: Bool

    /// Creates a range.
    ///
    /// - Parameters:
    ///   - min: the lower bound.
    ///   - minExclusive: whether `min` itself is outside the range.
    ///   - max: the upper bound.
    ///   - maxExclusive: whether `max` itself is outside the range.
    public init(min: Double, minExclusive: Bool = false, max: Double, maxExclusive: Bool = false) {
        self.min = min
        self.minExclusive = minExclusive
        self.max = max
        self.maxExclusive = maxExclusive
    }

    /// Whether `value` lies in the range, exactly as both apps test it.
    ///
    /// - Parameter value: the value to test.
    /// - Returns: `true` unless `value` is below `min` (or equal to it when
    ///   `minExclusive`) or above `max` (or equal to it when `maxExclusive`).
    @inlinable
    public func contains(_ value: Double) -> Bool {
        if minExclusive ? value <= min : value < min { return false }
        if maxExclusive ? value >= max : value > max { return false }
        return true
    }

    /// Interval notation, for example `[0, 63)`.
    public var description: String {
        "\(minExclusive ? "(" : "[")\(NumberText.format(min)), \(NumberText.format(max))\(maxExclusive ? ")" : "]")"
    }
}

/// Shortest round-trip text for parameter values: integers without a fraction
/// (`63`), other values with Swift's shortest exact representation (`0.8`).
public enum NumberText {
    /// Formats `value` for YAML, CSV and explanations.
    ///
    /// - Parameter value: any value.
    /// - Returns: an integer without decimal point for whole values below 10¹⁵,
    ///   otherwise Swift's shortest round-trip text.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), Swift.abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
