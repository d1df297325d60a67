import ArgumentParser
import Foundation
import Population
import Simulation
import WarnSimCore

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a scenario: world, phones, app and servers; write the run's files.",
        discussion: """
            Writes manifest.json, phones.csv, infections.csv, windows.csv, \
            summary.csv, windows.bin and exposures.bin (the input of evaluate, \
            sweep and windows export), risk.yaml and counterfactual.csv (the \
            same scenario and seed with every warning ignored, which evaluate \
            sets against the run for the infections warnings averted) into the \
            output folder (formats in Outputs/README.md). The same scenario and seed give \
            byte-identical files on any thread count (only the timings in \
            manifest.json differ).
            """
    )

    @Argument(help: "The scenario YAML file.")
    var scenario: String

    @Option(help: "The run's seed.")
    var seed: UInt64 = 1

    @Option(help: "Output folder.")
    var out: String

    @OptionGroup var threadOptions: ThreadOptions

    @OptionGroup var overrides: ScenarioOverrides

    /// `--threads`, or every core of this machine.
    var threads: Int { threadOptions.threads }

    @Option(help: "Days to simulate (default: the scenario's simulation.days).")
    var days: Int?

    @Flag(
        inversion: .prefixedNo,
        help: "Also run the scenario with every warning ignored and write counterfactual.csv (world and health only).")
    var counterfactual = true

    func run() throws {
        try checkOutputPath(out)
        _ = try threadOptions.checked()
        if let days, !(1...365).contains(days) {
            throw inputFailure(file: "<argument>", field: "--days", "must be within 1…365")
        }
        let url = URL(fileURLWithPath: scenario)
        let fields = try overrides.parsed()
        let scenario = try loadScenario(url, overrides: fields)
        let total = days ?? scenario.app.days
        try checkMemory(
            RunMemoryEstimate(
                people: scenario.world.population.people, days: total, part: counterfactual ? .runWithCounterfactual : .run),
            file: url.relativePath)
        let clock = ContinuousClock()
        let started = clock.now
        var run: SimulationRun
        do {
            run = try SimulationRun(scenario: scenario, seed: seed, workers: threads)
        } catch {
            throw inputFailure(file: url.relativePath, "the run could not be set up (\(error))")
        }
        let built = clock.now
        let progress = isatty(STDERR_FILENO) == 1
        for day in 0..<total {
            try run.simulate(day: day)
            if progress {
                let row = run.summary.last!
                printError("day \(day + 1)/\(total): \(row.infections) infections, \(row.uploads) uploads, \(row.warnings) warnings")
            }
        }
        let finished = clock.now
        var timings = ["setup": (built - started).inSeconds, "simulate": (finished - built).inSeconds]
        var baseline: CounterfactualRun?
        if counterfactual {
            var other = CounterfactualRun(scenario: scenario, seed: seed, workers: threads)
            for day in 0..<total { other.simulate(day: day) }
            baseline = other
            timings["counterfactual"] = (clock.now - finished).inSeconds
        }
        do {
            try RunOutputs.write(
                run, to: URL(fileURLWithPath: out), version: WarnSimVersion.string, inputs: scenario.files,
                counterfactual: baseline, overrides: fields.map(\.description), timings: timings)
        } catch {
            throw inputFailure(file: out, "cannot be written (\(error.localizedDescription))")
        }
        let warned = run.phones.filter { $0.firstWarningTime != nil }.count
        printOutput(
            "\(scenario.world.name), seed \(seed), \(total) days: \(run.world.infections.count) infections, "
                + "\(run.summary.reduce(0) { $0 + $1.uploads }) uploads, \(warned) phones warned; wrote \(out)/\n")
    }
}
