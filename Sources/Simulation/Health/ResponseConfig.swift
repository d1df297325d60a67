import Foundation
import WarnSimCore

/// What people do after a positive result or a warning (`response:` section
/// of a scenario; scoping document E04.01, E04.02: the app recommends getting
/// tested and staying home). Every field has a cited default, declared once in
/// ``fieldTable``.
package struct ResponseConfig: Sendable, Hashable {
    /// Mean hours until a user without notification permission next opens the
    /// app, when they see a warning (exponentially distributed).
    package var appOpeningMeanHours: Double
    /// Share of warned users who get tested, and hours from seeing the warning to the test.
    package var warnedTestProbability: Double
    package var warnedTestDelayHours: Double
    /// Share of warned users who stay home (quarantine), and for how many days
    /// after the day they saw the warning.
    package var warnedQuarantineProbability: Double
    package var quarantineDays: Int
    /// Share of the warned users who do not stay home who give up shopping and
    /// leisure for the quarantine days instead.
    package var warnedReduceContactsProbability: Double
    /// Share of people with a positive result who isolate (stay home), and for
    /// how many days after the day the result is known.
    package var isolationCompliance: Double
    package var isolationDays: Int
    /// Share of people with symptoms who stay home while ill (from the day
    /// after the onset, for the isolation days), tested or not.
    package var symptomaticIsolation: Double

    /// Defaults: those of the declarations (``Fields``), each with its source.
    package static let defaults = ResponseConfig(
        appOpeningMeanHours: Fields.appOpeningMeanHours.defaultReal, warnedTestProbability: Fields.warnedTestProbability.defaultReal,
        warnedTestDelayHours: Fields.warnedTestDelayHours.defaultReal,
        warnedQuarantineProbability: Fields.warnedQuarantineProbability.defaultReal, quarantineDays: Fields.quarantineDays.defaultInteger,
        warnedReduceContactsProbability: Fields.warnedReduceContactsProbability.defaultReal,
        isolationCompliance: Fields.isolationCompliance.defaultReal, isolationDays: Fields.isolationDays.defaultInteger,
        symptomaticIsolation: Fields.symptomaticIsolation.defaultReal)

    /// No response at all: nobody isolates, quarantines or gets tested after a
    /// warning (the loop open, as before this section existed).
    package static let none = ResponseConfig(
        appOpeningMeanHours: defaults.appOpeningMeanHours, warnedTestProbability: 0, warnedTestDelayHours: 0,
        warnedQuarantineProbability: 0, quarantineDays: 0, warnedReduceContactsProbability: 0,
        isolationCompliance: 0, isolationDays: 0, symptomaticIsolation: 0)

    /// Parses the optional `response:` section through its declarations
    /// (``fieldTable``); absent fields keep their defaults.
    package static func parse(_ section: DocumentSection?) throws -> ResponseConfig {
        var scenario = defaults
        guard let section else { return scenario }
        scenario.appOpeningMeanHours = try section.double(Fields.appOpeningMeanHours)
        scenario.warnedTestProbability = try section.double(Fields.warnedTestProbability)
        scenario.warnedTestDelayHours = try section.double(Fields.warnedTestDelayHours)
        scenario.warnedQuarantineProbability = try section.double(Fields.warnedQuarantineProbability)
        scenario.quarantineDays = try section.int(Fields.quarantineDays)
        scenario.warnedReduceContactsProbability = try section.double(Fields.warnedReduceContactsProbability)
        scenario.isolationCompliance = try section.double(Fields.isolationCompliance)
        scenario.isolationDays = try section.int(Fields.isolationDays)
        scenario.symptomaticIsolation = try section.double(Fields.symptomaticIsolation)
        try section.finish()
        return scenario
    }
}
