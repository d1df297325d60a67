import ArgumentParser
import Foundation
import RiskCalculation
import WarnSimBenchmarks

struct BenchScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Batch risk scoring: window×configuration evaluations per second, GEMM stage vs plain dgemm, exact engine."
    )

    @Option(help: "Number of synthetic exposure windows.")
    var windows = 100_000

    @Option(help: "Number of synthetic CWA parameter sets.")
    var configs = 1_000

    @OptionGroup var threadOptions: ThreadOptions

    /// `--threads`, or every core of this machine.
    var threads: Int { threadOptions.threads }

    @Option(help: "Repetitions of the GEMM ceiling and the scorer, interleaved (each figure is the best).")
    var repetitions = 5

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func run() throws {
        guard (1...10_000_000).contains(windows) else {
            throw inputFailure(file: "<argument>", field: "--windows", "must be in 1...10000000")
        }
        guard (1...100_000).contains(configs) else { throw inputFailure(file: "<argument>", field: "--configs", "must be in 1...100000") }
        guard (1...100).contains(repetitions) else {
            throw inputFailure(file: "<argument>", field: "--repetitions", "must be in 1...100")
        }
        _ = try threadOptions.checked()
        let result = try ScoreBenchmark(windows: windows, configurations: configs, threads: threads, repetitions: repetitions).run()
        if json {
            try printJSON(result)
            return
        }
        func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
        printOutput(
            """
            windows × configurations          \(result.windows) × \(result.configurations) (\(result.devices) devices, \(result.threads) threads)
            evaluations per second            \(f(result.evaluationsPerSecond / 1e6, 1)) M/s
            exact engine (sample, 1 thread)   \(f(result.exactEngineEvaluationsPerSecond / 1e6, 3)) M/s
            time: prepare / GEMM / rest       \(f(result.secondsPrepare, 3)) s / \(f(result.secondsGemm, 3)) s / \(f(result.secondsRest, 3)) s
            time total                        \(f(result.secondsTotal, 3)) s (CPU \(f(result.cpuSecondsTotal, 3)) s: \(f(result.evaluationsPerCPUSecond / 1e6, 1)) M evaluations per CPU second)
            GEMM shape per tile               K \(result.gemmInner), N \(result.gemmColumns)
            GEMM stage                        \(f(result.gemmGflops)) GFLOP/s
            plain dgemm, same shape           \(f(result.referenceGemmGflops)) GFLOP/s (repetitions \(f(result.referenceGemmGflopsSpread[0]))–\(f(result.referenceGemmGflopsSpread[1])) GFLOP/s)
            boundary cases by exact engine    \(result.exactFallbacks)
            rate / GEMM-only ceiling          \(f(result.ratioToGemmCeiling, 3)) (ceiling \(f(result.gemmCeilingEvaluationsPerSecond / 1e6, 1)) M/s)
            (rates the best of \(result.repetitions) repetitions, ceiling and scorer interleaved; times those of the fastest)

            """)
        printOutput(
            BenchSummaryTable(
                benchmark: "score \(result.windows)×\(result.configurations)", seconds: result.secondsTotal,
                peakRssBytes: result.peakRssBytes, personDaysPerSecond: nil,
                ratios: [
                    .init(
                        figure: "batch scorer, \(result.threads) threads", ratio: result.ratioToGemmCeiling,
                        ceiling: String(
                            format: "dgemm %.2f GFLOP/s (%.1f M evaluations/s)", result.referenceGemmGflops,
                            result.gemmCeilingEvaluationsPerSecond / 1e6),
                        spread: result.referenceGemmGflopsSpread, repetitions: result.repetitions)
                ]
            ).text)
    }
}
