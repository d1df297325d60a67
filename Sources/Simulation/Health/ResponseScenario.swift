import Foundation
import WarnSimCore

/// What people do after a positive result or a warning (`response:` section
/// of a scenario; scoping document E04.01, E04.02: the app recommends getting
/// tested and staying home). Every field has a cited default.
public struct ResponseScenario: Sendable, Hashable {
    /// Mean hours until a user without notification permission next opens the
    /// app, when they see a warning (exponentially distributed).
    public var appOpeningMeanHours: Double
    /// Share of warned users who get tested, and hours from seeing the warning to the test.
    public var warnedTestProbability: Double
    public var warnedTestDelayHours: Double
    /// Share of warned users who stay home (quarantine), and for how many days
    /// after the day they saw the warning.
    public var warnedQuarantineProbability: Double
    public var quarantineDays: Int
    /// Share of the warned users who do not stay home who give up shopping and
    /// leisure for the quarantine days instead.
    public var warnedReduceContactsProbability: Double
    /// Share of people with a positive result who isolate (stay home), and for
    /// how many days after the day the result is known.
    public var isolationCompliance: Double
    public var isolationDays: Int
    /// Share of people with symptoms who stay home while ill (from the day
    /// after the onset, for the isolation days), tested or not.
    public var symptomaticIsolation: Double = 0.425

    /// Defaults, each with its source (details in `Configs/scenarios/README.md`):
    ///
    /// - `app_opening_mean_hours` 24: analyst's choice; no published figure
    ///   on how often CWA users open the app was found (CWA science blog SB04
    ///   bounds it: tests are registered a median 1.8 days after a warning).
    /// - `warned_test_probability` 0.41 and `warned_test_delay_hours` 60: CWA
    ///   science blog SB03 (EDUS survey of red-warned users, 2 Aug 2021),
    ///   Table 16: 26.5 % took a PCR test and 14.6 % a PCR and an antigen test
    ///   (WarnSim simulates PCR tests only); Table 18: 2.5 days on average
    ///   from the warning to the test.
    /// - `warned_quarantine_probability` 0.15 and
    ///   `warned_reduce_contacts_probability` 0.27: CWA science blog SB02
    ///   (8 Jul 2021) §7: 36.5 % of red-warned users intended to change their
    ///   behaviour, of whom 41.7 % would quarantine (15 % of all) and 62.2 %
    ///   reduce contacts (23 % of all, 27 % of those not quarantining).
    /// - `quarantine_days` 10: the health ministers' rule from 1 Dec 2020 (10
    ///   days with a negative test at the end, else 14).
    /// - `isolation_compliance` 0.42: Steens et al. 2020, Eurosurveillance
    ///   25(37):2001607, 42 % adherence to requested isolation or quarantine
    ///   (Smith et al. 2021, BMJ 372:n608: 42.5 % full self-isolation).
    /// - `isolation_days` 14: RKI discharge criteria from 31 Mar 2021.
    /// - `symptomatic_isolation` 0.425: Smith et al. 2021, BMJ 372:n608:
    ///   42.5 % of people with symptoms of COVID-19 reported full
    ///   self-isolation (UK, March 2020 to January 2021; Steens et al. 2020
    ///   report 71 % adherence with symptoms in Norway).
    public static let defaults = ResponseScenario(
        appOpeningMeanHours: 24, warnedTestProbability: 0.41, warnedTestDelayHours: 60,
        warnedQuarantineProbability: 0.15, quarantineDays: 10, warnedReduceContactsProbability: 0.27,
        isolationCompliance: 0.42, isolationDays: 14)

    /// No response at all: nobody isolates, quarantines or gets tested after a
    /// warning (the loop open, as before this section existed).
    public static let none = ResponseScenario(
        appOpeningMeanHours: defaults.appOpeningMeanHours, warnedTestProbability: 0, warnedTestDelayHours: 0,
        warnedQuarantineProbability: 0, quarantineDays: 0, warnedReduceContactsProbability: 0,
        isolationCompliance: 0, isolationDays: 0, symptomaticIsolation: 0)

    /// Parses the optional `response:` section; absent fields keep their defaults.
    public static func parse(_ section: YAMLSection?) throws -> ResponseScenario {
        var scenario = defaults
        guard let section else { return scenario }
        scenario.appOpeningMeanHours = try section.double("app_opening_mean_hours", in: 0...8760, default: scenario.appOpeningMeanHours)
        scenario.warnedTestProbability = try section.double("warned_test_probability", in: 0...1, default: scenario.warnedTestProbability)
        scenario.warnedTestDelayHours = try section.double(
            "warned_test_delay_hours", in: 0...720, default: scenario.warnedTestDelayHours)
        scenario.warnedQuarantineProbability = try section.double(
            "warned_quarantine_probability", in: 0...1, default: scenario.warnedQuarantineProbability)
        scenario.quarantineDays = try section.int("quarantine_days", in: 0...60, default: scenario.quarantineDays)
        scenario.warnedReduceContactsProbability = try section.double(
            "warned_reduce_contacts_probability", in: 0...1, default: scenario.warnedReduceContactsProbability)
        scenario.isolationCompliance = try section.double("isolation_compliance", in: 0...1, default: scenario.isolationCompliance)
        scenario.isolationDays = try section.int("isolation_days", in: 0...60, default: scenario.isolationDays)
        scenario.symptomaticIsolation = try section.double("symptomatic_isolation", in: 0...1, default: scenario.symptomaticIsolation)
        try section.finish()
        return scenario
    }
}
