import Analysis
import Crypto
import ExposureNotification
import Foundation
import RiskCalculation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Mutated inputs through the library entry points the CLI uses (`config
/// validate`/`score`, `score` on test vectors, `keys inspect`, `regress`): every
/// input is either accepted or refused with the input error the command maps
/// to exit code 2 (or 3); nothing crashes and no other error escapes. The
/// other formats the CLI reads (scenarios, run folders, sweep files) are in
/// `FileFormatFuzzTests`; ``FuzzBudget`` sets the number of inputs (10,350 in
/// all by default, `WARNSIM_FUZZ_INPUTS=N` for a long run); the outcome
/// counts are printed.
@Suite struct InputFuzzTests {

    /// A small window file scored under every fuzzed configuration.
    static let windows = """
        [{"ageInDays": 1, "reportType": 1, "infectiousness": 2, "calibrationConfidence": 2, "scanInstances": [
          {"minAttenuation": 30, "typicalAttenuation": 35, "secondsSinceLastScan": 300},
          {"minAttenuation": 66, "typicalAttenuation": 70, "secondsSinceLastScan": 300}]},
         {"ageInDays": 3, "reportType": 3, "infectiousness": 1, "calibrationConfidence": 0, "scanInstances": [
          {"minAttenuation": 75, "typicalAttenuation": 75, "secondsSinceLastScan": 180}]}]
        """

    static func report(_ outcomes: FuzzOutcomes, expected: Int) {
        print(outcomes)
        #expect(outcomes.total == expected)
        #expect(outcomes.unexpected.isEmpty, "\(outcomes.unexpected.prefix(5))")
        // Both outcomes occur, so the mutations neither only break nor never break.
        #expect(outcomes.accepted > 0)
        #expect(outcomes.rejected.values.reduce(0, +) > 0)
    }

    @Test func riskConfigurations() throws {
        let count = FuzzBudget.inputs("risk")
        let windows = try WindowFile.parse(Self.windows, file: "windows.json")
        var seeds: [(name: String, text: String)] = try [
            "cwa-2021-04-14.yaml", "cwa-2020-enf-v1.yaml", "immuni-2020-10-android.yaml",
        ].map { ($0, try String(contentsOf: ProjectFiles.url("Configs/risk/\($0)"), encoding: .utf8)) }
        let vectors =
            try JSONSerialization.jsonObject(with: ReferenceData.data("cwa/test-vectors/android-2022-03-17.json")) as? [String: Any]
        let embedded = try JSONSerialization.data(
            withJSONObject: try #require(vectors?["defaultRiskCalculationConfiguration"]), options: [.prettyPrinted, .sortedKeys])
        seeds.append(("configuration.json", String(decoding: embedded, as: UTF8.self)))
        var mutator = InputMutator(seed: 17)
        var outcomes = FuzzOutcomes(format: "risk configurations (YAML, JSON)")
        for index in 0..<count {
            let seed = seeds[index % seeds.count]
            let text = mutator.mutate(text: seed.text)
            outcomes.record(
                {
                    let configuration = try ConfigurationLoader.load(text: text, file: seed.name)
                    for platform in [RiskPlatform.android, .ios] {
                        let scores = try Scorer.score(windows, configuration: configuration, platform: platform)
                        _ = ScoreReport.explanation(scores)
                    }
                    _ = ConfigurationWriter.yaml(configuration)
                }, rejectedAs: [InputError.self, RiskCalculationError.self])
        }
        Self.report(outcomes, expected: count)
    }

    @Test func testVectorFiles() throws {
        let count = FuzzBudget.inputs("vectors")
        var vectors = try #require(
            try JSONSerialization.jsonObject(with: ReferenceData.data("cwa/test-vectors/android-2022-03-17.json")) as? [String: Any])
        vectors["testCases"] = (vectors["testCases"] as? [Any])?.prefix(3).map { $0 }
        let seed = String(
            decoding: try JSONSerialization.data(withJSONObject: vectors, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        var mutator = InputMutator(seed: 1_017)
        var outcomes = FuzzOutcomes(format: "test-vector JSON")
        for _ in 0..<count {
            let text = mutator.mutate(text: seed)
            outcomes.record(
                {
                    let file = try WindowFile.parse(text, file: "vectors.json")
                    guard let configuration = file.configuration else {
                        throw InputError(
                            file: "vectors.json", problem: "the file has no defaultRiskCalculationConfiguration; pass --config")
                    }
                    for platform in [RiskPlatform.android, .ios] {
                        let scores = try Scorer.score(file, configuration: configuration, platform: platform)
                        _ = ScoreReport.csv(scores, truth: nil)
                        _ = ScoreReport.json(scores, explain: true, truth: nil)
                        if file.cases.allSatisfy({ $0.expected != nil }) { _ = ScoreReport.check(scores, cases: file.cases) }
                    }
                }, rejectedAs: [InputError.self, RiskCalculationError.self])
        }
        Self.report(outcomes, expected: count)
    }

    @Test func keyPackages() throws {
        let count = FuzzBudget.inputs("keys")
        let samples = "gaen/export-samples/"
        var seeds: [(zip: Data, key: P256.Signing.PublicKey)] = try ["server-example-2-keys", "internals-sample"].map {
            (
                try ReferenceData.data(samples + "\($0).zip"),
                try KeyExportSignature.publicKey(pem: try ReferenceData.text(samples + "\($0).public.pem"))
            )
        }
        let signing = P256.Signing.PrivateKey()
        let export = KeyExport(
            region: "DE", signatureInfos: [KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "262")],
            keys: (0..<4).map {
                DiagnosisKey(
                    keyData: KeyBytes(low: UInt64($0), high: 7), transmissionRiskLevel: 5,
                    rollingStartIntervalNumber: ENIntervalNumber(rawValue: 2_690_000), reportType: .confirmedTest)
            })
        seeds.append((try KeyExportPackage(signing: export, with: signing).zipData(), signing.publicKey))
        var mutator = InputMutator(seed: 2_017)
        var outcomes = FuzzOutcomes(format: "key packages")
        var verified = 0
        for index in 0..<count {
            let seed = seeds[index % seeds.count]
            let zip = mutator.mutate(binary: seed.zip)
            outcomes.record(
                {
                    let package = try KeyExportPackage(zipData: zip)
                    let report = try KeyPackageReport(package: package, publicKey: seed.key)
                    _ = report.csv()
                    _ = report.json()
                    if report.status == .verified {
                        verified += 1
                        // A verified package is the original one.
                        let original = try KeyExportPackage(zipData: seed.zip)
                        #expect(package.exportBin == original.exportBin && package.exportSig == original.exportSig)
                    }
                }, rejectedAs: [KeyExportError.self])
        }
        print("fuzz key packages: \(verified) verified (each identical to its seed)")
        Self.report(outcomes, expected: count)
    }

    @Test func metricsTables() throws {
        let count = FuzzBudget.inputs("metrics")
        let lines = try String(contentsOf: ProjectFiles.url("Configs/baselines/village-800-seed11/day-threshold.csv"), encoding: .utf8)
            .split(separator: "\n").prefix(6)
        let seed = lines.joined(separator: "\n") + "\n"
        let baseline = try MetricsTable.parse(seed, file: "baseline.csv")
        var mutator = InputMutator(seed: 3_017)
        var outcomes = FuzzOutcomes(format: "metrics CSV")
        for _ in 0..<count {
            let text = mutator.mutate(text: seed)
            outcomes.record(
                {
                    let table = try MetricsTable.parse(text, file: "metrics.csv")
                    for metrics in [["precision", "recall"], ["warnings_per_1000", "tp"]] {
                        let comparison = try RegressionComparison(actual: table, baseline: baseline, metrics: metrics, tolerance: 0.01)
                        _ = RegressionReport.table(comparison)
                        _ = RegressionReport.junit(comparison)
                        let reversed = try RegressionComparison(actual: baseline, baseline: table, metrics: metrics, tolerance: 0.01)
                        _ = RegressionReport.table(reversed)
                    }
                }, rejectedAs: [InputError.self])
        }
        Self.report(outcomes, expected: count)
    }
}
