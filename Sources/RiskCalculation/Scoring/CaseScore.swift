import ExposureNotification

/// The score of one case (one phone's windows) under one configuration, in the
/// fields of the test vectors; what `warnsim score` prints.
public struct CaseScore: Sendable {
    public var index: Int
    public var description: String
    /// The UTC day number ages count back from.
    public var referenceDay: Int
    /// The results in the `exp*` fields' terms. For the ENF v1 schemes only the
    /// total risk level is defined; the other fields are `nil`.
    public var outcome: ScoreOutcome
    /// The scheme's full result, for explanations.
    public var detail: Detail
    /// CWA v2: each weight entry as "range × weight", for explanations.
    public var weightLabels: [String] = []

    public enum Detail: Sendable {
        case cwa(RiskResult)
        case enfV1(ENFv1Result)
    }
}

/// A case's results in the test vectors' terms (ages in days).
public struct ScoreOutcome: Hashable, Sendable {
    public var totalRiskLevel: RiskLevel
    public var ageOfMostRecentDateWithLowRisk: Int?
    public var ageOfMostRecentDateWithHighRisk: Int?
    public var numberOfDaysWithLowRisk: Int?
    public var numberOfDaysWithHighRisk: Int?
    public var totalMinimumDistinctEncountersWithLowRisk: Int?
    public var totalMinimumDistinctEncountersWithHighRisk: Int?
}

/// Scores window files under a configuration.
public enum Scorer {
    /// Scores every case of `file` under `configuration` on `platform`.
    ///
    /// - Parameters:
    ///   - file: the window file; its reference day dates the windows.
    ///   - configuration: the configuration of any scheme.
    ///   - platform: the CWA v2 variant; for the ENF v1 schemes, whose framework
    ///     reported the exposures (``ENFv1Engine``).
    /// - Returns: one score per case, in file order.
    /// - Throws: `RiskCalculationError` when the Android variant rejects a window.
    public static func score(_ file: WindowFile, configuration: RiskConfiguration, platform: RiskPlatform) throws -> [CaseScore] {
        try file.cases.enumerated().map { index, item in
            try score(item, index: index, configuration: configuration, platform: platform, referenceDay: file.referenceDay)
        }
    }

    /// Scores one case.
    ///
    /// - Parameters:
    ///   - item: the case.
    ///   - index: the case's position in its file, reported with the score.
    ///   - configuration: the configuration of any scheme.
    ///   - platform: the CWA v2 variant; for the ENF v1 schemes, whose framework
    ///     reported the exposures (``ENFv1Engine``).
    ///   - referenceDay: the UTC day number of "today".
    /// - Returns: the case's outcome, with the per-window details for CWA v2.
    /// - Throws: `RiskCalculationError` when the Android variant rejects a window.
    public static func score(
        _ item: WindowCase, index: Int, configuration: RiskConfiguration, platform: RiskPlatform, referenceDay: Int
    ) throws -> CaseScore {
        switch configuration.scheme {
        case .cwaExposureWindows(let parameters):
            let result = try CWARiskEngine(parameters: parameters, platform: platform).calculate(item.windows, referenceDay: referenceDay)
            let expected = ExpectedRisk(result, referenceDay: referenceDay)
            return CaseScore(
                index: index, description: item.description, referenceDay: referenceDay,
                outcome: ScoreOutcome(
                    totalRiskLevel: expected.totalRiskLevel,
                    ageOfMostRecentDateWithLowRisk: expected.ageOfMostRecentDateWithLowRisk,
                    ageOfMostRecentDateWithHighRisk: expected.ageOfMostRecentDateWithHighRisk,
                    numberOfDaysWithLowRisk: expected.numberOfDaysWithLowRisk,
                    numberOfDaysWithHighRisk: expected.numberOfDaysWithHighRisk,
                    totalMinimumDistinctEncountersWithLowRisk: expected.totalMinimumDistinctEncountersWithLowRisk,
                    totalMinimumDistinctEncountersWithHighRisk: expected.totalMinimumDistinctEncountersWithHighRisk
                ),
                detail: .cwa(result),
                weightLabels: parameters.minutesAtAttenuationWeights.map { "\($0.attenuationRange) dB × \(NumberText.format($0.weight))" }
            )
        case .cwa2020(let parameters):
            return v1(
                item, index: index, referenceDay: referenceDay,
                ENFv1Engine.cwa2020(item.windows, parameters: parameters, referenceDay: referenceDay, platform: platform))
        case .immuni(let parameters):
            return v1(
                item, index: index, referenceDay: referenceDay,
                ENFv1Engine.immuni(item.windows, parameters: parameters, referenceDay: referenceDay, platform: platform))
        }
    }

    private static func v1(_ item: WindowCase, index: Int, referenceDay: Int, _ result: ENFv1Result) -> CaseScore {
        CaseScore(
            index: index, description: item.description, referenceDay: referenceDay,
            outcome: ScoreOutcome(totalRiskLevel: result.totalRiskLevel),
            detail: .enfV1(result)
        )
    }
}

extension ScoreOutcome {
    /// An outcome with only the total level (ENF v1 schemes).
    ///
    /// - Parameter totalRiskLevel: the total level; every other field is `nil`.
    public init(totalRiskLevel: RiskLevel) {
        self.init(
            totalRiskLevel: totalRiskLevel, ageOfMostRecentDateWithLowRisk: nil, ageOfMostRecentDateWithHighRisk: nil,
            numberOfDaysWithLowRisk: nil, numberOfDaysWithHighRisk: nil,
            totalMinimumDistinctEncountersWithLowRisk: nil, totalMinimumDistinctEncountersWithHighRisk: nil
        )
    }
}
