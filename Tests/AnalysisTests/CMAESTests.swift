import Foundation
import Testing
import WarnSimCore

@testable import Analysis

/// CMA-ES (Hansen 2016 tutorial; Hansen 2011 RR-7751 for integers) on the test functions the references use.
@Suite struct CMAESTests {
    /// Runs ask/tell until the best fitness is below `target`, the strategy stops, or `budget` evaluations are spent;
    /// returns the evaluations used.
    @discardableResult
    static func minimise(_ strategy: inout CMAES, budget: Int, target: Double, _ f: ([Double]) -> Double) -> Int {
        var evaluations = 0
        while evaluations < budget {
            let candidates = strategy.ask()
            strategy.tell(candidates.map(f))
            evaluations += candidates.count
            if let best = strategy.best, best.fitness < target { break }
            if strategy.stopReason != nil { break }
        }
        return evaluations
    }

    static func sphere(_ x: [Double]) -> Double { x.reduce(0) { $0 + $1 * $1 } }

    static func rosenbrock(_ x: [Double]) -> Double {
        (0..<(x.count - 1)).reduce(0) { sum, i in
            let a = x[i] * x[i] - x[i + 1]
            let b = 1 - x[i]
            return sum + 100 * a * a + b * b
        }
    }

    /// A random rotation (Gram-Schmidt on uniform entries), row-major.
    static func rotation(_ n: Int, seed: UInt64) -> [Double] {
        var random = RandomStream(seed: seed, subsystem: "test.cmaes.rotation")
        var q = (0..<(n * n)).map { _ in 2 * random.nextUnitDouble() - 1 }
        for i in 0..<n {
            for j in 0..<i {
                let dot = (0..<n).reduce(0) { $0 + q[i * n + $1] * q[j * n + $1] }
                for k in 0..<n { q[i * n + k] -= dot * q[j * n + k] }
            }
            let norm = (0..<n).reduce(0) { $0 + q[i * n + $1] * q[i * n + $1] }.squareRoot()
            for k in 0..<n { q[i * n + k] /= norm }
        }
        return q
    }

    /// f(x) = Σ 10^(6i/(n−1)) (Rx)ᵢ², condition number 1e6.
    struct RotatedEllipsoid {
        let n: Int
        let rotation: [Double]
        var scales: [Double] { (0..<n).map { Foundation.pow(10, 6 * Double($0) / Double(n - 1)) } }
        func callAsFunction(_ x: [Double]) -> Double {
            var sum = 0.0
            for i in 0..<n {
                let rx = (0..<n).reduce(0) { $0 + rotation[i * n + $1] * x[$1] }
                sum += Foundation.pow(10, 6 * Double(i) / Double(n - 1)) * rx * rx
            }
            return sum
        }
    }

    @Test func defaultParametersFollowTheTutorial() {
        let strategy = CMAES(
            mean: [Double](repeating: 0, count: 10), sigma: 0.3, lower: [Double](repeating: -1, count: 10),
            upper: [Double](repeating: 1, count: 10), integer: [Bool](repeating: false, count: 10), seed: 1)
        #expect(strategy.populationSize == 10)  // 4 + ⌊3 ln 10⌋
        #expect(strategy.parentCount == 5)
        #expect(abs(strategy.effectiveParentCount - 3.167) < 0.001)
        #expect(abs(strategy.weights[..<5].reduce(0, +) - 1) < 1e-12)
        #expect(abs(strategy.weights[0] - 0.4563) < 0.001)
        #expect(strategy.weights[5...].allSatisfy { $0 < 0 })  // active CMA
        #expect(zip(strategy.weights, strategy.weights.dropFirst()).allSatisfy { $0 > $1 })
        #expect(
            CMAES(mean: [0], sigma: 0.3, lower: [-1], upper: [1], integer: [false], seed: 1, populationSize: 7).populationSize == 7)
    }

    @Test func convergesOnTheSphere() {
        let n = 10
        var strategy = CMAES(
            mean: [Double](repeating: 1, count: n), sigma: 0.3, lower: [Double](repeating: -5, count: n),
            upper: [Double](repeating: 5, count: n), integer: [Bool](repeating: false, count: n), seed: 2016)
        let evaluations = Self.minimise(&strategy, budget: 5_000, target: 1e-10, Self.sphere)
        #expect(strategy.best!.fitness < 1e-10)
        #expect(evaluations < 5_000)
    }

    @Test func convergesOnRosenbrock() {
        let n = 10
        var strategy = CMAES(
            mean: [Double](repeating: 0, count: n), sigma: 0.1, lower: [Double](repeating: -5, count: n),
            upper: [Double](repeating: 5, count: n), integer: [Bool](repeating: false, count: n), seed: 7)
        Self.minimise(&strategy, budget: 20_000, target: 1e-8, Self.rosenbrock)
        #expect(strategy.best!.fitness < 1e-8)
        #expect(strategy.best!.point.allSatisfy { abs($0 - 1) < 1e-3 })
    }

    @Test func learnsTheCovarianceOfARotatedEllipsoid() {
        let n = 10
        let f = RotatedEllipsoid(n: n, rotation: Self.rotation(n, seed: 5))
        var strategy = CMAES(
            mean: [Double](repeating: 1, count: n), sigma: 0.3, lower: [Double](repeating: -5, count: n),
            upper: [Double](repeating: 5, count: n), integer: [Bool](repeating: false, count: n), seed: 11)
        Self.minimise(&strategy, budget: 20_000, target: 1e-10, f.callAsFunction)
        #expect(strategy.best!.fitness < 1e-10)

        // C should approximate the inverse Hessian Rᵀ A⁻¹ R up to scale: A^(1/2) R C Rᵀ A^(1/2) ≈ c·I.
        let a = f.scales.map { $0.squareRoot() }
        let m = (0..<(n * n)).map { a[$0 / n] * f.rotation[$0] }  // M = A^(1/2) R, row-major
        var product = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0..<n {
                var sum = 0.0
                for k in 0..<n {
                    for l in 0..<n { sum += m[i * n + k] * strategy.covariance[k * n + l] * m[j * n + l] }
                }
                product[i * n + j] = sum
            }
        }
        let whitened = SymmetricEigen(symmetric: product, dimension: n).values
        #expect(strategy.conditionNumber > 1e5)
        #expect(whitened.last! / whitened.first! < 10)  // seen: 3.0-3.8 over five seeds
    }

    @Test func findsTheExactIntegerOptimumOfAMixedIntegerSphere() {
        let n = 10
        let optimum: [Double] = [3, -2, 7, 0, -5, 0.5, -1.25, 2, 3.3, -4.1]
        let integer = (0..<n).map { $0 < 5 }
        var strategy = CMAES(
            mean: [Double](repeating: 0, count: n), sigma: 0.3, lower: [Double](repeating: -10, count: n),
            upper: [Double](repeating: 10, count: n), integer: integer, seed: 2011)
        Self.minimise(&strategy, budget: 20_000, target: 1e-10) { x in
            zip(x, optimum).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        }
        let best = strategy.best!
        #expect(Array(best.point[..<5]) == Array(optimum[..<5]))
        #expect(best.fitness < 1e-10)
    }

    static func scaledDistance(_ x: [Double], _ target: [Double], _ lower: [Double], _ upper: [Double]) -> Double {
        var sum = 0.0
        for i in x.indices {
            let d = (x[i] - target[i]) / (upper[i] - lower[i])
            sum += d * d
        }
        return sum
    }

    @Test func candidatesStayInsideTheBoundsAndIntegral() {
        let lower: [Double] = [-10, -10, 0.5, 30, 0, -3]
        let upper: [Double] = [10, 10, 7.5, 80, 2, 3]
        let integer = [false, true, true, false, false, true]
        let target: [Double] = [25, 25, 20, 100, 5, 10]  // outside: the optimum is the upper corner
        var strategy = CMAES(mean: [0, 0, 4, 55, 1, 0], sigma: 0.3, lower: lower, upper: upper, integer: integer, seed: 3)
        for _ in 0..<300 {
            let candidates = strategy.ask()
            #expect(candidates.count == strategy.populationSize)
            for point in candidates {
                for i in 0..<6 {
                    #expect(point[i] >= lower[i] && point[i] <= upper[i])
                    if integer[i] { #expect(point[i] == point[i].rounded()) }
                }
            }
            strategy.tell(candidates.map { x in Self.scaledDistance(x, target, lower, upper) })
            if strategy.stopReason != nil { break }
        }
        #expect(strategy.best!.point == [10, 10, 7, 80, 2, 3])
        #expect(strategy.penaltyWeights.allSatisfy { $0 > 0 })  // the mean left the box: the bound penalty is active
    }

    @Test func sameSeedSameCandidatesDifferentSeedDifferent() {
        func run(seed: UInt64) -> [[[Double]]] {
            var strategy = CMAES(
                mean: [1, 2, 3], sigma: 0.2, lower: [-5, -5, 0], upper: [5, 5, 10], integer: [false, false, true], seed: seed)
            var generations: [[[Double]]] = []
            for _ in 0..<25 {
                let candidates = strategy.ask()
                #expect(strategy.ask() == candidates)  // asking twice gives the same generation
                generations.append(candidates)
                strategy.tell(candidates.map(Self.sphere))
            }
            return generations
        }
        let first = run(seed: 99)
        #expect(run(seed: 99) == first)
        #expect(run(seed: 100)[0] != first[0])
    }

    @Test func infeasibleFitnessRanksLastWithoutCrashing() {
        let n = 4
        var strategy = CMAES(
            mean: [Double](repeating: 3, count: n), sigma: 0.3, lower: [Double](repeating: -5, count: n),
            upper: [Double](repeating: 5, count: n), integer: [false, false, true, false], seed: 8)
        // A whole generation of NaN and +∞ carries no information: nothing moves.
        let before = strategy.mean
        let first = strategy.ask()
        strategy.tell(first.indices.map { $0.isMultiple(of: 2) ? .nan : .infinity })
        #expect(strategy.best == nil)
        #expect(strategy.mean == before)
        #expect(strategy.generation == 1)
        // NaN on part of the space (x₀ > 4): the optimum at 0 is still found and NaN never becomes the best.
        Self.minimise(&strategy, budget: 10_000, target: 1e-10) { x in x[0] > 4 ? .nan : Self.sphere(x) }
        #expect(strategy.best!.fitness < 1e-10)
        #expect(strategy.ask().allSatisfy { $0.allSatisfy(\.isFinite) })
    }

    @Test func allInfeasibleGenerationsStopTheRun() {
        var strategy = CMAES(mean: [0, 0], sigma: 0.3, lower: [-1, -1], upper: [1, 1], integer: [false, false], seed: 4)
        for _ in 0..<100 where strategy.stopReason == nil {
            strategy.tell(strategy.ask().map { _ in .nan })
        }
        #expect(strategy.stopReason?.hasPrefix("no feasible candidate") == true)
        #expect(strategy.best == nil)
    }

    @Test func flatFitnessStopsTheRun() {
        var strategy = CMAES(mean: [0, 0, 0], sigma: 0.3, lower: [-1, -1, -1], upper: [1, 1, 1], integer: [false, true, false], seed: 6)
        for _ in 0..<200 where strategy.stopReason == nil {
            strategy.tell(strategy.ask().map { _ in 1 })
        }
        #expect(strategy.stopReason?.hasPrefix("flat fitness") == true)
    }
}

/// The cyclic Jacobi eigensolver against matrices with known eigenpairs.
@Suite struct SymmetricEigenTests {
    @Test func reconstructsAMatrixWithKnownEigenvalues() {
        let n = 8
        let q = CMAESTests.rotation(n, seed: 21)
        let d: [Double] = [-3, 0, 1e-6, 1, 1, 2.5, 40, 1e4]  // includes a repeated and a zero eigenvalue
        var a = [Double](repeating: 0, count: n * n)  // A = Qᵀ D Q
        for i in 0..<n {
            for j in 0..<n {
                a[i * n + j] = (0..<n).reduce(0) { $0 + q[$1 * n + i] * d[$1] * q[$1 * n + j] }
            }
        }
        let eigen = SymmetricEigen(symmetric: a, dimension: n)
        let scale = 1e4
        for (value, expected) in zip(eigen.values, d.sorted()) {
            #expect(abs(value - expected) < 1e-11 * scale)
        }
        let v = eigen.vectors
        for i in 0..<n {
            for j in 0..<n {
                let dot = (0..<n).reduce(0) { $0 + v[$1 * n + i] * v[$1 * n + j] }  // VᵀV = I
                #expect(abs(dot - (i == j ? 1 : 0)) < 1e-13)
                let rebuilt = (0..<n).reduce(0) { $0 + v[i * n + $1] * eigen.values[$1] * v[j * n + $1] }  // V Λ Vᵀ = A
                #expect(abs(rebuilt - a[i * n + j]) < 1e-11 * scale)
            }
        }
        #expect(eigen.sweeps < 15)
    }

    @Test func smallCases() {
        let pair = SymmetricEigen(symmetric: [2, 1, 1, 2], dimension: 2)
        #expect(abs(pair.values[0] - 1) < 1e-15 && abs(pair.values[1] - 3) < 1e-15)
        #expect(abs(abs(pair.vectors[0]) - 0.5.squareRoot()) < 1e-15)
        let diagonal = SymmetricEigen(symmetric: [5, 0, 0, 0, -1, 0, 0, 0, 2], dimension: 3)
        #expect(diagonal.values == [-1, 2, 5])
        #expect(diagonal.vectors == [0, 0, 1, 1, 0, 0, 0, 1, 0])
        #expect(diagonal.sweeps == 0)
        #expect(SymmetricEigen(symmetric: [7], dimension: 1).values == [7])
        #expect(SymmetricEigen(symmetric: [], dimension: 0).values.isEmpty)
    }
}
