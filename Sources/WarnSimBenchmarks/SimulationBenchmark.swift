import ExposureNotification
import Foundation
import Population
import Simulation
import WarnSimCore

/// Throughput of the whole pipeline (`warnsim bench simulate`): person-days per
/// second, peak memory, the share of time per stage, the identifier rate of
/// the `scans.crypto` stage against the AES ceiling measured after the
/// simulation on the same threads, and the window rate of `detection.scoring`
/// against its engine's own rate on the run's windows (``ScoringStageCeiling``).
package struct SimulationBenchmark: Sendable {
    package struct Result: Codable, Sendable {
        package var people: Int
        package var days: Int
        package var threads: Int
        package var appUsers: Int
        package var personDaysPerSecond: Double
        package var peakRssBytes: Int
        package var secondsTotal: Double
        package var secondsSetup: Double
        /// Seconds per stage (see ``SimulationRun/stageSeconds``).
        package var stageSeconds: [String: Double]
        package var uploads: Int
        package var warnings: Int
        /// The app phones' sighting stores at the end of the run (14 days retained at most).
        package var sightingStores: SightingFootprint
        /// Peak RSS per person, and per person and simulated day.
        package var peakBytesPerPerson: Double
        package var peakBytesPerPersonDay: Double
        /// Sighting-store bytes per app phone and retained day, and of those
        /// the bytes kept in memory.
        package var sightingBytesPerAppPhoneDay: Double
        package var sightingResidentBytesPerAppPhoneDay: Double
        /// Whether the sealed sightings were kept on disk, the bytes written
        /// there, and the bytes read back (a phone reads a day's chunk only
        /// to match keys whose owners it heard).
        package var sightingsOnDisk: Bool
        package var sightingBytesWritten: Int
        package var sightingBytesRead: Int
        /// RPIs derived in `scans.crypto` (each with its AEM), and per second of that stage.
        package var scansCryptoIdentifiers: Int
        package var scansCryptoIdentifiersPerSecond: Double
        /// The AES bulk ceiling on the run's threads (``AESBulkCeiling``),
        /// measured after the simulation: the best of ``ceilingRepetitions``
        /// repetitions, and the lowest and highest.
        package var aesBulkBlocksPerSecond: Double
        package var aesBulkSpread: [Double]
        package var ceilingRepetitions: Int
        /// ``scansCryptoIdentifiersPerSecond`` over ``aesBulkBlocksPerSecond``
        /// (one AES block per RPI; its AEM is a second block, so derivation
        /// at the cipher's speed would be 0.5). Nil when no identifier was derived.
        package var scansCryptoRatioToCeiling: Double?
        /// Windows scored in `detection.scoring`, and per CPU second of that
        /// stage (its seconds are summed over the phones, so one thread's rate).
        package var scoringWindows: Int
        /// The stage's risk calculations, with windows or without: most
        /// detections find none, and each still costs a calculation.
        package var scoringCalculations: Int
        package var scoringWindowsPerCPUSecond: Double
        /// The stage's ceiling (``ScoringStageCeiling``): the phones' engines
        /// on the windows of their last detections in one tight loop on one
        /// thread after the run, the best of ``ceilingRepetitions``
        /// repetitions, and the lowest and highest; the windows it scores per
        /// pass. Nil, empty and 0 when no detection had windows.
        package var scoringEngineWindowsPerSecond: Double?
        package var scoringEngineSpread: [Double]
        package var scoringCeilingWindows: Int
        /// ``scoringWindowsPerCPUSecond`` over ``scoringEngineWindowsPerSecond``.
        package var scoringRatioToCeiling: Double?
        /// The redraw measured after the run (``SimulationBenchmark/redrawChannels``;
        /// 0: none): the run simulated again and seen through that many
        /// copies of its own channel, recording the phones of the people who
        /// uploaded keys, as `warnsim redraw` does; its seconds, and those
        /// over ``secondsTotal``, in all and per channel. Nil without a redraw.
        package var redrawChannels: Int = 0
        package var redrawSeconds: Double?
        package var redrawRatioToRun: Double?
        package var redrawRatioToRunPerChannel: Double?
        /// The redraw's seconds per stage, named as ``stageSeconds``; nil without a redraw.
        package var redrawStageSeconds: [String: Double]?

        enum CodingKeys: String, CodingKey {
            case people, days, threads, uploads, warnings
            case appUsers = "app_users"
            case personDaysPerSecond = "person_days_per_second"
            case peakRssBytes = "peak_rss_bytes"
            case secondsTotal = "seconds_total"
            case secondsSetup = "seconds_setup"
            case stageSeconds = "stage_seconds"
            case sightingStores = "sighting_stores"
            case peakBytesPerPerson = "peak_bytes_per_person"
            case peakBytesPerPersonDay = "peak_bytes_per_person_day"
            case sightingBytesPerAppPhoneDay = "sighting_bytes_per_app_phone_day"
            case sightingResidentBytesPerAppPhoneDay = "sighting_resident_bytes_per_app_phone_day"
            case sightingsOnDisk = "sightings_on_disk"
            case sightingBytesWritten = "sighting_bytes_written"
            case sightingBytesRead = "sighting_bytes_read"
            case scansCryptoIdentifiers = "scans_crypto_identifiers"
            case scansCryptoIdentifiersPerSecond = "scans_crypto_identifiers_per_second"
            case aesBulkBlocksPerSecond = "aes_bulk_blocks_per_second"
            case aesBulkSpread = "aes_bulk_spread"
            case ceilingRepetitions = "ceiling_repetitions"
            case scansCryptoRatioToCeiling = "scans_crypto_ratio_to_ceiling"
            case scoringWindows = "scoring_windows"
            case scoringCalculations = "scoring_calculations"
            case scoringWindowsPerCPUSecond = "scoring_windows_per_cpu_second"
            case scoringEngineWindowsPerSecond = "scoring_engine_windows_per_second"
            case scoringEngineSpread = "scoring_engine_spread"
            case scoringCeilingWindows = "scoring_ceiling_windows"
            case scoringRatioToCeiling = "scoring_ratio_to_ceiling"
            case redrawChannels = "redraw_channels"
            case redrawSeconds = "redraw_seconds"
            case redrawRatioToRun = "redraw_ratio_to_run"
            case redrawRatioToRunPerChannel = "redraw_ratio_to_run_per_channel"
            case redrawStageSeconds = "redraw_stage_seconds"
        }
    }

    package var world: WorldConfig
    package var app: AppConfig
    package var days: Int
    package var threads: Int
    package var seed: UInt64
    package var sightings: SightingStorage
    /// Repetitions of the AES ceiling after the run, and their seconds in all.
    package var ceilingRepetitions = 5
    package var ceilingSeconds = 1.0
    /// Other channels of a redraw measured after the run (0: no redraw).
    package var redrawChannels = 0

    /// Resizes the scenario's town to `people` (initial infections scale with it).
    package init(
        world: WorldConfig, app: AppConfig, people: Int, days: Int, threads: Int, seed: UInt64,
        sightings: SightingStorage = .memory
    ) {
        self.sightings = sightings
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

    package func run() throws -> Result {
        // The run is gone (its memory returned) before the redraw starts.
        var (result, sharers) = try measureRun()
        guard redrawChannels > 0 else { return result }
        let clock = ContinuousClock()
        let start = clock.now
        let own = try ScanPipeline.SecondChannel(parameters: world.radio, file: "radio.parameters", world: world, seed: seed)
        let spill = try sightings.spill(people: world.population.people, days: days)
        var redraw = try SimulationRun(
            world: world, app: app, seed: seed, workers: threads, sightingSpill: spill,
            secondChannels: Array(repeating: own, count: redrawChannels), recordedTransmitters: sharers)
        for day in 0..<days { try redraw.simulate(day: day) }
        let seconds = (clock.now - start).inSeconds
        // The redraw is the run again: the same uploads and warnings, and
        // through the run's own channel the same warnings once more.
        let uploads = redraw.summary.reduce(0) { $0 + $1.uploads }
        let warnings = redraw.summary.reduce(0) { $0 + $1.warnings }
        let seen = redraw.observedThroughSecondChannel(0).summary.reduce(0) { $0 + $1.warnings }
        guard uploads == result.uploads, warnings == result.warnings, seen == result.warnings else {
            throw InputError(
                file: "radio.parameters", field: "redraw",
                problem:
                    "the redraw did not reproduce the run (\(uploads) uploads, \(warnings) warnings, \(seen) through its own channel, against \(result.uploads) and \(result.warnings))"
            )
        }
        result.redrawChannels = redrawChannels
        result.redrawSeconds = seconds
        result.redrawRatioToRun = seconds / max(result.secondsTotal, 1e-9)
        result.redrawRatioToRunPerChannel = seconds / Double(redrawChannels) / max(result.secondsTotal, 1e-9)
        result.redrawStageSeconds = redraw.stageBreakdown
        return result
    }

    /// The run, its stages and its ceilings, and per person whether it uploaded keys.
    private func measureRun() throws -> (Result, sharers: [Bool]) {
        let clock = ContinuousClock()
        let start = clock.now
        let spill = try sightings.spill(people: world.population.people, days: days)
        var run = try SimulationRun(world: world, app: app, seed: seed, workers: threads, sightingSpill: spill)
        let built = clock.now
        for day in 0..<days { try run.simulate(day: day) }
        let finished = clock.now
        let total = (finished - start).inSeconds
        let people = world.population.people
        let appUsers = run.phones.filter(\.hadApp).count
        let stores = run.phones.reduce(SightingFootprint()) {
            $0 + ($1.hasApp ? $1.installedApp.framework.sightings.footprint : SightingFootprint())
        }
        let peak = ProcessMeasurement.peakResidentBytes()
        let retainedDays = min(days, Int(SightingStore.retentionDays) + 1)
        let cryptoSeconds = run.stageSeconds["scans.crypto"] ?? 0
        let identifiers = run.scansCryptoIdentifiers
        let identifierRate = cryptoSeconds > 0 ? Double(identifiers) / cryptoSeconds : 0
        let ceiling = try AESBulkCeiling(threads: threads).measure(repetitions: ceilingRepetitions, seconds: ceilingSeconds)
        let stages = run.stageBreakdown
        let scoringSeconds = stages["detection.scoring"] ?? 0
        let scored = run.scoredWindows
        let scoringRate = scoringSeconds > 0 ? Double(scored) / scoringSeconds : 0
        let scoring = ScoringStageCeiling(phones: run.phones)
        let engine = try scoring.measure(repetitions: ceilingRepetitions, seconds: ceilingSeconds)
        let engineRate = engine?.best ?? 0
        var sharers = [Bool](repeating: false, count: people)
        for owner in run.distributedKeyOwners { sharers[owner] = true }
        let result = Result(
            people: people, days: days, threads: threads, appUsers: appUsers,
            personDaysPerSecond: Double(people * days) / max(total, 1e-9),
            peakRssBytes: peak, secondsTotal: total, secondsSetup: (built - start).inSeconds,
            stageSeconds: stages, uploads: run.summary.reduce(0) { $0 + $1.uploads },
            warnings: run.summary.reduce(0) { $0 + $1.warnings }, sightingStores: stores,
            peakBytesPerPerson: Double(peak) / Double(people), peakBytesPerPersonDay: Double(peak) / Double(people * days),
            sightingBytesPerAppPhoneDay: Double(stores.bytes) / Double(max(appUsers * retainedDays, 1)),
            sightingResidentBytesPerAppPhoneDay: Double(stores.residentBytes) / Double(max(appUsers * retainedDays, 1)),
            sightingsOnDisk: spill != nil, sightingBytesWritten: spill?.bytesWritten ?? 0,
            sightingBytesRead: spill?.bytesRead ?? 0,
            scansCryptoIdentifiers: identifiers, scansCryptoIdentifiersPerSecond: identifierRate,
            aesBulkBlocksPerSecond: ceiling.best, aesBulkSpread: ceiling.spread, ceilingRepetitions: max(ceilingRepetitions, 1),
            scansCryptoRatioToCeiling: identifierRate > 0 && ceiling.best > 0 ? identifierRate / ceiling.best : nil,
            scoringWindows: scored, scoringCalculations: run.scoredCalculations, scoringWindowsPerCPUSecond: scoringRate,
            scoringEngineWindowsPerSecond: engine?.best, scoringEngineSpread: engine?.spread ?? [],
            scoringCeilingWindows: scoring.windowsPerPass,
            scoringRatioToCeiling: scoringRate > 0 && engineRate > 0 ? scoringRate / engineRate : nil)
        return (result, sharers)
    }
}
