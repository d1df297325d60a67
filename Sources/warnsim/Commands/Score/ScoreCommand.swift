import Analysis
import ArgumentParser
import RiskCalculation
import WarnSimCore

/// `warnsim score WINDOWS.json`: the risk calculation over recorded windows.
struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Run the risk calculation on exposure windows in the test-vector JSON format.",
        discussion: """
            WINDOWS is a file with `testCases` (each case is one phone's windows) or a bare list of \
            windows (one case). Without --config, the file's own defaultRiskCalculationConfiguration \
            is used. Output per case: total risk level, days with low/high risk, ages of the most \
            recent low/high risk dates, distinct encounters with low/high risk. \
            --check compares with the exp* fields and exits 1 on any failure. When the cases carry \
            "truth": true|false, a truth column (csv) or member (json) is added and a summary of TP, FP, \
            FN, TN, TPR, FPR and precision with Clopper-Pearson 95 % intervals follows the output \
            (lines starting with #; on standard error with --format json).
            """
    )

    @Argument(help: "The exposure-window file.")
    var windows: String

    @Option(help: "A risk configuration file (WarnSim YAML, test-vector JSON, cwa-server YAML).")
    var config: String?

    @Option(name: .customLong("trl-value-mapping"), help: "cwa-server trl-value-mapping-1.15.yaml completing a 1.15 server file.")
    var trlValueMapping: String?

    @Option(help: "The app variant: android or ios.")
    var platform: String = "android"

    @Option(help: "Output format: csv or json.")
    var format: String = "csv"

    @Flag(help: "Show every window's intermediate values or why it was dropped.")
    var explain = false

    @Flag(help: "Compare with the cases' exp* fields: PASS/FAIL per case; exit 1 on any failure.")
    var check = false

    func run() throws {
        guard let variant = RiskPlatform(rawValue: platform) else {
            throw inputFailure(file: "<argument>", field: "--platform", "expected android or ios, got \"\(platform)\"")
        }
        guard format == "csv" || format == "json" else {
            throw inputFailure(file: "<argument>", field: "--format", "expected csv or json, got \"\(format)\"")
        }
        let file: WindowFile
        let configuration: RiskConfiguration
        do {
            file = try WindowFile.load(path: windows)
            if let config {
                configuration = try ConfigurationLoader.load(path: config, trlValueMappingPath: trlValueMapping)
            } else if let own = file.configuration {
                configuration = own
            } else {
                throw InputError(file: windows, problem: "the file has no defaultRiskCalculationConfiguration; pass --config")
            }
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let scores: [CaseScore]
        do {
            scores = try Scorer.score(file, configuration: configuration, platform: variant)
        } catch let error as RiskCalculationError {
            throw inputFailure(file: windows, "\(error)")
        }
        if check {
            if let index = file.cases.firstIndex(where: { $0.expected == nil }) {
                throw inputFailure(file: windows, field: "testCases[\(index)]", "--check needs the exp* fields in every case")
            }
            let report = ScoreReport.check(scores, cases: file.cases)
            printOutput(report.text)
            if report.failed > 0 { throw ExitStatus.checkFailed }
            return
        }
        var truth: [Bool]?
        if file.cases.contains(where: { $0.truth != nil }) {
            if let index = file.cases.firstIndex(where: { $0.truth == nil }) {
                throw inputFailure(
                    file: windows, field: "testCases[\(index)].\(WindowFile.truthField)",
                    "missing field (some cases have truth, all need it)")
            }
            truth = file.cases.map { $0.truth! }
        }
        if format == "json" {
            printOutput(ScoreReport.json(scores, explain: explain, truth: truth))
        } else if explain {
            printOutput(ScoreReport.explanation(scores))
        } else {
            printOutput(ScoreReport.csv(scores, truth: truth))
        }
        if let truth {
            var matrix = ConfusionMatrix()
            for (score, atRisk) in zip(scores, truth) { matrix.add(warned: score.outcome.totalRiskLevel == .high, atRisk: atRisk) }
            let block =
                "# truth: \(truth.filter { $0 }.count) of \(truth.count) cases truly at risk; warned = total risk level HIGH (\(configuration.name))\n"
                + BinaryRates(matrix).summaryLines(prefix: "# ")
            if format == "json" { printError(String(block.dropLast())) } else { printOutput(block) }
        }
    }
}
