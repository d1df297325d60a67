import ExposureNotification
import RiskCalculation
import WarnSimCore

/// One configuration's verdicts on every case of a replay data set.
package struct ReplayEvaluation: Sendable {
    /// The configuration's file, as given.
    package var configurationPath: String
    package var configuration: RiskConfiguration
    /// One outcome per case, in the data set's order.
    package var outcomes: [Outcome]
    package var rates: BinaryRates

    /// What the configuration made of one case.
    package struct Outcome: Sendable {
        /// HIGH (warned) or LOW.
        package var level: RiskLevel
        /// CWA v2: the highest day's normalized time (0 without kept windows);
        /// CWA 2020: the combined risk score; Immuni: the maximum risk score.
        package var score: Double
    }

    /// Scores every case under one configuration.
    ///
    /// - Parameters:
    ///   - dataset: the cases.
    ///   - configuration: the risk configuration.
    ///   - path: its file, for the reports.
    ///   - platform: the app (and, for ENF v1, framework) variant.
    /// - Returns: the verdicts and the confusion matrix with its rates.
    /// - Throws: `RiskCalculationError` when the Android variant rejects a window.
    package static func evaluate(
        _ dataset: ReplayDataset, configuration: RiskConfiguration, path: String, platform: RiskPlatform
    ) throws
        -> ReplayEvaluation
    {
        var outcomes: [Outcome] = []
        var matrix = ConfusionMatrix()
        for (index, item) in dataset.cases.enumerated() {
            let score = try Scorer.score(
                WindowCase(description: item.identifiers.joined(separator: " "), windows: item.windows, expected: nil), index: index,
                configuration: configuration, platform: platform, referenceDay: item.referenceDay)
            let value: Double
            switch score.detail {
            case .cwa(let result): value = result.days.map(\.normalizedTime).max() ?? 0
            case .enfV1(let result): value = result.combinedRiskScore ?? Double(result.maximumRiskScore)
            }
            let level = score.outcome.totalRiskLevel
            outcomes.append(Outcome(level: level, score: value))
            matrix.add(warned: level == .high, atRisk: item.atRisk)
        }
        return ReplayEvaluation(configurationPath: path, configuration: configuration, outcomes: outcomes, rates: BinaryRates(matrix))
    }
}
