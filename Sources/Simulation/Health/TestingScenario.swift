import Foundation
import WarnSimCore

/// How people get tested and what the tests say (`testing:` section of a
/// scenario): everyone in the town, with or without the app. Every field has
/// a cited default; a scenario may override any of them.
public struct TestingScenario: Sendable, Hashable {
    /// Share of symptomatic infected people who get a PCR test.
    public var symptomaticTestProbability: Double
    /// Hours from symptom onset to the test.
    public var symptomToTestHours: Double
    /// Hours from the test to the lab's result.
    public var labDelayHours: Double
    /// Tests per person and day taken for other reasons (respiratory illness
    /// that is not COVID-19, screening, contacts outside the app): the source
    /// of NEGATIVE results among the uninfected, and of some positives among
    /// infected people without symptoms.
    public var backgroundTestsPerPersonDay: Double
    /// PCR false-negative rate of an infected person by whole days since
    /// infection (index 0 = the day of infection); the last value holds for
    /// later days.
    public var falseNegativeByDay: [Double]
    /// Share of lab results that are INVALID (the sample cannot be evaluated).
    public var invalidShare: Double
    /// Hours from an INVALID result to the person's next test.
    public var retestAfterInvalidHours: Double
    /// Shares of the answers a symptomatic sharing user gives to the app's
    /// symptom questions, and of an asymptomatic one.
    public var symptomAnswers: SymptomAnswerShares

    /// Defaults, each with its source (details in `Configs/scenarios/README.md`):
    ///
    /// - `symptomatic_test_probability` 0.6: no German figure for 2021 was
    ///   found; Forsa for Techniker Krankenkasse reported 62 % of people with
    ///   typical symptoms testing at least once (a later year), while UK and
    ///   Norwegian surveys of 2020–21 found 18–45 %.
    /// - `symptom_to_test_hours` 89: Bi et al. 2020, Lancet Infect Dis,
    ///   doi:10.1016/S1473-3099(20)30287-5: median 4.6 days from onset to PCR
    ///   confirmation, less the lab delay below.
    /// - `lab_delay_hours` 21 (mean of an exponential delay): CWA science blog
    ///   SB04 (15 Oct 2021) §6.1, PCR results reach the app on average 21 h
    ///   after registration (median 12 h).
    /// - `background_tests_per_person_day` 0.0018: ALM week 17/2021, about
    ///   1.19 million PCR tests with 11.7 % positive, i.e. about 1.05 million
    ///   negative tests a week among 83.2 million people (Destatis).
    /// - `false_negative_by_day`: Kucirka et al. 2020, Ann Intern Med
    ///   173:262–267, doi:10.7326/M20-1495, the daily false-negative rates of
    ///   the authors' repository (HopkinsIDD/covidRTPCR README, commit
    ///   fbf7265), days 1–21 after exposure; day 0 as day 1.
    /// - `invalid_share` 0.0086: CWA science blog SB05 (3 Mar 2022) §2.1:
    ///   1,292,683 of 150,788,351 results sent to the CWA backend were invalid.
    /// - `retest_after_invalid_hours` 24: analyst's choice (a new sample the
    ///   next day).
    public static let defaults = TestingScenario(
        symptomaticTestProbability: 0.6, symptomToTestHours: 89, labDelayHours: 21,
        backgroundTestsPerPersonDay: 0.0018, falseNegativeByDay: kucirkaFalseNegatives,
        invalidShare: 0.0086, retestAfterInvalidHours: 24, symptomAnswers: .defaults)

    /// Kucirka et al. 2020's false-negative rates by day since exposure, days
    /// 0 (as day 1) to 21 (HopkinsIDD/covidRTPCR README table, medians).
    public static let kucirkaFalseNegatives: [Double] = [
        1.0, 1.0, 1.0, 0.977, 0.710, 0.387, 0.248, 0.201, 0.191, 0.200, 0.221, 0.250,
        0.286, 0.325, 0.368, 0.412, 0.455, 0.496, 0.535, 0.570, 0.602, 0.630,
    ]

    /// The probability that a PCR test of a person infected `days` days ago
    /// (fractional) comes back NEGATIVE.
    public func falseNegativeRate(daysSinceInfection days: Double) -> Double {
        guard days >= 0 else { return 1 }
        let index = min(Int(days), falseNegativeByDay.count - 1)
        return falseNegativeByDay[index]
    }

    /// Parses the optional `testing:` section; absent fields keep their defaults.
    public static func parse(_ section: YAMLSection?) throws -> TestingScenario {
        var scenario = defaults
        guard let section else { return scenario }
        scenario.symptomaticTestProbability = try section.double(
            "symptomatic_test_probability", in: 0...1, default: scenario.symptomaticTestProbability)
        scenario.symptomToTestHours = try section.double("symptom_to_test_hours", in: 0...720, default: scenario.symptomToTestHours)
        scenario.labDelayHours = try section.double("lab_delay_hours", in: 0...720, default: scenario.labDelayHours)
        scenario.backgroundTestsPerPersonDay = try section.double(
            "background_tests_per_person_day", in: 0...1, default: scenario.backgroundTestsPerPersonDay)
        scenario.falseNegativeByDay = try section.doubles(
            "false_negative_by_day", in: 0...1, count: 1...366, default: scenario.falseNegativeByDay)
        scenario.invalidShare = try section.double("invalid_share", in: 0...1, default: scenario.invalidShare)
        scenario.retestAfterInvalidHours = try section.double(
            "retest_after_invalid_hours", in: 0...720, default: scenario.retestAfterInvalidHours)
        scenario.symptomAnswers = try SymptomAnswerShares.parse(section.optionalSection("symptom_answers"))
        try section.finish()
        return scenario
    }
}
