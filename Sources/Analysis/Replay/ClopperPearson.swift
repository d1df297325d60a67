import Foundation

/// Exact (Clopper–Pearson) binomial confidence intervals, from the regularized
/// incomplete beta function I_x(a, b) and its inverse.
///
/// I_x(a, b) is evaluated with its continued fraction (modified Lentz method),
/// on x < (a + 1)/(a + b + 2) directly and otherwise through
/// I_x(a, b) = 1 − I_{1−x}(b, a); the inverse is found by bisection on [0, 1]
/// (I_x is increasing in x), to the resolution of `Double`.
package enum ClopperPearson {
    /// The two-sided interval for `successes` out of `trials` at `confidence`
    /// (0.95 for 95 %): lower = B⁻¹(α/2; x, n − x + 1), 0 when x = 0; upper =
    /// B⁻¹(1 − α/2; x + 1, n − x), 1 when x = n.
    ///
    /// - Parameters:
    ///   - successes: x, 0…n.
    ///   - trials: n ≥ 0.
    ///   - confidence: the coverage, in (0, 1).
    /// - Returns: the bounds; both NaN when `trials` is 0.
    package static func interval(successes: Int, trials: Int, confidence: Double = 0.95) -> (lower: Double, upper: Double) {
        precondition(successes >= 0 && successes <= trials, "successes must be in 0…trials")
        guard trials > 0 else { return (.nan, .nan) }
        let alpha = 1 - confidence
        let x = Double(successes)
        let n = Double(trials)
        let lower = successes == 0 ? 0 : inverseRegularizedBeta(alpha / 2, a: x, b: n - x + 1)
        let upper = successes == trials ? 1 : inverseRegularizedBeta(1 - alpha / 2, a: x + 1, b: n - x)
        return (lower, upper)
    }

    /// The regularized incomplete beta function I_x(a, b).
    ///
    /// - Parameters:
    ///   - x: in [0, 1].
    ///   - a: > 0.
    ///   - b: > 0.
    /// - Returns: I_x(a, b) in [0, 1].
    package static func regularizedBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // x^a (1−x)^b / (a B(a, b)), in logarithms.
        let logFront = a * log(x) + b * log1p(-x) - logBeta(a, b)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a: a, b: b) / a
        }
        let logFrontSwapped = b * log1p(-x) + a * log(x) - logBeta(b, a)
        return 1 - exp(logFrontSwapped) * continuedFraction(1 - x, a: b, b: a) / b
    }

    /// The x with I_x(a, b) = p.
    ///
    /// - Parameters:
    ///   - p: in [0, 1].
    ///   - a: > 0.
    ///   - b: > 0.
    /// - Returns: x in [0, 1].
    package static func inverseRegularizedBeta(_ p: Double, a: Double, b: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle <= low || middle >= high { break }
            if regularizedBeta(middle, a: a, b: b) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    static func logBeta(_ a: Double, _ b: Double) -> Double {
        lgamma(a) + lgamma(b) - lgamma(a + b)
    }

    /// The continued fraction of I_x(a, b) (terms d_{2m+1}, d_{2m}), by the
    /// modified Lentz method.
    static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...1000 {
            let mm = Double(m)
            let even = mm * (b - mm) * x / ((a + 2 * mm - 1) * (a + 2 * mm))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let odd = -(a + mm) * (a + b + mm) * x / ((a + 2 * mm) * (a + 2 * mm + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-16 { break }
        }
        return result
    }
}
