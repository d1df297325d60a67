import Foundation
import Population
import Simulation
import WarnSimCore

/// Throughput of the whole pipeline (`warnsim bench simulate`): person-days per
/// second, peak memory, and the share of time per stage.
public struct SimulationBenchmark: Sendable {
    public struct Result: Codable, Sendable {
        public var people: Int
        public var days: Int
        public var threads: Int
        public var appUsers: Int
        public var personDaysPerSecond: Double
        public var peakRssBytes: Int
        public var secondsTotal: Double
        public var secondsSetup: Double
        /// Seconds per stage (see ``SimulationRun/stageSeconds``).
        public var stageSeconds: [String: Double]
        public var uploads: Int
        public var warnings: Int

        enum CodingKeys: String, CodingKey {
            case people, days, threads, uploads, warnings
            case appUsers = "app_users"
            case personDaysPerSecond = "person_days_per_second"
            case peakRssBytes = "peak_rss_bytes"
            case secondsTotal = "seconds_total"
            case secondsSetup = "seconds_setup"
            case stageSeconds = "stage_seconds"
        }
    }

    public var world: WorldScenario
    public var app: AppScenario
    public var days: Int
    public var threads: Int
    public var seed: UInt64

    /// Resizes the scenario's town to `people` (initial infections scale with it).
    public init(world: WorldScenario, app: AppScenario, people: Int, days: Int, threads: Int, seed: UInt64) {
        var world = world
        let scale = Double(people) / Double(world.population.people)
        world.population.people = people
        world.epidemiology.initialInfections = max(1, Int((Double(world.epidemiology.initialInfections) * scale).rounded()))
        self.world = world
        self.app = app
        self.days = days
        self.threads = threads
        self.seed = seed
    }

    public func run() throws -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        var run = try SimulationRun(world: world, app: app, seed: seed, workers: threads)
        let built = clock.now
        for day in 0..<days { try run.simulate(day: day) }
        let finished = clock.now
        let total = (finished - start).inSeconds
        return Result(
            people: world.population.people, days: days, threads: threads,
            appUsers: run.phones.filter(\.hasApp).count,
            personDaysPerSecond: Double(world.population.people * days) / max(total, 1e-9),
            peakRssBytes: ProcessMeasurement.peakResidentBytes(), secondsTotal: total, secondsSetup: (built - start).inSeconds,
            stageSeconds: run.stageBreakdown, uploads: run.summary.reduce(0) { $0 + $1.uploads },
            warnings: run.summary.reduce(0) { $0 + $1.warnings })
    }
}
