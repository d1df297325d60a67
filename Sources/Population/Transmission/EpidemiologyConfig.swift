import Foundation
import WarnSimCore

/// How the dose of one minute falls with distance (the options of Google's ENS
/// risk simulator, google-research/agent-based-epidemic-sim `ens_simulator.py`).
package enum DistanceDoseModel: String, Sendable, CaseIterable {
    /// 1 − 1/(1 + exp(−1.5·d + 1.5·4.4)) (Cencetti et al.; Google ENS simulator default).
    case sigmoid
    /// min(1, d_min²/d²) with d_min = 1 m (Briers et al., arXiv 2005.11057).
    case quadratic

    /// The relative dose of one minute at `distance` metres.
    @inlinable
    package func weight(distance: Float) -> Float {
        switch self {
        case .sigmoid:
            return 1 - 1 / (1 + expf(-1.5 * distance + 1.5 * 4.4))
        case .quadratic:
            return min(1, 1 / max(distance * distance, 1e-6))
        }
    }
}

/// Relative infectiousness by days since the index case's symptom onset τ
/// (Briers et al. 2020; Wilson et al. 2021; cwa-documentation `transmission_risk.Rmd`),
/// scaled so that the peak is 1.
package enum InfectiousnessModel: String, Sendable, CaseIterable {
    /// Gaussian in τ with μ = −0.3, s = 2.75 (Briers et al.; Google ENS simulator option).
    case gaussian
    /// Covid Watch Arizona levels for τ = −5…+9 (1,3,4,5,6,6,6,6,5,4,3,2,2,1,1) with
    /// level values 10, 21.5, 31.6, 46.4, 68.1, 100 (Wilson et al. 2021).
    case covidwatch
    /// CWA's transmission risk level by days since onset (cwa-documentation
    /// transmission_risk.Rmd, after He et al. 2020), TRL / 8.
    case cwa

    /// Relative infectiousness at τ days since onset (0 outside the infectious window).
    package func weight(daysSinceOnset tau: Double, window: ClosedRange<Double>) -> Double {
        guard window.contains(tau) else { return 0 }
        switch self {
        case .gaussian:
            let z = (tau + 0.3) / 2.75
            return Foundation.exp(-0.5 * z * z)
        case .covidwatch:
            let levels = [1, 3, 4, 5, 6, 6, 6, 6, 5, 4, 3, 2, 2, 1, 1]
            let values = [10.0, 21.5, 31.6, 46.4, 68.1, 100.0]
            let day = Int(tau.rounded(.down))
            guard day >= -5, day <= 9 else { return 0 }
            return values[levels[day + 5] - 1] / 100
        case .cwa:
            let day = Int(tau.rounded(.down))
            let trl: Int =
                switch day {
                case -1, 0, 1: 8
                case -2: 7
                case -3, 2: 6
                case 3: 5
                case -4: 4
                case 4: 3
                case -5, 5, 6: 2
                default: 1
                }
            return Double(trl) / 8
        }
    }
}

/// The transmission and disease-course parameters of a scenario (`epidemiology:`).
package struct EpidemiologyConfig: Sendable, Equatable {
    /// β in P = 1 − exp(−β · Σ minutes · f_dist(d) · f_inf(τ)), per minute of unit dose.
    package var beta: Double
    package var distanceModel: DistanceDoseModel
    package var infectiousnessModel: InfectiousnessModel
    /// Days relative to symptom onset during which a case is infectious.
    package var infectiousFrom: Double
    package var infectiousUntil: Double
    /// Incubation period: log-normal with these parameters (days).
    package var incubationLogMean: Double
    package var incubationLogSD: Double
    /// Share of infections that never develop symptoms.
    package var asymptomaticShare: Double
    /// Infectiousness of an asymptomatic case relative to a symptomatic one.
    package var asymptomaticRelativeInfectiousness: Double
    /// Infections seeded on day 0, with onset uniformly within the next
    /// `seedOnsetWithinDays` days.
    package var initialInfections: Int
    package var seedOnsetWithinDays: Double

    package var infectiousWindow: ClosedRange<Double> { infectiousFrom...infectiousUntil }

    /// Reads `epidemiology:` through its declarations (``fieldTable``).
    package static func parse(_ s: DocumentSection) throws -> EpidemiologyConfig {
        let distance = try s.string(Fields.distanceModel)
        let infectiousness = try s.string(Fields.infectiousnessModel)
        let incubation = try s.section(Fields.incubation)
        let config = EpidemiologyConfig(
            beta: try s.double(Fields.beta),
            distanceModel: DistanceDoseModel(rawValue: distance)!,
            infectiousnessModel: InfectiousnessModel(rawValue: infectiousness)!,
            infectiousFrom: try s.double(Fields.infectiousFrom),
            infectiousUntil: try s.double(Fields.infectiousUntil),
            incubationLogMean: try incubation.double(Fields.incubationMu),
            incubationLogSD: try incubation.double(Fields.incubationSigma),
            asymptomaticShare: try s.double(Fields.asymptomaticShare),
            asymptomaticRelativeInfectiousness: try s.double(Fields.asymptomaticRelativeInfectiousness),
            initialInfections: try s.int(Fields.initialInfections),
            seedOnsetWithinDays: try s.double(Fields.seedOnsetWithinDays))
        try incubation.finish()
        try s.finish()
        return config
    }
}
