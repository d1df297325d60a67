import Analysis
import Foundation
import Testing
import WarnSimCore

/// A baseline with a header and no rows compares nothing; it is refused
/// naming the baseline file, so a truncated baseline cannot pass CI.
@Suite struct EmptyBaselineTests {
    @Test(arguments: ["id,precision,recall\n", "id,precision,recall\n\n\n", "id,precision,recall"])
    func headerOnlyBaselineIsRefused(baseline: String) throws {
        let actual = try MetricsTable.parse("id,precision,recall\nprod,0.4,0.7\n", file: "metrics.csv")
        let empty = try MetricsTable.parse(baseline, file: "baseline.csv")
        let error = try #require(throws: InputError.self) {
            _ = try RegressionComparison(actual: actual, baseline: empty, metrics: ["precision", "recall"], tolerance: 0.01)
        }
        #expect(error.file == "baseline.csv")
        #expect(error.field == nil)
        #expect(error.problem.hasPrefix("holds no rows, only a header"), "\(error)")
    }

    @Test func oneRowBaselineStillCompares() throws {
        let actual = try MetricsTable.parse("id,precision,recall\nprod,0.4,0.7\n", file: "metrics.csv")
        let baseline = try MetricsTable.parse("id,precision,recall\nprod,0.4,0.7\n", file: "baseline.csv")
        let comparison = try RegressionComparison(actual: actual, baseline: baseline, metrics: ["precision"], tolerance: 0)
        #expect(comparison.passed)
        #expect(comparison.rows.count == 1)
    }
}
