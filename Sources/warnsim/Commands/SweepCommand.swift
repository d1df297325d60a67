import Analysis
import ArgumentParser
import Foundation
import RiskCalculation
import Studies
import WarnSimCore

struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Score many risk configurations on recorded runs: metrics, Pareto front and plots.",
        discussion: """
            SWEEP.yaml defines a grid, random set or Latin hypercube over risk \
            parameters, or lists configuration files (Configs/sweeps/README.md). \
            Every configuration is scored on the runs' recorded exposure windows \
            with the batch scorer. Writes metrics.csv, pareto.csv, pr-curve.svg, \
            pareto.svg, manifest.json (and rejected.csv for invalid combinations) \
            into --out. An interrupted sweep started again resumes and writes the \
            same bytes. With --confirm N and --scenario (the scenario the runs were \
            simulated from, with the same --set fields), the N configurations of the \
            Pareto front with the best F1 and the production configuration are \
            re-simulated live on every phone for every seed of the runs, with the \
            loop closed, and evaluated: confirmed.csv and confirm/ID/seed-N/ \
            (precision and recall as screened and as confirmed, infections averted, \
            quarantine person-days); a sweep file's scenario_fields (e.g. \
            compliance, adoption, test delays) are simulated for each confirmed \
            configuration, every combination.
            """
    )

    @Argument(help: "Run folders written by `warnsim simulate` (same risk configuration).")
    var runs: [String]

    @Option(help: "The sweep definition (YAML).")
    var sweep: String

    @Option(help: "Output folder.")
    var out: String

    @OptionGroup var threadOptions: ThreadOptions

    @Option(help: "Re-simulate this many of the best Pareto-front configurations with the loop closed (needs --scenario).")
    var confirm: Int = 0

    @Option(help: "The scenario the runs were simulated from (for --confirm).")
    var scenario: String?

    @OptionGroup var overrides: ScenarioOverrides

    /// `--threads`, or every core of this machine.
    var threads: Int { threadOptions.threads }

    @OptionGroup var force: ForceOption

    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        try checkOutputFolder(out, command: "sweep", inputs: runs + [sweep] + (scenario.map { [$0] } ?? []), force: force.force)
        _ = try threadOptions.checked()
        guard (0...100).contains(confirm) else { throw inputFailure(file: "<argument>", field: "--confirm", "must be within 0…100") }
        if confirm > 0 && scenario == nil {
            throw inputFailure(file: "<argument>", field: "--scenario", "--confirm needs the scenario the runs were simulated from")
        }
        let runner: SweepRunner
        var confirmation: SweepConfirmation?
        do {
            let spec = try SweepSpecification.load(path: sweep)
            runner = try SweepRunner(spec: spec, runs: RunSet(folders: runs, options: spec.labels), version: WarnSimVersion.string)
            if confirm > 0, let scenario {
                let fields = try overrides.parsed()
                confirmation = try SweepConfirmation(
                    scenario: try loadScenario(URL(fileURLWithPath: scenario), overrides: fields), overrides: fields, runs: runner.runs)
            } else if !spec.scenarioFields.isEmpty {
                throw InputError(
                    file: sweep, field: "scenario_fields",
                    problem: "scenario fields are not visible in recorded windows; give --confirm N --scenario FILE to simulate them")
            }
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let clock = ContinuousClock()
        let started = clock.now
        // Finished chunks wait beside --out (not in it) so that a sweep started again resumes.
        let destination = URL(fileURLWithPath: out).standardizedFileURL
        let resume = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).warnsim-sweep-resume")
        var seconds = 0.0
        var summary: SweepSummary?
        let timings = try writingOutputFolder(
            out, command: "sweep", inputs: runs + [sweep] + (scenario.map { [$0] } ?? []), force: force.force
        ) { folder in
            let scoring = ProgressReporter(total: runner.plan.scored.count, unit: "configurations", quiet: progressOptions.quiet)
            let outcome = try runner.run(folder: folder, resume: resume, workers: threads) { done, _ in
                scoring.step(done, "scored")
            }
            seconds = (clock.now - started).inSeconds
            summary = outcome.summary
            scoring.finish()
            if let confirmation {
                let confirmed = try confirmConfigurations(confirmation, runner: runner, points: outcome.points, folder: folder)
                // The manifest pins confirmed.csv too (the run folders under confirm/ carry their own).
                var outputs = outcome.outputs
                outputs["confirmed.csv"] = Data(confirmed.utf8)
                try runner.writeManifest(
                    outputs: outputs, rejected: runner.plan.entries.count - runner.plan.scored.count, into: folder)
            }
            return outcome.timings
        }
        let scored = runner.plan.scored.count
        let rejected = runner.plan.entries.count - scored
        printOutput(
            "\(scored) configurations scored\(rejected > 0 ? ", \(rejected) rejected (see rejected.csv)" : "") in \(String(format: "%.2f", seconds)) s "
                + "(preparing \(String(format: "%.2f", timings.prepare)) s, batch scoring of \(timings.moments) detection moments \(String(format: "%.2f", timings.scoring)) s, "
                + "metrics \(String(format: "%.2f", timings.metrics)) s); wrote \(out)/\n" + (summary?.text ?? ""))
    }

    /// Re-simulates the chosen configurations and writes `confirmed.csv`; returns its text.
    func confirmConfigurations(
        _ confirmation: SweepConfirmation, runner: SweepRunner, points: [PrecisionRecallPoint], folder: URL
    ) throws -> String {
        do {
            let ids = SweepConfirmation.choose(points, count: confirm)
            var configurations: [String: RiskConfiguration] = [:]
            for entry in runner.plan.entries { configurations[entry.id] = entry.configuration }
            let variants = try runner.spec.scenarioVariants()
            // Each message starts a run: the count before it is the runs finished.
            let progress = ProgressReporter(
                total: ids.count * variants.count * confirmation.runs.runs.count, unit: "runs", quiet: progressOptions.quiet)
            let started = Counter()
            let rows = try confirmation.run(
                ids: ids, variants: variants, configurations: configurations,
                screen: Dictionary(uniqueKeysWithValues: points.map { ($0.id, $0) }),
                folder: folder, workers: threads, resamples: runner.spec.bootstrap, seed: runner.spec.seed,
                version: WarnSimVersion.string
            ) { message in progress.step(started.next() - 1, message) }
            progress.step(progress.total, "confirmed")
            progress.finish()
            let table = SweepConfirmation.csv(rows)
            try AtomicFile.write(table, to: folder.appendingPathComponent("confirmed.csv"))
            printOutput(SweepConfirmation.text(rows, label: confirmation.label))
            return table
        } catch let error as InputError {
            throw inputFailure(error)
        }
    }
}
