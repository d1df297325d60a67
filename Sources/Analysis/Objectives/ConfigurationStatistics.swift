import RiskCalculation
import WarnSimCore

/// Scores many risk configurations on a set of recorded runs at once (one
/// BLAS batch per run and platform, through ``WarningScorer``) and returns,
/// per configuration, each run's ``RunStatistics``: what `tune`, `compare`
/// and `sensitivity` compute every metric from.
public struct ConfigurationStatistics: Sendable {
    public let runs: RunSet
    let scorers: [WarningScorer]
    let field: FieldOutcomeCalculator
    let timelyWithin: Int64

    public init(runs: RunSet) {
        self.runs = runs
        scorers = runs.runs.map { WarningScorer(run: $0) }
        field = FieldOutcomeCalculator(runs: runs)
        timelyWithin = Int64(runs.options.warnedWithinDays * 86_400)
    }

    /// `result[configuration][run]`: the statistics of each run under each configuration.
    public func statistics(
        _ configurations: [RiskConfiguration], labels: Set<GroundTruthLabel> = Set(GroundTruthLabel.allCases), workers: Int
    ) throws -> [[RunStatistics]] {
        statistics(warnings: try warnings(configurations, workers: workers), labels: labels)
    }

    /// The statistics of configurations whose warnings (``warnings(_:workers:)``) are known.
    public func statistics(
        warnings: [[[Int64?]]], labels: Set<GroundTruthLabel> = Set(GroundTruthLabel.allCases)
    ) -> [[RunStatistics]] {
        warnings.map { warned in
            let tallies = field.tallies(warnedAt: warned)
            return runs.labels.indices.map { r in
                RunStatistics(
                    labels: runs.labels[r], warnedAt: warned[r], field: tallies[r], timelyWithin: timelyWithin, wanted: labels)
            }
        }
    }

    /// The per-phone warnings of each configuration (`[configuration][run][slot]`).
    public func warnings(_ configurations: [RiskConfiguration], workers: Int) throws -> [[[Int64?]]] {
        let warned = try scorers.map { try $0.warnedAt(configurations: configurations, workers: workers) }
        return configurations.indices.map { c in warned.map { $0[c] } }
    }
}
