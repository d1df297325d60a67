import Foundation
import RiskCalculation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Bad configuration and window files fail with an `InputError` that names the
/// file, the field path and the problem (never a crash).
@Suite struct BadInputTests {
    static let valid = """
        scheme: cwa-exposure-windows
        name: test
        source: test
        parameters:
          minutesAtAttenuationFilters: []
          trlFilters: []
          minutesAtAttenuationWeights:
            - attenuationRange: {min: 0, max: 63, maxExclusive: true}
              weight: 0.8
          normalizedTimePerEWToRiskLevelMapping:
            - normalizedTimeRange: {min: 0, max: 9, maxExclusive: true}
              riskLevel: LOW
            - normalizedTimeRange: {min: 9, max: 9999}
              riskLevel: HIGH
          normalizedTimePerDayToRiskLevelMapping:
            - normalizedTimeRange: {min: 5, max: 9, maxExclusive: true}
              riskLevel: LOW
          trlEncoding:
            infectiousnessOffsetStandard: 1
            infectiousnessOffsetHigh: 2
            reportTypeOffsetRecursive: 0
            reportTypeOffsetSelfReport: 2
            reportTypeOffsetConfirmedClinicalDiagnosis: 4
            reportTypeOffsetConfirmedTest: 6
          transmissionRiskValueMapping:
            - {transmissionRiskLevel: 6, transmissionRiskValue: 1.2}
        """

    func error(_ text: String) -> InputError? {
        do {
            _ = try ConfigurationLoader.load(text: text, file: "bad.yaml")
            return nil
        } catch let error as InputError {
            return error
        } catch {
            Issue.record("unexpected error type \(error)")
            return nil
        }
    }

    func expectError(_ text: String, field: String?, containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = error(text) else {
            Issue.record("no error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.file == "bad.yaml", sourceLocation: sourceLocation)
        #expect(error.field == field, sourceLocation: sourceLocation)
        #expect(error.problem.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }

    @Test func theBaseFileIsValid() throws {
        _ = try ConfigurationLoader.load(text: Self.valid, file: "good.yaml")
    }

    @Test func malformedYAML() {
        expectError("scheme: [unclosed", field: nil, containing: "malformed")
        expectError("", field: nil, containing: "empty")
        expectError("- a list", field: nil, containing: "expected a mapping")
    }

    @Test func unknownKeys() {
        expectError(Self.valid + "\n  extra: 1", field: "parameters.extra", containing: "unknown key")
        expectError(
            Self.valid.replacingOccurrences(of: "weight: 0.8", with: "weight: 0.8\n      wieght: 1"),
            field: "parameters.minutesAtAttenuationWeights[0].wieght", containing: "unknown key")
        expectError(
            Self.valid.replacingOccurrences(of: "name: test", with: "name: test\nnotes: x"), field: "notes", containing: "unknown key")
    }

    @Test func wrongTypes() {
        expectError(
            Self.valid.replacingOccurrences(of: "weight: 0.8", with: "weight: heavy"),
            field: "parameters.minutesAtAttenuationWeights[0].weight", containing: "expected a number")
        expectError(
            Self.valid.replacingOccurrences(of: "infectiousnessOffsetHigh: 2", with: "infectiousnessOffsetHigh: 2.5"),
            field: "parameters.trlEncoding.infectiousnessOffsetHigh", containing: "expected an integer")
        expectError(
            Self.valid.replacingOccurrences(of: "trlFilters: []", with: "trlFilters: {}"),
            field: "parameters.trlFilters", containing: "expected a list")
        expectError(
            Self.valid.replacingOccurrences(of: "maxExclusive: true}\n      weight", with: "maxExclusive: yes please}\n      weight"),
            field: "parameters.minutesAtAttenuationWeights[0].attenuationRange.maxExclusive", containing: "expected true or false")
    }

    @Test func minGreaterThanMax() {
        expectError(
            Self.valid.replacingOccurrences(of: "{min: 0, max: 63, maxExclusive: true}", with: "{min: 70, max: 63}"),
            field: "parameters.minutesAtAttenuationWeights[0].attenuationRange", containing: "greater than max")
    }

    @Test func negativeWeightsAndValues() {
        expectError(
            Self.valid.replacingOccurrences(of: "weight: 0.8", with: "weight: -0.8"),
            field: "parameters.minutesAtAttenuationWeights[0].weight", containing: "negative")
        expectError(
            Self.valid.replacingOccurrences(of: "transmissionRiskValue: 1.2", with: "transmissionRiskValue: -1"),
            field: "parameters.transmissionRiskValueMapping[0].transmissionRiskValue", containing: "negative")
    }

    @Test func levelsOtherThanLowOrHigh() {
        expectError(
            Self.valid.replacingOccurrences(of: "riskLevel: HIGH", with: "riskLevel: MEDIUM"),
            field: "parameters.normalizedTimePerEWToRiskLevelMapping[1].riskLevel", containing: "LOW or HIGH")
        expectError(
            Self.valid.replacingOccurrences(of: "riskLevel: HIGH", with: "riskLevel: 2"),
            field: "parameters.normalizedTimePerEWToRiskLevelMapping[1].riskLevel", containing: "LOW or HIGH")
    }

    @Test func missingFields() {
        expectError(
            Self.valid.replacingOccurrences(of: "      weight: 0.8\n", with: ""),
            field: "parameters.minutesAtAttenuationWeights[0].weight", containing: "missing")
        expectError(Self.valid.replacingOccurrences(of: "source: test\n", with: ""), field: "source", containing: "missing")
        expectError(
            Self.valid.replacingOccurrences(of: "  trlFilters: []\n", with: ""), field: "parameters.trlFilters", containing: "missing")
        expectError(
            Self.valid.replacingOccurrences(of: "    reportTypeOffsetConfirmedTest: 6\n", with: ""),
            field: "parameters.trlEncoding.reportTypeOffsetConfirmedTest", containing: "missing")
    }

    @Test func unknownScheme() {
        expectError(
            Self.valid.replacingOccurrences(of: "scheme: cwa-exposure-windows", with: "scheme: nz-covid-tracer"),
            field: "scheme", containing: "unknown scheme")
    }

    @Test func duplicateKeys() {
        let error = error(Self.valid.replacingOccurrences(of: "name: test", with: "name: test\nname: again"))
        #expect(error?.file == "bad.yaml")
        #expect(error?.description.lowercased().contains("duplicate") == true, "\(String(describing: error))")
    }

    @Test func badServerAndTestVectorFiles() throws {
        // A complete test-vector file with one key too many: the unknown key is the error.
        let vectors = try String(contentsOfFile: ReferenceData.path("cwa/test-vectors/android-2022-03-17.json"), encoding: .utf8)
        expectError("{\"bogus\": 1, " + vectors.drop { $0 != "{" }.dropFirst(), field: "bogus", containing: "unknown key")
        guard let path = try? ReferenceData.path("cwa/server-config/main-config/v2/risk-calculation-parameters.yaml"),
            let server = try? String(contentsOfFile: path, encoding: .utf8)
        else { return }
        expectError(
            server.replacingOccurrences(of: "${MAX-ENCOUNTER-AGE-IN-DAYS:10}", with: "${AGE}"), field: "max-encounter-age-in-days",
            containing: "no integer default")
        expectError(
            server.replacingOccurrences(of: "risk-level: 2", with: "risk-level: 3"),
            field: "normalized-time-per-e-w-to-risk-level-mapping[1].risk-level", containing: "expected 1 (LOW) or 2 (HIGH)")
        expectError("hello: world", field: nil, containing: "not a risk configuration")
    }

    @Test func badWindowFiles() {
        func windowError(_ text: String) -> InputError? {
            do {
                _ = try WindowFile.parse(text, file: "w.json")
                return nil
            } catch let error as InputError {
                return error
            } catch {
                return nil
            }
        }
        let window =
            #"{"ageInDays": 1, "reportType": 1, "infectiousness": 1, "calibrationConfidence": 0, "scanInstances": [{"minAttenuation": 30, "typicalAttenuation": 30, "secondsSinceLastScan": 300}]}"#
        #expect(windowError("[\(window)]") == nil)
        #expect(
            windowError("[\(window.replacingOccurrences(of: #""infectiousness": 1"#, with: #""infectiousness": 7"#))]")?.field
                == "[0].infectiousness")
        #expect(
            windowError("[\(window.replacingOccurrences(of: #""minAttenuation": 30"#, with: #""minAttenuation": -3"#))]")?.field
                == "[0].scanInstances[0].minAttenuation")
        #expect(
            windowError("[\(window.replacingOccurrences(of: #""ageInDays": 1"#, with: #""ageInDays": "one""#))]")?.field == "[0].ageInDays")
        #expect(windowError("[\(window.replacingOccurrences(of: #""ageInDays": 1, "#, with: ""))]")?.field == "[0].ageInDays")
        #expect(
            windowError(#"{"testCases": [{"description": "x", "exposureWindows": [], "expTotalRiskLevel": 1}]}"#)?.field
                == "testCases[0].expAgeOfMostRecentDateWithLowRisk")
        #expect(windowError(#"{"testCases": [], "extra": 1}"#)?.field == "extra")
        #expect(windowError("[{") != nil)
    }
}
