import WarnSimCore

extension ResponseConfig {
    /// The `response:` keys, each with its cited default (``fieldTable``).
    package enum Fields {
        /// `app_opening_mean_hours`.
        package static let appOpeningMeanHours = ScenarioField(
            "app_opening_mean_hours", .real(0...8760), .defaulted(.real(24)), unit: "h (mean of an exponential delay)",
            meaning: "mean hours until a user without notification permission next opens the app and sees a warning",
            source:
                "analyst's choice: no published figure on how often CWA users open the app was found (CWA science blog SB04 bounds it: tests are registered a median 1.8 days after a warning)"
        )
        /// `warned_test_probability`.
        package static let warnedTestProbability = ScenarioField(
            "warned_test_probability", .real(0...1), .defaulted(.real(0.41)), unit: "share",
            meaning: "share of warned users who get tested",
            source:
                "CWA science blog SB03 (EDUS survey of red-warned users, 2 Aug 2021), Table 16: 26.5 % took a PCR test and 14.6 % a PCR and an antigen test (without testing.rapid_antigen every test is a PCR test)"
        )
        /// `warned_test_delay_hours`.
        package static let warnedTestDelayHours = ScenarioField(
            "warned_test_delay_hours", .real(0...720), .defaulted(.real(60)), unit: "h (mean of an exponential delay)",
            meaning: "hours from seeing the warning to the test",
            source: "CWA science blog SB03 (2 Aug 2021), Table 18: 2.5 days on average from the warning to the test")
        /// `warned_quarantine_probability`.
        package static let warnedQuarantineProbability = ScenarioField(
            "warned_quarantine_probability", .real(0...1), .defaulted(.real(0.15)), unit: "share",
            meaning: "share of warned users who stay home for quarantine_days after the day they saw the warning",
            source:
                "CWA science blog SB02 (8 Jul 2021) §7: 36.5 % of red-warned users intended to change their behaviour, of whom 41.7 % would quarantine (15 % of all)"
        )
        /// `quarantine_days`.
        package static let quarantineDays = ScenarioField(
            "quarantine_days", .integer(0...60), .defaulted(.integer(10)), unit: "days",
            meaning: "days a warned user who quarantines stays home",
            source: "the health ministers' rule from 1 Dec 2020: 10 days with a negative test at the end, else 14")
        /// `warned_reduce_contacts_probability`.
        package static let warnedReduceContactsProbability = ScenarioField(
            "warned_reduce_contacts_probability", .real(0...1), .defaulted(.real(0.27)), unit: "share of the rest",
            meaning:
                "share of the warned users who do not stay home who give up shopping and leisure for the quarantine days instead",
            source:
                "CWA science blog SB02 (8 Jul 2021) §7: 62.2 % of those intending to change their behaviour would reduce contacts (23 % of all, 27 % of those not quarantining)"
        )
        /// `isolation_compliance`.
        package static let isolationCompliance = ScenarioField(
            "isolation_compliance", .real(0...1), .defaulted(.real(0.42)), unit: "share",
            meaning: "share of people with a positive result who isolate (stay home) for isolation_days after the day the result is known",
            source:
                "Steens et al. 2020, Eurosurveillance 25(37):2001607: 42 % adherence to requested isolation or quarantine (Smith et al. 2021, BMJ 372:n608: 42.5 % full self-isolation)"
        )
        /// `isolation_days`.
        package static let isolationDays = ScenarioField(
            "isolation_days", .integer(0...60), .defaulted(.integer(14)), unit: "days",
            meaning: "days a person with a positive result who isolates stays home",
            source: "RKI discharge criteria from 31 Mar 2021: 14 days of isolation")
        /// `symptomatic_isolation`.
        package static let symptomaticIsolation = ScenarioField(
            "symptomatic_isolation", .real(0...1), .defaulted(.real(0.425)), unit: "share",
            meaning:
                "share of people with symptoms who stay home while ill (from the day after the onset, for the isolation days), tested or not",
            source:
                "Smith et al. 2021, BMJ 372:n608: 42.5 % of people with symptoms of COVID-19 reported full self-isolation (UK, March 2020 to January 2021; Steens et al. 2020 report 71 % adherence with symptoms in Norway)"
        )
    }

    /// The `response:` section's fields, in documentation order.
    package static let fieldTable = ScenarioFieldTable(
        section: "response",
        fields: [
            Fields.appOpeningMeanHours, Fields.warnedTestProbability, Fields.warnedTestDelayHours, Fields.warnedQuarantineProbability,
            Fields.warnedReduceContactsProbability, Fields.quarantineDays, Fields.isolationCompliance, Fields.isolationDays,
            Fields.symptomaticIsolation,
        ])
}
