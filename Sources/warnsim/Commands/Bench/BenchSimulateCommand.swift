import ArgumentParser
import Foundation
import Population
import Simulation
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

    @Option(help: "Scenario file.")
    var scenario = "Configs/scenarios/town-10k.yaml"

    @Option(help: "Worker threads (default: all cores).")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Seed.")
    var seed: UInt64 = 1

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func run() throws {
        guard (2...10_000_000).contains(people) else { throw inputFailure(file: "<argument>", field: "--people", "must be in 2...10000000") }
        guard (1...365).contains(days) else { throw inputFailure(file: "<argument>", field: "--days", "must be in 1...365") }
        guard (1...1024).contains(threads) else { throw inputFailure(file: "<argument>", field: "--threads", "must be in 1...1024") }
        let url = URL(fileURLWithPath: scenario)
        let world: WorldScenario
        let app: AppScenario
        do {
            world = try WorldScenario.load(url)
            app = try AppScenario.load(url)
        } catch let error as InputError {
            throw inputFailure(error)
        }
        let result = try SimulationBenchmark(world: world, app: app, people: people, days: days, threads: threads, seed: seed).run()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            printOutput(String(decoding: try encoder.encode(result), as: UTF8.self) + "\n")
            return
        }
        var text = String(format: "%d people × %d days on %d threads: %.0f person-days/s, %.1f s, peak RSS %.0f MB\n",
                          result.people, result.days, result.threads, result.personDaysPerSecond, result.secondsTotal,
                          Double(result.peakRssBytes) / 1e6)
        let staged = result.stageSeconds.values.reduce(0, +)
        for stage in result.stageSeconds.keys.sorted() {
            let value = result.stageSeconds[stage]!
            text += String(format: "  %-10@ %8.2f s  %5.1f %%\n", stage as NSString, value, 100 * value / max(staged, 1e-9))
        }
        printOutput(text)
    }
}
