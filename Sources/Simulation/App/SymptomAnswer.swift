/// What a user who tested positive answers to the app's symptom questions
/// before sharing keys; it sets every key's transmission risk level and days
/// since onset (corona-warn-app/cwa-app-android
/// `submission/task/TransmissionRiskVectorDeterminer.kt` and
/// `DaysSinceOnsetOfSymptomsVectorDeterminer.kt`).
package enum SymptomAnswer: Hashable, Sendable {
    /// Symptoms, with the onset date given as this many days before the upload.
    case exactOnset(daysAgo: Int)
    /// Symptoms that started "in the last 7 days".
    case withinLastSevenDays
    /// Symptoms that started "1–2 weeks ago".
    case oneToTwoWeeksAgo
    /// Symptoms that started "more than 2 weeks ago".
    case moreThanTwoWeeksAgo
    /// Symptoms, but no date given.
    case symptomsWithoutDate
    /// No symptoms.
    case noSymptoms
    /// The user declined to answer.
    case noAnswer
}
