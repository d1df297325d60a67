import WarnSimCore

/// The sample design of a variance-based (Sobol') sensitivity analysis, after
/// A. Saltelli et al., "Variance based sensitivity analysis of model output.
/// Design and estimator for the total sensitivity index", Computer Physics
/// Communications 181 (2010) 259–270, section 3: two independent N × k
/// matrices A and B in the unit hypercube and, for each parameter i, the
/// matrix A_B^(i), which is A with column i taken from B. The model is
/// evaluated at all N(k + 2) rows and the outputs go to ``SobolIndices``.
///
/// The rows are plain Monte Carlo draws, not a low-discrepancy (Sobol'
/// sequence) design: base row j takes its 2k coordinates, A's row then B's
/// row, from the stream (seed, `"analysis.sensitivity.sobol"`, j) with
/// ``RandomStream/nextUnitDouble()``, so a design is reproducible from its
/// seed and row j does not depend on N. Coordinates lie in [0, 1); map them
/// to each parameter's range (or through its inverse distribution function).
package struct SobolDesign: Sendable {
    /// k, the number of parameters.
    package let dimensions: Int
    /// N, the number of rows of A and of B.
    package let baseSamples: Int
    /// Row j of A then row j of B: A[j][i] is `coordinates[2kj + i]`, B[j][i] is `coordinates[2kj + k + i]`.
    let coordinates: [Double]

    static let streamName = StreamName.sensitivitySobol

    /// Draws the N base rows of A and B for k parameters.
    ///
    /// - Parameters:
    ///   - dimensions: k ≥ 1, the number of parameters.
    ///   - baseSamples: N ≥ 1; the model is evaluated N(k + 2) times.
    ///   - seed: the seed of the draws.
    package init(dimensions: Int, baseSamples: Int, seed: UInt64) {
        precondition(dimensions >= 1 && baseSamples >= 1, "a Sobol' design needs at least one parameter and one base sample")
        self.dimensions = dimensions
        self.baseSamples = baseSamples
        let width = 2 * dimensions
        var coordinates: [Double] = []
        coordinates.reserveCapacity(width * baseSamples)
        let subsystem = RandomStream.Subsystem(Self.streamName)
        for row in 0..<baseSamples {
            var stream = RandomStream(seed: seed, subsystem: subsystem, entity: UInt64(row))
            for _ in 0..<width { coordinates.append(stream.nextUnitDouble()) }
        }
        self.coordinates = coordinates
    }

    /// N(k + 2), the number of model evaluations (the count of ``points``).
    package var evaluationCount: Int { baseSamples * (dimensions + 2) }

    /// Every point to evaluate, in this order: the N rows of A, the N rows of
    /// B, then the N rows of A_B^(1), …, the N rows of A_B^(k). So point
    /// `(2 + i) N + j` (parameter i counted from 0) is row j of A with
    /// coordinate i from row j of B. All coordinates lie in [0, 1).
    package var points: [[Double]] {
        let k = dimensions
        var points: [[Double]] = []
        points.reserveCapacity(evaluationCount)
        for j in 0..<baseSamples { points.append(Array(coordinates[(2 * k * j)..<(2 * k * j + k)])) }
        for j in 0..<baseSamples { points.append(Array(coordinates[(2 * k * j + k)..<(2 * k * j + 2 * k)])) }
        for i in 0..<k {
            for j in 0..<baseSamples {
                var point = Array(coordinates[(2 * k * j)..<(2 * k * j + k)])
                point[i] = coordinates[2 * k * j + k + i]
                points.append(point)
            }
        }
        return points
    }
}
