import CBLAS
import WarnSimCore

/// A plain OpenBLAS `cblas_dgemm` of the batch scorer's tile shape,
/// (m × k) · (k × n) on `threads` threads: the GEMM-only ceiling of
/// `bench score`. The operands are made once and reused by every measurement.
final class ReferenceGemm {
    let m: Int
    let n: Int
    let k: Int
    let threads: Int
    private let a: [Double]
    private let b: [Double]
    private var c: [Double]

    init(m: Int, n: Int, k: Int, threads: Int) {
        self.m = m
        self.n = n
        self.k = k
        self.threads = threads
        var random = RandomStream(seed: 3, subsystem: StreamName.benchScoreGEMM)
        a = (0..<(Swift.max(m, 0) * Swift.max(k, 0))).map { _ in Double(Int.random(in: 0...900, using: &random)) }
        b = (0..<(Swift.max(k, 0) * Swift.max(n, 0))).map { _ in random.nextUnitDouble() }
        c = [Double](repeating: 0, count: Swift.max(m, 0) * Swift.max(n, 0))
    }

    /// Floating-point operations of one call.
    var flopsPerCall: Double { 2 * Double(m) * Double(n) * Double(k) }

    /// GFLOP/s of calls repeated for at least `seconds` (0 for an empty shape).
    func gflops(atLeast seconds: Double) -> Double {
        guard m > 0, n > 0, k > 0 else { return 0 }
        let previous = openblas_get_num_threads()
        openblas_set_num_threads(Int32(threads))
        defer { openblas_set_num_threads(previous) }
        return RepeatedRates.measure(units: flopsPerCall / 1e9, atLeast: seconds) { multiply() }
    }

    private func multiply() {
        let (m, n, k) = (Int32(m), Int32(n), Int32(k))
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                c.withUnsafeMutableBufferPointer { pc in
                    cblas_dgemm(
                        CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k,
                        1.0, pa.baseAddress, k, pb.baseAddress, n, 0.0, pc.baseAddress, n)
                }
            }
        }
    }
}
