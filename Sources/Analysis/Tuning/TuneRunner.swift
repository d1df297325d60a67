import Foundation
import RiskCalculation
import WarnSimCore

/// `warnsim tune`: searches a ``TuneSpace`` for the configuration that best
/// meets a ``TuneObjective`` on the tuning seeds, then reports production and
/// the recommendation on the tuning seeds and on held-out seeds it was not
/// chosen on (the winner's curse: the best of many candidates on the seeds
/// it was picked on looks better than it is).
///
/// Seeds: the runs are ordered by seed; the last `holdoutSeeds` are held
/// out, the rest tune. Search: CMA-ES (``CMAES``, restarted with a doubled population while budget is left), one generation per BLAS
/// batch, or, as the baseline to beat, a Latin hypercube of the same budget.
/// Candidates whose fields break the real format's rules are rejected and
/// ranked last; candidates that break a constraint rank after every one that
/// meets them, by how far they miss (Deb, Comput. Methods Appl. Mech. Eng.
/// 186 (2000) 311–338: feasible before infeasible, infeasible by violation).
package struct TuneRunner: Sendable {
    package enum Search: String, Sendable, CaseIterable {
        case cmaes
        case latinHypercube = "latin_hypercube"
    }

    package enum Robust: String, Sendable, CaseIterable {
        /// The metric on all tuning seeds together.
        case mean
        /// The pessimistic end of its 95 % seed-bootstrap interval, and with
        /// runs of several radio variants, the worst variant's.
        case lower
    }

    package struct Settings: Sendable {
        package var budget = 1000
        package var holdoutSeeds = 0
        package var robust = Robust.mean
        package var seed: UInt64 = 1
        package var populationSize: Int?
        package var search = Search.cmaes
        /// Resamples of the summaries' paired bootstrap.
        package var bootstrap = 1000
        package init() {}
    }

    /// One evaluated candidate (a row of `trace.csv`).
    package struct Evaluation: Sendable {
        package var index: Int
        package var generation: Int
        /// Parameter values, in the space's order.
        package var values: [Double]
        /// The objective as optimised (robust or not); NaN when rejected.
        package var objective: Double
        /// Each constraint's metric value on the tuning seeds.
        package var constraintValues: [Double]
        package var feasible: Bool
        package var rejection: String?
        /// What the optimiser minimised.
        package var fitness: Double
    }

    package struct Progress: Sendable {
        package var generation: Int
        package var evaluations: Int
        package var best: Double?
        package var evaluationsPerSecond: Double
    }

    package struct Result: Sendable {
        package var evaluations: [Evaluation]
        package var best: Evaluation?
        package var recommended: RiskConfiguration?
        package var tuningSeeds: [UInt64]
        package var holdoutSeeds: [UInt64]
        package var tuning: PairedComparison?
        package var holdout: PairedComparison?
        /// Constraints the recommendation misses on the held-out seeds.
        package var holdoutFailures: [String]
        package var stopReason: String?
        package var searchSeconds: Double
        package var gemmSeconds: Double
        package var scoringSeconds: Double
        package var productionValues: [Double]
    }

    package let space: TuneSpace
    package let objective: TuneObjective
    package let settings: Settings
    package let tuningRuns: RunSet
    package let holdoutRuns: RunSet?
    let production: RiskConfiguration

    /// - Throws: ``InputError`` when the seeds cannot be split or the budget
    ///   is too small for the optimiser.
    package init(runs: RunSet, space: TuneSpace, objective: TuneObjective, settings: Settings) throws {
        let ordered = runs.runs.sorted { $0.seed < $1.seed }
        guard Set(ordered.map(\.seed)).count == ordered.count else {
            throw InputError(file: "<argument>", field: "RUN_DIR", problem: "two runs have the same seed; give each seed once")
        }
        guard settings.holdoutSeeds >= 0, settings.holdoutSeeds < ordered.count else {
            throw InputError(
                file: "<argument>", field: "--holdout-seeds",
                problem: "is \(settings.holdoutSeeds); with \(ordered.count) run(s) at most \(ordered.count - 1) can be held out")
        }
        let split = ordered.count - settings.holdoutSeeds
        tuningRuns = try RunSet(runs: Array(ordered[..<split]), options: runs.options)
        holdoutRuns = settings.holdoutSeeds == 0 ? nil : try RunSet(runs: Array(ordered[split...]), options: runs.options)
        let lambda = settings.populationSize ?? CMAES.defaultPopulationSize(dimensions: space.parameters.count)
        if settings.search == .cmaes, settings.budget < 2 * lambda {
            throw InputError(
                file: "<argument>", field: "--budget",
                problem:
                    "is \(settings.budget); CMA-ES with a population of \(lambda) needs at least two generations (\(2 * lambda) configurations)"
            )
        }
        self.space = space
        self.objective = objective
        self.settings = settings
        production = runs.production
    }

    /// Runs the search and the summaries; `progress` after every generation.
    package func run(workers: Int, progress: (Progress) -> Void) throws -> Result {
        let clock = ContinuousClock()
        let started = clock.now
        let statistics = ConfigurationStatistics(runs: tuningRuns)
        let metrics = objective.metrics
        let labels = Set(metrics.compactMap(\.label))
        let needsField = metrics.contains { $0.label == nil }
        var gemm = 0.0
        var scoring = 0.0
        let productionStats = try statistics.statistics([production], labels: labels, workers: workers)[0]
        let productionPooled = productionStats.reduce(RunStatistics(), +)
        let productionValues = metrics.map { productionPooled.value($0) }
        let robust = RobustObjective(runs: tuningRuns.runs, metric: objective.metric, maximize: objective.maximize, seed: settings.seed)

        var evaluations: [Evaluation] = []
        var best: Evaluation?
        /// Scores a generation's points; returns their fitness.
        func evaluate(_ points: [[Double]], generation: Int) throws -> [Double] {
            var configurations: [RiskConfiguration] = []
            var slots: [Int?] = []
            var rejections: [String?] = []
            for (i, point) in points.enumerated() {
                switch space.configuration(at: point, name: "\(production.name) tune g\(generation) #\(i + 1)") {
                case .success(let configuration):
                    slots.append(configurations.count)
                    configurations.append(configuration)
                    rejections.append(nil)
                case .failure(let error):
                    slots.append(nil)
                    rejections.append(error.problem)
                }
            }
            let scoringStart = clock.now
            let warned = try statistics.warnings(configurations, workers: workers, gemmSeconds: &gemm)
            scoring += (clock.now - scoringStart).inSeconds
            let stats = statistics.statistics(warnings: warned, labels: labels, fieldOutcomes: needsField)
            var fitness: [Double] = []
            for (i, point) in points.enumerated() {
                var evaluation = Evaluation(
                    index: evaluations.count + 1, generation: generation, values: space.values(at: point), objective: .nan,
                    constraintValues: [], feasible: false, rejection: rejections[i], fitness: .infinity)
                if let slot = slots[i] {
                    let pooled = stats[slot].reduce(RunStatistics(), +)
                    let value = settings.robust == .lower ? robust.pessimistic(stats[slot]) : pooled.value(objective.metric)
                    var violation = 0.0
                    for constraint in objective.constraints {
                        let v = pooled.value(constraint.metric)
                        evaluation.constraintValues.append(v)
                        let p = productionValues[metrics.firstIndex(of: constraint.metric)!]
                        violation += constraint.violation(v, production: p) / max(abs(p), 1e-9)
                    }
                    evaluation.objective = value
                    evaluation.feasible = violation == 0 && value.isFinite
                    if value.isFinite {
                        // Metrics are bounded far below 1e9: every feasible point ranks before every infeasible one.
                        evaluation.fitness = violation == 0 ? (objective.maximize ? -value : value) : 1e9 + violation
                    }
                }
                if evaluation.feasible, best == nil || evaluation.fitness < best!.fitness { best = evaluation }
                evaluations.append(evaluation)
                fitness.append(evaluation.fitness)
            }
            let seconds = (clock.now - started).inSeconds
            progress(
                Progress(
                    generation: generation, evaluations: evaluations.count, best: best?.objective,
                    evaluationsPerSecond: seconds > 0 ? Double(evaluations.count) / seconds : 0))
            return fitness
        }

        var stopReason: String?
        let bounds = space.parameters.map(\.bounds)
        switch settings.search {
        case .cmaes:
            // IPOP restarts (A. Auger and N. Hansen, "A restart CMA evolution strategy with increasing population
            // size", IEEE CEC 2005): when a run stops with budget left, start again from a uniform random point of
            // the box with twice the population, until the budget cannot pay for two more generations.
            var lambda = settings.populationSize ?? CMAES.defaultPopulationSize(dimensions: space.parameters.count)
            var mean = try space.basePoint()
            var cmaSeed = settings.seed
            var generation = 0
            var reasons: [String] = []
            for restart in 0... {
                var optimizer = CMAES(
                    mean: mean, sigma: 0.3, lower: bounds.map(\.lowerBound), upper: bounds.map(\.upperBound),
                    integer: space.parameters.map(\.isInteger), seed: cmaSeed, populationSize: lambda)
                while evaluations.count + optimizer.populationSize <= settings.budget, optimizer.stopReason == nil {
                    generation += 1
                    optimizer.tell(try evaluate(optimizer.ask(), generation: generation))
                }
                guard let reason = optimizer.stopReason else {
                    reasons.append("run \(restart + 1) (population \(lambda)): budget of \(settings.budget) configurations spent")
                    break
                }
                reasons.append("run \(restart + 1) (population \(lambda)): \(reason)")
                lambda *= 2
                guard evaluations.count + 2 * lambda <= settings.budget else {
                    reasons.append(
                        "the \(settings.budget - evaluations.count) configurations left cannot pay for two generations of \(lambda)")
                    break
                }
                var stream = RandomStream(seed: settings.seed, subsystem: StreamName.tuneRestart, entity: UInt64(restart + 1))
                cmaSeed = stream.next()
                mean = bounds.map { $0.lowerBound + stream.nextUnitDouble() * ($0.upperBound - $0.lowerBound) }
            }
            stopReason = reasons.joined(separator: "; ")
        case .latinHypercube:
            var spec = SweepSpecification(
                file: space.file, method: .latinHypercube,
                parameters: space.parameters.map { SweepSpecification.Parameter(name: $0.name, domain: $0.domain) },
                samples: settings.budget, seed: settings.seed, configurationFiles: [], labels: tuningRuns.options,
                bootstrap: settings.bootstrap)
            spec.scenarioFields = []
            let points = SweepPlan.points(spec).map { values in zip(space.parameters, values).map { $0.coordinate(of: $1) } }
            let batch = 250
            for start in stride(from: 0, to: points.count, by: batch) {
                _ = try evaluate(Array(points[start..<min(start + batch, points.count)]), generation: start / batch + 1)
            }
            stopReason = "Latin hypercube of \(settings.budget) configurations"
        }
        let searchSeconds = (clock.now - started).inSeconds

        var result = Result(
            evaluations: evaluations, best: best, recommended: nil, tuningSeeds: tuningRuns.runs.map(\.seed),
            holdoutSeeds: holdoutRuns?.runs.map(\.seed) ?? [], tuning: nil, holdout: nil, holdoutFailures: [], stopReason: stopReason,
            searchSeconds: searchSeconds, gemmSeconds: gemm, scoringSeconds: scoring, productionValues: productionValues)
        guard let best else { return result }
        let point = zip(space.parameters, best.values).map { $0.coordinate(of: $1) }
        guard case .success(var recommended) = space.configuration(at: point, name: "") else { return result }
        recommended = RiskConfiguration(
            name: "WarnSim tune recommendation (\(objective.maximize ? "max" : "min") \(objective.metric))",
            source: "warnsim tune on seeds \(result.tuningSeeds.map(String.init).joined(separator: ",")) of \(production.name)",
            scheme: recommended.scheme)
        result.recommended = recommended
        let reported = Self.reportedMetrics(objective)
        result.tuning = try PairedComparison.compare(
            runs: tuningRuns, a: production, b: recommended, metrics: reported, resamples: settings.bootstrap, seed: settings.seed,
            workers: workers)
        if let holdoutRuns {
            let holdout = try PairedComparison.compare(
                runs: holdoutRuns, a: production, b: recommended, metrics: reported, resamples: settings.bootstrap, seed: settings.seed,
                workers: workers)
            result.holdout = holdout
            for constraint in objective.constraints {
                let row = holdout.rows.first { $0.metric == constraint.metric }!
                let miss = constraint.violation(row.b, production: row.a)
                if miss > 0 || !row.b.isFinite {
                    result.holdoutFailures.append(
                        "\(constraint.description): recommendation \(MetricsCSV.fixed(row.b, 4)) against production \(MetricsCSV.fixed(row.a, 4)) on the held-out seeds"
                    )
                }
            }
        }
        return result
    }

    /// The metrics the summaries report: the objective and constraints first,
    /// then every metric of their labels and the field outcomes.
    static func reportedMetrics(_ objective: TuneObjective) -> [MetricName] {
        var out = objective.metrics
        var labels: [GroundTruthLabel] = []
        for m in out { if let l = m.label, !labels.contains(l) { labels.append(l) } }
        if !labels.contains(.detectable) { labels.append(.detectable) }
        for m in PairedComparison.metrics(labels: labels) where !out.contains(m) { out.append(m) }
        return out
    }
}

/// The pessimistic end of a metric's 95 % seed-bootstrap interval over the
/// tuning runs (the lower end when maximising), and over several radio
/// variants, the worst variant's: what `--robust lower` optimises.
struct RobustObjective: Sendable {
    let metric: MetricName
    let maximize: Bool
    /// Per radio variant: the resamples, each a list of run indices.
    let draws: [[[Int]]]
    static let resamples = 200

    init(runs: [RecordedRun], metric: MetricName, maximize: Bool, seed: UInt64) {
        self.metric = metric
        self.maximize = maximize
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (i, run) in runs.enumerated() {
            let key = run.radioParameters?.digest ?? ""
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(i)
        }
        var stream = RandomStream(seed: seed, subsystem: StreamName.pairedBootstrap, entity: 1)
        draws = order.map { key in
            let members = groups[key]!
            return (0..<Self.resamples).map { _ in members.map { _ in members[Int(stream.next() % UInt64(members.count))] } }
        }
    }

    func pessimistic(_ perRun: [RunStatistics]) -> Double {
        var worst = maximize ? Double.infinity : -Double.infinity
        for variant in draws {
            let values = variant.map { draw in draw.reduce(RunStatistics()) { $0 + perRun[$1] }.value(metric) }
            let interval = BootstrapInterval.percentile(values)
            let bound = maximize ? interval.lower : interval.upper
            guard bound.isFinite else { return .nan }
            worst = maximize ? min(worst, bound) : max(worst, bound)
        }
        return worst
    }
}
