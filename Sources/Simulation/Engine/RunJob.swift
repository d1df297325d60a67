import Foundation
import RunRecords
import WarnSimCore

/// One seed of a scenario from start to written folder: the run, its
/// counterfactual (every warning ignored) and the run's files. `simulate`
/// runs one job, or an ensemble of them (``Ensemble``).
package struct RunJob: Sendable {
    package let scenario: Scenario
    package let seed: UInt64
    package let days: Int
    /// Whether to run and write the counterfactual (`counterfactual.csv`).
    package let counterfactual: Bool
    /// The command line's `--set` fields (recorded in the manifest).
    package let overrides: [String]
    /// Where the phones' sightings are kept (never changes the outputs).
    package let sightings: SightingStorage
    /// Whether `manifest.json` records the wall-clock seconds per stage
    /// (`timings_seconds`); without them every byte of the folder, manifest
    /// included, is the same on every run (`simulate --no-timings`, the tasks
    /// of `warnsim cluster`).
    package let recordsTimings: Bool

    package init(
        scenario: Scenario, seed: UInt64, days: Int, counterfactual: Bool, overrides: [String],
        sightings: SightingStorage = .automatic, recordsTimings: Bool = true
    ) {
        self.sightings = sightings
        self.scenario = scenario
        self.seed = seed
        self.days = days
        self.counterfactual = counterfactual
        self.overrides = overrides
        self.recordsTimings = recordsTimings
    }

    /// Runs the job on `workers` threads and writes its files into `folder`;
    /// `progress` receives each finished day. Returns the one-line summary.
    package func run(
        into folder: URL, workers: Int, version: String, progress: (SimulationRun.DaySummary) -> Void = { _ in }
    ) throws -> String {
        let clock = ContinuousClock()
        let started = clock.now
        let spill = try sightings.spill(
            people: scenario.world.population.people, days: days, part: counterfactual ? .runWithCounterfactual : .run)
        var run = try SimulationRun(scenario: scenario, seed: seed, workers: workers, sightingSpill: spill)
        let built = clock.now
        for day in 0..<days {
            try run.simulate(day: day)
            progress(run.summary.last!)
        }
        let finished = clock.now
        var timings = ["setup": (built - started).inSeconds, "simulate": (finished - built).inSeconds]
        var baseline: CounterfactualRun?
        if counterfactual {
            var other = CounterfactualRun(scenario: scenario, seed: seed, workers: workers)
            for day in 0..<days { other.simulate(day: day) }
            baseline = other
            timings["counterfactual"] = (clock.now - finished).inSeconds
        }
        do {
            try RunOutputs.write(
                run, to: folder, version: version, inputs: scenario.files, counterfactual: baseline, overrides: overrides,
                radioParameters: scenario.world.sourceFiles.first,
                timings: recordsTimings ? timings : nil)
        } catch {
            throw WriteFailure(folder: folder.path, reason: error.localizedDescription)
        }
        let warned = run.phones.filter { $0.firstWarningTime != nil }.count
        return "\(scenario.world.name), seed \(seed), \(days) days: \(run.world.infections.count) infections, "
            + "\(run.summary.reduce(0) { $0 + $1.uploads }) uploads, \(warned) phones warned"
    }
}

/// A run's files could not be written into `folder`.
package struct WriteFailure: Error, Sendable {
    package var folder: String
    package var reason: String
}

/// Several seeds of one scenario into `DIR/seed-N/`: as many runs at once as
/// the threads allow (each with its share of them), each seed's files
/// byte-identical to running that seed alone.
package enum Ensemble {
    /// The folder of seed `seed` inside the ensemble folder.
    package static func folder(_ root: URL, seed: UInt64) -> URL { root.appendingPathComponent("seed-\(seed)") }

    /// Parses `1-20`, `3,5,8` or a mix (`1-4,9`): distinct seeds in the order given.
    package static func seeds(_ text: String) throws(InputError) -> [UInt64] {
        var seeds: [UInt64] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = UInt64(bounds[0]), let high = UInt64(bounds.last!), low <= high,
                high - low < 10_000
            else {
                throw InputError(
                    file: "<argument>", field: "--seeds",
                    problem:
                        "expected seeds such as 1-20 or 1,3,5, found '\(part)'\(part.contains("..") ? " (write a range with a hyphen: 1-8)" : "")"
                )
            }
            for seed in low...high where !seeds.contains(seed) { seeds.append(seed) }
        }
        guard !seeds.isEmpty, seeds.count <= 10_000 else {
            throw InputError(file: "<argument>", field: "--seeds", problem: "give between 1 and 10000 seeds")
        }
        return seeds
    }

    /// Runs every job into `root/seed-N/`, `threads` threads in all, at most
    /// `concurrent` runs at once (the caller's memory limit): with more seeds
    /// than threads, one run per thread; otherwise the threads are shared out.
    /// `report` receives each finished seed's summary line (in finishing
    /// order). Errors of any seed are thrown after all finished.
    package static func run(
        _ jobs: [RunJob], into root: URL, threads: Int, concurrent limit: Int = .max, version: String,
        report: @Sendable (String) -> Void
    ) throws {
        let concurrent = max(1, min(jobs.count, threads, limit))
        let workers = max(1, threads / concurrent)
        let errors = FirstErrorBox<any Error>()
        Parallel.run(workers: concurrent) { lane in
            for index in stride(from: lane, to: jobs.count, by: concurrent) {
                let job = jobs[index]
                do {
                    let line = try job.run(into: folder(root, seed: job.seed), workers: workers, version: version)
                    report(line)
                } catch {
                    errors.record(error)
                }
            }
        }
        if let error = errors.error { throw error }
    }
}
