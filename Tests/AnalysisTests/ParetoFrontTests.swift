import Analysis
import Testing
import WarnSimCore

@Suite struct ParetoFrontTests {
    typealias Point = PrecisionRecallPoint

    /// The definition, applied literally: O(n²).
    static func bruteForce(_ points: [Point]) -> [Point] {
        let defined = points.filter { !$0.precision.isNaN && !$0.recall.isNaN }
        let front = defined.filter { p in
            !defined.contains { q in
                q.precision >= p.precision && q.recall >= p.recall && (q.precision > p.precision || q.recall > p.recall)
            }
        }
        return front.sorted {
            ($0.recall, -$0.precision, $0.id) < ($1.recall, -$1.precision, $1.id)
        }
    }

    static func ids(_ points: [Point]) -> [String] { points.map(\.id) }

    @Test func smallExampleByHand() {
        let points = [
            Point(id: "a", precision: 0.9, recall: 0.1),
            Point(id: "b", precision: 0.5, recall: 0.5),
            Point(id: "c", precision: 0.4, recall: 0.4),  // dominated by b
            Point(id: "d", precision: 0.2, recall: 0.9),
            Point(id: "e", precision: 0.5, recall: 0.3),  // same precision as b, lower recall
            Point(id: "f", precision: 0.1, recall: 0.9),  // same recall as d, lower precision
            Point(id: "g", precision: .nan, recall: 1.0),  // nobody warned
            Point(id: "h", precision: 1.0, recall: .nan),  // nobody at risk
        ]
        #expect(Self.ids(ParetoFront.compute(points)) == ["a", "b", "d"])
    }

    @Test func emptyAndAllNaNGiveEmptyFronts() {
        #expect(ParetoFront.compute([]).isEmpty)
        let nan = [
            Point(id: "x", precision: .nan, recall: 0.5),
            Point(id: "y", precision: 0.5, recall: .nan),
            Point(id: "z", precision: .nan, recall: .nan),
        ]
        #expect(ParetoFront.compute(nan).isEmpty)
    }

    @Test func singlePointIsItsOwnFront() {
        let point = Point(id: "only", precision: 0, recall: 0)
        #expect(ParetoFront.compute([point]) == [point])
    }

    @Test func duplicatesAreAllKeptAndOrderedById() {
        let points = [
            Point(id: "z", precision: 0.6, recall: 0.6),
            Point(id: "m", precision: 0.6, recall: 0.6),
            Point(id: "a", precision: 0.6, recall: 0.6),
            Point(id: "low", precision: 0.6, recall: 0.5),
            Point(id: "right", precision: 0.3, recall: 0.8),
            Point(id: "right2", precision: 0.3, recall: 0.8),
            Point(id: "a", precision: 0.3, recall: 0.8),
        ]
        #expect(Self.ids(ParetoFront.compute(points)) == ["a", "m", "z", "a", "right", "right2"])
    }

    @Test func pointsOnTheSameRecallOrPrecisionKeepOnlyTheBest() {
        let points = [
            Point(id: "p1", precision: 0.2, recall: 0.7),
            Point(id: "p2", precision: 0.3, recall: 0.7),
            Point(id: "r1", precision: 0.8, recall: 0.1),
            Point(id: "r2", precision: 0.8, recall: 0.2),
        ]
        #expect(Self.ids(ParetoFront.compute(points)) == ["r2", "p2"])
    }

    @Test(arguments: [(1 as UInt64, 5), (2, 40), (3, 200), (4, 1_000), (5, 3)])
    func agreesWithBruteForceOnRandomSets(seed: UInt64, count: Int) {
        var stream = RandomStream(seed: seed, subsystem: "pareto-test")
        for round in 0..<30 {
            // Alternate coarse grids (many ties) and continuous values, with NaN cells.
            let levels = round.isMultiple(of: 2) ? UInt64(4 + round) : 0
            func coordinate() -> Double {
                if stream.next() % 13 == 0 { return .nan }
                return levels > 0 ? Double(stream.next() % levels) / Double(levels - 1) : stream.nextUnitDouble()
            }
            let points = (0..<count).map { _ in
                Point(id: "c\(stream.next() % UInt64(count))", precision: coordinate(), recall: coordinate())
            }
            let expected = Self.bruteForce(points)
            let front = ParetoFront.compute(points)
            #expect(front == expected, "seed \(seed) round \(round)")
            // Every point is either on the front or dominated by a front point.
            for point in points where point.isDefined && !front.contains(point) {
                #expect(front.contains { $0.dominates(point) })
            }
            // The input order does not matter.
            var shuffled = points
            shuffled.shuffle(using: &stream)
            #expect(ParetoFront.compute(shuffled) == front)
        }
    }

    @Test func frontRecallRisesAndPrecisionFalls() {
        var stream = RandomStream(seed: 11, subsystem: "pareto-test")
        let points = (0..<500).map { Point(id: "c\($0)", precision: stream.nextUnitDouble(), recall: stream.nextUnitDouble()) }
        let front = ParetoFront.compute(points)
        #expect(front.count > 1)
        for (a, b) in zip(front, front.dropFirst()) {
            #expect(a.recall < b.recall && a.precision > b.precision)
        }
    }
}
