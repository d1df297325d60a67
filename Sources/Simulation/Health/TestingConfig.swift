import Foundation
import WarnSimCore

/// How people get tested and what the tests say (`testing:` section of a
/// scenario): everyone in the town, with or without the app. Every field has
/// a cited default, declared once in ``fieldTable``; a scenario may override any of them.
package struct TestingConfig: Sendable, Hashable {
    /// Share of symptomatic infected people who get a PCR test.
    package var symptomaticTestProbability: Double
    /// Hours from symptom onset to the test.
    package var symptomToTestHours: Double
    /// Hours from the test to the lab's result.
    package var labDelayHours: Double
    /// Tests per person and day taken for other reasons (respiratory illness
    /// that is not COVID-19, screening, contacts outside the app): the source
    /// of NEGATIVE results among the uninfected, and of some positives among
    /// infected people without symptoms.
    package var backgroundTestsPerPersonDay: Double
    /// PCR false-negative rate of an infected person by whole days since
    /// infection (index 0 = the day of infection); the last value holds for
    /// later days.
    package var falseNegativeByDay: [Double]
    /// Share of PCR tests of uninfected people that come back NEGATIVE.
    package var pcrSpecificity: Double
    /// Share of lab results that are INVALID (the sample cannot be evaluated).
    package var invalidShare: Double
    /// Hours from an INVALID result to the person's next test.
    package var retestAfterInvalidHours: Double
    /// Shares of the answers a symptomatic sharing user gives to the app's
    /// symptom questions, and of an asymptomatic one.
    package var symptomAnswers: SymptomAnswerShares
    /// Rapid antigen tests; nil: every test is a PCR test.
    package var rapidAntigen: RapidAntigenTesting?

    /// Defaults: those of the declarations (``Fields``), each with its source.
    package static let defaults = TestingConfig(
        symptomaticTestProbability: Fields.symptomaticTestProbability.defaultReal,
        symptomToTestHours: Fields.symptomToTestHours.defaultReal,
        labDelayHours: Fields.labDelayHours.defaultReal, backgroundTestsPerPersonDay: Fields.backgroundTestsPerPersonDay.defaultReal,
        falseNegativeByDay: Fields.falseNegativeByDay.defaultReals, pcrSpecificity: Fields.pcrSpecificity.defaultReal,
        invalidShare: Fields.invalidShare.defaultReal, retestAfterInvalidHours: Fields.retestAfterInvalidHours.defaultReal,
        symptomAnswers: .defaults, rapidAntigen: nil)

    /// Kucirka et al. 2020's false-negative rates by day since exposure, days
    /// 0 (as day 1) to 21 (HopkinsIDD/covidRTPCR README table, medians).
    package static let kucirkaFalseNegatives: [Double] = [
        1.0, 1.0, 1.0, 0.977, 0.710, 0.387, 0.248, 0.201, 0.191, 0.200, 0.221, 0.250,
        0.286, 0.325, 0.368, 0.412, 0.455, 0.496, 0.535, 0.570, 0.602, 0.630,
    ]

    /// The probability that a PCR test of a person infected `days` days ago
    /// (fractional) comes back NEGATIVE.
    package func falseNegativeRate(daysSinceInfection days: Double) -> Double {
        guard days >= 0 else { return 1 }
        let index = min(Int(days), falseNegativeByDay.count - 1)
        return falseNegativeByDay[index]
    }

    /// Parses the optional `testing:` section through its declarations
    /// (``fieldTable``); absent fields keep their defaults.
    package static func parse(_ section: DocumentSection?) throws -> TestingConfig {
        var scenario = defaults
        guard let section else { return scenario }
        scenario.symptomaticTestProbability = try section.double(Fields.symptomaticTestProbability)
        scenario.symptomToTestHours = try section.double(Fields.symptomToTestHours)
        scenario.labDelayHours = try section.double(Fields.labDelayHours)
        scenario.backgroundTestsPerPersonDay = try section.double(Fields.backgroundTestsPerPersonDay)
        scenario.falseNegativeByDay = try section.doubles(Fields.falseNegativeByDay)
        scenario.pcrSpecificity = try section.double(Fields.pcrSpecificity)
        scenario.invalidShare = try section.double(Fields.invalidShare)
        scenario.retestAfterInvalidHours = try section.double(Fields.retestAfterInvalidHours)
        scenario.symptomAnswers = try SymptomAnswerShares.parse(section.optionalSection(Fields.symptomAnswers))
        scenario.rapidAntigen = try RapidAntigenTesting.parse(section.optionalSection(Fields.rapidAntigen))
        try section.finish()
        return scenario
    }
}
