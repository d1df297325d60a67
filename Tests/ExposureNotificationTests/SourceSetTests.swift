import Testing

@testable import ExposureNotification

/// The package-number bit set agrees with a `Set` on random numbers for
/// every operation the match cache uses.
@Suite struct SourceSetTests {
    @Test(arguments: [1 as UInt64, 2, 3])
    func agreesWithASet(seed: UInt64) {
        var state = seed
        let next = { () -> UInt32 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33) % 300
        }
        let a = (0..<80).map { _ in next() }
        let b = (0..<(seed == 2 ? 0 : 120)).map { _ in next() }
        let (setA, setB) = (SourceSet(a), SourceSet(b))
        let (plainA, plainB) = (Set(a), Set(b))
        for n in 0..<320 as Range<UInt32> {
            #expect(setA.contains(n) == plainA.contains(n))
            #expect(setA.intersection(setB).contains(n) == plainA.intersection(plainB).contains(n))
            #expect(setA.union(setB).contains(n) == plainA.union(plainB).contains(n))
            #expect(setB.union(setA).contains(n) == plainA.union(plainB).contains(n))
        }
        #expect(setA.numbers(notIn: setB) == plainA.subtracting(plainB).sorted())
        #expect(setB.numbers(notIn: setA) == plainB.subtracting(plainA).sorted())
        #expect(setA.numbers(notIn: SourceSet()) == plainA.sorted())
        var narrowed = setA
        narrowed.formIntersection(setB)
        #expect(narrowed.numbers(notIn: SourceSet()) == plainA.intersection(plainB).sorted())
        #expect(narrowed.isEmpty == plainA.intersection(plainB).isEmpty)
    }
}
