import Analysis
import Foundation
import RiskCalculation
import Simulation
import SimulationTestSupport
import Testing
import WarnSimCore
import WarnSimTestSupport

/// `evaluate` on a run whose phones ran an ENF v1 scheme live: its production
/// configuration (the run's `risk.yaml`) is that scheme, and scoring the
/// recorded windows with the exact v1 engine reproduces the phones' warnings.
@Suite struct ENFv1RunScoringTests {
    static let v1Run = Result {
        try RecordedRunFixture.simulate(seed: 11) {
            $0.replacingOccurrences(of: "cwa-2021-04-14.yaml", with: "cwa-2020-06-16-launch-enf-v1.yaml")
        }
    }

    @Test func productionScoringOfAV1RunReproducesTheLiveWarnings() throws {
        let run = try RecordedRun.load(folder: try Self.v1Run.get())
        guard case .cwa2020 = run.risk.scheme else {
            Issue.record("risk.yaml of a v1 run is \(run.risk.scheme.identifier)")
            return
        }
        let recorded = run.appUsers.map { run.phones[$0].warnedAt }
        #expect(recorded.contains { $0 != nil }, "the v1 run must warn someone")
        #expect(Set(run.appUsers.map { run.phones[$0].platform }) == [.android, .ios])
        let scored = try WarningScorer(run: run).warnedAt(configurations: [run.risk], workers: 2)
        #expect(scored[0] == recorded)
    }

    /// A timeline run's folder reads back; `risk.yaml` is the configuration in
    /// force at the end, and the manifest says which ran when.
    @Test func aTimelineRunReadsBackWithItsFinalConfiguration() throws {
        let folder = try RecordedRunFixture.simulate(seed: 12, days: 7) {
            $0.replacingOccurrences(
                of: "  configuration: ../risk/cwa-2021-04-14.yaml\n",
                with:
                    "  configuration: ../risk/cwa-2020-enf-v1.yaml\n  timeline:\n    - date: 2021-04-15\n      configuration: ../risk/cwa-2021-04-14.yaml\n"
            )
        }
        let run = try RecordedRun.load(folder: folder)
        guard case .cwaExposureWindows = run.risk.scheme else {
            Issue.record("risk.yaml of the timeline run is \(run.risk.scheme.identifier)")
            return
        }
        let manifest = try String(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"risk_configurations_used\": [{\"from\": 1618185600, \"configuration\": \"cwa-2020-enf-v1\""))
        #expect(manifest.contains("{\"from\": 1618444800, \"configuration\": \"cwa-2021-04-14\""))
    }
}
