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

    /// Cells a regression check cannot compare are refused, naming the file, the
    /// line and the column: empty, `NaN` (metrics.csv writes `nan`), `inf`,
    /// hexadecimal floats, overflow.
    @Test(arguments: ["", "NaN", "inf", "-inf", "infinity", "0x1p3", "1e999", "0.5.1", "1e", ".", "+", "0,5", "1_000"])
    func nonFiniteAndMalformedNumbersAreRefused(cell: String) throws {
        let b = try Self.table("id,precision\na,0.5\nb,0.5\n", "baseline.csv")
        let actual = try Self.table("id,precision\na,0.5\nb,\"\(cell)\"\n", "metrics.csv")
        let error = try #require(throws: InputError.self) {
            _ = try RegressionComparison(actual: actual, baseline: b, metrics: ["precision"], tolerance: 0.1)
        }
        #expect(error.file == "metrics.csv")
        #expect(error.field == "line 3.precision")
        #expect(error.problem.contains("is neither a finite decimal number nor nan"), "\(error)")
        // The same cell in the baseline is refused too.
        let reversed = try #require(throws: InputError.self) {
            _ = try RegressionComparison(actual: b, baseline: actual, metrics: ["precision"], tolerance: 0.1)
        }
        #expect(reversed.file == "metrics.csv")
    }

    @Test func undefinedMetricsReadAsNaNOutsideComparisons() throws {
        let table = try Self.table("id,precision,recall\na,nan,\nb,0x1p3,inf\n", "m.csv")
        #expect(try table.value("precision", of: "a")?.isNaN == true)
        #expect(try table.value("recall", of: "a")?.isNaN == true)
        #expect(throws: InputError.self) { _ = try table.value("precision", of: "b") }
        #expect(throws: InputError.self) { _ = try table.value("recall", of: "b") }
        #expect(try table.comparableValue("precision", of: "a")?.isNaN == true, "nan is an undefined metric, comparable")
        #expect(throws: InputError.self) { _ = try table.comparableValue("recall", of: "a") }
    }

    /// `nan` (undefined) matches only `nan`: a metric that becomes defined or
    /// undefined fails whatever the tolerance.
    @Test func undefinedMatchesOnlyUndefined() throws {
        let b = try Self.table("id,precision,recall\na,nan,0.5\nb,0.5,nan\n", "baseline.csv")
        let same = try Self.table("id,precision,recall\na,nan,0.5\nb,0.5,nan\n", "metrics.csv")
        let moved = try Self.table("id,precision,recall\na,0.5,0.5\nb,0.5,0.5\n", "metrics.csv")
        #expect(try RegressionComparison(actual: same, baseline: b, metrics: ["precision", "recall"], tolerance: 0).passed)
        let comparison = try RegressionComparison(actual: moved, baseline: b, metrics: ["precision", "recall"], tolerance: 1e9)
        #expect(comparison.failures.map { "\($0.configuration).\($0.metric)" } == ["a.precision", "b.recall"])
        #expect(RegressionComparison.allMetrics(of: b) == ["precision", "recall"])
    }

    @Test func plainDecimalsAreNumbers() {
        for (text, value) in [("0", 0.0), ("-1.5", -1.5), ("+2", 2), (".5", 0.5), ("5.", 5), ("1e-3", 0.001), ("2.5E+2", 250)] {
            #expect(MetricsTable.decimal(text) == value, "\(text)")
        }
    }

    /// Same ids are not enough: the parameter columns and their values must
    /// agree, or the two sweeps measured different configurations.
    @Test func differentParameterColumnsAreRefused() throws {
        let b = try Self.table(Self.baseline, "baseline.csv")
        let renamed = try Self.table(Self.baseline.replacingOccurrences(of: "attenuation_high", with: "day_threshold"), "metrics.csv")
        let error = try #require(throws: InputError.self) {
            _ = try RegressionComparison(actual: renamed, baseline: b, metrics: ["precision"], tolerance: 0.1)
        }
        #expect(error.file == "metrics.csv")
        #expect(error.field == "day_threshold")
        #expect(error.problem.contains("not in the baseline baseline.csv"))
        let extra = try Self.table(
            Self.baseline.replacingOccurrences(of: "attenuation_high,", with: "attenuation_high,weight_far,")
                .replacingOccurrences(of: ",55,", with: ",55,0.1,").replacingOccurrences(of: ",50,", with: ",50,0.1,")
                .replacingOccurrences(of: ",63,", with: ",63,0.1,"), "metrics.csv")
        #expect(throws: InputError.self) {
            _ = try RegressionComparison(actual: extra, baseline: b, metrics: ["precision"], tolerance: 0.1)
        }
        let fewer = try Self.table("id,precision,recall\nprod,0.40,0.70\n", "metrics.csv")
        let missing = try #require(throws: InputError.self) {
            _ = try RegressionComparison(actual: fewer, baseline: b, metrics: ["precision"], tolerance: 0.1)
        }
        #expect(missing.file == "baseline.csv")
        #expect(missing.field == "attenuation_high")
    }

    @Test func differentParameterValuesAreRefused() throws {
        let b = try Self.table(Self.baseline, "baseline.csv")
        let changed = try Self.table(Self.baseline.replacingOccurrences(of: "strict,50,", with: "strict,51,"), "metrics.csv")
        let error = try #require(throws: InputError.self) {
            _ = try RegressionComparison(actual: changed, baseline: b, metrics: ["precision"], tolerance: 0.1)
        }
        #expect(error.file == "metrics.csv")
        #expect(error.field == "line 3.attenuation_high")
        #expect(error.problem.contains("\"strict\" has attenuation_high \"51\", but \"50\" in the baseline baseline.csv (line 3)"))
        // The same number written differently is the same configuration.
        let respelled = try Self.table(Self.baseline.replacingOccurrences(of: "strict,50,", with: "strict,50.0,"), "metrics.csv")
        #expect(try RegressionComparison(actual: respelled, baseline: b, metrics: ["precision"], tolerance: 0).passed)
        // Metric columns are not parameters.
        #expect(b.parameterColumns == ["attenuation_high"])
        let sweep = try Self.table("id,day_threshold,phones,precision,dose_recall,warned_phones\na,9,10,0.5,0.4,3\n")
        #expect(sweep.parameterColumns == ["day_threshold"])
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
        #expect(
            throws: InputError(
                file: "m.csv", field: "line 2.precision",
                problem: "\"high\" is neither a finite decimal number nor nan (configuration \"a\")")
        ) {
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
