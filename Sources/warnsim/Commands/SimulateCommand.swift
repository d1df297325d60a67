import ArgumentParser
import ExposureNotification
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
            summary.csv, windows.bin, exposures.bin and contacts.bin (the input \
            of evaluate, sweep and windows export), risk.yaml and counterfactual.csv (the \
            same scenario and seed with every warning ignored, which evaluate \
            sets against the run for the infections warnings averted) into the \
            output folder (formats in Outputs/README.md). The same scenario and seed give \
            byte-identical files on any thread count (only the timings in \
            manifest.json differ; --no-timings leaves them out, so that every \
            byte of the folder is reproducible). With --seeds, every seed goes into its own \
            OUT/seed-N/ folder; evaluate and sweep take the ensemble folder.
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

    @OptionGroup var sightingStorage: SightingStorageOptions

    /// `--threads`, or every core of this machine.
    var threads: Int { threadOptions.threads }

    @Option(help: "Days to simulate (default: the scenario's simulation.days).")
    var days: Int?

    @Flag(
        inversion: .prefixedNo,
        help: "Also run the scenario with every warning ignored and write counterfactual.csv (world and health only).")
    var counterfactual = true

    @Flag(
        inversion: .prefixedNo,
        help:
            "Record the wall-clock seconds per stage in manifest.json (timings_seconds); without them the whole folder is byte-identical between runs."
    )
    var timings = true

    @Option(
        help: ArgumentHelp(
            "Run an ensemble of seeds (e.g. 1-20 or 1,3,5) into OUT/seed-N/, several at once where the threads allow; each folder is byte-identical to running its seed alone.",
            valueName: "seeds"))
    var seeds: String?

    @OptionGroup var force: ForceOption

    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        try checkOutputFolder(out, command: "simulate", inputs: [scenario], force: force.force)
        _ = try threadOptions.checked()
        let storage = try sightingStorage.checked()
        if let days, !(1...365).contains(days) {
            throw inputFailure(file: "<argument>", field: "--days", "must be within 1…365")
        }
        var ensemble: [UInt64]?
        if let seeds {
            do {
                ensemble = try Ensemble.seeds(seeds)
            } catch {
                throw inputFailure(error)
            }
        }
        let url = URL(fileURLWithPath: scenario)
        let fields = try overrides.parsed()
        let scenario = try loadScenario(url, overrides: fields)
        let total = days ?? scenario.app.days
        let onDisk = storage.keepsOnDisk(
            people: scenario.world.population.people, days: total, part: counterfactual ? .runWithCounterfactual : .run)
        let estimate = RunMemoryEstimate(
            people: scenario.world.population.people, days: total, part: counterfactual ? .runWithCounterfactual : .run,
            sightingsOnDisk: onDisk)
        try checkMemory(estimate, file: url.relativePath)
        let jobs = (ensemble ?? [seed]).map { seed in
            RunJob(
                scenario: scenario, seed: seed, days: total, counterfactual: counterfactual, overrides: fields.map(\.description),
                sightings: storage, recordsTimings: timings)
        }
        do {
            let line = try writingOutputFolder(out, command: "simulate", inputs: [url.path], force: force.force) { folder in
                if ensemble != nil {
                    // As many seeds at once as the threads and this machine's memory allow.
                    let fitting = max(1, Int(Double(MachineMemory.limitBytes) / max(estimate.bytes, 1)))
                    return try runEnsemble(jobs, into: folder, concurrent: min(fitting, jobs.count, threads))
                } else {
                    return try runOne(jobs[0], into: folder)
                }
            }
            printOutput(line)
        } catch let error as InputError {
            throw inputFailure(error)
        } catch let error as SightingSpillFailure {
            throw inputFailure(file: "<argument>", field: "--sightings-dir", error.description)
        } catch let error as WriteFailure {
            throw inputFailure(file: out, field: "--out", "cannot be written (\(error.reason))")
        } catch let error as ExitCode {
            throw error
        } catch {
            throw inputFailure(file: url.relativePath, "the run could not be set up (\(error))")
        }
    }

    /// One seed into `folder` (the staging folder of `--out`), with each
    /// day's progress on stderr (``ProgressReporter``); returns the line to print.
    func runOne(_ job: RunJob, into folder: URL) throws -> String {
        let progress = ProgressReporter(total: job.days, unit: "days", quiet: progressOptions.quiet)
        let line = try job.run(into: folder, workers: threads, version: WarnSimVersion.string) { row in
            progress.step(row.day + 1, "\(row.infections) infections, \(row.uploads) uploads, \(row.warnings) warnings")
        }
        progress.finish()
        return "\(line); wrote \(out)/\n"
    }

    /// Every seed into `folder/seed-N/` (`folder` the staging folder of
    /// `--out`), each finished seed reported on stderr; returns the line to print.
    func runEnsemble(_ jobs: [RunJob], into folder: URL, concurrent: Int) throws -> String {
        let count = jobs.count
        let done = Counter()
        let progress = ProgressReporter(total: count, unit: "seeds", quiet: progressOptions.quiet)
        try Ensemble.run(
            jobs, into: folder, threads: threads, concurrent: concurrent, version: WarnSimVersion.string
        ) { line in
            progress.step(done.next(), line)
        }
        progress.finish()
        return "\(jobs[0].scenario.world.name): \(count) seeds, \(jobs[0].days) days each; wrote \(out)/seed-N/\n"
    }
}

/// A thread-safe running count (ensemble progress).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The count after adding one.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
