import Analysis
import Foundation
import SimulationTestSupport
import Testing
import WarnSimTestSupport

/// The regression of thresholds on the small scenario: the test fixture's run
/// (village shrunk to 800 people, 14 days, seed 11) swept over the day
/// threshold must reproduce the shipped baseline. A change to the world, the
/// protocol, the app, the scorer or the metrics that moves any precision,
/// recall, F1 or warning rate shows up here, with the configuration named.
/// After an intended change, regenerate the baseline as
/// Configs/baselines/README.md says.
@Suite struct BaselineRegressionTests {
    static let baseline = ProjectFiles.url("Configs/baselines/village-800-seed11/day-threshold.csv")

    @Test func smallScenarioSweepMatchesItsBaseline() throws {
        #expect(FileManager.default.fileExists(atPath: Self.baseline.path), "baseline missing: \(Self.baseline.path)")
        let spec = try SweepSpecification.load(path: ProjectFiles.url("Configs/sweeps/day-threshold.yaml").path)
        let runner = try SweepRunner(
            spec: spec, runs: RunSet(folders: [try RecordedRunFixture.shared.get()], options: spec.labels), version: "test")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-baseline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try runner.run(folder: out, workers: 2) { _, _ in }
        let actual = try MetricsTable.read(contentsOf: out.appendingPathComponent("metrics.csv"))
        let baseline = try MetricsTable.read(contentsOf: Self.baseline)
        // Every metric column, as CI's regress of the quick start compares them.
        let metrics = RegressionComparison.allMetrics(of: baseline)
        #expect(metrics.count > 100 && metrics.contains("expected_recall") && metrics.contains("recall_radio_high"))
        let comparison = try RegressionComparison(actual: actual, baseline: baseline, metrics: metrics, tolerance: 1e-6)
        for failure in comparison.failures {
            Issue.record(
                "\(failure.configuration): \(failure.metric) baseline \(failure.baseline), now \(failure.actual.map { "\($0)" } ?? "missing")"
            )
        }
        #expect(comparison.rows.count == baseline.ids.count * metrics.count)
        #expect(comparison.newConfigurations.isEmpty)
        // The baseline is not degenerate: production warns and some thresholds differ.
        #expect(try baseline.value("warnings_per_1000", of: "production")! > 0)
        #expect(Set(try baseline.ids.map { try baseline.value("warnings_per_1000", of: $0)! }).count > 1)
    }
}
