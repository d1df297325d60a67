import Foundation
import WarnSimCore

/// The standard normal quantile function tabulated at 4,096 equal steps of
/// probability and interpolated linearly in between: one 64-bit draw per normal
/// value, no logarithm, for the radio hot path. Exact at the knots; the
/// outermost steps run to ±4.26 (p = 10⁻⁵).
@usableFromInline package enum NormalQuantileTable {
    static let steps = 4096

    /// Quantiles at p = i/steps, i = 0…steps, with the two infinite ends clamped.
    @usableFromInline package static let knots: [Float] = {
        (0...steps).map { i in
            let p = min(max(Double(i) / Double(steps), 1e-5), 1 - 1e-5)
            return Float(quantile(p))
        }
    }()

    /// Φ⁻¹(p) by Newton's method on Φ(x) = erfc(−x/√2)/2.
    static func quantile(_ p: Double) -> Double {
        var x = 0.0
        for _ in 0..<60 {
            let cdf = 0.5 * Foundation.erfc(-x / 2.0.squareRoot())
            let density = Foundation.exp(-0.5 * x * x) / (2 * Double.pi).squareRoot()
            let step = (cdf - p) / density
            x -= max(-1, min(1, step))
            if abs(step) < 1e-13 { break }
        }
        return x
    }
}

extension RandomStream {
    /// A standard normal draw from ``NormalQuantileTable`` (one 64-bit draw).
    @inlinable
    package mutating func nextTabulatedNormal() -> Float {
        let bits = next()
        let index = Int(bits >> 52)  // 12 bits: 0…4095
        let fraction = Float(bits & 0xF_FFFF_FFFF_FFFF) * 0x1.0p-52
        return NormalQuantileTable.knots.withUnsafeBufferPointer { knots in
            knots[index] + (knots[index + 1] - knots[index]) * fraction
        }
    }
}
