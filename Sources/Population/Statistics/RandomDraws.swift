import Foundation
import WarnSimCore

extension RandomStream {
    /// A standard normal draw (Marsaglia's polar method; one value per call so
    /// that the number of draws a stream gives out never depends on caching).
    @inlinable
    package mutating func nextStandardNormal() -> Double {
        while true {
            let u = 2 * nextUnitDouble() - 1
            let v = 2 * nextUnitDouble() - 1
            let s = u * u + v * v
            if s > 0 && s < 1 {
                return u * (-2 * Foundation.log(s) / s).squareRoot()
            }
        }
    }

    /// A normal draw with the given mean and standard deviation.
    @inlinable
    package mutating func nextNormal(mean: Double, standardDeviation: Double) -> Double {
        mean + standardDeviation * nextStandardNormal()
    }

    /// A uniform integer in `0..<bound` (Lemire's multiply-shift, bias below 2^-32 for small bounds).
    @inlinable
    package mutating func nextIndex(_ bound: Int) -> Int {
        Int((UInt64(truncatingIfNeeded: bound) &* (next() >> 32)) >> 32)
    }

    /// True with probability `p`.
    @inlinable
    package mutating func nextBernoulli(_ p: Double) -> Bool {
        nextUnitDouble() < p
    }

    /// A Poisson draw (Knuth's product method for small means, normal approximation above 30).
    package mutating func nextPoisson(mean: Double) -> Int {
        if mean <= 0 { return 0 }
        if mean > 30 {
            return max(0, Int((mean + mean.squareRoot() * nextStandardNormal()).rounded()))
        }
        let limit = Foundation.exp(-mean)
        var product = nextUnitDouble()
        var count = 0
        while product > limit {
            product *= nextUnitDouble()
            count += 1
        }
        return count
    }
}

/// A discrete distribution over `0..<weights.count`, sampled by inverting the
/// cumulative weights (the tables here are small).
package struct DiscreteDistribution: Sendable, Equatable {
    /// The normalised probabilities.
    package let probabilities: [Double]
    private let cumulative: [Double]

    /// Normalises `weights` (non-negative, positive sum).
    package init(weights: [Double]) {
        let total = weights.reduce(0, +)
        probabilities = weights.map { $0 / total }
        var running = 0.0
        cumulative = probabilities.map {
            running += $0
            return running
        }
    }

    /// Draws an index.
    package func sample(_ random: inout RandomStream) -> Int {
        let u = random.nextUnitDouble()
        for (index, bound) in cumulative.enumerated() where u < bound { return index }
        return cumulative.count - 1
    }

    /// The mean of the index plus `offset`.
    package func mean(offset: Double = 0) -> Double {
        probabilities.enumerated().reduce(0) { $0 + $1.element * (Double($1.offset) + offset) }
    }
}
