import CBLAS
import WarnSimCore

/// The GEMM-only ceiling of `bench score`: the batch scorer's own `dgemm`
/// call on a tile of its shape ((m × k)ᵀ-stored features times the k × n
/// configuration matrix into an m × n column-major product), made the way
/// the scorer makes it: every one of `threads` workers calls a single-threaded
/// OpenBLAS on its own operands at the same time.
///
/// Until 2026-11-27 the ceiling was one row-major `dgemm` spread by OpenBLAS
/// over all threads; on a shape this small (k = 13) its threads spend much of
/// the call waking and waiting, and its best of five repetitions moved from
/// 17 to 61 GFLOP/s between runs of the same build, so the scorer's ratio
/// moved with the ceiling, not with the code.
final class ReferenceGemm: @unchecked Sendable {
    let m: Int
    let n: Int
    let k: Int
    let threads: Int
    /// Per worker: features (k per row, m rows) and the product (m × n).
    private let features: [UnsafeMutablePointer<Double>]
    private let products: [UnsafeMutablePointer<Double>]
    private let matrix: UnsafeMutablePointer<Double>
    /// Calls per worker in one timed round.
    private static let callsPerRound = 32

    init(m: Int, n: Int, k: Int, threads: Int) {
        self.m = Swift.max(m, 0)
        self.n = Swift.max(n, 0)
        self.k = Swift.max(k, 0)
        self.threads = Swift.max(threads, 1)
        var random = RandomStream(seed: 3, subsystem: StreamName.benchScoreGEMM)
        features = (0..<self.threads).map { _ in
            let a = UnsafeMutablePointer<Double>.allocate(capacity: Swift.max(m * k, 1))
            for i in 0..<(m * k) { a[i] = Double(Int.random(in: 0...900, using: &random)) }
            return a
        }
        matrix = .allocate(capacity: Swift.max(k * n, 1))
        for i in 0..<(k * n) { matrix[i] = random.nextUnitDouble() }
        products = (0..<self.threads).map { _ in
            let c = UnsafeMutablePointer<Double>.allocate(capacity: Swift.max(m * n, 1))
            c.initialize(repeating: 0, count: Swift.max(m * n, 1))
            return c
        }
    }

    deinit {
        for buffer in features + products { buffer.deallocate() }
        matrix.deallocate()
    }

    /// Floating-point operations of one call.
    var flopsPerCall: Double { 2 * Double(m) * Double(n) * Double(k) }

    /// GFLOP/s of all workers' calls together, rounds repeated for at least
    /// `seconds` (0 for an empty shape).
    func gflops(atLeast seconds: Double) -> Double {
        guard m > 0, n > 0, k > 0 else { return 0 }
        let previous = openblas_get_num_threads()
        openblas_set_num_threads(1)
        defer { openblas_set_num_threads(previous) }
        let round = Double(threads * Self.callsPerRound) * flopsPerCall / 1e9
        return RepeatedRates.measure(units: round, atLeast: seconds) {
            Parallel.run(workers: threads) { worker in
                for _ in 0..<Self.callsPerRound { self.multiply(worker: worker) }
            }
        }
    }

    /// The scorer's call (`BatchScorer.scoreTile`) on worker `worker`'s operands.
    private func multiply(worker: Int) {
        cblas_dgemm(
            CblasColMajor, CblasTrans, CblasTrans, Int32(m), Int32(n), Int32(k),
            1.0, features[worker], Int32(k), matrix, Int32(n), 0.0, products[worker], Int32(m))
    }
}
