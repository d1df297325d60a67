import Simulation
import Testing
import WarnSimCore

/// The memory estimate behind the refusal of runs that cannot fit.
@Suite struct RunMemoryEstimateTests {
    /// Peak RSS of release builds (`bench simulate`, `bench world`), as in the model's source.
    static let measured: [(people: Int, days: Int, part: RunMemoryEstimate.Part, bytes: Double)] = [
        (10_000, 14, .run, 382e6), (10_000, 28, .run, 454e6), (30_000, 14, .run, 1_098e6), (100_000, 14, .run, 3_502e6),
        (100_000, 14, .world, 369e6), (100_000, 28, .world, 374e6),
        (10_000, 28, .runWithCounterfactual, 451e6), (100_000, 28, .runWithCounterfactual, 4_500e6),
    ]

    @Test func theEstimateBoundsEveryMeasuredRunFromAboveButNotFarAbove() {
        for point in Self.measured {
            let estimate = RunMemoryEstimate(people: point.people, days: point.days, part: point.part).bytes
            #expect(estimate >= point.bytes, "\(point)")
            #expect(estimate <= 1.5 * point.bytes, "\(point)")
        }
        let run = RunMemoryEstimate(people: 10_000, days: 28).bytes
        #expect(RunMemoryEstimate(people: 10_000, days: 28, part: .runWithCounterfactual).bytes > run)
    }

    @Test func aRunThatCannotFitIsRefusedNamingTheEstimate() throws {
        let estimate = RunMemoryEstimate(people: 50_000_000, days: 28)
        do {
            try estimate.check(file: "big.yaml", limit: 23_000_000_000)
            Issue.record("a 50,000,000-person run passed on 23 GB")
        } catch {
            #expect(error.file == "big.yaml")
            #expect(error.field == "population.people")
            #expect(error.problem == "the run needs about 2.2 TB (50,000,000 people × 28 days); this machine has 23 GB")
        }
        // The town fits on a small machine; the city's run on 8 GB does too.
        try RunMemoryEstimate(people: 10_000, days: 28).check(file: "town.yaml", limit: 2_000_000_000)
        try RunMemoryEstimate(people: 100_000, days: 28, part: .runWithCounterfactual).check(file: "city.yaml", limit: 8_000_000_000)
        #expect(throws: InputError.self) {
            try RunMemoryEstimate(people: 100_000, days: 28).check(file: "city.yaml", limit: 2_000_000_000)
        }
    }

    @Test func extremeSizesNeverOverflow() {
        let huge = RunMemoryEstimate(people: Int.max, days: Int.max, part: .runWithCounterfactual).bytes
        #expect(huge.isFinite && huge > 1e30)
        #expect(RunMemoryEstimate(people: -5, days: -5).bytes == RunMemoryEstimate.fixedBytes)
    }
}
