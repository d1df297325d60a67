import Analysis
import Foundation
import Testing
import WarnSimCore

@Suite struct RegressionTests {
    static let baseline = """
        id,attenuation_high,precision,recall,f1
        prod,55,0.40,0.70,0.509
        strict,50,0.55,0.50,0.524
        loose,63,0.30,0.85,0.443

        """

    static func table(_ text: String, _ file: String = "metrics.csv") throws -> MetricsTable {
        try MetricsTable.parse(text, file: file)
    }

    @Test func identicalTablesPass() throws {
        let b = try Self.table(Self.baseline, "baseline.csv")
        let comparison = try RegressionComparison(actual: b, baseline: b, metrics: ["precision", "recall"], tolerance: 0)
        #expect(comparison.passed)
        #expect(comparison.rows.count == 6)
        #expect(RegressionReport.table(comparison).hasSuffix("6 passed, 0 failed (tolerance 0.0)\n"))
    }

    @Test func differencesBeyondToleranceFailAndAreNamed() throws {
        let actual = try Self.table(
            """
            id,attenuation_high,precision,recall,f1
            prod,55,0.405,0.70,0.5
            strict,50,0.52,0.50,0.5
            extra,70,0.1,0.9,0.2
            """)
        let comparison = try RegressionComparison(
            actual: actual, baseline: try Self.table(Self.baseline, "baseline.csv"), metrics: ["precision", "recall"], tolerance: 0.01)
        #expect(!comparison.passed)
        let failures = comparison.failures.map { "\($0.configuration).\($0.metric).\($0.outcome.rawValue)" }
        #expect(failures == ["strict.precision.fail", "loose.precision.missing", "loose.recall.missing"])
        #expect(comparison.newConfigurations == ["extra"])
        let strict = try #require(comparison.rows.first { $0.configuration == "strict" && $0.metric == "precision" })
        #expect(abs(strict.difference! + 0.03) < 1e-12)
        let junit = RegressionReport.junit(comparison)
        #expect(junit.contains(#"tests="6" failures="1" errors="2""#))
        #expect(junit.contains(#"<testcase classname="strict" name="strict.precision">"#))
        #expect(junit.contains("type=\"outside-tolerance\""))
        #expect(junit.contains("type=\"missing-configuration\""))
    }

    @Test func toleranceBoundaryIsInclusive() throws {
        let b = try Self.table("id,precision\na,0.5\n")
        let a = try Self.table("id,precision\na,0.75\n")
        #expect(try RegressionComparison(actual: a, baseline: b, metrics: ["precision"], tolerance: 0.25).passed)
        #expect(try !RegressionComparison(actual: a, baseline: b, metrics: ["precision"], tolerance: 0.2499).passed)
    }

    @Test func nanMatchesOnlyNaN() throws {
        let b = try Self.table("id,precision\na,nan\nb,0.5\n")
        let same = try Self.table("id,precision\na,\nb,0.5\n")
        let other = try Self.table("id,precision\na,0.1\nb,nan\n")
        #expect(try RegressionComparison(actual: same, baseline: b, metrics: ["precision"], tolerance: 0.1).passed)
        #expect(try RegressionComparison(actual: other, baseline: b, metrics: ["precision"], tolerance: 0.1).failures.count == 2)
    }

    @Test func badTablesNameFileFieldAndProblem() throws {
        func problem(_ text: String) -> InputError? {
            do {
                _ = try Self.table(text, "m.csv")
                return nil
            } catch let error as InputError {
                return error
            } catch {
                return nil
            }
        }
        #expect(problem("")?.problem.contains("header") == true)
        #expect(problem("name,precision\na,1\n")?.problem.contains("\"id\"") == true)
        #expect(problem("id,precision\na,1\na,2\n")?.problem.contains("appears twice") == true)
        #expect(problem("id,precision\na,1,3\n")?.field == "line 2")
        #expect(problem("id,id\na,b\n")?.problem.contains("more than once") == true)
        let table = try Self.table("id,precision\na,high\n", "m.csv")
        #expect(throws: InputError(file: "m.csv", field: "a.precision", problem: "\"high\" is not a number")) {
            _ = try table.value("precision", of: "a")
        }
        let b = try Self.table(Self.baseline)
        #expect(throws: InputError.self) { _ = try RegressionComparison(actual: b, baseline: b, metrics: ["auc"], tolerance: 0.1) }
        #expect(throws: InputError.self) { _ = try RegressionComparison(actual: b, baseline: b, metrics: ["precision"], tolerance: -1) }
        #expect(throws: InputError.self) { _ = try RegressionComparison(actual: b, baseline: b, metrics: [], tolerance: 0.1) }
    }

    @Test func quotedFieldsAreRead() throws {
        let table = try Self.table("id,precision\n\"grid, 1\",0.5\n")
        #expect(table.ids == ["grid, 1"])
        #expect(try table.value("precision", of: "grid, 1") == 0.5)
    }
}
