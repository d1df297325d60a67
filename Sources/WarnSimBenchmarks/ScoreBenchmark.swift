import ExposureNotification
import RiskCalculation
import WarnSimCore

/// Throughput of the batch scorer against the exact engine and a plain
/// OpenBLAS GEMM of the same shape, all measured in the same run
/// (`warnsim bench score`). The GEMM ceiling and the scorer alternate over
/// ``repetitions`` repetitions, so that a machine that slows down or speeds
/// up during the run moves both alike; each figure is the best of its
/// repetitions, and the ceiling's spread is reported.
package struct ScoreBenchmark: Sendable {
    /// The figures of one run.
    package struct Result: Codable, Sendable {
        package var windows: Int
        package var devices: Int
        package var configurations: Int
        package var threads: Int
        /// Window × configuration evaluations per second, end to end
        /// (features, configuration tables, GEMM, levels, day sums, totals):
        /// the best repetition.
        package var evaluationsPerSecond: Double
        /// The lowest and highest rate of the repetitions.
        package var evaluationsPerSecondSpread: [Double]
        /// The exact engine's rate on a sample, one thread.
        package var exactEngineEvaluationsPerSecond: Double
        /// The seconds and counts below are those of the fastest repetition.
        /// Seconds: building the window features and the configuration tables.
        package var secondsPrepare: Double
        /// Seconds in `dgemm` (wall-clock share: summed over workers / workers).
        package var secondsGemm: Double
        /// Seconds of scoring outside `dgemm`.
        package var secondsRest: Double
        /// Everything measured for the batch scorer (wall clock).
        package var secondsTotal: Double
        /// CPU seconds the process used for the same part, all threads: on a
        /// shared machine the wall clock includes time other processes ran.
        package var cpuSecondsTotal: Double
        /// Evaluations per CPU second (one core's rate without contention).
        package var evaluationsPerCPUSecond: Double
        /// GFLOP/s of the GEMM stage.
        package var gemmGflops: Double
        /// GFLOP/s of the scorer's own `cblas_dgemm` call on a tile of its
        /// shape, single-threaded on every worker at once (``ReferenceGemm``):
        /// the best repetition, and the lowest and highest.
        package var referenceGemmGflops: Double
        package var referenceGemmGflopsSpread: [Double]
        /// GEMM shape per tile: inner dimension (attenuation-bin groups) and columns.
        package var gemmInner: Int
        package var gemmColumns: Int
        /// Window normalized times and day sums recomputed with the engine's
        /// arithmetic because they lay within their rounding bound of a
        /// decision boundary.
        package var exactFallbacks: Int
        /// Evaluations per second if the whole run took only the GEMM flops at
        /// the best reference rate, and the best measured rate's ratio to it.
        package var gemmCeilingEvaluationsPerSecond: Double
        package var ratioToGemmCeiling: Double
        /// Interleaved repetitions of the ceiling and the scorer.
        package var repetitions: Int
        /// Wall-clock seconds of the whole benchmark (every repetition, the
        /// ceiling and the exact engine), and the process's peak resident set
        /// size at its end.
        package var secondsElapsed: Double
        package var peakRssBytes: Int

        enum CodingKeys: String, CodingKey {
            case windows, devices, configurations, threads
            case evaluationsPerSecond = "evaluations_per_second"
            case evaluationsPerSecondSpread = "evaluations_per_second_spread"
            case exactEngineEvaluationsPerSecond = "exact_engine_evaluations_per_second"
            case secondsPrepare = "seconds_prepare"
            case secondsGemm = "seconds_gemm"
            case secondsRest = "seconds_rest"
            case secondsTotal = "seconds_total"
            case cpuSecondsTotal = "cpu_seconds_total"
            case evaluationsPerCPUSecond = "evaluations_per_cpu_second"
            case gemmGflops = "gemm_gflops"
            case referenceGemmGflops = "reference_gemm_gflops"
            case referenceGemmGflopsSpread = "reference_gemm_gflops_spread"
            case gemmInner = "gemm_inner"
            case gemmColumns = "gemm_columns"
            case exactFallbacks = "exact_fallbacks"
            case gemmCeilingEvaluationsPerSecond = "gemm_ceiling_evaluations_per_second"
            case ratioToGemmCeiling = "ratio_to_gemm_ceiling"
            case repetitions
            case secondsElapsed = "seconds_elapsed"
            case peakRssBytes = "peak_rss_bytes"
        }
    }

    package var windows: Int
    package var configurations: Int
    package var threads: Int
    package var tileWindows: Int
    /// Interleaved repetitions of the ceiling and the scorer.
    package var repetitions: Int
    /// Minimum wall time of each repetition's GEMM ceiling, in seconds.
    package var gemmSeconds: Double

    package init(
        windows: Int, configurations: Int, threads: Int, tileWindows: Int = 512, repetitions: Int = 5, gemmSeconds: Double = 0.2
    ) {
        self.windows = windows
        self.configurations = configurations
        self.threads = threads
        self.tileWindows = tileWindows
        self.repetitions = Swift.max(repetitions, 1)
        self.gemmSeconds = gemmSeconds
    }

    /// One end-to-end pass of the batch scorer.
    private struct Pass {
        var prepare: Double
        var gemmWall: Double
        var rest: Double
        var total: Double
        var cpu: Double
        var gemmFlops: Double
        var exactFallbacks: Int
        var devices: Int
        var workers: Int
    }

    /// Builds the window set and the scorer, then scores every window under
    /// every configuration on ``threads`` workers.
    private func scorePass(
        _ windowList: [ExposureWindow], devices: [Int], parameters: [CWARiskParameters], referenceDay: Int
    ) throws -> Pass {
        let cpuStart = MonotonicClock.processCPU()
        let start = MonotonicClock.now()
        let set = BatchWindowSet(windows: windowList, devices: devices)
        let scorer = BatchScorer(configurations: parameters, platform: .android)
        let prepared = MonotonicClock.now()
        let result = try scorer.score(set, referenceDay: referenceDay, workers: threads, tileWindows: tileWindows)
        let end = MonotonicClock.now()
        let cpu = MonotonicClock.processCPU() - cpuStart
        let workers = Swift.max(1, Swift.min(threads, set.deviceCount))
        let gemmWall = result.gemmSeconds / Double(workers)
        return Pass(
            prepare: prepared - start, gemmWall: gemmWall, rest: end - prepared - gemmWall, total: end - start, cpu: cpu,
            gemmFlops: result.gemmFlops, exactFallbacks: result.exactFallbacks, devices: set.deviceCount, workers: workers)
    }

    /// The mean windows per tile of the scorer, whose tiles are runs of whole
    /// devices of at most `tileWindows` windows (`BatchScorer.score`): the
    /// ceiling's row count. Not `tileWindows` itself: a 512-row product has
    /// columns exactly 4 KiB apart, which alias in the caches and ran the
    /// plain GEMM at 60 instead of 78 GFLOP/s, a shape the scorer's tiles
    /// seldom have.
    static func meanTileWindows(devices: [Int], tileWindows: Int) -> Int {
        var perDevice = [Int](repeating: 0, count: (devices.max() ?? -1) + 1)
        for device in devices { perDevice[device] += 1 }
        var tiles = 0
        var current = 0
        for count in perDevice {
            if current > 0 && current + count > tileWindows {
                tiles += 1
                current = 0
            }
            current += count
        }
        if current > 0 { tiles += 1 }
        return tiles == 0 ? tileWindows : Swift.max(1, Int((Double(devices.count) / Double(tiles)).rounded()))
    }

    /// Runs the measurements.
    package func run() throws -> Result {
        let elapsedStart = MonotonicClock.now()
        let referenceDay = 19_000
        let (windowList, devices) = SyntheticRiskInputs.windows(count: windows, referenceDay: referenceDay, seed: 1)
        let parameters = SyntheticRiskInputs.configurations(count: configurations, seed: 2)
        let evaluations = Double(windows) * Double(configurations)

        // The ceiling (a plain dgemm of the tile shape on all threads) and the
        // scorer alternate; the fastest pass gives the figures.
        let shape = BatchScorer(configurations: parameters, platform: .android).gemmShape
        let reference = ReferenceGemm(
            m: Self.meanTileWindows(devices: devices, tileWindows: tileWindows), n: shape.columns, k: shape.inner, threads: threads)
        _ = reference.gflops(atLeast: 0)  // warm-up: OpenBLAS threads and buffers
        var ceiling = RepeatedRates()
        var rates = RepeatedRates()
        var fastest: Pass?
        for _ in 0..<repetitions {
            ceiling.append(reference.gflops(atLeast: gemmSeconds))
            let pass = try scorePass(windowList, devices: devices, parameters: parameters, referenceDay: referenceDay)
            rates.append(evaluations / pass.total)
            if pass.total < fastest?.total ?? .infinity { fastest = pass }
        }
        let best = fastest!

        // The exact engine on a sample of devices × configurations, one thread.
        let set = BatchWindowSet(windows: windowList, devices: devices)
        let sampleDevices = Swift.min(set.deviceCount, 200)
        let sampleConfigurations = Swift.min(configurations, 50)
        var sampleEvaluations = 0
        let exactStart = MonotonicClock.now()
        var highs = 0
        for c in 0..<sampleConfigurations {
            let engine = CWARiskEngine(parameters: parameters[c], platform: .android)
            for d in 0..<sampleDevices {
                let deviceWindows = set.inputWindows(ofDevice: d)
                sampleEvaluations += deviceWindows.count
                if try engine.calculate(deviceWindows, referenceDay: referenceDay).totalRiskLevel == .high { highs += 1 }
            }
        }
        let exactSeconds = MonotonicClock.now() - exactStart
        withExtendedLifetime(highs) {}  // the results are used

        let flopsPerEvaluation = 2 * Double(shape.inner) * Double(shape.columns) / Double(configurations)
        let ceilingRate = ceiling.best * 1e9 / Swift.max(flopsPerEvaluation, 1e-300)
        return Result(
            windows: windows, devices: best.devices, configurations: configurations, threads: best.workers,
            evaluationsPerSecond: rates.best,
            evaluationsPerSecondSpread: rates.spread,
            exactEngineEvaluationsPerSecond: Double(sampleEvaluations) / exactSeconds,
            secondsPrepare: best.prepare, secondsGemm: best.gemmWall, secondsRest: best.rest,
            secondsTotal: best.total,
            cpuSecondsTotal: best.cpu,
            evaluationsPerCPUSecond: evaluations / best.cpu,
            gemmGflops: best.gemmWall > 0 ? best.gemmFlops / best.gemmWall / 1e9 : 0,
            referenceGemmGflops: ceiling.best,
            referenceGemmGflopsSpread: ceiling.spread,
            gemmInner: shape.inner, gemmColumns: shape.columns,
            exactFallbacks: best.exactFallbacks,
            gemmCeilingEvaluationsPerSecond: ceilingRate,
            ratioToGemmCeiling: rates.best / ceilingRate,
            repetitions: repetitions,
            secondsElapsed: MonotonicClock.now() - elapsedStart,
            peakRssBytes: ProcessMeasurement.peakResidentBytes()
        )
    }
}
