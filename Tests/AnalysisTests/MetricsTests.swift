import Analysis
import Testing

@Suite struct MetricsTests {
    @Test func metricsFromCounts() {
        let m = ConfusionMatrix(truePositives: 30, falsePositives: 10, falseNegatives: 20, trueNegatives: 940)
        #expect(m.phones == 1000)
        #expect(m.precision == 0.75)
        #expect(m.recall == 0.6)
        #expect(abs(m.f1 - 2 * 0.75 * 0.6 / 1.35) < 1e-15)
        #expect(abs(m.falsePositiveRate - 10.0 / 950.0) < 1e-15)
        #expect(m.warningsPerThousand == 40)
    }

    @Test func emptyDenominatorsAreNaN() {
        let none = ConfusionMatrix(truePositives: 0, falsePositives: 0, falseNegatives: 5, trueNegatives: 5)
        #expect(none.precision.isNaN)
        #expect(none.recall == 0)
        #expect(none.f1.isNaN)
        let zero = ConfusionMatrix(truePositives: 0, falsePositives: 3, falseNegatives: 5, trueNegatives: 5)
        #expect(zero.f1 == 0)
    }

    @Test func countsFromOutcomes() {
        let m = ConfusionMatrix(warned: [true, true, false, false, true], atRisk: [true, false, true, false, true])
        #expect(m == ConfusionMatrix(truePositives: 2, falsePositives: 1, falseNegatives: 1, trueNegatives: 1))
    }

    @Test func quantilesInterpolateLikeRAndNumPy() {
        let values = [1.0, 2, 3, 4]
        #expect(BootstrapInterval.quantile(values, 0) == 1)
        #expect(BootstrapInterval.quantile(values, 1) == 4)
        #expect(BootstrapInterval.quantile(values, 0.5) == 2.5)
        #expect(abs(BootstrapInterval.quantile(values, 0.1) - 1.3) < 1e-12)
    }

    @Test func bootstrapCoversTheTruthAndIsReproducible() {
        // 2,000 phones with precision 0.5 and recall 0.8 by construction.
        var warned = [Bool]()
        var atRisk = [Bool]()
        func add(_ count: Int, _ w: Bool, _ r: Bool) {
            warned += Array(repeating: w, count: count)
            atRisk += Array(repeating: r, count: count)
        }
        add(80, true, true)
        add(80, true, false)
        add(20, false, true)
        add(1820, false, false)
        let a = BootstrapInterval.compute(warned: warned, atRisk: atRisk, metric: \.precision, resamples: 400, seed: 3)
        let b = BootstrapInterval.compute(warned: warned, atRisk: atRisk, metric: \.precision, resamples: 400, seed: 3)
        #expect(a == b)
        #expect(a.lower < 0.5 && 0.5 < a.upper)
        // Binomial standard error sqrt(0.25/160) ≈ 0.04: the 95 % interval is about ±0.08.
        #expect(a.upper - a.lower > 0.1 && a.upper - a.lower < 0.22)
        let recall = BootstrapInterval.compute(warned: warned, atRisk: atRisk, metric: \.recall, resamples: 400, seed: 4)
        #expect(recall.lower < 0.8 && 0.8 < recall.upper)
        #expect(BootstrapInterval.compute(warned: [false], atRisk: [false], metric: \.precision, seed: 1).lower.isNaN)
    }
}
