import WarnSimCore

extension EpidemiologyConfig {
    /// The `epidemiology:` keys; every one is required, so that each scenario
    /// states the value and its source (the sources name what the shipped scenarios state).
    package enum Fields {
        /// `beta_per_minute`.
        package static let beta = ScenarioField(
            "beta_per_minute", .real(0...1), unit: "per minute of unit dose",
            meaning: "β in P = 1 − exp(−β · Σ minutes · f_dist(d) · f_inf(τ))",
            source:
                "0.000115: calibrated to the household secondary attack rate of 16.6 % (95 % CI 14.0–19.3 %; Madewell et al. 2020, JAMA Netw Open 3(12):e2031756); Calibrating β below"
        )
        /// `distance_model`.
        package static let distanceModel = ScenarioField(
            "distance_model", .choice(DistanceDoseModel.allCases.map(\.rawValue)),
            meaning: "how the dose of one minute falls with distance",
            source:
                "sigmoid: 1 − 1/(1 + exp(−1.5·d + 1.5·4.4)) (Cencetti et al., default of Google's ENS simulator); quadratic: min(1, 1/d²) (Briers et al., arXiv:2005.11057)"
        )
        /// `infectiousness_model`.
        package static let infectiousnessModel = ScenarioField(
            "infectiousness_model", .choice(InfectiousnessModel.allCases.map(\.rawValue)),
            meaning: "relative infectiousness by days since the index case's symptom onset",
            source:
                "gaussian (Briers et al. 2020), covidwatch (Wilson et al. 2021, Risk Analysis, doi:10.1111/risa.13768) or cwa (TRL by days since onset, cwa-documentation transmission_risk.Rmd)"
        )
        /// `infectious_from_days`.
        package static let infectiousFrom = ScenarioField(
            "infectious_from_days", .real(-20...0), unit: "days relative to symptom onset",
            meaning: "start of the infectious window",
            source: "−5: corona-warn-app/cwa-documentation transmission_risk.Rmd (after He et al. 2020, Nat Med)")
        /// `infectious_until_days`.
        package static let infectiousUntil = ScenarioField(
            "infectious_until_days", .real(0...30), unit: "days relative to symptom onset", meaning: "end of the infectious window",
            source: "8: corona-warn-app/cwa-documentation transmission_risk.Rmd (after He et al. 2020, Nat Med)")
        /// `incubation_lognormal`.
        package static let incubation = ScenarioField(
            "incubation_lognormal", .structured("mapping of mu and sigma"), meaning: "the log-normal incubation period")
        /// `incubation_lognormal.mu`.
        package static let incubationMu = ScenarioField(
            "incubation_lognormal.mu", .real(-5...5), unit: "log days", meaning: "μ of the log-normal incubation period",
            source: "1.621: Lauer et al. 2020, Ann Intern Med 172:577 (median ≈ 5.1 days)")
        /// `incubation_lognormal.sigma`.
        package static let incubationSigma = ScenarioField(
            "incubation_lognormal.sigma", .real(0...5), unit: "log days", meaning: "σ of the log-normal incubation period",
            source: "0.418: Lauer et al. 2020, Ann Intern Med 172:577")
        /// `asymptomatic_share`.
        package static let asymptomaticShare = ScenarioField(
            "asymptomatic_share", .real(0...1), unit: "share", meaning: "share of infections that never develop symptoms",
            source: "0.20: Buitrago-Garcia et al. 2020, PLoS Med 17(9):e1003346")
        /// `asymptomatic_relative_infectiousness`.
        package static let asymptomaticRelativeInfectiousness = ScenarioField(
            "asymptomatic_relative_infectiousness", .real(0...1), unit: "ratio",
            meaning: "infectiousness of an asymptomatic case relative to a symptomatic one",
            source: "0.33: OpenABM-Covid19 parameter asymptomatic_infectious_factor (BDI-pathogens/OpenABM-Covid19)")
        /// `initial_infections`.
        package static let initialInfections = ScenarioField(
            "initial_infections", .integer(0...10_000_000), unit: "people",
            meaning: "infections seeded on day 0 (at most population.people)",
            source: "2 per 1,000 (town 20, city 200); the village 100, so that the tests' short runs see warnings")
        /// `seed_onset_within_days`.
        package static let seedOnsetWithinDays = ScenarioField(
            "seed_onset_within_days", .real(0...30), unit: "days",
            meaning: "the seeded cases' symptom onsets fall uniformly within this many days",
            source: "5: one generation (mean generation time 4.9 days)")
    }

    /// The `epidemiology:` section's fields.
    package static let fieldTable = ScenarioFieldTable(
        section: "epidemiology",
        fields: [
            Fields.beta, Fields.distanceModel, Fields.infectiousnessModel, Fields.infectiousFrom, Fields.infectiousUntil, Fields.incubation,
            Fields.incubationMu, Fields.incubationSigma, Fields.asymptomaticShare, Fields.asymptomaticRelativeInfectiousness,
            Fields.initialInfections, Fields.seedOnsetWithinDays,
        ])
}
