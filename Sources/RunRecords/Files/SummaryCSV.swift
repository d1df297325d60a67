/// `summary.csv`: one row per day of the run.
package enum SummaryCSV: RunCSVFile {
    /// The file's name in a run folder.
    package static let fileName = "summary.csv"

    /// The day.
    package static let day = RecordColumn("day", .integer, unit: "day", "day of the run")
    /// The date.
    package static let date = RecordColumn("date", .date, "the day's calendar date")
    /// Infections.
    package static let infections = RecordColumn("infections", .integer, "people infected that day")
    /// Infections of app users.
    package static let infectionsOfAppUsers = RecordColumn("infections_of_app_users", .integer, "app users infected that day")
    /// Tests taken.
    package static let testsTaken = RecordColumn("tests_taken", .integer, "PCR tests taken by anyone")
    /// Positive results.
    package static let positiveResults = RecordColumn("positive_results", .integer, "positive lab results that became known that day")
    /// Negative results.
    package static let negativeResults = RecordColumn("negative_results", .integer, "negative lab results that became known that day")
    /// Invalid results.
    package static let invalidResults = RecordColumn("invalid_results", .integer, "invalid lab results that became known that day")
    /// Tests registered.
    package static let testsRegistered = RecordColumn("tests_registered", .integer, "tests registered in an app, by QR code or teleTAN")
    /// Positive results in apps.
    package static let appPositiveResults = RecordColumn("app_positive_results", .integer, "positive results that reached an app")
    /// Negative results in apps.
    package static let appNegativeResults = RecordColumn("app_negative_results", .integer, "negative results that reached an app")
    /// Invalid results in apps.
    package static let appInvalidResults = RecordColumn("app_invalid_results", .integer, "invalid results that reached an app")
    /// Uploads.
    package static let uploads = RecordColumn("uploads", .integer, "key uploads")
    /// Keys uploaded.
    package static let keysUploaded = RecordColumn("keys_uploaded", .integer, "keys uploaded")
    /// Packages published.
    package static let packagesPublished = RecordColumn("packages_published", .integer, "key packages published")
    /// Keys distributed.
    package static let keysDistributed = RecordColumn("keys_distributed", .integer, "keys in the published packages")
    /// First HIGH results.
    package static let highRiskResults = RecordColumn(
        "high_risk_results", .integer, "app users whose total risk turned HIGH for the first time")
    /// Warnings.
    package static let warnings = RecordColumn("warnings", .integer, "warnings seen by their users for the first time")
    /// People isolating.
    package static let isolating = RecordColumn("isolating", .integer, "people at home in isolation")
    /// People in quarantine.
    package static let quarantined = RecordColumn("quarantined", .integer, "people at home in quarantine after a warning")
    /// People with reduced contacts.
    package static let reducedContacts = RecordColumn("reduced_contacts", .integer, "people without shopping and leisure")

    /// The columns in file order.
    package static let columns = [
        day, date, infections, infectionsOfAppUsers, testsTaken, positiveResults, negativeResults, invalidResults,
        testsRegistered, appPositiveResults, appNegativeResults, appInvalidResults, uploads, keysUploaded, packagesPublished,
        keysDistributed, highRiskResults, warnings, isolating, quarantined, reducedContacts,
    ]
}
