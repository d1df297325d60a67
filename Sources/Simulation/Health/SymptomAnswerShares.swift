import Foundation
import WarnSimCore

/// How sharing users answer the app's symptom questions before an upload
/// (RISK-CALCULATION.md §5; `testing.symptom_answers` of a scenario). A user
/// with symptoms gives the exact onset date, a range ("in the last 7 days",
/// "1–2 weeks ago", "more than 2 weeks ago"; the range that holds the true
/// onset), says "symptoms, no date", or declines; a user without symptoms at
/// the upload says "no symptoms" or declines.
package struct SymptomAnswerShares: Sendable, Hashable {
    /// Shares of symptomatic users: exact date, a date range, symptoms without a date, no answer.
    package var exactDate: Double
    package var dateRange: Double
    package var symptomsWithoutDate: Double
    package var symptomaticNoAnswer: Double
    /// Share of users without symptoms who say "no symptoms" (the others decline).
    package var noSymptoms: Double

    /// Defaults: those of the declarations (``Fields``), with their source.
    package static let defaults = SymptomAnswerShares(
        exactDate: Fields.exactDate.defaultReal, dateRange: Fields.dateRange.defaultReal,
        symptomsWithoutDate: Fields.symptomsWithoutDate.defaultReal, symptomaticNoAnswer: Fields.symptomaticNoAnswer.defaultReal,
        noSymptoms: Fields.noSymptoms.defaultReal)

    /// Parses `symptom_answers:`; the four symptomatic shares must sum to 1.
    package static func parse(_ section: DocumentSection?) throws -> SymptomAnswerShares {
        var shares = defaults
        guard let section else { return shares }
        shares.exactDate = try section.double(Fields.exactDate)
        shares.dateRange = try section.double(Fields.dateRange)
        shares.symptomsWithoutDate = try section.double(Fields.symptomsWithoutDate)
        shares.symptomaticNoAnswer = try section.double(Fields.symptomaticNoAnswer)
        shares.noSymptoms = try section.double(Fields.noSymptoms)
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
    package func answer(onsetDaysAgo: Int?, u: Double) -> SymptomAnswer {
        guard let days = onsetDaysAgo else { return u < noSymptoms ? .noSymptoms : .noAnswer }
        if u < exactDate { return .exactOnset(daysAgo: days) }
        if u < exactDate + dateRange {
            return days < 7 ? .withinLastSevenDays : days <= 14 ? .oneToTwoWeeksAgo : .moreThanTwoWeeksAgo
        }
        if u < exactDate + dateRange + symptomsWithoutDate { return .symptomsWithoutDate }
        return .noAnswer
    }
}
