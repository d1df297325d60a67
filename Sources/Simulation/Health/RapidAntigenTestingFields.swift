import WarnSimCore

extension RapidAntigenTesting {
    /// The `testing.rapid_antigen` keys, each with its cited default.
    package enum Fields {
        /// `warned_share`.
        package static let warnedShare = ScenarioField(
            "rapid_antigen.warned_share", .real(0...1), unit: "share of warned users' tests",
            meaning: "share of the tests warned users take that are rapid antigen tests (the others are PCR tests)",
            source:
                "no German count of rapid tests after a warning was found; the 2021 town states 0.355, a lower bound from CWA science blog SB03 (EDUS, 2 Aug 2021) Table 16: 14.6 % of the red-warned took a PCR and an antigen test and 26.5 % a PCR test only, and with the antigen test first (SB06, 30 Nov 2022: positive rapid tests preselect PCR tests) 14.6 / 41.1 = 0.355 of the first tests were rapid tests (those who took an antigen test only are not counted)"
        )
        /// `sensitivity_before_onset`.
        package static let sensitivityBeforeOnset = ScenarioField(
            "rapid_antigen.sensitivity_before_onset", .real(0...1), .defaulted(.real(0.339)), unit: "share, relative to PCR",
            meaning:
                "probability that a rapid test is positive when a PCR test of the same day would be, before the symptom onset and for infections without symptoms",
            source:
                "Basile et al. 2021, Viruses 13(5):908, doi:10.3390/v13050908, Table 3 (149,026 symptomatic cases, Catalonia, Nov 2020–Jan 2021, Abbott Panbio): positivity 30.8 % for the Ag-RDT against 90.9 % for NAAT 1–2 days before onset, 30.8 / 90.9 = 0.339; WarnSim assumption that infections without symptoms test like the pre-symptomatic"
        )
        /// `sensitivity_by_onset_day`.
        package static let sensitivityByOnsetDay = ScenarioField(
            "rapid_antigen.sensitivity_by_onset_day", .reals(0...1, count: 1...366),
            .defaulted(.reals(basileSensitivityByOnsetDay)), unit: "share relative to PCR, by whole days since onset",
            meaning:
                "probability that a rapid test is positive when a PCR test of the same day would be, by whole days since the symptom onset (index 0: the day of onset); the last value holds for later days",
            source:
                "Basile et al. 2021, Viruses 13(5):908, Table 3: Ag-RDT against NAAT positivity 84.2 % / 93.1 % in the transmission period (2 days before to 7 after onset; 0.904 for days 0–7) and 53.8 % / 80.7 % from day 8 to 14 (0.667)"
        )
        /// `specificity`.
        package static let specificity = ScenarioField(
            "rapid_antigen.specificity", .real(0...1), .defaulted(.real(0.9968)), unit: "share",
            meaning: "share of uninfected people whose rapid test is negative",
            source:
                "Wagenhaeuser et al. 2021, medRxiv doi:10.1101/2021.03.27.21253966: 5,068 point-of-care rapid tests (NADAL, Panbio, MEDsan) against RT-qPCR, Würzburg, Nov 2020–Feb 2021, specificity 99.68 % (95 % CI 99.48–99.80 %)"
        )
        /// `result_minutes`.
        package static let resultMinutes = ScenarioField(
            "rapid_antigen.result_minutes", .real(0...1440), .defaulted(.real(20)), unit: "min",
            meaning: "minutes from the swab to the result the test centre posts for the app",
            source:
                "corona-warn-app/cwa-wishlist #371 (22 Feb 2021), a German rapid-test centre's account after 1,200 tests: the client gets the result 20 minutes later"
        )
    }

    /// The `testing.rapid_antigen` fields.
    package static let fields = [
        Fields.warnedShare, Fields.sensitivityBeforeOnset, Fields.sensitivityByOnsetDay, Fields.specificity, Fields.resultMinutes,
    ]
}
