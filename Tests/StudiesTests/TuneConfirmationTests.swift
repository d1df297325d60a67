import Testing

@testable import Analysis
@testable import Studies

/// The paired differences of `tune --confirm`, seed by seed.
@Suite struct TuneConfirmationTests {
    static func run(
        _ seed: UInt64, infections: Int, counterfactual: Int?, quarantined: Int, warnings: Int
    )
        -> SweepConfirmation.ConfirmedRun
    {
        var totals = RecordedRun.DayTotals()
        totals.infections = infections
        totals.quarantined = quarantined
        totals.warnings = warnings
        return SweepConfirmation.ConfirmedRun(seed: seed, totals: totals, counterfactualInfections: counterfactual)
    }

    @Test func aConfigurationAgainstItselfDiffersByExactlyZero() {
        let runs = [
            Self.run(5, infections: 40, counterfactual: 52, quarantined: 300, warnings: 90),
            Self.run(6, infections: 31, counterfactual: 33, quarantined: 120, warnings: 41),
            Self.run(7, infections: 58, counterfactual: 70, quarantined: 410, warnings: 133),
        ]
        for d in TuneConfirmation.differences(production: runs, recommended: runs, resamples: 200, seed: 1) {
            #expect(d.difference == 0 && d.lower == 0 && d.upper == 0, "\(d.outcome)")
            #expect(d.seedsHigher == 0 && d.seedsLower == 0)
        }
    }

    @Test func differencesArePairedBySeed() throws {
        // Seed 6's counterfactual is large for both: pairing removes it from the difference.
        let production = [
            Self.run(5, infections: 40, counterfactual: 50, quarantined: 300, warnings: 90),
            Self.run(6, infections: 90, counterfactual: 100, quarantined: 500, warnings: 150),
        ]
        let recommended = [
            Self.run(5, infections: 37, counterfactual: 50, quarantined: 360, warnings: 110),
            Self.run(6, infections: 87, counterfactual: 100, quarantined: 560, warnings: 170),
        ]
        let rows = TuneConfirmation.differences(production: production, recommended: recommended, resamples: 500, seed: 3)
        let averted = try #require(rows.first { $0.outcome == "infections_averted" })
        #expect(averted.production == 10 && averted.recommended == 13 && averted.difference == 3)
        #expect(averted.lower == 3 && averted.upper == 3, "every seed differs by 3: the interval is a point")
        #expect(averted.seedsHigher == 2)
        let quarantine = try #require(rows.first { $0.outcome == "quarantine_person_days" })
        #expect(quarantine.difference == 60 && quarantine.seedsHigher == 2)
        let warnings = try #require(rows.first { $0.outcome == "warnings" })
        #expect(warnings.difference == 20)
    }

    @Test func runsWithoutACounterfactualHaveNoAvertedRow() {
        let runs = [Self.run(5, infections: 40, counterfactual: nil, quarantined: 3, warnings: 9)]
        let rows = TuneConfirmation.differences(production: runs, recommended: runs, resamples: 100, seed: 1)
        #expect(!rows.contains { $0.outcome == "infections_averted" })
        #expect(rows.first?.outcome == "infections" && rows.first!.lower.isNaN, "one seed: no interval")
    }
}
