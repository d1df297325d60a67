import Foundation
import WarnSimCore

/// Throughput of the world: days of plans, encounters, radio draws and
/// transmission for a town of a given size.
public struct WorldBenchmark {
    /// The measured figures (JSON field names in snake case).
    public struct Result: Codable, Sendable {
        public var people: Int
        public var days: Int
        public var threads: Int
        public var buildSeconds: Double
        public var simulateSeconds: Double
        public var personDaysPerSecond: Double
        public var encountersPerDay: Double
        public var segmentsPerDay: Double
        public var sightingsPerDay: Double
        public var exposuresTotal: Int
        public var infectionsTotal: Int
        public var peakRssBytes: Int
        /// Seconds spent per stage over all days.
        public var planSeconds: Double
        public var encounterSeconds: Double
        public var radioSeconds: Double
        public var transmissionSeconds: Double
        /// Order-independent checksum of every day's encounters (hexadecimal),
        /// to check that a faster generator produces the same encounters.
        public var encounterChecksum: String

        enum CodingKeys: String, CodingKey {
            case people, days, threads
            case buildSeconds = "build_seconds"
            case simulateSeconds = "simulate_seconds"
            case personDaysPerSecond = "person_days_per_second"
            case encountersPerDay = "encounters_per_day"
            case segmentsPerDay = "segments_per_day"
            case sightingsPerDay = "sightings_per_day"
            case exposuresTotal = "exposures_total"
            case infectionsTotal = "infections_total"
            case peakRssBytes = "peak_rss_bytes"
            case planSeconds = "plan_seconds"
            case encounterSeconds = "encounter_seconds"
            case radioSeconds = "radio_seconds"
            case transmissionSeconds = "transmission_seconds"
            case encounterChecksum = "encounter_checksum"
        }
    }

    public var scenario: WorldScenario
    public var days: Int
    public var threads: Int
    public var seed: UInt64

    public init(scenario: WorldScenario, people: Int, days: Int, threads: Int, seed: UInt64 = 1) {
        var scenario = scenario
        let scale = Double(people) / Double(scenario.population.people)
        scenario.population.people = people
        scenario.epidemiology.initialInfections = max(1, Int((Double(scenario.epidemiology.initialInfections) * scale).rounded()))
        self.scenario = scenario
        self.days = days
        self.threads = threads
        self.seed = seed
    }

    /// Builds the world, then simulates `days` days (radio and transmission included).
    public func run() -> Result {
        let clock = ContinuousClock()
        let buildStart = clock.now
        var world = World(scenario: scenario, seed: seed)
        let buildSeconds = Self.seconds(clock.now - buildStart)
        var encounters = 0, segments = 0, sightings = 0, exposures = 0
        var checksum: UInt64 = 0
        var stages = [0.0, 0.0, 0.0, 0.0]
        let start = clock.now
        for day in 0..<days {
            let stageTimes = world.simulateTimed(day: day, workers: threads) { result in
                encounters += result.encounters.count
                segments += result.encounters.segmentStart.count
                sightings += result.sightings?.received ?? 0
                exposures += result.exposures.count
                checksum = SplitMix64.mix(checksum ^ result.encounters.contentChecksum())
            }
            for k in 0..<4 { stages[k] += Self.seconds(stageTimes[k]) }
        }
        let elapsed = Self.seconds(clock.now - start)
        let d = Double(max(days, 1))
        return Result(
            people: scenario.population.people, days: days, threads: threads, buildSeconds: buildSeconds,
            simulateSeconds: elapsed, personDaysPerSecond: Double(scenario.population.people * days) / max(elapsed, 1e-9),
            encountersPerDay: Double(encounters) / d, segmentsPerDay: Double(segments) / d, sightingsPerDay: Double(sightings) / d,
            exposuresTotal: exposures, infectionsTotal: world.infections.count, peakRssBytes: ProcessMeasurement.peakResidentBytes(),
            planSeconds: stages[0], encounterSeconds: stages[1], radioSeconds: stages[2], transmissionSeconds: stages[3],
            encounterChecksum: String(checksum, radix: 16))
    }

    static func seconds(_ duration: Duration) -> Double { duration.inSeconds }
}
