import Crypto
import Dispatch
import ExposureNotification
import Foundation
import WarnSimCore

/// Throughput of identifier derivation, measured against the AES ceiling and a
/// one-block-per-call baseline in the same run (`warnsim bench crypto`).
package struct CryptoBenchmark: Sendable {
    /// The figures of one run.
    package struct Result: Codable, Sendable {
        /// RPIs per second derived from TEKs on one thread (HKDF for the RPIK,
        /// then one AES block per RPI).
        package var rpiPerSecondSingleThread: Double
        /// The same on all threads.
        package var rpiPerSecondAllThreads: Double
        /// RPI and AEM pairs per second on one thread (HKDF for RPIK and AEMK,
        /// two AES blocks per pair).
        package var rpiAemPairsPerSecondSingleThread: Double
        /// RPIs per second on one thread from precomputed RPIKs (no HKDF): the
        /// AES part of the derivation alone, including the per-key re-keying.
        package var rpiFromRPIKPerSecondSingleThread: Double
        /// swift-crypto's single-block AES, one call per block, one thread.
        package var baselineBlocksPerSecond: Double
        /// AES-128-ECB over a 64 KiB buffer, one thread, the faster of
        /// OpenSSL's EVP and WarnSim's kernel (``AESBulkCeiling``): the
        /// practical ceiling of this machine, measured in the same run (the
        /// best of ``repetitions`` measurements interleaved with the RPI ones).
        package var aesBulkBlocksPerSecondSingleThread: Double
        /// The same on all threads at once, each with its own buffer.
        package var aesBulkBlocksPerSecondAllThreads: Double
        /// The two engines of the ceiling on one thread (the ceiling is the
        /// faster of them in each repetition, ``AESBulkCeiling``): OpenSSL's
        /// EVP, and WarnSim's kernel (0 where it is not available), and
        /// whether the kernel ran on VAES.
        package var aesBulkOpenSSLBlocksPerSecondSingleThread: Double
        package var aesBulkKernelBlocksPerSecondSingleThread: Double
        package var kernelUsesWideAES: Bool
        /// The lowest and highest of the ceiling's repetitions, one thread and
        /// all threads: how much the machine moved during the run.
        package var aesBulkSpreadSingleThread: [Double]
        package var aesBulkSpreadAllThreads: [Double]
        /// Interleaved repetitions of each measurement (each figure is the best).
        package var repetitions: Int
        /// Threads used for the all-threads figure.
        package var threads: Int
        /// Keys per batch.
        package var keysPerBatch: Int
        /// Wall-clock seconds of the whole benchmark, and the process's peak
        /// resident set size at its end.
        package var secondsTotal: Double
        package var peakRssBytes: Int

        enum CodingKeys: String, CodingKey {
            case rpiPerSecondSingleThread = "rpi_per_second_single_thread"
            case rpiPerSecondAllThreads = "rpi_per_second_all_threads"
            case rpiAemPairsPerSecondSingleThread = "rpi_aem_pairs_per_second_single_thread"
            case rpiFromRPIKPerSecondSingleThread = "rpi_from_rpik_per_second_single_thread"
            case baselineBlocksPerSecond = "baseline_blocks_per_second"
            case aesBulkBlocksPerSecondSingleThread = "aes_bulk_blocks_per_second_single_thread"
            case aesBulkBlocksPerSecondAllThreads = "aes_bulk_blocks_per_second_all_threads"
            case aesBulkOpenSSLBlocksPerSecondSingleThread = "aes_bulk_openssl_blocks_per_second_single_thread"
            case aesBulkKernelBlocksPerSecondSingleThread = "aes_bulk_kernel_blocks_per_second_single_thread"
            case kernelUsesWideAES = "kernel_uses_wide_aes"
            case aesBulkSpreadSingleThread = "aes_bulk_spread_single_thread"
            case aesBulkSpreadAllThreads = "aes_bulk_spread_all_threads"
            case ratioToCeilingSingleThread = "ratio_to_ceiling_single_thread"
            case ratioToCeilingAllThreads = "ratio_to_ceiling_all_threads"
            case repetitions
            case threads
            case keysPerBatch = "keys_per_batch"
            case secondsTotal = "seconds_total"
            case peakRssBytes = "peak_rss_bytes"
        }

        /// RPI rate over the bulk-AES ceiling, one thread and all threads
        /// (one AES block per RPI, so 1 would be derivation at the cipher's speed).
        package var ratioToCeilingSingleThread: Double
        package var ratioToCeilingAllThreads: Double
        /// Single-thread RPI rate over the one-call-per-block baseline.
        package var speedupOverBaseline: Double { rpiPerSecondSingleThread / baselineBlocksPerSecond }
    }

    /// Keys per measured batch.
    package var keys: Int
    /// Minimum wall time per measurement, in seconds.
    package var minimumSeconds: Double
    /// Threads for the all-threads figure.
    package var threads: Int
    /// Interleaved repetitions of each measurement.
    package var repetitions: Int

    package init(
        keys: Int = 20_000, minimumSeconds: Double = 1.0, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        repetitions: Int = 5
    ) {
        self.keys = keys
        self.minimumSeconds = minimumSeconds
        self.threads = threads
        self.repetitions = max(repetitions, 1)
    }

    /// Runs every measurement and returns the figures.
    package func run() throws -> Result {
        let start = MonotonicClock.now()
        var stream = RandomStream(seed: 1, subsystem: StreamName.benchCrypto)
        let interval = ENIntervalNumber(unixSeconds: 1_600_000_000)
        let teks = (0..<keys).map { _ in TemporaryExposureKey.generate(at: interval, using: &stream) }
        let rowsPerBatch = Double(teks.reduce(0) { $0 + Int($1.rollingPeriod) })

        let sink = ChecksumSink(workers: max(threads, 1))
        let deriveSingle = {
            try IdentifierBatchDeriver.forEachKey(teks, threads: 1) { worker, _, rpis, _ in
                sink.absorb(worker, rpis)
            }
        }
        let deriveAll = {
            try IdentifierBatchDeriver.forEachKey(teks, threads: threads) { worker, _, rpis, _ in
                sink.absorb(worker, rpis)
            }
        }
        let pairs = try best(
            rate(units: rowsPerBatch) {
                try IdentifierBatchDeriver.forEachKey(
                    teks, metadata: [BluetoothMetadata(txPower: -10)], includeMetadata: true, threads: 1
                ) { worker, _, rpis, aems in
                    sink.absorb(worker, rpis)
                    sink.absorb(worker, aems!)
                }
            })
        let rpiks = teks.map { KeyDerivation.rollingProximityIdentifierKey(for: $0) }
        let deriver = try IdentifierBatchDeriver()
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 16 * 144, alignment: 64)
        defer { scratch.deallocate() }
        let fromRPIK = try best(
            rate(units: rowsPerBatch) {
                for (k, rpik) in rpiks.enumerated() {
                    deriver.deriveRPIs(
                        rpik: rpik, start: teks[k].rollingStartIntervalNumber, count: Int(teks[k].rollingPeriod), into: scratch)
                    sink.absorb(0, UnsafeRawBufferPointer(start: scratch, count: 16 * 144))
                }
            })

        // The ceiling: bulk AES, one buffer and cipher per thread.
        let workers = max(threads, 1)
        let bulkSingle = try AESBulkCeiling(threads: 1, key: teks[0].keyData)
        let bulkAll = try AESBulkCeiling(threads: workers, key: teks[0].keyData)

        // Ceiling and derivation alternate, so that a machine that slows down
        // or speeds up during the run moves both alike; each figure is the best
        // of its repetitions, and the ceiling's spread is reported.
        var single = RepeatedRates()
        var all = RepeatedRates()
        var ceilingSingle = RepeatedRates()
        var ceilingAll = RepeatedRates()
        try deriveSingle()  // warm-up
        try deriveAll()
        bulkSingle.encrypt()
        bulkAll.encrypt()
        if IdentifierBatchDeriver.kernelAvailable {
            bulkSingle.encrypt(kernel: true)
            bulkAll.encrypt(kernel: true)
        }
        let slice = minimumSeconds / Double(repetitions)
        for _ in 0..<repetitions {
            ceilingSingle.append(bulkSingle.measure(atLeast: slice))
            single.append(try RepeatedRates.measure(units: rowsPerBatch, atLeast: slice, deriveSingle))
            ceilingAll.append(bulkAll.measure(atLeast: slice))
            all.append(try RepeatedRates.measure(units: rowsPerBatch, atLeast: slice, deriveAll))
        }
        precondition(sink.total != 0x5A5A)  // keeps the derived bytes observable

        let key = SymmetricKey(data: teks[0].keyData.bytes)
        var block = [UInt8](repeating: 0x5A, count: 16)
        let baselineBlocks = 20_000
        let baseline = try best(
            rate(units: Double(baselineBlocks)) {
                for _ in 0..<baselineBlocks { try AESBlockFunction.encrypt(&block, key: key) }
            })

        return Result(
            rpiPerSecondSingleThread: single.best,
            rpiPerSecondAllThreads: all.best,
            rpiAemPairsPerSecondSingleThread: pairs,
            rpiFromRPIKPerSecondSingleThread: fromRPIK,
            baselineBlocksPerSecond: baseline,
            aesBulkBlocksPerSecondSingleThread: ceilingSingle.best,
            aesBulkBlocksPerSecondAllThreads: ceilingAll.best,
            aesBulkOpenSSLBlocksPerSecondSingleThread: bulkSingle.bestOpenSSL,
            aesBulkKernelBlocksPerSecondSingleThread: bulkSingle.bestKernel,
            kernelUsesWideAES: IdentifierBatchDeriver.kernelAvailable && KernelAES128ECB.wideAESAvailable,
            aesBulkSpreadSingleThread: ceilingSingle.spread,
            aesBulkSpreadAllThreads: ceilingAll.spread,
            repetitions: repetitions,
            threads: threads,
            keysPerBatch: keys,
            secondsTotal: MonotonicClock.now() - start,
            peakRssBytes: ProcessMeasurement.peakResidentBytes(),
            ratioToCeilingSingleThread: single.best / ceilingSingle.best,
            ratioToCeilingAllThreads: all.best / ceilingAll.best
        )
    }

    private func best(_ rates: [Double]) -> Double { rates.max() ?? 0 }

    /// `body` warmed up, then measured ``repetitions`` times in a row, each
    /// for at least `minimumSeconds / repetitions`.
    private func rate(units: Double, _ body: () throws -> Void) throws -> [Double] {
        try body()  // warm-up: page in buffers, fetch ciphers
        return try (0..<repetitions).map { _ in
            try RepeatedRates.measure(units: units, atLeast: minimumSeconds / Double(repetitions), body)
        }
    }
}

/// Folds derived bytes into per-worker checksums so that the optimiser cannot
/// drop the work being measured. Reads every identifier, as matching would.
final class ChecksumSink: @unchecked Sendable {
    private let sums: UnsafeMutablePointer<UInt64>
    private let workers: Int

    init(workers: Int) {
        self.workers = workers
        sums = .allocate(capacity: workers * 8)  // 64 bytes apart: no false sharing
        sums.initialize(repeating: 0, count: workers * 8)
    }

    deinit { sums.deallocate() }

    /// XORs every 8-byte word of `bytes` into the worker's sum, 16 bytes at a
    /// time in four independent accumulators (one chain of 8-byte words would
    /// cost a cycle per word and weigh on the rates it is there to keep honest).
    func absorb(_ worker: Int, _ bytes: UnsafeRawBufferPointer) {
        var acc = (SIMD2<UInt64>(), SIMD2<UInt64>(), SIMD2<UInt64>(), SIMD2<UInt64>())
        var offset = 0
        while offset + 64 <= bytes.count {
            acc.0 ^= bytes.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
            acc.1 ^= bytes.loadUnaligned(fromByteOffset: offset + 16, as: SIMD2<UInt64>.self)
            acc.2 ^= bytes.loadUnaligned(fromByteOffset: offset + 32, as: SIMD2<UInt64>.self)
            acc.3 ^= bytes.loadUnaligned(fromByteOffset: offset + 48, as: SIMD2<UInt64>.self)
            offset += 64
        }
        let vector = acc.0 ^ acc.1 ^ acc.2 ^ acc.3
        var word = vector[0] ^ vector[1]
        while offset + 8 <= bytes.count {
            word ^= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        sums[worker * 8] ^= word
    }

    var total: UInt64 { (0..<workers).reduce(0) { $0 ^ sums[$1 * 8] } }
}
