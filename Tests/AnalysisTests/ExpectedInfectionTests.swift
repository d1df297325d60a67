import Analysis
import Foundation
import RiskCalculation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The expected-infection label is the conditional expectation of the
/// `detectable` label: over many simulated runs, the sum of the probabilities
/// agrees with the count of infections by uploaders, and its precision and
/// recall move with far less noise.
@Suite struct ExpectedInfectionTests {
    /// Eight 800-person village runs of 14 days.
    static let runs = Result { try (21...28).map { try RecordedRun.load(folder: RecordedRunFixture.simulate(seed: UInt64($0))) } }

    @Test func sumOfProbabilitiesMatchesInfectionsByUploaders() throws {
        let set = try RunSet(runs: try Self.runs.get(), options: LabelOptions())
        var expected = 0.0
        var variance = 0.0
        var detectable = 0
        for labels in set.labels {
            for p in labels.expectedInfection {
                expected += p
                variance += p * (1 - p)
            }
            detectable += labels.positive[.detectable]!.filter { $0 }.count
        }
        // Given the encounters, each phone's detectable infection is a
        // Bernoulli draw with its probability: the count's standard deviation
        // is √Σp(1−p). Four of them allow for what conditioning leaves out
        // (quarantine after infection changes later encounters).
        #expect(expected > 5, "too few exposures to uploaders to test: \(expected)")
        #expect(abs(Double(detectable) - expected) <= 4 * variance.squareRoot() + 1, "detectable \(detectable), expected \(expected)")
        for labels in set.labels {
            #expect(labels.expectedInfection.allSatisfy { $0 >= 0 && $0 <= 1 })
        }
    }

    @Test func evaluateAndStatisticsAgreeOnTheExpectedCounts() throws {
        let set = try RunSet(runs: try Self.runs.get(), options: LabelOptions())
        let metrics = Evaluator(labels: set.labels, options: set.options, resamples: 50, seed: 1).evaluate(warnedAt: set.recordedWarnings)
        let statistics = ConfigurationStatistics(runs: set)
        let pooled = try statistics.statistics([set.production], workers: 2)[0].reduce(RunStatistics(), +)
        let a = metrics[.expected]!.counts
        let b = pooled.counts[.expected]!
        #expect(abs(a.atRisk - b.atRisk) < 1e-9 && abs(a.truePositives - b.truePositives) < 1e-9)
        #expect(a.warned == b.warned)
        #expect(metrics[.detectable]!.counts == pooled.counts[.detectable]!)
    }

    @Test func serverYAMLReadsBackToTheSameParameters() throws {
        let production = try ConfigurationLoader.load(path: ProjectFiles.url("Configs/risk/cwa-2021-04-14.yaml").path)
        guard case .cwaExposureWindows(let p) = production.scheme else {
            Issue.record("scheme")
            return
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("risk-calculation-parameters-\(UUID().uuidString).yaml")
        try ServerConfigurationWriter.yaml(p, comment: ["test"]).write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let back = try ConfigurationLoader.load(path: url.path)
        #expect(back.scheme == production.scheme)
    }

    @Test func metricNamesAndConstraintsParse() throws {
        let recall = try MetricName(parsing: "recall", defaultLabel: .expected, file: "f", field: "x")
        #expect(recall == MetricName(.recall, label: .expected))
        #expect(try MetricName(parsing: "close_contact_precision", defaultLabel: .expected, file: "f", field: "x").label == .closeContact)
        #expect(try MetricName(parsing: "warnings_per_uploader", defaultLabel: .expected, file: "f", field: "x").label == nil)
        #expect(throws: InputError.self) {
            try MetricName(parsing: "dose_warnings_per_uploader", defaultLabel: .expected, file: "f", field: "x")
        }
        let c = try TuneObjective.Constraint(parsing: "detectable_precision >= production", defaultLabel: .expected, option: "--subject-to")
        #expect(c.atLeast && c.bound == .production && c.metric.label == .detectable)
        #expect(c.violation(0.4, production: 0.5) == 0.09999999999999998 || abs(c.violation(0.4, production: 0.5) - 0.1) < 1e-12)
        #expect(c.violation(0.6, production: 0.5) == 0)
        let d = try TuneObjective.Constraint(parsing: "warnings_per_1000<=12.5", defaultLabel: .expected, option: "--subject-to")
        #expect(!d.atLeast && d.bound == .value(12.5))
    }
}
