import Simulation
import Testing
import WarnSimCore

/// The memory estimate behind the refusal of runs that cannot fit.
@Suite struct RunMemoryEstimateTests {
    /// Peak RSS of release builds (`bench simulate`, `bench world`, `simulate`), as in the
    /// model's source: the town with its gatherings and clubs (2026-11-27); the city's run with
    /// its counterfactual is the one measurement of the previous town (2026-11-21) not repeated;
    /// the redraws are of 2026-12-07, first with the channels recording every phone (share 1),
    /// then, every channel the phones' own included recording only them, the 5 of 10,000 and the
    /// 51 of 100,000 people who shared keys.
    static let measured: [(people: Int, days: Int, part: RunMemoryEstimate.Part, bytes: Double)] = [
        (10_000, 14, .run, 401e6), (10_000, 28, .run, 459e6), (30_000, 14, .run, 1_102e6), (100_000, 14, .run, 3_591e6),
        (100_000, 28, .run, 4_289e6), (100_000, 14, .world, 566e6), (100_000, 28, .world, 566e6),
        (10_000, 28, .runWithCounterfactual, 504e6), (100_000, 28, .runWithCounterfactual, 4_500e6),
        (10_000, 28, .redraw(channels: 1, transmitterShare: 1), 795e6),
        (10_000, 28, .redraw(channels: 4, transmitterShare: 1), 1_553e6),
        (10_000, 28, .redraw(channels: 1, transmitterShare: 0.0005), 205e6),
        (10_000, 28, .redraw(channels: 4, transmitterShare: 0.0005), 214e6),
        (100_000, 28, .redraw(channels: 1, transmitterShare: 0.00051), 1_613e6),
        (100_000, 28, .redraw(channels: 4, transmitterShare: 0.00051), 1_717e6),
    ]

    /// The same with the sealed sightings on disk (the town with its gatherings and clubs, the
    /// encounter ledger on disk and a day's encounters held once, nothing of the sightings on
    /// disk in memory, the app in a box for app users only; 2026-12-07, night, the higher of two
    /// runs where there were two).
    static let measuredOnDisk: [(people: Int, days: Int, bytes: Double)] = [
        (20_000, 28, 181e6), (100_000, 28, 853e6), (300_000, 20, 2_241e6), (1_000_000, 28, 8_328e6),
    ]

    @Test func theEstimateWithSightingsOnDiskBoundsEveryMeasuredRun() {
        for point in Self.measuredOnDisk {
            let estimate = RunMemoryEstimate(people: point.people, days: point.days, sightingsOnDisk: true).bytes
            #expect(estimate >= point.bytes, "\(point)")
            #expect(estimate <= 1.5 * point.bytes, "\(point)")
        }
    }

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
