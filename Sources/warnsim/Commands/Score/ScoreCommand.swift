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
            --check compares with the exp* fields and exits 1 on any failure.
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
        if format == "json" {
            printOutput(ScoreReport.json(scores, explain: explain))
        } else if explain {
            printOutput(ScoreReport.explanation(scores))
        } else {
            printOutput(ScoreReport.csv(scores))
        }
    }
}
