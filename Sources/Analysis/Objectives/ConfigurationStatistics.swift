import RiskCalculation
import WarnSimCore

/// Scores many risk configurations on a set of recorded runs at once (one
/// BLAS batch per run and platform, through ``WarningScorer``) and returns,
/// per configuration, each run's ``RunStatistics``: what `tune`, `compare`
/// and `sensitivity` compute every metric from.
package struct ConfigurationStatistics: Sendable {
    package let runs: RunSet
    let scorers: [WarningScorer]
    let field: FieldOutcomeCalculator
    let timelyWithin: Int64

    package init(runs: RunSet) {
        self.runs = runs
        scorers = runs.runs.map { WarningScorer(run: $0) }
        field = FieldOutcomeCalculator(runs: runs)
        timelyWithin = Int64(runs.options.warnedWithinDays * 86_400)
    }

    /// `result[configuration][run]`: the statistics of each run under each configuration.
    package func statistics(
        _ configurations: [RiskConfiguration], labels: Set<GroundTruthLabel> = Set(GroundTruthLabel.allCases), workers: Int
    ) throws -> [[RunStatistics]] {
        statistics(warnings: try warnings(configurations, workers: workers), labels: labels)
    }

    /// The statistics of configurations whose warnings (``warnings(_:workers:)``) are known.
    /// Without `fieldOutcomes`, the field tallies hold only the uploaders (the
    /// label metrics do not need them, and they cost a pass over every warned
    /// phone's windows).
    package func statistics(
        warnings: [[[Int64?]]], labels: Set<GroundTruthLabel> = Set(GroundTruthLabel.allCases), fieldOutcomes: Bool = true
    ) -> [[RunStatistics]] {
        warnings.map { warned in
            let tallies = fieldOutcomes ? field.tallies(warnedAt: warned) : field.tallies(warnedAt: warned.map { $0.map { _ in nil } })
            return runs.labels.indices.map { r in
                RunStatistics(
                    labels: runs.labels[r], warnedAt: warned[r], field: tallies[r], timelyWithin: timelyWithin, wanted: labels)
            }
        }
    }

    /// The per-phone warnings of each configuration (`[configuration][run][slot]`).
    package func warnings(_ configurations: [RiskConfiguration], workers: Int) throws -> [[[Int64?]]] {
        var gemm = 0.0
        return try warnings(configurations, workers: workers, gemmSeconds: &gemm)
    }

    /// ``warnings(_:workers:)``, adding the worker-seconds spent in BLAS to `gemmSeconds`.
    package func warnings(_ configurations: [RiskConfiguration], workers: Int, gemmSeconds: inout Double) throws -> [[[Int64?]]] {
        var warned: [[[Int64?]]] = []
        for scorer in scorers {
            warned.append(try scorer.warnedAt(configurations: configurations, workers: workers, gemmSeconds: &gemmSeconds))
        }
        return configurations.indices.map { c in warned.map { $0[c] } }
    }
}
