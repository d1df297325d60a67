import WarnSimCore

extension TestingConfig {
    /// The `testing:` keys, each with its cited default (``fieldTable``).
    package enum Fields {
        /// `symptomatic_test_probability`.
        package static let symptomaticTestProbability = ScenarioField(
            "symptomatic_test_probability", .real(0...1), .defaulted(.real(0.6)), unit: "share",
            meaning: "share of symptomatic infected people who get a PCR test",
            source:
                "no German figure for 2021 was found; Forsa for Techniker Krankenkasse reported 62 % of people with typical symptoms testing at least once (a later year), while UK and Norwegian surveys of 2020–21 found 18–45 %"
        )
        /// `symptom_to_test_hours`.
        package static let symptomToTestHours = ScenarioField(
            "symptom_to_test_hours", .real(0...720), .defaulted(.real(89)), unit: "h",
            meaning: "hours from symptom onset to the test",
            source:
                "Bi et al. 2020, Lancet Infect Dis, doi:10.1016/S1473-3099(20)30287-5: median 4.6 days from onset to PCR confirmation, less the lab delay"
        )
        /// `lab_delay_hours`.
        package static let labDelayHours = ScenarioField(
            "lab_delay_hours", .real(0...720), .defaulted(.real(21)), unit: "h (mean of an exponential delay)",
            meaning: "hours from the test to the lab's result",
            source: "CWA science blog SB04 (15 Oct 2021) §6.1: PCR results reach the app on average 21 h after registration (median 12 h)")
        /// `background_tests_per_person_day`.
        package static let backgroundTestsPerPersonDay = ScenarioField(
            "background_tests_per_person_day", .real(0...1), .defaulted(.real(0.0018)), unit: "per person-day",
            meaning:
                "tests taken for other reasons (other respiratory illness, screening, contacts outside the app): the NEGATIVE results among the uninfected, and some positives among infected people without symptoms",
            source:
                "ALM week 17/2021: about 1.19 million PCR tests with 11.7 % positive, i.e. about 1.05 million negative tests a week among 83.2 million people (Destatis)"
        )
        /// `false_negative_by_day`.
        package static let falseNegativeByDay = ScenarioField(
            "false_negative_by_day", .reals(0...1, count: 1...366), .defaulted(.reals(kucirkaFalseNegatives)),
            unit: "share, by whole days since infection",
            meaning:
                "PCR false-negative rate of an infected person by whole days since infection (index 0: the day of infection); the last value holds for later days",
            source:
                "Kucirka et al. 2020, Ann Intern Med 173:262–267, doi:10.7326/M20-1495: the daily rates of the authors' repository (HopkinsIDD/covidRTPCR README, commit fbf7265), days 1–21 after exposure; day 0 as day 1"
        )
        /// `pcr_specificity`.
        package static let pcrSpecificity = ScenarioField(
            "pcr_specificity", .real(0.9...1), .defaulted(.real(1)), unit: "share",
            meaning: "share of PCR tests of uninfected people that come back NEGATIVE (the others are false positives)",
            source:
                "1 keeps the recorded outputs of the 2020 scenarios; the 2021 town states 0.999: ONS COVID-19 Infection Survey (FOI answer \"False positivity rate of the COVID-19 PCR test\", and its July 2020 analysis: a specificity of 99.9 % would explain every positive of 26 April–28 June 2020), a lower bound"
        )
        /// `invalid_share`.
        package static let invalidShare = ScenarioField(
            "invalid_share", .real(0...1), .defaulted(.real(0.0086)), unit: "share",
            meaning: "share of lab results that are INVALID (the sample cannot be evaluated)",
            source: "CWA science blog SB05 (3 Mar 2022) §2.1: 1,292,683 of 150,788,351 results sent to the CWA backend were invalid")
        /// `retest_after_invalid_hours`.
        package static let retestAfterInvalidHours = ScenarioField(
            "retest_after_invalid_hours", .real(0...720), .defaulted(.real(24)), unit: "h",
            meaning: "hours from an INVALID result to the person's next test", source: "analyst's choice (a new sample the next day)")
        /// `symptom_answers`.
        package static let symptomAnswers = ScenarioField(
            "symptom_answers", .structured("mapping of answer shares (SymptomAnswerShares)"), .optional("the shares below"),
            meaning: "how sharing users answer the app's symptom questions before an upload")
        /// `rapid_antigen`.
        package static let rapidAntigen = ScenarioField(
            "rapid_antigen", .structured("mapping of rapid antigen test settings (RapidAntigenTesting)"),
            .optional("no rapid tests: every test is a PCR test"),
            meaning:
                "rapid antigen tests after a warning, registered in the app and shared like a PCR result (Corona-Warn-App 2.1, May 2021)")
    }

    /// The `testing:` section's fields, with those of `testing.symptom_answers` and `testing.rapid_antigen`.
    package static let fieldTable = ScenarioFieldTable(
        section: "testing",
        fields: [
            Fields.symptomaticTestProbability, Fields.symptomToTestHours, Fields.labDelayHours, Fields.backgroundTestsPerPersonDay,
            Fields.falseNegativeByDay, Fields.pcrSpecificity, Fields.invalidShare, Fields.retestAfterInvalidHours,
            Fields.symptomAnswers,
        ] + SymptomAnswerShares.fields + [Fields.rapidAntigen] + RapidAntigenTesting.fields)
}
