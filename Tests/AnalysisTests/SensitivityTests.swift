import Foundation
import Testing

@testable import Analysis

@Suite struct SensitivityTests {
    // MARK: Ishigami (Sobol' indices)

    /// The Ishigami function (T. Ishigami and T. Homma, "An importance
    /// quantification technique in uncertainty analysis for computer models",
    /// ISUMA 1990) with a = 7, b = 0.1 on [−π, π]³, from unit-hypercube
    /// coordinates; a fourth coordinate, if any, is ignored (a dummy parameter).
    static let a = 7.0
    static let b = 0.1

    static func ishigami(_ u: [Double]) -> Double {
        let x = u.map { -Double.pi + 2 * Double.pi * $0 }
        return sin(x[0]) + a * sin(x[1]) * sin(x[1]) + b * pow(x[2], 4) * sin(x[0])
    }

    /// The analytic indices from the closed-form variance decomposition, with
    /// x ~ U(−π, π): E sin²x = 1/2, E sin⁴x = 3/8, E x⁴ = π⁴/5, E x⁸ = π⁸/9.
    /// - V2 = Var(a sin²x2) = a²(3/8 − 1/4) = a²/8.
    /// - E[f | x1] − E f = sin x1 (1 + bπ⁴/5), so V1 = (1 + bπ⁴/5)²/2.
    /// - The rest, b sin x1 (x3⁴ − π⁴/5), is the x1–x3 interaction:
    ///   V13 = b² · 1/2 · (π⁸/9 − π⁸/25) = b²π⁸(1/18 − 1/50); V3 = 0.
    /// - V = V1 + V2 + V13 = a²/8 + bπ⁴/5 + b²π⁸/18 + 1/2 = 13.845.
    ///
    /// S = (V1, V2, 0)/V = (0.3139, 0.4424, 0) and S_T = (V1 + V13, V2, V13)/V = (0.5576, 0.4424, 0.2437).
    static let analytic: (first: [Double], total: [Double]) = {
        let pi4 = pow(Double.pi, 4)
        let pi8 = pow(Double.pi, 8)
        let v = a * a / 8 + b * pi4 / 5 + b * b * pi8 / 18 + 0.5
        let v1 = 0.5 * (1 + b * pi4 / 5) * (1 + b * pi4 / 5)
        let v2 = a * a / 8
        let v13 = b * b * pi8 * (1.0 / 18 - 1.0 / 50)
        return ([v1 / v, v2 / v, 0], [(v1 + v13) / v, v2 / v, v13 / v])
    }()

    /// Ishigami plus a dummy fourth parameter, N = 2¹⁵ base rows (196,608 evaluations);
    /// 250 bootstrap resamples instead of the default 500 keep a debug build's run to about 3 s.
    static let ishigamiIndices: SobolIndices = {
        let design = SobolDesign(dimensions: 4, baseSamples: 1 << 15, seed: 1990)
        return SobolIndices(design: design, outputs: design.points.map(ishigami), resamples: 250, seed: 1990)
    }()

    @Test func analyticIshigamiIndicesMatchThePublishedValues() {
        let published = (first: [0.3139, 0.4424, 0], total: [0.5576, 0.4424, 0.2437])
        for i in 0..<3 {
            #expect(abs(Self.analytic.first[i] - published.first[i]) < 5e-5)
            #expect(abs(Self.analytic.total[i] - published.total[i]) < 5e-5)
        }
    }

    /// The design is plain Monte Carlo, so each estimate carries a sampling
    /// error of order N^(−1/2): over 100 seeds the largest of the six errors
    /// exceeded 0.03 for 3 seeds at N = 2¹⁴ (worst 0.038) and for none at
    /// N = 2¹⁵ (worst 0.023; standard errors below 0.008). ±0.03 thus passes
    /// for any seed at N = 2¹⁵ while still catching a wrong estimator (the
    /// alternatives in Saltelli et al. 2010, Table 2, are off by far more).
    @Test func ishigamiEstimatesAreWithinSamplingErrorOfTheAnalyticValues() {
        let indices = Self.ishigamiIndices
        #expect(!indices.outputIsConstant)
        for i in 0..<3 {
            #expect(abs(indices.firstOrder[i].value - Self.analytic.first[i]) <= 0.03, "S\(i + 1)")
            #expect(abs(indices.total[i].value - Self.analytic.total[i]) <= 0.03, "ST\(i + 1)")
        }
    }

    /// 95 % intervals: each of the six should cover its analytic value; allow
    /// one miss (two or more happened for 2 of 100 seeds, close to the 3 % of
    /// six independent 95 % intervals).
    @Test func ishigamiIntervalsCoverTheAnalyticValues() {
        let indices = Self.ishigamiIndices
        let estimates = Array(indices.firstOrder.prefix(3)) + Array(indices.total.prefix(3))
        let truth = Self.analytic.first + Self.analytic.total
        for estimate in estimates { #expect(estimate.lower <= estimate.value && estimate.value <= estimate.upper) }
        let covered = zip(estimates, truth).filter { $0.lower <= $1 && $1 <= $0.upper }.count
        #expect(covered >= 5, "\(covered) of 6 intervals cover the analytic value")
    }

    @Test func ignoredParameterGetsExactlyZero() {
        let indices = Self.ishigamiIndices
        for index in [indices.firstOrder[3], indices.total[3]] {
            #expect(index.value == 0)
            #expect(index.lower == 0 && index.upper == 0)
        }
    }

    @Test func constantOutputGivesNaN() {
        let design = SobolDesign(dimensions: 3, baseSamples: 64, seed: 7)
        let indices = SobolIndices(design: design, outputs: [Double](repeating: 0.1, count: design.evaluationCount), resamples: 50, seed: 7)
        #expect(indices.outputIsConstant)
        #expect(indices.variance == 0)
        for index in indices.firstOrder + indices.total {
            #expect(index.value.isNaN && index.lower.isNaN && index.upper.isNaN)
        }
    }

    @Test func sameSeedGivesIdenticalIndices() {
        func run(_ seed: UInt64) -> SobolIndices {
            let design = SobolDesign(dimensions: 3, baseSamples: 256, seed: seed)
            return SobolIndices(design: design, outputs: design.points.map(Self.ishigami), resamples: 100, seed: seed)
        }
        let (first, second, other) = (run(11), run(11), run(12))
        #expect(first.firstOrder == second.firstOrder && first.total == second.total)
        #expect(first.firstOrder != other.firstOrder)
    }

    @Test func designListsABThenEachABMatrix() {
        let (n, k) = (8, 3)
        let design = SobolDesign(dimensions: k, baseSamples: n, seed: 3)
        let points = design.points
        #expect(design.evaluationCount == n * (k + 2) && points.count == design.evaluationCount)
        #expect(points.allSatisfy { $0.count == k && $0.allSatisfy { (0..<1).contains($0) } })
        for i in 0..<k {
            for j in 0..<n {
                var expected = points[j]
                expected[i] = points[n + j][i]
                #expect(points[(2 + i) * n + j] == expected)
            }
        }
    }

    // MARK: Morris screening

    /// f = Σ c_i x_i: every elementary effect of x_i is c_i, so μ = c_i, μ* = |c_i| and σ = 0
    /// up to rounding; the last parameter is ignored and gets exactly 0.
    @Test func morrisOnALinearFunctionRecoversItsCoefficients() {
        let c = [2.0, -3.0, 0.5, 0]
        let design = MorrisScreening.Design(dimensions: 4, trajectories: 20, seed: 5)
        let outputs = design.points.map { x in zip(c.prefix(3), x).reduce(0) { $0 + $1.0 * $1.1 } }
        let screening = MorrisScreening(design: design, outputs: outputs, resamples: 200, seed: 5)
        for i in 0..<3 {
            let effect = screening.effects[i]
            #expect(abs(effect.muStar - abs(c[i])) < 1e-12 && abs(effect.mu - c[i]) < 1e-12 && effect.sigma < 1e-12)
            #expect(abs(effect.muStarLower - abs(c[i])) < 1e-12 && abs(effect.muStarUpper - abs(c[i])) < 1e-12)
        }
        let dummy = screening.effects[3]
        #expect(dummy.muStar == 0 && dummy.mu == 0 && dummy.sigma == 0)
        #expect(dummy.muStarLower == 0 && dummy.muStarUpper == 0)
    }

    @Test func morrisTrajectoriesStepOneParameterByDeltaOnTheGrid() {
        let (k, r) = (5, 6)
        let design = MorrisScreening.Design(dimensions: k, trajectories: r, seed: 9)
        #expect(design.delta == 4.0 / 6 && design.evaluationCount == r * (k + 1) && design.points.count == r * (k + 1))
        let grid: Set<Double> = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(design.points.allSatisfy { $0.count == k && $0.allSatisfy(grid.contains) })
        for t in 0..<r {
            var moved: Set<Int> = []
            for m in 1...k {
                let (before, after) = (design.points[t * (k + 1) + m - 1], design.points[t * (k + 1) + m])
                let changed = (0..<k).filter { before[$0] != after[$0] }
                #expect(changed.count == 1)
                if let i = changed.first {
                    #expect(abs(abs(after[i] - before[i]) - design.delta) < 1e-12)
                    moved.insert(i)
                }
            }
            #expect(moved.count == k)
        }
        #expect(MorrisScreening.Design(dimensions: k, trajectories: r, seed: 9).points == design.points)
    }
}
