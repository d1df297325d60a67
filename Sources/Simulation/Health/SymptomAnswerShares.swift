import Foundation
import WarnSimCore

/// How sharing users answer the app's symptom questions before an upload
/// (RISK-CALCULATION.md §5; `testing.symptom_answers` of a scenario). A user
/// with symptoms gives the exact onset date, a range ("in the last 7 days",
/// "1–2 weeks ago", "more than 2 weeks ago"; the range that holds the true
/// onset), says "symptoms, no date", or declines; a user without symptoms at
/// the upload says "no symptoms" or declines.
public struct SymptomAnswerShares: Sendable, Hashable {
    /// Shares of symptomatic users: exact date, a date range, symptoms without a date, no answer.
    public var exactDate: Double
    public var dateRange: Double
    public var symptomsWithoutDate: Double
    public var symptomaticNoAnswer: Double
    /// Share of users without symptoms who say "no symptoms" (the others decline).
    public var noSymptoms: Double

    /// Analyst's choice, stated in `Configs/scenarios/README.md`: no public
    /// source gives the shares of the CWA's symptom answers; these split the
    /// symptomatic users evenly between an exact date and the other answers
    /// and assume most users without symptoms say so.
    public static let defaults = SymptomAnswerShares(
        exactDate: 0.5, dateRange: 0.2, symptomsWithoutDate: 0.1, symptomaticNoAnswer: 0.2, noSymptoms: 0.8)

    /// Parses `symptom_answers:`; the four symptomatic shares must sum to 1.
    public static func parse(_ section: YAMLSection?) throws -> SymptomAnswerShares {
        var shares = defaults
        guard let section else { return shares }
        shares.exactDate = try section.double("exact_date", in: 0...1, default: shares.exactDate)
        shares.dateRange = try section.double("date_range", in: 0...1, default: shares.dateRange)
        shares.symptomsWithoutDate = try section.double("symptoms_without_date", in: 0...1, default: shares.symptomsWithoutDate)
        shares.symptomaticNoAnswer = try section.double("symptomatic_no_answer", in: 0...1, default: shares.symptomaticNoAnswer)
        shares.noSymptoms = try section.double("no_symptoms", in: 0...1, default: shares.noSymptoms)
        let total = shares.exactDate + shares.dateRange + shares.symptomsWithoutDate + shares.symptomaticNoAnswer
        guard abs(total - 1) < 1e-9 else {
            throw section.fail(
                "symptomatic_no_answer",
                "exact_date + date_range + symptoms_without_date + symptomatic_no_answer must be 1, found \(total)")
        }
        try section.finish()
        return shares
    }

    /// The answer of a user whose symptoms began `onsetDaysAgo` days before
    /// the upload (nil: no symptoms yet, or none at all), for a uniform draw `u`.
    public func answer(onsetDaysAgo: Int?, u: Double) -> SymptomAnswer {
        guard let days = onsetDaysAgo else { return u < noSymptoms ? .noSymptoms : .noAnswer }
        if u < exactDate { return .exactOnset(daysAgo: days) }
        if u < exactDate + dateRange {
            return days < 7 ? .withinLastSevenDays : days <= 14 ? .oneToTwoWeeksAgo : .moreThanTwoWeeksAgo
        }
        if u < exactDate + dateRange + symptomsWithoutDate { return .symptomsWithoutDate }
        return .noAnswer
    }
}
