import Analysis
import Foundation
import RiskCalculation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// `tune` on real recorded windows: deterministic whatever the thread count,
/// every candidate a valid configuration, the held-out seeds reported, and a
/// parameter that cannot change a decision has sensitivity exactly 0.
@Suite struct TuneRunnerTests {
    static func space() throws -> (RunSet, TuneSpace) {
        let runs = try ExpectedInfectionTests.runs.get()
        let set = try RunSet(runs: Array(runs.prefix(4)), options: LabelOptions())
        let space = try TuneSpace.load(
            path: ProjectFiles.url("Configs/tune/cwa-v2-borders-weights-thresholds.yaml").path, production: set.production)
        return (set, space)
    }

    @Test func tuningIsDeterministicAndReportsHeldOutSeeds() throws {
        let (set, space) = try Self.space()
        let objective = TuneObjective(
            metric: MetricName(.recall, label: .expected), maximize: true,
            constraints: [try .init(parsing: "precision>=production", defaultLabel: .expected, option: "--subject-to")])
        var settings = TuneRunner.Settings()
        settings.budget = 45
        settings.holdoutSeeds = 2
        settings.bootstrap = 50
        let runner = try TuneRunner(runs: set, space: space, objective: objective, settings: settings)
        let one = try runner.run(workers: 1) { _ in }
        let two = try runner.run(workers: 2) { _ in }
        #expect(one.evaluations.map(\.values) == two.evaluations.map(\.values))
        #expect(one.evaluations.map(\.objective).map { $0.isNaN ? -1 : $0 } == two.evaluations.map(\.objective).map { $0.isNaN ? -1 : $0 })
        #expect(one.tuningSeeds == [21, 22] && one.holdoutSeeds == [23, 24])
        #expect(one.evaluations.count == 45)
        #expect(one.evaluations.allSatisfy { $0.rejection == nil })
        if let recommended = one.recommended {
            #expect(ConfigurationWriter.yaml(recommended) == ConfigurationWriter.yaml(two.recommended!))
            #expect(one.holdout != nil && one.tuning != nil)
        }
        // The production point is feasible for precision>=production, so a
        // recommendation exists and is at least as good on the tuning seeds.
        let best = try #require(one.best)
        let productionRecall = one.tuning!.rows.first { $0.metric == objective.metric }!.a
        #expect(best.objective >= productionRecall - 1e-12)
    }

    @Test func latinHypercubeBaselineUsesTheWholeBudget() throws {
        let (set, space) = try Self.space()
        var settings = TuneRunner.Settings()
        settings.budget = 30
        settings.search = .latinHypercube
        settings.bootstrap = 20
        let runner = try TuneRunner(
            runs: set, space: space, objective: TuneObjective(metric: MetricName(.f1, label: .expected), maximize: true, constraints: []),
            settings: settings)
        let result = try runner.run(workers: 2) { _ in }
        #expect(result.evaluations.count == 30)
    }

    @Test func aParameterThatCannotChangeADecisionHasSensitivityZero() throws {
        let (set, space) = try Self.space()
        let runner = SensitivityRunner(
            runs: set, space: space, metrics: [MetricName(.warningsPer1000, label: .expected)], method: .sobol, samples: 8, seed: 3)
        let rows = try runner.run(workers: 2) { _, _ in }
        // The per-window mapping only classifies windows, and every window is
        // mapped (LOW below, HIGH from the threshold): no decision depends on it.
        let window = try #require(rows.first { $0.parameter == "window_threshold" })
        #expect(window.first.value == 0 && window.total.value == 0 && window.total.lower == 0 && window.total.upper == 0)
        let day = try #require(rows.first { $0.parameter == "day_threshold" })
        #expect(day.total.value > 0)
    }

    @Test func spacesRefuseFractionalBordersAndUnknownFields() throws {
        let (set, _) = try Self.space()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("space-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        try "parameters:\n  attenuation_border_1: {min: 50, max: 60}\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try TuneSpace.load(path: url.path, production: set.production) }
        try "parameters:\n  weight_1: {min: 0, max: 1}\nsamples: 3\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try TuneSpace.load(path: url.path, production: set.production) }
    }
}
