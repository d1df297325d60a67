import Foundation
import Population
import WarnSimCore

/// The covariance matrix adaptation evolution strategy (CMA-ES) with an ask/tell interface, written from
/// N. Hansen, "The CMA Evolution Strategy: A Tutorial", arXiv:1604.00772 (2016), for box-bounded, mixed-integer
/// minimisation of an expensive objective evaluated a whole generation at a time.
///
/// - Algorithm: the tutorial's Appendix A with the default parameters of its Table 1: λ = 4 + ⌊3 ln n⌋,
///   μ = ⌊λ/2⌋, w′ᵢ = ln((λ+1)/2) − ln i, c_m = 1, c_σ, d_σ, c_c, c₁ = 2/((n+1.3)² + μ_eff) and
///   c_μ = min(1 − c₁, 2(μ_eff − 2 + 1/μ_eff)/((n+2)² + μ_eff)). **Active CMA is included**, as in the tutorial's
///   default: the λ − μ worst candidates get the tutorial's negative weights (scaled by min(α_μ⁻, α_μeff⁻, α_posdef⁻)),
///   each rescaled by n/‖C^(−1/2)y‖² in the rank-μ update. C is eigendecomposed after every generation
///   (``SymmetricEigen``; cheap for n ≤ 30), not lazily.
/// - Normalised space: internally each coordinate's [lower, upper] is mapped onto [0, 1], so σ is a fraction of
///   every range at once and a decibel threshold in 30…80 is searched as fairly as a weight in 0…2.
/// - Bounds: the repair-and-penalty scheme of Hansen, Niederberger, Guzzella and Koumoutsakos, "A Method for Handling
///   Uncertainty in Evolutionary Optimization with an Application to Feedback Control of Combustion", IEEE TEC 13(1),
///   2009. A candidate is clamped into the box for evaluation; the distribution is updated with the unclamped sample,
///   ranked by f(clamped) + (1/n) Σᵢ γᵢ (xᵢ − clamped xᵢ)²/ξᵢ with ξᵢ = exp(0.9 (ln Cᵢᵢ − mean ln Cⱼⱼ)). The weights
///   γᵢ are set to 2δ_fit/(σ² mean Cⱼⱼ) when the mean first leaves the box (δ_fit the median interquartile range of
///   f over the last 20 + ⌈3n/λ⌉ generations) and grow by 1.1^max(1, μ_eff/(10n)) in each generation the mean lies
///   outside coordinate i by more than σ√Cᵢᵢ·max(1, √n/μ_eff).
/// - Integers: after N. Hansen, "A CMA-ES for Mixed-Integer Nonlinear Optimization", INRIA RR-7751 (2011), integer
///   coordinates are rounded for evaluation only (the update sees the continuous sample), and the search is kept
///   from freezing between integers by keeping each integer coordinate's standard deviation σ√Cᵢᵢ above a floor, by
///   default min(0.2, μ_eff/n) integer steps (the lower bound of Marty et al., "LB+IC-CMA-ES: Two Simple Modifications
///   of CMA-ES to Handle Mixed-Integer Problems", PPSN 2024, used here in place of RR-7751's integer mutation).
///   Where the floor binds, Cᵢᵢ is raised to (floor/σ)²; on mixed problems this inflates the condition number of C
///   as σ shrinks, so ConditionCov usually ends such runs once the continuous coordinates have converged.
/// - Randomness: generation g draws only from `RandomStream(seed:, subsystem: "analysis.tune.cmaes", entity: g)`, so
///   the candidates are a pure function of the seed and the fitness values told.
/// - Termination (tutorial, Appendix B.3): ``stopReason`` reports TolX, ConditionCov and TolFun/EqualFunValues.
package struct CMAES: Sendable {
    /// The strategy's settings; the defaults are the tutorial's (Hansen 2016, Table 1 and Appendix B.3).
    package struct Settings: Sendable {
        /// λ, the candidates per generation; `nil` means 4 + ⌊3 ln n⌋ (Hansen 2016, Table 1).
        package var populationSize: Int?
        /// σ⁽⁰⁾ as a fraction of each coordinate's range (the search runs in the unit box).
        package var initialSigma: Double
        /// TolFun: stop once the best f of the last 10 + ⌈30n/λ⌉ generations and every f of the latest one lie within this.
        package var functionTolerance: Double
        /// TolX, relative to `initialSigma`: stop once σ|p_c,i| and σ√Cᵢᵢ are below it on every continuous coordinate.
        package var stepTolerance: Double
        /// ConditionCov: stop once the condition number of C exceeds this.
        package var maximumConditionNumber: Double
        /// The floor on σ√Cᵢᵢ of every integer coordinate, in integer steps; `nil` means min(0.2, μ_eff/n)
        /// (Hansen 2011; Marty et al. 2024).
        package var integerStandardDeviationFloor: Double?

        /// Settings with the tutorial's defaults unless given.
        package init(
            populationSize: Int? = nil, initialSigma: Double = 0.3, functionTolerance: Double = 1e-12, stepTolerance: Double = 1e-12,
            maximumConditionNumber: Double = 1e14, integerStandardDeviationFloor: Double? = nil
        ) {
            self.populationSize = populationSize
            self.initialSigma = initialSigma
            self.functionTolerance = functionTolerance
            self.stepTolerance = stepTolerance
            self.maximumConditionNumber = maximumConditionNumber
            self.integerStandardDeviationFloor = integerStandardDeviationFloor
        }
    }

    /// One generation's samples: z ~ N(0, I), y = B D z, the unclamped normalised x = m + σy, and the evaluated points.
    private struct Sample: Sendable {
        var z: [[Double]]
        var y: [[Double]]
        var x: [[Double]]
        var points: [[Double]]
    }

    /// The random-stream subsystem of the sampler; the generation number is the entity.
    static let subsystem = StreamName.tuneCMAES

    /// The settings the strategy runs with.
    package let settings: Settings
    /// λ, the number of candidates ``ask()`` returns.
    package let populationSize: Int
    /// The number of completed generations (``tell(_:)`` calls).
    package private(set) var generation = 0
    /// Why the run should stop (TolX, ConditionCov, TolFun, no feasible candidate, numerical failure), or `nil`.
    /// Once set it stays set; ``ask()`` and ``tell(_:)`` keep working.
    package private(set) var stopReason: String?

    let dimension: Int
    let lower: [Double]
    let upper: [Double]
    let isInteger: [Bool]
    let seed: UInt64

    let parentCount: Int
    let weights: [Double]
    let effectiveParentCount: Double
    let cSigma: Double
    let dSigma: Double
    let cC: Double
    let c1: Double
    let cMu: Double
    let expectedNorm: Double
    let integerFloor: [Double]
    let historyLength: Int
    let spreadHistoryLength: Int

    var meanNormalised: [Double]
    var stepSize: Double
    var covariance: [Double]
    var eigenbasis: [Double]
    var eigenvalues: [Double]
    var sigmaPath: [Double]
    var covariancePath: [Double]

    private var pending: Sample?
    private var bestPoint: [Double]?
    private var bestValue = Double.infinity
    private var bestPerGeneration: [Double] = []
    private var infeasibleGenerations = 0
    var penaltyWeights: [Double]
    private var penaltyWeightsSet = false
    private var spreadHistory: [Double] = []

    /// The tutorial's default population size for `dimensions` coordinates: λ = 4 + ⌊3 ln n⌋.
    package static func defaultPopulationSize(dimensions: Int) -> Int {
        4 + Int((3 * Foundation.log(Double(dimensions))).rounded(.down))
    }

    /// A strategy started at `mean` with step size `sigma` (a fraction of each coordinate's range, e.g. 0.3) inside
    /// the box [`lower`, `upper`] (which must contain it), where `integer[i]` marks integer coordinates; `populationSize`
    /// overrides λ.
    package init(
        mean: [Double], sigma: Double, lower: [Double], upper: [Double], integer: [Bool], seed: UInt64, populationSize: Int? = nil
    ) {
        self.init(
            mean: mean, lower: lower, upper: upper, integer: integer, seed: seed,
            settings: Settings(populationSize: populationSize, initialSigma: sigma))
    }

    /// A strategy started at `mean` inside the box [`lower`, `upper`] with the given settings.
    package init(mean: [Double], lower: [Double], upper: [Double], integer: [Bool], seed: UInt64, settings: Settings) {
        let n = mean.count
        precondition(n >= 1, "CMAES: at least one coordinate")
        precondition(lower.count == n && upper.count == n && integer.count == n, "CMAES: mean, bounds and integer flags differ in length")
        for i in 0..<n {
            precondition(lower[i].isFinite && upper[i].isFinite && lower[i] < upper[i], "CMAES: coordinate \(i) needs finite lower < upper")
            precondition(mean[i] >= lower[i] && mean[i] <= upper[i], "CMAES: the mean of coordinate \(i) lies outside its bounds")
            precondition(
                !integer[i] || lower[i].rounded(.up) <= upper[i].rounded(.down),
                "CMAES: integer coordinate \(i) has no integer in its bounds")
        }
        precondition(settings.initialSigma > 0 && settings.initialSigma.isFinite, "CMAES: sigma must be positive")
        let nd = Double(n)
        let lambda = settings.populationSize ?? Self.defaultPopulationSize(dimensions: n)
        precondition(lambda >= 2, "CMAES: the population size must be at least 2")
        let mu = lambda / 2

        // Recombination weights, positive and (active CMA) negative, Table 1.
        let raw = (1...lambda).map { Foundation.log(Double(lambda + 1) / 2) - Foundation.log(Double($0)) }
        let positiveSum = raw[..<mu].reduce(0, +)
        let muEff = positiveSum * positiveSum / raw[..<mu].reduce(0) { $0 + $1 * $1 }
        let negative = raw[mu...].filter { $0 < 0 }
        let negativeSum = negative.reduce(0) { $0 - $1 }
        let muEffMinus = negativeSum > 0 ? negativeSum * negativeSum / negative.reduce(0) { $0 + $1 * $1 } : 0

        // Selection, adaptation and learning rates, Table 1.
        let cc = (4 + muEff / nd) / (nd + 4 + 2 * muEff / nd)
        let cs = (muEff + 2) / (nd + muEff + 5)
        let alphaCov = 2.0
        let c1 = alphaCov / ((nd + 1.3) * (nd + 1.3) + muEff)
        let cmu = min(1 - c1, alphaCov * (muEff - 2 + 1 / muEff) / ((nd + 2) * (nd + 2) + alphaCov * muEff / 2))
        let ds = 1 + 2 * max(0, ((muEff - 1) / (nd + 1)).squareRoot() - 1) + cs
        let alphaMuMinus = 1 + c1 / cmu
        let alphaMuEffMinus = 1 + 2 * muEffMinus / (muEff + 2)
        let alphaPosDefMinus = (1 - c1 - cmu) / (nd * cmu)
        let negativeScale = min(alphaMuMinus, alphaMuEffMinus, alphaPosDefMinus)
        weights = raw.enumerated().map { index, w in
            index < mu ? w / positiveSum : (w < 0 ? negativeScale * w / negativeSum : 0)
        }

        self.settings = settings
        populationSize = lambda
        parentCount = mu
        effectiveParentCount = muEff
        cSigma = cs
        dSigma = ds
        cC = cc
        self.c1 = c1
        cMu = cmu
        expectedNorm = nd.squareRoot() * (1 - 1 / (4 * nd) + 1 / (21 * nd * nd))
        let floorSteps = settings.integerStandardDeviationFloor ?? min(0.2, muEff / nd)
        integerFloor = (0..<n).map { integer[$0] ? floorSteps / (upper[$0] - lower[$0]) : 0 }
        historyLength = 10 + Int((30 * nd / Double(lambda)).rounded(.up))
        spreadHistoryLength = 20 + Int((3 * nd / Double(lambda)).rounded(.up))

        dimension = n
        self.lower = lower
        self.upper = upper
        isInteger = integer
        self.seed = seed
        meanNormalised = (0..<n).map { (mean[$0] - lower[$0]) / (upper[$0] - lower[$0]) }
        stepSize = settings.initialSigma
        covariance = (0..<(n * n)).map { $0 % (n + 1) == 0 ? 1 : 0 }
        eigenbasis = covariance
        eigenvalues = [Double](repeating: 1, count: n)
        sigmaPath = [Double](repeating: 0, count: n)
        covariancePath = [Double](repeating: 0, count: n)
        penaltyWeights = [Double](repeating: 0, count: n)
        if applyIntegerFloor() { decompose() }
    }

    /// The mean of the search distribution in the problem's units (it may lie slightly outside the box).
    package var mean: [Double] {
        (0..<dimension).map { lower[$0] + meanNormalised[$0] * (upper[$0] - lower[$0]) }
    }

    /// The best evaluated point told so far (inside the bounds, integer where required) and its fitness.
    package var best: (point: [Double], fitness: Double)? {
        bestPoint.map { ($0, bestValue) }
    }

    /// The λ candidates of the current generation, clamped into the bounds and rounded on integer coordinates.
    /// Asking again before ``tell(_:)`` returns the same candidates.
    package mutating func ask() -> [[Double]] {
        if let pending { return pending.points }
        let sample = makeSample()
        pending = sample
        return sample.points
    }

    /// Updates the distribution with the fitness of the candidates of ``ask()``, in the same order, to be minimised.
    /// NaN and +∞ mark infeasible candidates: they rank behind every other candidate (ties by position).
    package mutating func tell(_ fitness: [Double]) {
        precondition(fitness.count == populationSize, "CMAES.tell: expected \(populationSize) fitness values, got \(fitness.count)")
        let sample = pending ?? makeSample()
        pending = nil
        let n = dimension
        let lambda = populationSize
        let feasible = fitness.map { !$0.isNaN && $0 != .infinity }

        for k in 0..<lambda where feasible[k] && (bestPoint == nil || fitness[k] < bestValue) {
            bestValue = fitness[k]
            bestPoint = sample.points[k]
        }
        let finite = fitness.filter(\.isFinite)
        if finite.count >= 2 {
            spreadHistory.append(Self.interquartileRange(finite))
            if spreadHistory.count > spreadHistoryLength { spreadHistory.removeFirst(spreadHistory.count - spreadHistoryLength) }
        }
        guard feasible.contains(true) else {
            infeasibleGenerations += 1
            generation += 1
            if stopReason == nil && infeasibleGenerations >= historyLength {
                stopReason = "no feasible candidate in \(infeasibleGenerations) generations"
            }
            return
        }
        infeasibleGenerations = 0

        // Selection on the penalised fitness of the unclamped samples.
        let keys = (0..<lambda).map { feasible[$0] ? fitness[$0] + boundPenalty(sample.x[$0]) : Double.infinity }
        let order = (0..<lambda).sorted { (keys[$0], $0) < (keys[$1], $1) }

        // Recombination with c_m = 1: ⟨y⟩_w and C^(−1/2)⟨y⟩_w = B ⟨z⟩_w.
        var yMean = [Double](repeating: 0, count: n)
        var zMean = [Double](repeating: 0, count: n)
        for rank in 0..<parentCount {
            let k = order[rank]
            for i in 0..<n {
                yMean[i] += weights[rank] * sample.y[k][i]
                zMean[i] += weights[rank] * sample.z[k][i]
            }
        }
        for i in 0..<n { meanNormalised[i] += stepSize * yMean[i] }

        // Step-size path and h_σ.
        let sigmaPathScale = (cSigma * (2 - cSigma) * effectiveParentCount).squareRoot()
        var pathNormSquared = 0.0
        for i in 0..<n {
            var bz = 0.0
            for j in 0..<n { bz += eigenbasis[i * n + j] * zMean[j] }
            sigmaPath[i] = (1 - cSigma) * sigmaPath[i] + sigmaPathScale * bz
            pathNormSquared += sigmaPath[i] * sigmaPath[i]
        }
        let pathNorm = pathNormSquared.squareRoot()
        let hSigma =
            pathNorm / (1 - Foundation.pow(1 - cSigma, 2 * Double(generation + 1))).squareRoot() < (1.4 + 2 / Double(n + 1)) * expectedNorm

        // Covariance path and covariance matrix (rank-one and active rank-μ update).
        let covariancePathScale = hSigma ? (cC * (2 - cC) * effectiveParentCount).squareRoot() : 0
        for i in 0..<n { covariancePath[i] = (1 - cC) * covariancePath[i] + covariancePathScale * yMean[i] }
        var rankMu = [Double](repeating: 0, count: n * n)
        var weightSum = 0.0
        for (rank, k) in order.enumerated() {
            var w = weights[rank]
            weightSum += w
            if w == 0 { continue }
            if w < 0 {
                let zNormSquared = sample.z[k].reduce(0) { $0 + $1 * $1 }
                w *= Double(n) / max(zNormSquared, .leastNormalMagnitude)
            }
            let y = sample.y[k]
            for i in 0..<n {
                for j in i..<n { rankMu[i * n + j] += w * y[i] * y[j] }
            }
        }
        let deltaH = hSigma ? 0 : cC * (2 - cC)
        let decay = 1 + c1 * deltaH - c1 - cMu * weightSum
        for i in 0..<n {
            for j in i..<n {
                let value = decay * covariance[i * n + j] + c1 * covariancePath[i] * covariancePath[j] + cMu * rankMu[i * n + j]
                covariance[i * n + j] = value
                covariance[j * n + i] = value
            }
        }

        // Step size (cumulative step-size adaptation).
        stepSize *= Foundation.exp(cSigma / dSigma * (pathNorm / expectedNorm - 1))

        _ = applyIntegerFloor()
        updatePenaltyWeights()
        decompose()

        generation += 1
        bestPerGeneration.append(finite.min() ?? bestValue)
        if bestPerGeneration.count > historyLength { bestPerGeneration.removeFirst(bestPerGeneration.count - historyLength) }
        if stopReason == nil { stopReason = terminationReason(finite) }
    }

    // MARK: - Sampling and repair

    private func makeSample() -> Sample {
        var random = RandomStream(seed: seed, subsystem: Self.subsystem, entity: UInt64(generation))
        let n = dimension
        let scales = eigenvalues.map { max($0, 0).squareRoot() }
        var sample = Sample(z: [], y: [], x: [], points: [])
        for _ in 0..<populationSize {
            var z = [Double](repeating: 0, count: n)
            for i in 0..<n { z[i] = random.nextStandardNormal() }
            var y = [Double](repeating: 0, count: n)
            for i in 0..<n {
                var sum = 0.0
                for j in 0..<n { sum += eigenbasis[i * n + j] * scales[j] * z[j] }
                y[i] = sum
            }
            let x = (0..<n).map { meanNormalised[$0] + stepSize * y[$0] }
            sample.z.append(z)
            sample.y.append(y)
            sample.x.append(x)
            sample.points.append(evaluationPoint(x))
        }
        return sample
    }

    /// The point evaluated for the normalised sample `x`: clamped into the box, then rounded on integer coordinates.
    func evaluationPoint(_ x: [Double]) -> [Double] {
        (0..<dimension).map { i in
            let unit = min(max(x[i], 0), 1)
            var value = min(max(lower[i] + unit * (upper[i] - lower[i]), lower[i]), upper[i])
            if isInteger[i] {
                value = min(max(value.rounded(), lower[i].rounded(.up)), upper[i].rounded(.down))
            }
            return value
        }
    }

    /// The bound penalty (1/n) Σ γᵢ (xᵢ − clamped xᵢ)²/ξᵢ of Hansen et al. (2009), in normalised units.
    func boundPenalty(_ x: [Double]) -> Double {
        guard penaltyWeightsSet else { return 0 }
        let n = dimension
        var meanLog = 0.0
        for i in 0..<n { meanLog += Foundation.log(covariance[i * n + i]) }
        meanLog /= Double(n)
        var penalty = 0.0
        for i in 0..<n {
            let excess = x[i] - min(max(x[i], 0), 1)
            if excess == 0 { continue }
            let xi = Foundation.exp(0.9 * (Foundation.log(covariance[i * n + i]) - meanLog))
            penalty += penaltyWeights[i] * excess * excess / xi
        }
        return penalty / Double(n)
    }

    // MARK: - Adaptation helpers

    /// Raises Cᵢᵢ of integer coordinates whose σ√Cᵢᵢ fell below the floor; true if any changed.
    private mutating func applyIntegerFloor() -> Bool {
        let n = dimension
        var changed = false
        for i in 0..<n where integerFloor[i] > 0 {
            let minimum = integerFloor[i] / stepSize
            if covariance[i * n + i] < minimum * minimum {
                covariance[i * n + i] = minimum * minimum
                changed = true
            }
        }
        return changed
    }

    /// Sets the penalty weights when the mean first leaves the box and raises them while it stays out (Hansen et al. 2009).
    private mutating func updatePenaltyWeights() {
        let n = dimension
        let outside = meanNormalised.map { $0 - min(max($0, 0), 1) }
        guard outside.contains(where: { $0 != 0 }) else { return }
        if !penaltyWeightsSet {
            let spread = Self.median(spreadHistory)
            guard spread > 0 && spread.isFinite else { return }
            var meanDiagonal = 0.0
            for i in 0..<n { meanDiagonal += covariance[i * n + i] }
            meanDiagonal /= Double(n)
            penaltyWeights = [Double](repeating: 2 * spread / (stepSize * stepSize * meanDiagonal), count: n)
            penaltyWeightsSet = true
            return
        }
        let growth = Foundation.pow(1.1, max(1, effectiveParentCount / (10 * Double(n))))
        let margin = max(1, Double(n).squareRoot() / effectiveParentCount)
        for i in 0..<n where abs(outside[i]) > stepSize * covariance[i * n + i].squareRoot() * margin {
            penaltyWeights[i] *= growth
        }
    }

    private mutating func decompose() {
        let eigen = SymmetricEigen(symmetric: covariance, dimension: dimension)
        eigenbasis = eigen.vectors
        eigenvalues = eigen.values
    }

    /// The condition number of C (the ratio of its extreme eigenvalues).
    var conditionNumber: Double {
        guard let smallest = eigenvalues.first, let largest = eigenvalues.last, smallest > 0 else { return .infinity }
        return largest / smallest
    }

    /// The tutorial's termination criteria (Appendix B.3) that apply after this generation.
    private func terminationReason(_ finite: [Double]) -> String? {
        let n = dimension
        if !stepSize.isFinite || stepSize <= 0 || !covariance.allSatisfy(\.isFinite) || !meanNormalised.allSatisfy(\.isFinite) {
            return "numerical failure: non-finite sigma, mean or covariance"
        }
        if conditionNumber > settings.maximumConditionNumber {
            return "condition number of C exceeds \(settings.maximumConditionNumber)"
        }
        let continuous = (0..<n).filter { !isInteger[$0] }
        let tolerance = settings.stepTolerance * settings.initialSigma
        if !continuous.isEmpty
            && continuous.allSatisfy({
                stepSize * max(abs(covariancePath[$0]), covariance[$0 * n + $0].squareRoot()) < tolerance
            })
        {
            return "sigma collapsed: sigma*sqrt(C_ii) < \(tolerance) on every continuous coordinate"
        }
        if bestPerGeneration.count >= historyLength {
            let values = bestPerGeneration.filter(\.isFinite) + finite
            if let low = values.min(), let high = values.max(), high - low <= settings.functionTolerance {
                return "flat fitness: range \(high - low) over the last \(historyLength) generations"
            }
        }
        return nil
    }

    private static func interquartileRange(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return quantile(sorted, 0.75) - quantile(sorted, 0.25)
    }

    private static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        let position = p * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (position - Double(below)) * (sorted[above] - sorted[below])
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return quantile(values.sorted(), 0.5)
    }
}
