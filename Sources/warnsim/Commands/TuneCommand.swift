import Analysis
import ArgumentParser
import Foundation
import RiskCalculation
import Studies
import WarnSimCore

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Search a space of risk configurations for the best one under constraints, reported on held-out seeds.",
        discussion: """
            SPACE.yaml names the fields that vary and their ranges (Configs/tune/README.md). \
            CMA-ES (Hansen 2016, with integer handling) proposes one generation at a time, \
            scored in one BLAS batch on the tuning seeds' recorded windows; --search \
            latin_hypercube spends the same budget on a Latin hypercube instead (the \
            baseline to beat). Metrics are metrics.csv's names; unprefixed label metrics use \
            the expected-infection label. The last --holdout-seeds seeds (by seed) are held \
            out: summary.csv reports production and the recommendation on both sets with \
            95 % intervals and the paired difference, and tune exits 1 when the \
            recommendation misses a constraint on the held-out seeds. Writes \
            recommended.yaml, recommended.cwa-server.yaml (CWA exposure-window spaces), \
            trace.csv, convergence.svg, summary.csv and manifest.json into --out. \
            With --confirm and --scenario (the scenario the runs were simulated from, \
            with the same --set fields), production and the recommendation are \
            re-simulated live with the loop closed on the held-out seeds (the same \
            random streams for both) and compared seed by seed: confirmed.csv, \
            confirmed-differences.csv (infections averted, quarantine and isolation \
            person-days, warnings) and confirm/ID/seed-N/.
            """
    )

    @Argument(help: "Run folders written by `warnsim simulate` (one configuration; several seeds).")
    var runs: [String]

    @Option(help: "The search space (YAML).")
    var space: String

    @Option(help: "The metric to maximise (a leading - minimises it).")
    var maximize: String?

    @Option(help: "The metric to minimise.")
    var minimize: String?

    @Option(name: .customLong("subject-to"), help: "A constraint: METRIC>=VALUE, METRIC<=VALUE or METRIC>=production (repeatable).")
    var constraints: [String] = []

    @Option(help: "Configurations to evaluate.")
    var budget: Int = 1000

    @Option(help: "Seeds held out from tuning (the highest seeds); default half of them.")
    var holdoutSeeds: Int?

    @Option(
        help: "mean (the metric on the tuning seeds) or lower (the pessimistic end of its seed-bootstrap interval, worst radio variant).")
    var robust: String = "mean"

    @Option(help: "cmaes or latin_hypercube.")
    var search: String = "cmaes"

    @Option(help: "CMA-ES population size (default 4 + ⌊3 ln n⌋).")
    var population: Int?

    @Option(help: "Seed of the search and the bootstrap.")
    var seed: UInt64 = 1

    @Option(help: "Bootstrap resamples of the summaries.")
    var bootstrap: Int = 1000

    @Option(help: "Output folder.")
    var out: String

    @Flag(help: "Re-simulate production and the recommendation with the loop closed on the held-out seeds (needs --scenario).")
    var confirm = false

    @Option(help: "The scenario the runs were simulated from (for --confirm).")
    var scenario: String?

    @OptionGroup var overrides: ScenarioOverrides

    @OptionGroup var threads: ThreadOptions
    @OptionGroup var force: ForceOption
    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        let inputs = runs + [space] + (scenario.map { [$0] } ?? [])
        try checkOutputFolder(out, command: "tune", inputs: inputs, force: force.force)
        let workers = try threads.checked()
        guard (1...1_000_000).contains(budget) else {
            throw inputFailure(file: "<argument>", field: "--budget", "must be within 1…1000000")
        }
        guard (10...100_000).contains(bootstrap) else {
            throw inputFailure(file: "<argument>", field: "--bootstrap", "must be within 10…100000")
        }
        if let population, !(2...10_000).contains(population) {
            throw inputFailure(file: "<argument>", field: "--population", "must be within 2…10000")
        }
        guard let robustMode = TuneRunner.Robust(rawValue: robust) else {
            throw inputFailure(file: "<argument>", field: "--robust", "must be mean or lower")
        }
        guard let searchMode = TuneRunner.Search(rawValue: search) else {
            throw inputFailure(file: "<argument>", field: "--search", "must be cmaes or latin_hypercube")
        }
        guard (maximize == nil) != (minimize == nil) else {
            throw inputFailure(file: "<argument>", field: "--maximize", "give exactly one of --maximize METRIC and --minimize METRIC")
        }
        if confirm && scenario == nil {
            throw inputFailure(file: "<argument>", field: "--scenario", "--confirm needs the scenario the runs were simulated from")
        }
        let runner: TuneRunner
        let objective: TuneObjective
        var confirmation: SweepConfirmation?
        do {
            var text = maximize ?? minimize!
            var maximizing = maximize != nil
            if text.hasPrefix("-") {
                text.removeFirst()
                maximizing.toggle()
            }
            let option = maximize != nil ? "--maximize" : "--minimize"
            let metric = try MetricName(parsing: text, defaultLabel: .expected, file: "<argument>", field: option)
            objective = TuneObjective(
                metric: metric, maximize: maximizing,
                constraints: try constraints.map {
                    try TuneObjective.Constraint(parsing: $0, defaultLabel: .expected, option: "--subject-to")
                })
            let (tuneSpace, set) = try TuneSpace.load(path: space, runFolders: runs)
            var settings = TuneRunner.Settings()
            settings.budget = budget
            settings.holdoutSeeds = holdoutSeeds ?? set.runs.count / 2
            settings.robust = robustMode
            settings.seed = seed
            settings.populationSize = population
            settings.search = searchMode
            settings.bootstrap = bootstrap
            runner = try TuneRunner(runs: set, space: tuneSpace, objective: objective, settings: settings)
            if confirm, let scenario {
                guard let holdout = runner.holdoutRuns else {
                    throw InputError(file: "<argument>", field: "--confirm", problem: "needs held-out seeds (--holdout-seeds 1 or more)")
                }
                let fields = try overrides.parsed()
                confirmation = try SweepConfirmation(
                    scenario: try loadScenario(URL(fileURLWithPath: scenario), overrides: fields), overrides: fields, runs: holdout)
                confirmation?.label = objective.metric.label ?? .expected
            }
        } catch let error as InputError {
            throw inputFailure(error)
        }
        var confirmedText = ""
        let result = try writingOutputFolder(out, command: "tune", inputs: inputs, force: force.force) { folder in
            let searchProgress = ProgressReporter(total: budget, unit: "configurations", quiet: progressOptions.quiet)
            let result = try runner.run(workers: workers) { p in
                searchProgress.step(
                    p.evaluations,
                    "generation \(p.generation), best \(p.best.map { MetricsCSV.fixed($0, 4) } ?? "none feasible"), \(String(format: "%.0f", p.evaluationsPerSecond)) configurations/s"
                )
            }
            searchProgress.finish()
            var outputs: [String: Data] = [
                "trace.csv": Data(TuneReport.trace(result, space: runner.space, objective: objective).utf8),
                "convergence.svg": Data(TuneReport.convergence(result, objective: objective).utf8),
                "summary.csv": Data(TuneReport.summary(result).utf8),
            ]
            if let recommended = result.recommended {
                outputs["recommended.yaml"] = Data(ConfigurationWriter.yaml(recommended).utf8)
                if case .cwaExposureWindows(let p) = recommended.scheme {
                    outputs["recommended.cwa-server.yaml"] = Data(
                        ServerConfigurationWriter.yaml(p, comment: [recommended.name, recommended.source]).utf8)
                }
            }
            if let confirmation, let recommended = result.recommended {
                let confirmed = try confirmed(confirmation, result: result, recommended: recommended, folder: folder, workers: workers)
                outputs["confirmed.csv"] = Data(SweepConfirmation.csv(confirmed.rows).utf8)
                outputs["confirmed-differences.csv"] = Data(confirmed.csv.utf8)
                confirmedText = SweepConfirmation.text(confirmed.rows, label: confirmation.label) + confirmed.text
            }
            for name in outputs.keys.sorted() { try AtomicFile.write(outputs[name]!, to: folder.appendingPathComponent(name)) }
            let manifest = AnalysisManifest(
                version: WarnSimVersion.string, command: "tune", runs: runner.tuningRuns.runs + (runner.holdoutRuns?.runs ?? []),
                options: runner.tuningRuns.options, bootstrap: bootstrap, seed: seed, production: runner.tuningRuns.production.name,
                extra: [
                    "objective": "\(objective.maximize ? "maximize" : "minimize") \(objective.metric)",
                    "constraints": objective.constraints.map(\.description).joined(separator: "; "), "search": search,
                    "robust": robust, "budget": String(budget), "configurations_evaluated": String(result.evaluations.count),
                    "tuning_seeds": result.tuningSeeds.map(String.init).joined(separator: ","),
                    "holdout_seeds": result.holdoutSeeds.map(String.init).joined(separator: ","),
                    "stop_reason": result.stopReason ?? "",
                ])
            let spaceURL = URL(fileURLWithPath: space)
            try manifest.manifest(outputs: outputs, extraInputs: [(spaceURL.lastPathComponent, try Data(contentsOf: spaceURL))]).write(
                into: folder)
            return result
        }
        printOutput(TuneReport.text(result, objective: objective) + confirmedText)
        printError(
            String(
                format: "search %.2f s, batch scoring %.2f s of which BLAS GEMM %.2f worker-s (%d threads)", result.searchSeconds,
                result.scoringSeconds, result.gemmSeconds, workers))
        if result.recommended == nil || !result.holdoutFailures.isEmpty { throw ExitStatus.checkFailed }
    }

    /// Re-simulates production and the recommendation on the held-out seeds.
    func confirmed(
        _ confirmation: SweepConfirmation, result: TuneRunner.Result, recommended: RiskConfiguration, folder: URL, workers: Int
    ) throws -> TuneConfirmation {
        // The screen's precision and recall on the held-out seeds, from the tune summary.
        var screen: [String: PrecisionRecallPoint] = [:]
        if let rows = result.holdout?.rows {
            func value(_ quantity: MetricName.Quantity, _ pick: (PairedComparison.Row) -> Double) -> Double {
                rows.first { $0.metric == MetricName(quantity, label: confirmation.label) }.map(pick) ?? .nan
            }
            screen["production"] = PrecisionRecallPoint(id: "production", precision: value(.precision, \.a), recall: value(.recall, \.a))
            screen["recommended"] = PrecisionRecallPoint(
                id: "recommended", precision: value(.precision, \.b), recall: value(.recall, \.b))
        }
        let progress = ProgressReporter(total: 2 * confirmation.runs.runs.count, unit: "runs", quiet: progressOptions.quiet)
        let started = Counter()
        defer { progress.finish() }
        do {
            return try TuneConfirmation(
                confirmation: confirmation, production: confirmation.runs.production, recommended: recommended, screen: screen,
                folder: folder, workers: workers, resamples: bootstrap, seed: seed, version: WarnSimVersion.string
            ) { message in progress.step(started.next() - 1, message) }
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
