import Foundation

/// Everything `warnsim evaluate` computes on an ensemble of recorded runs with
/// the configuration the phones ran (production), in one place, so the
/// command's files and text and the HTML report read the same numbers.
package struct EnsembleEvaluation: Sendable {
    /// The runs with their ground-truth labels.
    package let runs: RunSet
    /// Precision, recall and their intervals, per label.
    package let metrics: [GroundTruthLabel: LabelMetrics]
    /// Warnings per uploader, the warned who later tested positive, delays.
    package let outcomes: FieldOutcomes
    /// The encounter-level counts (a phone × an uploader's key-day).
    package let encounters: EncounterOutcomes
    /// Which settings the warnings came from.
    package let sources: WarningSources
    /// Infections averted against the counterfactuals, quarantine person-days.
    package let loop: LoopOutcomes
    /// Precision and recall per radio channel the runs were simulated under.
    package let radio: [RadioEnsemble.Row]

    /// Evaluates `runs` with the warnings they recorded.
    ///
    /// - Parameters:
    ///   - runs: The recorded runs, of one scenario and configuration.
    ///   - resamples: Bootstrap resamples of every interval.
    ///   - seed: The seed of the bootstrap streams.
    ///   - workers: Threads of the encounter-level scorer.
    /// - Throws: ``InputError`` when the runs' configuration cannot be scored.
    package init(runs: RunSet, resamples: Int, seed: UInt64, workers: Int) throws {
        self.runs = runs
        let options = runs.options
        let warned = runs.recordedWarnings
        let evaluator = Evaluator(labels: runs.labels, options: options, resamples: resamples, seed: seed, radioGroups: runs.radioGroups)
        metrics = evaluator.evaluate(warnedAt: warned)
        let field = FieldOutcomeCalculator(runs: runs)
        outcomes = field.outcomes(warnedAt: warned)
        encounters = try EncounterScorer(runs: runs.runs, options: options).outcomes(
            configurations: [runs.production], workers: workers)[0]
        sources = WarningSources(runs: runs, warnedAt: warned)
        loop = LoopOutcomes(runs: runs.runs, resamples: resamples, seed: seed)
        radio = RadioEnsemble(runs: runs.runs).rows(
            labels: runs.labels, warnedAt: warned, field: field.tallies(warnedAt: warned), resamples: resamples, seed: seed)
    }

    /// `metrics.csv`: one row, `production`.
    package var metricsCSV: String {
        let primary = runs.options.primary
        return MetricsCSV.header(parameters: [], primary: primary)
            + MetricsCSV.row(
                id: "production", parameters: [], metrics: metrics, outcomes: outcomes, encounters: encounters, primary: primary)
    }

    /// What `evaluate` prints.
    package var text: String {
        let primary = runs.options.primary
        return EvaluationSummary.text(
            metrics: metrics, outcomes: outcomes, primary: primary, configuration: runs.production.name, runs: runs.runs.count)
            + encounters.summaryLine(options: runs.options) + sources.text + loop.text + RadioEnsemble.text(radio, primary: primary)
    }
}
