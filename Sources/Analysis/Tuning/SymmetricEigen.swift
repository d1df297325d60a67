/// The eigendecomposition A = V Λ Vᵀ of a small real symmetric matrix by the cyclic Jacobi method
/// (Golub and Van Loan, *Matrix Computations*, 4th ed., §8.5: the 2×2 symmetric Schur decomposition
/// applied row by row to every off-diagonal pair, sweep after sweep).
///
/// Meant for the covariance matrix of ``CMAES`` (dimension up to a few dozen): each sweep costs O(n³)
/// and convergence is quadratic, so a handful of sweeps suffice. A pair (p, q) counts as annihilated once
/// |a_pq| ≤ ε·√|a_pp·a_qq| (ε the double-precision unit roundoff), the criterion under which Jacobi keeps
/// small eigenvalues of a positive definite matrix to high relative accuracy (Demmel and Veselić 1992),
/// or once it is below ε²·‖A‖_F.
struct SymmetricEigen: Sendable {
    /// The eigenvalues, ascending.
    let values: [Double]
    /// The orthonormal eigenvectors, row-major n×n: column j (elements `vectors[i * n + j]`) belongs to `values[j]`.
    let vectors: [Double]
    /// The dimension n.
    let dimension: Int
    /// The number of sweeps the decomposition took.
    let sweeps: Int

    /// Decomposes the symmetric `matrix` (row-major n×n; only its upper triangle is read).
    init(symmetric matrix: [Double], dimension n: Int, maximumSweeps: Int = 100) {
        precondition(n >= 0 && matrix.count == n * n, "SymmetricEigen: the matrix must hold n×n elements")
        var a = matrix
        for i in 0..<n {
            for j in 0..<i { a[i * n + j] = a[j * n + i] }
        }
        var v = [Double](repeating: 0, count: n * n)
        for i in 0..<n { v[i * n + i] = 1 }

        // Off-diagonal elements below ε²‖A‖_F move no eigenvalue by more than that, far below the precision of
        // any eigenvalue CMA-ES keeps (condition ≤ 1e14); the second criterion ends singular cases.
        let negligible = Double.ulpOfOne * Double.ulpOfOne * a.reduce(0) { $0 + $1 * $1 }.squareRoot()
        var sweep = 0
        while sweep < maximumSweeps {
            var rotated = false
            for p in 0..<n {
                for q in (p + 1)..<n {
                    let apq = a[p * n + q]
                    if apq == 0 { continue }
                    let app = a[p * n + p]
                    let aqq = a[q * n + q]
                    if abs(apq) <= max(Double.ulpOfOne * (abs(app) * abs(aqq)).squareRoot(), negligible) {
                        a[p * n + q] = 0
                        a[q * n + p] = 0
                        continue
                    }
                    rotated = true
                    // The rotation J = [[c, s], [-s, c]] in rows/columns p, q zeroes (JᵀAJ)_pq:
                    // t = tan θ is the smaller root of t² + 2τt − 1 = 0 with τ = (a_qq − a_pp) / (2 a_pq).
                    let tau = (aqq - app) / (2 * apq)
                    let t = tau >= 0 ? 1 / (tau + (1 + tau * tau).squareRoot()) : -1 / (-tau + (1 + tau * tau).squareRoot())
                    let c = 1 / (1 + t * t).squareRoot()
                    let s = t * c
                    for k in 0..<n {  // A ← A J
                        let akp = a[k * n + p]
                        let akq = a[k * n + q]
                        a[k * n + p] = c * akp - s * akq
                        a[k * n + q] = s * akp + c * akq
                    }
                    for k in 0..<n {  // A ← Jᵀ A
                        let apk = a[p * n + k]
                        let aqk = a[q * n + k]
                        a[p * n + k] = c * apk - s * aqk
                        a[q * n + k] = s * apk + c * aqk
                    }
                    a[p * n + q] = 0
                    a[q * n + p] = 0
                    for k in 0..<n {  // V ← V J
                        let vkp = v[k * n + p]
                        let vkq = v[k * n + q]
                        v[k * n + p] = c * vkp - s * vkq
                        v[k * n + q] = s * vkp + c * vkq
                    }
                }
            }
            if !rotated { break }
            sweep += 1
        }

        let order = (0..<n).sorted { (a[$0 * n + $0], $0) < (a[$1 * n + $1], $1) }
        values = order.map { a[$0 * n + $0] }
        var sortedVectors = [Double](repeating: 0, count: n * n)
        for (column, source) in order.enumerated() {
            for i in 0..<n { sortedVectors[i * n + column] = v[i * n + source] }
        }
        vectors = sortedVectors
        dimension = n
        sweeps = sweep
    }
}
