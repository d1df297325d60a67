import WarnSimCore

/// Elementary-effects screening after M. D. Morris, "Factorial sampling plans
/// for preliminary computational experiments", Technometrics 33 (1991)
/// 161–174, with μ* (the mean absolute elementary effect) of F. Campolongo,
/// J. Cariboni and A. Saltelli, "An effective screening design for
/// sensitivity analysis of large models", Environmental Modelling & Software
/// 22 (2007) 1509–1518.
///
/// Along each trajectory of a ``Design`` one parameter moves by ±Δ per step;
/// the elementary effect of parameter i is EE_i = (y_m − y_{m−1}) / (x_{m,i} −
/// x_{m−1,i}), in output units per unit-hypercube coordinate (per full range
/// of the parameter). Over the r trajectories μ is the mean of EE_i, μ* the
/// mean of |EE_i| and σ their standard deviation (divisor r − 1). A parameter
/// the model ignores has every EE_i, hence μ, μ* and σ, exactly 0.
///
/// μ* gets a percentile-bootstrap interval over trajectories: resample b draws
/// r trajectories with replacement from the stream (seed,
/// `"analysis.sensitivity.morris.bootstrap"`, b), the same for every parameter.
package struct MorrisScreening: Sendable {
    /// The r trajectories of a Morris screening on a p-level grid in the unit hypercube.
    ///
    /// Trajectory t draws from the stream (seed, `"analysis.sensitivity.morris"`,
    /// t), after Morris 1991: for each parameter a base level among
    /// the p/2 lowest grid levels (so that the level Δ above it is on the grid)
    /// and a direction (up, or down from the level Δ above), then a random
    /// order of the parameters. The trajectory starts at the chosen levels and
    /// moves the parameters one by one, in that order, by Δ in their direction.
    package struct Design: Sendable {
        /// k, the number of parameters.
        package let dimensions: Int
        /// r, the number of trajectories.
        package let trajectories: Int
        /// p, the number of grid levels 0, 1/(p − 1), …, 1 per parameter.
        package let levels: Int
        /// All points to evaluate, trajectory by trajectory: point t(k + 1) + m
        /// is point m of trajectory t, and point m ≥ 1 differs from point m − 1
        /// in one parameter, by ±Δ.
        package let points: [[Double]]
        /// The parameter moved at step m ≥ 1 of trajectory t is `moved[tk + m − 1]`.
        let moved: [Int]

        static let streamName = StreamName.sensitivityMorris

        /// Draws r trajectories for k parameters.
        ///
        /// - Parameters:
        ///   - dimensions: k ≥ 1, the number of parameters.
        ///   - trajectories: r ≥ 2; the model is evaluated r(k + 1) times.
        ///   - levels: p, even and ≥ 2 (Morris recommends even p, so that Δ is a whole number of grid steps).
        ///   - seed: the seed of the draws.
        package init(dimensions: Int, trajectories: Int, levels: Int = 4, seed: UInt64) {
            precondition(dimensions >= 1 && trajectories >= 2, "a Morris design needs at least one parameter and two trajectories")
            precondition(levels >= 2 && levels % 2 == 0, "the number of levels must be even and at least 2")
            self.dimensions = dimensions
            self.trajectories = trajectories
            self.levels = levels
            let k = dimensions
            let jump = levels / 2  // Δ in grid steps
            var points: [[Double]] = []
            points.reserveCapacity(trajectories * (k + 1))
            var moved: [Int] = []
            moved.reserveCapacity(trajectories * k)
            let subsystem = RandomStream.Subsystem(Self.streamName)
            for trajectory in 0..<trajectories {
                var stream = RandomStream(seed: seed, subsystem: subsystem, entity: UInt64(trajectory))
                var level = [Int](repeating: 0, count: k)
                var direction = [Int](repeating: 1, count: k)
                for i in 0..<k {
                    let base = SensitivitySampling.index(below: levels - jump, using: &stream)
                    let up = SensitivitySampling.index(below: 2, using: &stream) == 0
                    level[i] = up ? base : base + jump
                    direction[i] = up ? 1 : -1
                }
                var order = Array(0..<k)
                for i in stride(from: k - 1, to: 0, by: -1) {  // Fisher–Yates
                    order.swapAt(i, SensitivitySampling.index(below: i + 1, using: &stream))
                }
                points.append(level.map { Double($0) / Double(levels - 1) })
                for i in order {
                    level[i] += direction[i] * jump
                    points.append(level.map { Double($0) / Double(levels - 1) })
                }
                moved += order
            }
            self.points = points
            self.moved = moved
        }

        /// Δ = p / (2(p − 1)), the size of every step.
        package var delta: Double { Double(levels) / Double(2 * (levels - 1)) }

        /// r(k + 1), the number of model evaluations (the count of ``points``).
        package var evaluationCount: Int { trajectories * (dimensions + 1) }
    }

    /// The elementary-effect statistics of one parameter.
    package struct Effect: Hashable, Sendable {
        /// μ*, the mean absolute elementary effect (Campolongo et al. 2007).
        package var muStar: Double
        /// The lower bound of the percentile-bootstrap interval of μ*.
        package var muStarLower: Double
        /// The upper bound of the percentile-bootstrap interval of μ*.
        package var muStarUpper: Double
        /// μ, the mean elementary effect (Morris 1991); effects of opposite signs cancel in it.
        package var mu: Double
        /// σ, the standard deviation of the elementary effects (Morris 1991): large for nonlinear or interacting parameters.
        package var sigma: Double
    }

    /// The statistics per parameter.
    package let effects: [Effect]

    static let streamName = StreamName.sensitivityMorrisBootstrap

    /// Computes μ*, μ and σ per parameter, with bootstrap intervals for μ*.
    ///
    /// - Parameters:
    ///   - design: the design the outputs were computed on.
    ///   - outputs: the model output at each of `design.points`, in that order.
    ///   - resamples: the number of bootstrap resamples (> 0).
    ///   - confidence: the coverage of the intervals, in (0, 1).
    ///   - seed: the seed of the bootstrap draws.
    package init(design: Design, outputs: [Double], resamples: Int = 500, confidence: Double = 0.95, seed: UInt64) {
        let k = design.dimensions
        let r = design.trajectories
        precondition(outputs.count == design.evaluationCount, "expected \(design.evaluationCount) outputs, got \(outputs.count)")
        precondition(resamples > 0 && confidence > 0 && confidence < 1, "resamples must be positive and confidence in (0, 1)")
        // The elementary effect of parameter i on trajectory t is elementary[tk + i].
        var elementary = [Double](repeating: 0, count: r * k)
        for t in 0..<r {
            for m in 1...k {
                let i = design.moved[t * k + m - 1]
                let point = t * (k + 1) + m
                let change = design.points[point][i] - design.points[point - 1][i]
                elementary[t * k + i] = (outputs[point] - outputs[point - 1]) / change
            }
        }
        var muStarSamples = [[Double]](repeating: [], count: k)
        let subsystem = RandomStream.Subsystem(Self.streamName)
        for resample in 0..<resamples {
            var stream = RandomStream(seed: seed, subsystem: subsystem, entity: UInt64(resample))
            var sums = [Double](repeating: 0, count: k)
            for _ in 0..<r {
                let t = SensitivitySampling.index(below: r, using: &stream)
                for i in 0..<k { sums[i] += abs(elementary[t * k + i]) }
            }
            for i in 0..<k { muStarSamples[i].append(sums[i] / Double(r)) }
        }
        effects = (0..<k).map { i in
            let values = (0..<r).map { elementary[$0 * k + i] }
            let mu = values.reduce(0, +) / Double(r)
            let muStar = values.reduce(0) { $0 + abs($1) } / Double(r)
            let sigma = (values.reduce(0) { $0 + ($1 - mu) * ($1 - mu) } / Double(r - 1)).squareRoot()
            let interval = BootstrapInterval.percentile(muStarSamples[i], confidence: confidence)
            let (lower, upper) = (interval.lower, interval.upper)
            return Effect(muStar: muStar, muStarLower: lower, muStarUpper: upper, mu: mu, sigma: sigma)
        }
    }
}
