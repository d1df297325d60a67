import CBLAS
import ExposureNotification
import RiskCalculation
import WarnSimCore

/// Throughput of the batch scorer against the exact engine and a plain
/// OpenBLAS GEMM of the same shape, all measured in the same run
/// (`warnsim bench score`).
package struct ScoreBenchmark: Sendable {
    /// The figures of one run.
    package struct Result: Codable, Sendable {
        package var windows: Int
        package var devices: Int
        package var configurations: Int
        package var threads: Int
        /// Window × configuration evaluations per second, end to end
        /// (features, configuration tables, GEMM, levels, day sums, totals).
        package var evaluationsPerSecond: Double
        /// The exact engine's rate on a sample, one thread.
        package var exactEngineEvaluationsPerSecond: Double
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
        /// GFLOP/s of one plain `cblas_dgemm` of the same tile shape on all threads.
        package var referenceGemmGflops: Double
        /// GEMM shape per tile: inner dimension (attenuation-bin groups) and columns.
        package var gemmInner: Int
        package var gemmColumns: Int
        /// Window normalized times and day sums recomputed with the engine's
        /// arithmetic because they lay within their rounding bound of a
        /// decision boundary.
        package var exactFallbacks: Int
        /// Evaluations per second if the whole run took only the GEMM flops at
        /// the reference rate, and the measured rate's ratio to it.
        package var gemmCeilingEvaluationsPerSecond: Double
        package var ratioToGemmCeiling: Double

        enum CodingKeys: String, CodingKey {
            case windows, devices, configurations, threads
            case evaluationsPerSecond = "evaluations_per_second"
            case exactEngineEvaluationsPerSecond = "exact_engine_evaluations_per_second"
            case secondsPrepare = "seconds_prepare"
            case secondsGemm = "seconds_gemm"
            case secondsRest = "seconds_rest"
            case secondsTotal = "seconds_total"
            case cpuSecondsTotal = "cpu_seconds_total"
            case evaluationsPerCPUSecond = "evaluations_per_cpu_second"
            case gemmGflops = "gemm_gflops"
            case referenceGemmGflops = "reference_gemm_gflops"
            case gemmInner = "gemm_inner"
            case gemmColumns = "gemm_columns"
            case exactFallbacks = "exact_fallbacks"
            case gemmCeilingEvaluationsPerSecond = "gemm_ceiling_evaluations_per_second"
            case ratioToGemmCeiling = "ratio_to_gemm_ceiling"
        }
    }

    package var windows: Int
    package var configurations: Int
    package var threads: Int
    package var tileWindows: Int

    package init(windows: Int, configurations: Int, threads: Int, tileWindows: Int = 512) {
        self.windows = windows
        self.configurations = configurations
        self.threads = threads
        self.tileWindows = tileWindows
    }

    /// Runs the measurements.
    package func run() throws -> Result {
        let referenceDay = 19_000
        let (windowList, devices) = SyntheticRiskInputs.windows(count: windows, referenceDay: referenceDay, seed: 1)
        let parameters = SyntheticRiskInputs.configurations(count: configurations, seed: 2)

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
        let evaluations = Double(windows) * Double(configurations)
        let total = end - start

        // The exact engine on a sample of devices × configurations, one thread.
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

        // A plain dgemm of the tile shape on all threads.
        let shape = scorer.gemmShape
        let reference = Self.referenceGemm(m: tileWindows, n: shape.columns, k: shape.inner, threads: threads)
        let flopsPerEvaluation = 2 * Double(shape.inner) * Double(shape.columns) / Double(configurations)
        let ceiling = reference * 1e9 / Swift.max(flopsPerEvaluation, 1e-300)
        let rate = evaluations / total
        return Result(
            windows: windows, devices: set.deviceCount, configurations: configurations, threads: workers,
            evaluationsPerSecond: rate,
            exactEngineEvaluationsPerSecond: Double(sampleEvaluations) / exactSeconds,
            secondsPrepare: prepared - start, secondsGemm: gemmWall, secondsRest: end - prepared - gemmWall,
            secondsTotal: total,
            cpuSecondsTotal: cpu,
            evaluationsPerCPUSecond: evaluations / cpu,
            gemmGflops: gemmWall > 0 ? result.gemmFlops / gemmWall / 1e9 : 0,
            referenceGemmGflops: reference,
            gemmInner: shape.inner, gemmColumns: shape.columns,
            exactFallbacks: result.exactFallbacks,
            gemmCeilingEvaluationsPerSecond: ceiling,
            ratioToGemmCeiling: rate / ceiling
        )
    }

    /// GFLOP/s of repeated `cblas_dgemm` (m × k) · (k × n) with OpenBLAS using
    /// `threads` threads, for at least half a second.
    static func referenceGemm(m: Int, n: Int, k: Int, threads: Int) -> Double {
        guard m > 0, n > 0, k > 0 else { return 0 }
        let previous = openblas_get_num_threads()
        openblas_set_num_threads(Int32(threads))
        defer { openblas_set_num_threads(previous) }
        var random = RandomStream(seed: 3, subsystem: StreamName.benchScoreGEMM)
        let a = (0..<(m * k)).map { _ in Double(Int.random(in: 0...900, using: &random)) }
        let b = (0..<(k * n)).map { _ in random.nextUnitDouble() }
        var c = [Double](repeating: 0, count: m * n)
        var calls = 0
        let start = MonotonicClock.now()
        var elapsed = 0.0
        repeat {
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    c.withUnsafeMutableBufferPointer { pc in
                        cblas_dgemm(
                            CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(m), Int32(n), Int32(k),
                            1.0, pa.baseAddress, Int32(k), pb.baseAddress, Int32(n), 0.0, pc.baseAddress, Int32(n))
                    }
                }
            }
            calls += 1
            elapsed = MonotonicClock.now() - start
        } while elapsed < 0.5
        return 2 * Double(m) * Double(n) * Double(k) * Double(calls) / elapsed / 1e9
    }
}
