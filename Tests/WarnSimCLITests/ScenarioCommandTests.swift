import Foundation
import Testing
import WarnSimTestSupport

/// `scenario describe`: every declared scenario field, or one section's.
@Suite struct ScenarioCommandTests {
    @Test func describePrintsTheDeclaredFields() throws {
        let all = try WarnSimProcess.run(["scenario", "describe"])
        #expect(all.status == 0, "\(all.stderr)")
        for path in [
            "population.work.time.start_minute", "app.android.scan_jitter_s", "services.distribution.region", "risk.timeline[].date",
        ] {
            #expect(all.stdout.contains("\n\(path)\n"), "\(path)")
        }
        let response = try WarnSimProcess.run(["scenario", "describe", "response"])
        #expect(response.status == 0, "\(response.stderr)")
        #expect(response.stdout.hasPrefix("# response\n"), "\(response.stdout)")
        #expect(response.stdout.contains("response.quarantine_days\n  type:    integer, 0 … 60\n  default: 10\n"), "\(response.stdout)")
        #expect(!response.stdout.contains("population."))
    }

    @Test func describeRefusesAnUnknownSection() throws {
        let result = try WarnSimProcess.run(["scenario", "describe", "nonsense"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'nonsense' is not one of root, population"), "\(result.stderr)")
    }
}
