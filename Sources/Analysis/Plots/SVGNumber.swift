/// Locale-independent number formatting for SVG output: always a `.` decimal
/// point, a `-` sign, no exponent, and the same digits on every machine, so
/// identical input gives byte-identical files.
package enum SVGNumber {
    /// `value` rounded to `digits` decimals (half away from zero), with
    /// trailing zeros kept: `decimal(0.25, digits: 1)` is `"0.3"`,
    /// `decimal(1, digits: 1)` is `"1.0"`. Negative zero prints as zero;
    /// non-finite values print as `"NaN"`, `"Infinity"` or `"-Infinity"`.
    package static func decimal(_ value: Double, digits: Int) -> String {
        precondition((0...9).contains(digits))
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-Infinity" : "Infinity") }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * Double(scale)).rounded(.toNearestOrAwayFromZero)
        // Beyond ±2^62 no pixel or share is meaningful; clamp instead of trapping.
        let limit = 4.6e18
        let units = Int64(min(max(scaled, -limit), limit))
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(scale)
        var text = units < 0 ? "-" + String(whole) : String(whole)
        if digits > 0 {
            let fraction = String(magnitude % UInt64(scale))
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }

    /// A pixel coordinate rounded to 0.1 px, without a trailing `.0`:
    /// `pixel(12.04)` is `"12"`, `pixel(12.06)` is `"12.1"`. Rounding to a
    /// tenth keeps a 10,000-point chart small with no visible difference.
    package static func pixel(_ value: Double) -> String {
        let text = decimal(value, digits: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// An integer with `,` between groups of three digits: `grouped(1000)` is
    /// `"1,000"` (the style of the chart titles).
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }
}
