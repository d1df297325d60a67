import Testing

@testable import Population

/// Crowds compare squared distances against a precomputed bound instead of
/// taking a square root per step; the two tests must agree on every float.
@Suite struct RangeSquareTests {
    @Test(
        "x is within the squared bound exactly when its square root is within range",
        arguments: [Float(10), 9.5, 2, 1.5, 0.7, 3.3])
    func boundAgreesWithSquareRoot(range: Float) {
        let bound = EncounterGenerator.largestSquareWithin(range)
        #expect(bound.squareRoot() <= range)
        #expect(bound.nextUp.squareRoot() > range)
        // Every float near the boundary, and a spread of others.
        var x = bound
        for _ in 0..<200 { x = x.nextDown }
        for _ in 0..<400 {
            #expect((x <= bound) == (x.squareRoot() <= range), "x = \(x)")
            x = x.nextUp
        }
        for k in 0...1000 {
            let y = Float(k) / 1000 * 2 * range * range
            #expect((y <= bound) == (y.squareRoot() <= range), "y = \(y)")
        }
    }
}
