/// `summary.csv`: one row per day of the run.
public enum SummaryCSV: RunCSVFile {
    /// The file's name in a run folder.
    public static let fileName = "summary.csv"

    /// The day.
    public static let day = RecordColumn("day", .integer, unit: "day", "day of the run")
    /// The date.
    public static let date = RecordColumn("date", .date, "the day's calendar date")
    /// Infections.
    public static let infections = RecordColumn("infections", .integer, "people infected that day")
    /// Infections of app users.
    public static let infectionsOfAppUsers = RecordColumn("infections_of_app_users", .integer, "app users infected that day")
    /// Tests taken.
    public static let testsTaken = RecordColumn("tests_taken", .integer, "PCR tests taken by anyone")
    /// Positive results.
    public static let positiveResults = RecordColumn("positive_results", .integer, "positive lab results that became known that day")
    /// Negative results.
    public static let negativeResults = RecordColumn("negative_results", .integer, "negative lab results that became known that day")
    /// Invalid results.
    public static let invalidResults = RecordColumn("invalid_results", .integer, "invalid lab results that became known that day")
    /// Tests registered.
    public static let testsRegistered = RecordColumn("tests_registered", .integer, "tests registered in an app, by QR code or teleTAN")
    /// Positive results in apps.
    public static let appPositiveResults = RecordColumn("app_positive_results", .integer, "positive results that reached an app")
    /// Negative results in apps.
    public static let appNegativeResults = RecordColumn("app_negative_results", .integer, "negative results that reached an app")
    /// Invalid results in apps.
    public static let appInvalidResults = RecordColumn("app_invalid_results", .integer, "invalid results that reached an app")
    /// Uploads.
    public static let uploads = RecordColumn("uploads", .integer, "key uploads")
    /// Keys uploaded.
    public static let keysUploaded = RecordColumn("keys_uploaded", .integer, "keys uploaded")
    /// Packages published.
    public static let packagesPublished = RecordColumn("packages_published", .integer, "key packages published")
    /// Keys distributed.
    public static let keysDistributed = RecordColumn("keys_distributed", .integer, "keys in the published packages")
    /// First HIGH results.
    public static let highRiskResults = RecordColumn(
        "high_risk_results", .integer, "app users whose total risk turned HIGH for the first time")
    /// Warnings.
    public static let warnings = RecordColumn("warnings", .integer, "warnings seen by their users for the first time")
    /// People isolating.
    public static let isolating = RecordColumn("isolating", .integer, "people at home in isolation")
    /// People in quarantine.
    public static let quarantined = RecordColumn("quarantined", .integer, "people at home in quarantine after a warning")
    /// People with reduced contacts.
    public static let reducedContacts = RecordColumn("reduced_contacts", .integer, "people without shopping and leisure")

    /// The columns in file order.
    public static let columns = [
        day, date, infections, infectionsOfAppUsers, testsTaken, positiveResults, negativeResults, invalidResults,
        testsRegistered, appPositiveResults, appNegativeResults, appInvalidResults, uploads, keysUploaded, packagesPublished,
        keysDistributed, highRiskResults, warnings, isolating, quarantined, reducedContacts,
    ]
}
