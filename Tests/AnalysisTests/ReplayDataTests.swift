import Analysis
import Foundation
import RiskCalculation
import Testing
import WarnSimTestSupport

/// Replay on the real data: a DP-3T scenario, a Lanfer environment, a labelled
/// test-vector file.
@Suite struct ReplayDataTests {
    func configuration(_ name: String) throws -> RiskConfiguration {
        try ConfigurationLoader.load(path: ProjectFiles.path("Configs/risk/\(name)"))
    }

    func permissive() throws -> RiskConfiguration {
        try ConfigurationLoader.load(text: ReplayHistogramTests.permissive, file: "permissive.yaml")
    }

    func load(_ relative: String, truth: ReplayTruth = ReplayTruth()) throws -> ReplayDataset {
        try ReplayInput.load(
            path: try ProjectFiles.required(ProjectFiles.url(relative)).path, truth: truth,
            calibrationPath: ProjectFiles.calibrationTable.path)
    }

    @Test func dp3tLunchThroughTheFramework() throws {
        let data = try load("Configs/radio/data/dp3t-exp34/exp34-epfl-soldiers/scenario01-lunch.sqlite")
        #expect(data.format == .dp3t)
        #expect(data.cases.count > 100)
        #expect(data.cases.contains { $0.atRisk })
        #expect(data.cases.filter(\.atRisk).allSatisfy { !$0.windows.isEmpty })
        // Every scan instance comes from the matcher: seconds are whole minutes, at most 300.
        let scans = data.cases.flatMap(\.windows).flatMap(\.scanInstances)
        #expect(!scans.isEmpty && scans.allSatisfy { $0.secondsSinceLastScan % 60 == 0 && $0.secondsSinceLastScan <= 300 })
        let evaluation = try ReplayEvaluation.evaluate(data, configuration: permissive(), path: "p", platform: .android)
        #expect(evaluation.rates.matrix.phones == data.cases.count)
        #expect(evaluation.rates.truePositiveRate.value == 1)
        let again = try load("Configs/radio/data/dp3t-exp34/exp34-epfl-soldiers/scenario01-lunch.sqlite")
        let current = try configuration("cwa-2021-04-14.yaml")
        #expect(
            ReplayReport.casesCSV(data, [try ReplayEvaluation.evaluate(data, configuration: current, path: "c", platform: .android)])
                == ReplayReport.casesCSV(
                    again, [try ReplayEvaluation.evaluate(again, configuration: current, path: "c", platform: .android)]))
    }

    @Test func lanferParkingRunsAreCases() throws {
        let data = try load("Configs/radio/data/lanfer-multichannel-2022/parking")
        #expect(data.format == .lanfer)
        #expect(data.cases.count == 30)
        // Runs at 50–200 cm with ≥ 15 minutes are at risk; runs beyond 2 m are not.
        for item in data.cases {
            let distance = Int(item.identifiers[2])!
            if distance > 200 { #expect(!item.atRisk) }
        }
        let evaluation = try ReplayEvaluation.evaluate(data, configuration: permissive(), path: "p", platform: .android)
        #expect(evaluation.rates.truePositiveRate.value == 1)
        let m = evaluation.rates.matrix
        #expect(m.truePositives + m.falsePositives + m.falseNegatives + m.trueNegatives == 30)
    }

    @Test func labelledTestVectorsCarryTheirTruth() throws {
        let data = try load("Configs/replay/test-vectors-labelled-example.json")
        #expect(data.format == .testVectors)
        #expect(data.cases.count == 12)
        let evaluation = try ReplayEvaluation.evaluate(
            data, configuration: configuration("cwa-2021-04-14.yaml"), path: "c", platform: .android)
        #expect(evaluation.rates.matrix.phones == 12)
        // The labelled file's own expectations agree with the levels the engine gives.
        let file = try WindowFile.load(path: ProjectFiles.path("Configs/replay/test-vectors-labelled-example.json"))
        #expect(file.cases.allSatisfy { $0.truth != nil })
    }

    @Test func histogramExampleLoads() throws {
        let data = try load("Configs/replay/histogram-example.csv")
        #expect(data.format == .histogram)
        #expect(data.cases.count == 8)
        #expect(data.identifierColumns == ["contact", "setting"])
    }
}
