import Analysis
import ExposureNotification
import Foundation
import RiskCalculation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Histogram replay on small fixtures: windows, truth, confusion counts,
/// determinism and malformed input.
@Suite struct ReplayHistogramTests {
    static let fixture = """
        # comment
        id,distance_m,min_40_50,min_50_60,min_70_80
        a,1.0,10,10,0
        b,3.0,30,0,0
        c,1.5,5,0,0

        d,0.5,0,0,16.5
        """

    static let permissive = """
        scheme: immuni-enf-v1
        name: permissive
        source: test
        parameters:
          attenuationScores: [1, 1, 1, 1, 1, 1, 1, 1]
          daysSinceLastExposureScores: [1, 1, 1, 1, 1, 1, 1, 1]
          durationScores: [1, 1, 1, 1, 1, 1, 1, 1]
          transmissionRiskScores: [1, 1, 1, 1, 1, 1, 1, 1]
          minimumRiskScore: 1
          attenuationDurationThresholds: [50, 70]
          notificationThreshold: 1
          maxEncounterAgeInDays: 14
        """

    func dataset() throws -> ReplayDataset {
        try HistogramReplayFile.parse(Self.fixture, file: "fixture.csv", truth: ReplayTruth())
    }

    @Test func rowsBecomeWindowsAtTheBinsMidAttenuation() throws {
        let data = try dataset()
        #expect(data.identifierColumns == ["id"])
        #expect(data.cases.map(\.identifiers) == [["a"], ["b"], ["c"], ["d"]])
        #expect(data.cases.map(\.atRisk) == [true, false, false, true])
        let a = data.cases[0]
        let scans = a.windows.flatMap(\.scanInstances)
        #expect(scans.map(\.minAttenuation) == [45, 45, 55, 55])
        #expect(scans.map(\.secondsSinceLastScan) == [300, 300, 300, 300])
        #expect(a.windows.allSatisfy { $0.reportType == .confirmedTest && $0.infectiousness == .standard })
        // 16.5 minutes: 300, 300, 300, 90 seconds.
        #expect(data.cases[3].windows.flatMap(\.scanInstances).map(\.secondsSinceLastScan) == [300, 300, 300, 90])
        // 30 minutes at 45 dB fill one window exactly.
        #expect(data.cases[1].windows.count == 1)
    }

    @Test func confusionCountsAddUpAndPermissiveRecallIsOne() throws {
        let data = try dataset()
        let configuration = try ConfigurationLoader.load(text: Self.permissive, file: "permissive.yaml")
        let evaluation = try ReplayEvaluation.evaluate(data, configuration: configuration, path: "permissive.yaml", platform: .android)
        let m = evaluation.rates.matrix
        #expect(m.truePositives + m.falsePositives + m.falseNegatives + m.trueNegatives == data.cases.count)
        #expect(evaluation.rates.truePositiveRate.value == 1)
        for name in ["cwa-2021-04-14.yaml", "cwa-2020-enf-v1.yaml", "cwa-2020-06-16-launch-enf-v1.yaml", "immuni-2020-06-android.yaml"] {
            let shipped = try ConfigurationLoader.load(path: ProjectFiles.path("Configs/risk/\(name)"))
            let rates = try ReplayEvaluation.evaluate(data, configuration: shipped, path: name, platform: .ios).rates
            #expect(rates.matrix.phones == data.cases.count, "\(name)")
        }
    }

    @Test func sameInputGivesIdenticalBytes() throws {
        let configuration = try ConfigurationLoader.load(path: ProjectFiles.path("Configs/risk/cwa-2021-04-14.yaml"))
        func texts() throws -> String {
            let data = try dataset()
            let evaluation = try ReplayEvaluation.evaluate(data, configuration: configuration, path: "c", platform: .android)
            return ReplayReport.replayCSV([evaluation]) + ReplayReport.casesCSV(data, [evaluation])
                + ReplayReport.summary(data, name: "fixture.csv", truth: ReplayTruth(), evaluations: [evaluation])
        }
        #expect(try texts() == texts())
    }

    /// Malformed input throws naming the file, the line and the field.
    @Test(arguments: [
        ("id,min_40_50\na,3\n", "line 1, distance_m", "missing the distance_m column"),
        ("id,distance_m,min_40_50\na,1,x\n", "line 2, min_40_50", "non-negative number"),
        ("id,distance_m,min_40_abc\na,1,3\n", "line 1, min_40_abc", "unknown bin name"),
        ("id,distance_m,min_40_50,min_45_55\na,1,3,3\n", "line 1, min_45_55", "overlaps"),
        ("id,distance_m,min_40_50\na,,3\n", "line 2, distance_m", "non-negative number"),
        ("id,distance_m,min_40_50\na,1,3\nb,1\n", "line 3", "expected 3 cells"),
        ("# only a comment\n", "line 1", "no header"),
        ("id,distance_m\na,1\n", "line 1", "no min_LO_HI"),
        ("id,distance_m,min_40_50\na,1,1e300\n", "line 2, min_40_50", "out of range: found 1e300 minutes, allowed 0…1440"),
        ("id,distance_m,min_40_50\na,1,1441\n", "line 2, min_40_50", "out of range"),
        ("id,distance_m,min_40_50\na,1,inf\n", "line 2, min_40_50", "non-negative number"),
        ("id,distance_m,min_40_50\na,1,nan\n", "line 2, min_40_50", "non-negative number"),
        ("id,distance_m,min_40_50\na,1,-1\n", "line 2, min_40_50", "non-negative number"),
    ])
    func malformedInputNamesLineAndField(text: String, field: String, problem: String) {
        #expect {
            _ = try HistogramReplayFile.parse(text, file: "bad.csv", truth: ReplayTruth())
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == "bad.csv" && error.field == field && error.problem.contains(problem)
        }
    }
}
