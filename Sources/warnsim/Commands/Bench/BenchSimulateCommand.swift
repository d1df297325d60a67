import ArgumentParser
import Foundation
import Population
import Simulation
import WarnSimBenchmarks
import WarnSimCore

struct BenchSimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Whole-pipeline person-days per second, peak memory and time per stage."
    )

    @Option(help: "Town size (the scenario's population is resized; seeds scale with it).")
    var people = 10_000

    @Option(help: "Days to simulate.")
    var days = 14

    @OptionGroup var options: BenchScenarioOptions

    @OptionGroup var sightingStorage: SightingStorageOptions

    @Option(help: "After the run, also time its redraw through this many channels (as `warnsim redraw`; 0: none).")
    var redrawChannels = 0

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func run() throws {
        guard (2...10_000_000).contains(people) else {
            throw inputFailure(file: "<argument>", field: "--people", "must be in 2...10000000")
        }
        guard (1...365).contains(days) else { throw inputFailure(file: "<argument>", field: "--days", "must be in 1...365") }
        guard (0...16).contains(redrawChannels) else {
            throw inputFailure(file: "<argument>", field: "--redraw-channels", "must be in 0...16")
        }
        let storage = try sightingStorage.checked()
        let onDisk = storage.keepsOnDisk(people: people, days: days)
        try checkMemory(RunMemoryEstimate(people: people, days: days, sightingsOnDisk: onDisk), file: "<argument>", field: "--people")
        let scenario = try loadScenario(try options.checkedScenarioURL())
        var benchmark = SimulationBenchmark(
            world: scenario.world, app: scenario.app, people: people, days: days, threads: options.threads, seed: options.seed,
            sightings: storage)
        benchmark.redrawChannels = redrawChannels
        let result: SimulationBenchmark.Result
        do {
            result = try benchmark.run()
        } catch let error as InputError {
            throw inputFailure(error)
        }
        if json {
            try printJSON(result)
            return
        }
        var text = String(
            format: "%d people × %d days on %d threads: %.0f person-days/s, %.1f s, peak RSS %.0f MB (%.0f bytes per person)\n"
                + "  sightings %@: %.0f bytes per app phone and day (%.0f in memory); %.1f MB written, %.1f MB read back\n",
            result.people, result.days, result.threads, result.personDaysPerSecond, result.secondsTotal,
            Double(result.peakRssBytes) / 1e6, result.peakBytesPerPerson, result.sightingsOnDisk ? "on disk" : "in memory",
            result.sightingBytesPerAppPhoneDay, result.sightingResidentBytesPerAppPhoneDay,
            Double(result.sightingBytesWritten) / 1e6, Double(result.sightingBytesRead) / 1e6)
        // Top-level stages as shares of the staged wall-clock time; parts
        // (`scans.crypto`, `detection.matching`, `detection.scoring`) as shares of their stage.
        let stages = result.stageSeconds
        let staged = stages.filter { !$0.key.contains(".") }.values.reduce(0, +)
        for stage in stages.keys.filter({ !$0.contains(".") }).sorted() {
            let value = stages[stage]!
            text +=
                "  " + stage.padding(toLength: 20, withPad: " ", startingAt: 0)
                + String(format: " %8.2f s  %5.1f %%\n", value, 100 * value / max(staged, 1e-9))
            let parts = stages.keys.filter { $0.hasPrefix(stage + ".") }.sorted()
            let partsTotal = stage == "scans" ? value : parts.reduce(0) { $0 + stages[$1]! }
            for part in parts {
                let seconds = stages[part]!
                text +=
                    "    " + part.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + String(format: " %8.2f s  %5.1f %% of ", seconds, 100 * seconds / max(partsTotal, 1e-9))
                    + stage + (stage == "detection" ? " (CPU s)" : "") + "\n"
            }
        }
        if let engine = result.scoringEngineWindowsPerSecond {
            text += String(
                format: "  detection.scoring: %d windows in %d risk calculations, %.0f windows per CPU second; "
                    + "the engine alone on %d windows: %.0f per second\n",
                result.scoringWindows, result.scoringCalculations, result.scoringWindowsPerCPUSecond, result.scoringCeilingWindows,
                engine)
        }
        if let seconds = result.redrawSeconds, let ratio = result.redrawRatioToRun,
            let perChannel = result.redrawRatioToRunPerChannel
        {
            text += String(
                format: "  redraw through %d channel%@: %.1f s, %.2f of the run (%.2f per channel)\n", result.redrawChannels,
                result.redrawChannels == 1 ? "" : "s", seconds, ratio, perChannel)
            // Its stages against the run's, which show where a redraw's time goes.
            let redrawStages = result.redrawStageSeconds ?? [:]
            text +=
                "    stage (redraw / run):"
                + redrawStages.keys.filter { !$0.contains(".") }.sorted().map {
                    String(format: " %@ %.2f / %.2f s", $0, redrawStages[$0]!, stages[$0] ?? 0)
                }.joined(separator: ",") + "\n"
        }
        printOutput(text)
        printOutput(
            BenchSummaryTable(
                benchmark: "simulate \(result.people)×\(result.days)", seconds: result.secondsTotal, peakRssBytes: result.peakRssBytes,
                personDaysPerSecond: result.personDaysPerSecond,
                ratios: [
                    .init(
                        figure: "scans.crypto RPIs, \(result.threads) threads", ratio: result.scansCryptoRatioToCeiling,
                        ceiling: String(format: "AES bulk %.1f M blocks/s", result.aesBulkBlocksPerSecond / 1e6),
                        spread: result.aesBulkSpread, repetitions: result.ceilingRepetitions),
                    .init(
                        figure: "detection.scoring windows, 1 thread", ratio: result.scoringRatioToCeiling,
                        ceiling: result.scoringEngineWindowsPerSecond.map {
                            String(format: "risk engine %.2f M windows/s on %d", $0 / 1e6, result.scoringCeilingWindows)
                        } ?? "no window scored",
                        spread: result.scoringEngineSpread, repetitions: result.ceilingRepetitions),
                ]
            ).text)
    }
}
