import Foundation

/// A dual-slope (breakpoint) log-distance line: attenuation rises by `near` dB
/// per decade of distance up to the breakpoint and by `far` dB per decade beyond it.
///
/// value(d) = intercept + near · min(lg d, lg b) + far · max(0, lg d − lg b).
///
/// The breakpoint model is the standard extension of the log-distance model where
/// reflections change the slope with distance (Rappaport, *Wireless
/// Communications*, 2nd ed., §4.11.3); for BLE in a metal-rich vehicle Leith &
/// Farrell found attenuation nearly flat with distance (Dublin tram, 0.5–5.2 m,
/// `Configs/radio/README.md`). The breakpoint of each environment is chosen by
/// least squares from ``DualSlopeLine/candidateBreakpoints``.
package struct DualSlopeLine: Sendable, Equatable {
    /// Level at 1 m (dB).
    package var intercept: Double
    /// dB per decade of distance below the breakpoint (10·n).
    package var near: Double
    /// dB per decade of distance beyond the breakpoint (10·n far).
    package var far: Double
    /// log₁₀ of the breakpoint distance in metres.
    package var logBreakpoint: Double

    package init(intercept: Double, near: Double, far: Double, logBreakpoint: Double) {
        self.intercept = intercept
        self.near = near
        self.far = far
        self.logBreakpoint = logBreakpoint
    }

    /// Breakpoints (m) the fit tries. The measured curves are checked in bands up
    /// to 6 m (``RadioCheck/bands``), so a breakpoint needs data beyond it.
    package static let candidateBreakpoints = [1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0]
    /// A breakpoint is tried only with at least this many samples and this share
    /// of the samples beyond it; otherwise the line keeps one slope.
    package static let minimumBeyond = 50
    package static let minimumShareBeyond = 0.03

    /// The regressors of a distance: (min(lg d, lg b), max(0, lg d − lg b)).
    @inlinable
    package static func regressors(logDistance x: Double, logBreakpoint b: Double) -> (Double, Double) {
        (min(x, b), max(0, x - b))
    }

    /// The line's value at log₁₀ distance `x`.
    package func value(logDistance x: Double) -> Double {
        let (x1, x2) = Self.regressors(logDistance: x, logBreakpoint: logBreakpoint)
        return intercept + near * x1 + far * x2
    }

    /// The breakpoints worth trying for these log distances: those with enough samples beyond.
    package static func breakpoints(for logDistances: [Double]) -> [Double] {
        candidateBreakpoints.filter { candidate in
            let beyond = logDistances.reduce(0) { $0 + ($1 > Foundation.log10(candidate) ? 1 : 0) }
            return beyond >= minimumBeyond && Double(beyond) >= minimumShareBeyond * Double(logDistances.count)
        }
    }

    /// log₁₀ of a breakpoint no sample lies beyond (1,000 km): a one-slope fit.
    package static let noBreakpoint = 6.0

    /// The log breakpoints a fit tries: ``breakpoints(for:)``, or none (one slope).
    package static func trialLogBreakpoints(for logDistances: [Double]) -> [Double] {
        let allowed = breakpoints(for: logDistances).map { Foundation.log10($0) }
        return allowed.isEmpty ? [noBreakpoint] : allowed
    }

    /// A one-slope fit written with the largest candidate breakpoint and equal slopes.
    package func normalized() -> DualSlopeLine {
        guard logBreakpoint >= Self.noBreakpoint else { return self }
        return DualSlopeLine(
            intercept: intercept, near: near, far: near, logBreakpoint: Foundation.log10(Self.candidateBreakpoints.last!))
    }

    /// Weighted least squares of y on the dual-slope regressors of x (each sample
    /// in one group; the groups' own means are removed when `groups` is given, so
    /// every group gets its own intercept). Returns the line (its intercept is the
    /// first group's) and the weighted residual sum of squares. With nothing
    /// beyond the breakpoint both slopes are the one fitted slope.
    package static func leastSquares(
        logDistances x: [Double], values y: [Double], logBreakpoint b: Double, groups: [Int]? = nil, weights: [Double]? = nil
    ) -> (line: DualSlopeLine, residualSquares: Double) {
        let groupOf = groups ?? [Int](repeating: 0, count: x.count)
        let groupCount = (groupOf.max() ?? -1) + 1
        var sum1 = [Double](repeating: 0, count: groupCount)
        var sum2 = sum1
        var sumY = sum1
        var count = sum1
        for i in x.indices {
            let (x1, x2) = regressors(logDistance: x[i], logBreakpoint: b)
            let w = weights?[i] ?? 1
            sum1[groupOf[i]] += w * x1
            sum2[groupOf[i]] += w * x2
            sumY[groupOf[i]] += w * y[i]
            count[groupOf[i]] += w
        }
        var s11 = 0.0
        var s12 = 0.0
        var s22 = 0.0
        var s1y = 0.0
        var s2y = 0.0
        var syy = 0.0
        for i in x.indices {
            let g = groupOf[i]
            let (r1, r2) = regressors(logDistance: x[i], logBreakpoint: b)
            let x1 = r1 - sum1[g] / count[g]
            let x2 = r2 - sum2[g] / count[g]
            let dy = y[i] - sumY[g] / count[g]
            let w = weights?[i] ?? 1
            s11 += w * x1 * x1
            s12 += w * x1 * x2
            s22 += w * x2 * x2
            s1y += w * x1 * dy
            s2y += w * x2 * dy
            syy += w * dy * dy
        }
        let determinant = s11 * s22 - s12 * s12
        var near: Double
        var far: Double
        if s22 > 0, determinant > 1e-12 * max(1, s11 * s22) {
            near = (s22 * s1y - s12 * s2y) / determinant
            far = (s11 * s2y - s12 * s1y) / determinant
            if far < 0 {
                // Mean received power does not grow with distance: a falling far part is
                // the position noise of a band or two (Lanfer parking: one spot per
                // distance); Leith & Farrell's tram, the flattest measured, has n ≈ 0.36.
                far = 0
                near = s11 > 0 ? s1y / s11 : 0
            }
        } else {
            // Nothing beyond the breakpoint: one slope.
            near = s11 > 0 ? s1y / s11 : 0
            far = near
        }
        let residual = syy - near * s1y - far * s2y
        let intercept = groupCount > 0 && count[0] > 0 ? (sumY[0] - near * sum1[0] - far * sum2[0]) / count[0] : 0
        return (DualSlopeLine(intercept: intercept, near: near, far: far, logBreakpoint: b), max(0, residual))
    }

    /// The line with the least residual over ``trialLogBreakpoints(for:)``, normalized.
    package static func bestFit(logDistances x: [Double], values y: [Double], groups: [Int]? = nil) -> DualSlopeLine {
        var best: (line: DualSlopeLine, residualSquares: Double)?
        for b in trialLogBreakpoints(for: x) {
            let fit = leastSquares(logDistances: x, values: y, logBreakpoint: b, groups: groups)
            if best == nil || fit.residualSquares < best!.residualSquares { best = fit }
        }
        return best!.line.normalized()
    }
}
