/// The rounding-error bounds that let the batch scorer decide from its GEMM
/// estimates and call on the engine's arithmetic only where an estimate lies
/// within its bound of a decision boundary.
///
/// Notation: `u = 2^-53` (unit roundoff of `Double`), `γ_k = k·u / (1 − k·u)`.
///
/// **Window normalized time.** The engine computes
/// `E = trv ⊗ ((⊕_i s_i ⊗ w_i) ⊘ 60)` over the window's `n` scans in scan
/// order (``CWARiskEngine/weightedMinutes(of:weights:)``); the batch path
/// computes `B = G ⊗ (trv ⊗ fl(1/60))`, where `G` is OpenBLAS's sum over the
/// `K` bin groups of `S_g ⊗ W_g`, `S_g` being the group's seconds (an integer
/// sum, exact below 2^53) and `W_g` the very weight the engine uses. With
/// non-negative, finite terms and no underflow or overflow (the domain checked
/// by ``isBoundedFactor`` and `BatchWindowSet.outsideBound`), any summation
/// order, with or without fused multiply-adds, gives a relative error of at
/// most `γ_n` for the engine's sum and `γ_K` for the GEMM's, and each of the
/// three further roundings adds one `u`. So, with `R` the real value,
/// `|E − R| ≤ γ_{n+2}·R`, `|B − R| ≤ γ_{K+3}·R`, hence
/// `|B − E| ≤ (n + K + 5)·u·(1 + O(u))·B ≤ ε·B` with
/// `ε = (n + K + 8)·2u` (``windowRelativeError(scans:groups:)``), a factor 2
/// to spare for the `1/(1 − γ)` terms and the rounding of the test itself.
/// If every breakpoint `b` of the window mapping has `|B − b| > ε·B`, then `E`
/// lies strictly inside the same interval between breakpoints as `B` and has
/// the same level. A zero estimate is exact: `B = 0` exactly when every term
/// is 0, and then `E = 0`.
///
/// **Day sum.** Both sum the same kept windows in the same order: the engine
/// its `E_j`, the batch its `B_j` (or `E_j` where it recomputed them). For
/// `m` non-negative terms, recursive summation errs by at most `γ_{m−1}` of
/// the sum, so `|D_B − D_E| ≤ Σ ε_j·B_j + 2·γ_{m−1}·D_B·(1 + O(u))`, which
/// ``daySumError(windowError:terms:sum:)`` bounds generously. The day's
/// level is a step function of the unrounded sum whose thresholds include
/// Android's rounding (``ThresholdSteps``), so the sum decides when every
/// threshold is farther than that bound. When every kept window's time is the
/// engine's own, the error is 0 and the batch's day sum is bit-identical to
/// the engine's (same operands, same order).
///
/// **Decision.** With thresholds `T_j` of a lower-closed step function, an
/// estimate `x̂` and a bound `|x̂ − x| ≤ δ`: if `|x̂ − T_j| > δ` for every `j`,
/// then `x ≥ T_j` exactly when `x̂ ≥ T_j`, so both have the same level.
enum RoundingBound {
    /// Weights and transmission risk values for which the bound holds: 0, or
    /// finite in 2^-300…2^300 (no product or sum of at most 2^40 seconds can
    /// underflow or overflow).
    static func isBoundedFactor(_ value: Double) -> Bool {
        value == 0 || (value >= 0x1p-300 && value <= 0x1p300)
    }

    /// `ε`: the relative distance between a window's GEMM estimate and the
    /// engine's normalized time, at most.
    ///
    /// - Parameters:
    ///   - scans: the window's scan instances (terms of the engine's sum).
    ///   - groups: the GEMM inner dimension (terms of the GEMM's sum).
    /// - Returns: `(scans + groups + 8) · 2^-52`.
    @inline(__always)
    static func windowRelativeError(scans: Int, groups: Int) -> Double {
        Double(scans + groups + 8) * 0x1p-52
    }

    /// The largest day with a provable bound (the error terms below stay far
    /// from 1); longer days are summed exactly.
    static let maximumTerms = 1 << 29

    /// A bound on `|D_B − D_E|`.
    ///
    /// - Parameters:
    ///   - windowError: `Σ ε_j·B_j` over the day's kept windows (0 for windows
    ///     whose time is the engine's).
    ///   - terms: the number of kept windows `m`.
    ///   - sum: the batch's day sum `D_B`.
    /// - Returns: the bound, with a relative margin of 2^-20 for its own
    ///   rounding.
    @inline(__always)
    static func daySumError(windowError: Double, terms: Int, sum: Double) -> Double {
        (windowError + Double(terms + 2) * 0x1p-51 * sum) * (1 + 0x1p-20)
    }
}
