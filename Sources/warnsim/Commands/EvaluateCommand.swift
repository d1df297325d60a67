import Analysis
import ArgumentParser
import Foundation
import WarnSimCore

struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Precision and recall of the warnings recorded runs gave, against their ground truth.",
        discussion: """
            Reads one or more `warnsim simulate` folders (same risk configuration; \
            several seeds give intervals across seeds) and writes metrics.csv (one \
            row, id "production"), labels.csv (per phone: warning and labels), \
            outcomes.csv (infections averted against the runs' counterfactuals with \
            a bootstrap interval across seeds, person-days of quarantine and \
            isolation, quarantine days per infection averted, warnings per \
            uploader), warning_sources.csv (the warned phones by the setting of the \
            encounters that warned them, with the share later infected and the \
            share of their tests that came back positive), radio_variants.csv \
            (precision and recall per radio channel the runs were simulated under, \
            with a seed interval within each and, over several channels, the \
            ensemble's seed interval and its radio range: runs of one scenario \
            simulated with `--set radio.parameters=…` per variant of \
            Configs/radio/variants/) and manifest.json into --out. metrics.csv also holds the \
            encounter-level counts and rates (one unit: a phone × an uploader's \
            key-day, at risk by the close-contact criterion), as a laboratory test \
            of a rule counts them. A phone is warned when its \
            user saw a HIGH total risk (the notification, or the next opening of \
            the app without notification permission). Columns in Outputs/README.md.
            """
    )

    @Argument(help: "Run folders written by `warnsim simulate`.")
    var runs: [String]

    @Option(help: "Output folder.")
    var out: String = "Outputs/evaluation"

    @OptionGroup var labels: LabelArguments

    @Option(help: "Bootstrap resamples for the confidence intervals.")
    var bootstrap: Int = 1000

    @Option(help: "Seed of the bootstrap.")
    var seed: UInt64 = 1

    @OptionGroup var force: ForceOption

    func run() throws {
        try checkOutputFolder(out, command: "evaluate", inputs: runs, force: force.force)
        guard (10...100_000).contains(bootstrap) else {
            throw inputFailure(file: "<argument>", field: "--bootstrap", "must be within 10…100000")
        }
        let options = try labels.options()
        let set: RunSet
        do {
            set = try RunSet(folders: runs, options: options)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let evaluation: EnsembleEvaluation
        do {
            evaluation = try EnsembleEvaluation(
                runs: set, resamples: bootstrap, seed: seed, workers: ProcessInfo.processInfo.activeProcessorCount)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let table = evaluation.metricsCSV
        let sourcesTable = evaluation.sources.csv
        let outcomesTable = LoopOutcomes.csv(rows: [("production", evaluation.loop)])
        let radioTable = RadioEnsemble.csv(evaluation.radio)
        let manifest = AnalysisManifest(
            version: WarnSimVersion.string, command: "evaluate", runs: set.runs, options: options, bootstrap: bootstrap, seed: seed,
            production: set.production.name, extra: [:])
        try writingOutputFolder(out, command: "evaluate", inputs: runs, force: force.force) { folder in
            try AtomicFile.write(table, to: folder.appendingPathComponent("metrics.csv"))
            let labels = set.labelsCSV()
            try AtomicFile.write(labels, to: folder.appendingPathComponent("labels.csv"))
            try AtomicFile.write(outcomesTable, to: folder.appendingPathComponent("outcomes.csv"))
            try AtomicFile.write(sourcesTable, to: folder.appendingPathComponent("warning_sources.csv"))
            try AtomicFile.write(radioTable, to: folder.appendingPathComponent("radio_variants.csv"))
            try manifest.manifest(outputs: [
                "metrics.csv": Data(table.utf8), "labels.csv": Data(labels.utf8), "outcomes.csv": Data(outcomesTable.utf8),
                "warning_sources.csv": Data(sourcesTable.utf8), "radio_variants.csv": Data(radioTable.utf8),
            ]).write(into: folder)
        }
        printOutput(evaluation.text)
    }
}
