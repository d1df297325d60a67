import ArgumentParser
import ExposureNotification
import Foundation
import WarnSimBenchmarks

struct BenchCryptoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crypto",
        abstract: "RPI derivations per second (one thread, all threads) against AES ceiling and baseline."
    )

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(help: "Keys per batch.")
    var keys = 20_000

    @Option(help: "Seconds per measurement.")
    var seconds = 1.5

    func run() throws {
        guard (1...10_000_000).contains(keys) else { throw inputFailure(file: "<argument>", field: "--keys", "must be in 1...10000000") }
        guard seconds > 0, seconds <= 3_600 else {
            throw inputFailure(file: "<argument>", field: "--seconds", "must be positive and at most 3600")
        }
        let result = try CryptoBenchmark(keys: keys, minimumSeconds: seconds).run()
        if json {
            try printJSON(result)
            return
        }
        func millions(_ value: Double) -> String { String(format: "%10.1f M/s", value / 1e6) }
        func spread(_ range: [Double]) -> String { String(format: "  (repetitions %.1f–%.1f M/s)", range[0] / 1e6, range[1] / 1e6) }
        printOutput(
            """
            RPI derivation, 1 thread          \(millions(result.rpiPerSecondSingleThread))
            RPI derivation, \(result.threads) threads         \(millions(result.rpiPerSecondAllThreads))
            RPI+AEM derivation, 1 thread      \(millions(result.rpiAemPairsPerSecondSingleThread))
            RPI from RPIK (AES only), 1 thread\(millions(result.rpiFromRPIKPerSecondSingleThread))
            AES bulk ECB (ceiling), 1 thread  \(millions(result.aesBulkBlocksPerSecondSingleThread))\(spread(result.aesBulkSpreadSingleThread))
            AES bulk ECB (ceiling), \(result.threads) threads \(millions(result.aesBulkBlocksPerSecondAllThreads))\(spread(result.aesBulkSpreadAllThreads))
              of which OpenSSL EVP, 1 thread  \(millions(result.aesBulkOpenSSLBlocksPerSecondSingleThread))
              of which WarnSim kernel, 1 thread\(millions(result.aesBulkKernelBlocksPerSecondSingleThread))\(result.kernelUsesWideAES ? " (VAES)" : " (AES-NI)")
            AES one block per call (baseline) \(millions(result.baselineBlocksPerSecond))
            RPI rate / ceiling, 1 thread      \(String(format: "%10.3f", result.ratioToCeilingSingleThread))
            RPI rate / ceiling, \(result.threads) threads     \(String(format: "%10.3f", result.ratioToCeilingAllThreads))
            RPI rate / baseline               \(String(format: "%10.1f ×", result.speedupOverBaseline))
            (each figure the best of \(result.repetitions) repetitions, ceiling and derivation interleaved)

            """)
        func ceiling(_ rate: Double) -> String { String(format: "AES bulk %.1f M blocks/s", rate / 1e6) }
        printOutput(
            BenchSummaryTable(
                benchmark: "crypto", seconds: result.secondsTotal, peakRssBytes: result.peakRssBytes, personDaysPerSecond: nil,
                ratios: [
                    .init(
                        figure: "RPI derivation, 1 thread", ratio: result.ratioToCeilingSingleThread,
                        ceiling: ceiling(result.aesBulkBlocksPerSecondSingleThread), spread: result.aesBulkSpreadSingleThread,
                        repetitions: result.repetitions),
                    .init(
                        figure: "RPI derivation, \(result.threads) threads", ratio: result.ratioToCeilingAllThreads,
                        ceiling: ceiling(result.aesBulkBlocksPerSecondAllThreads), spread: result.aesBulkSpreadAllThreads,
                        repetitions: result.repetitions),
                ]
            ).text)
    }
}
