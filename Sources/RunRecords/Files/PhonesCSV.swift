/// `phones.csv`: one row per person, in person order. `has_app` is 1 for
/// everyone who had the app on any day of the run; the app columns of an
/// uninstalled app are its state when removed. `test_route`,
/// `test_registered_at` and `test_result` describe the last test registered
/// in the app.
package enum PhonesCSV: RunCSVFile {
    /// The file's name in a run folder.
    package static let fileName = "phones.csv"

    /// The person's index.
    package static let person = RecordColumn("person", .integer, "the person's index, from 0")
    /// The age group's name.
    package static let ageGroup = RecordColumn("age_group", .text, "the person's age group")
    /// Whether the person had the app.
    package static let hasApp = RecordColumn("has_app", .flag, "1 if the person had the app on any day of the run")
    /// The app's platform.
    package static let platform = RecordColumn(
        "platform", .text,
        "`android`/`ios`: the phone the app ran on, whose scan schedule, download cadence and risk-calculation variant it used; empty without the app"
    )
    /// The exposure-logging consent.
    package static let exposureLogging = RecordColumn("exposure_logging", .flag, "consent to exposure logging; empty without the app")
    /// The notification consent.
    package static let notifications = RecordColumn("notifications", .flag, "consent to notifications; empty without the app")
    /// The day of infection.
    package static let infectedDay = RecordColumn(
        "infected_day", .integer, unit: "day", "day of the run, empty if never infected; −1 for seeds infected before the run")
    /// Whether the infection is symptomatic.
    package static let symptomatic = RecordColumn("symptomatic", .flag, "whether the infection is symptomatic; empty if never infected")
    /// The symptom onset.
    package static let onsetDay = RecordColumn(
        "onset_day", .decimal, unit: "day", "symptom onset, days since the run's start, fractional; empty if never infected")
    /// How the last test was registered.
    package static let testRoute = RecordColumn("test_route", .text, "`qr_code`/`tele_tan`: how the last test was registered in the app")
    /// When the last test was registered.
    package static let testRegisteredAt = RecordColumn(
        "test_registered_at", .time, unit: "s", "when the last test was registered in the app")
    /// The last test's result.
    package static let testResult = RecordColumn("test_result", .text, "the last app test's result (`POSITIVE`/`NEGATIVE`/`INVALID`)")
    /// When keys were shared.
    package static let keysSharedAt = RecordColumn("keys_shared_at", .time, unit: "s", "when the user uploaded keys")
    /// How many keys were shared.
    package static let keysShared = RecordColumn("keys_shared", .integer, "keys uploaded")
    /// When the user saw the first warning.
    package static let firstWarningAt = RecordColumn(
        "first_warning_at", .time, unit: "s",
        "when the user saw the first warning: the notification, or without notification permission the next opening of the app; the warning `evaluate` counts"
    )
    /// The first HIGH result.
    package static let firstHighRiskAt = RecordColumn(
        "first_high_risk_at", .time, unit: "s", "the first detection whose total risk was HIGH")
    /// The windows recorded.
    package static let windows = RecordColumn("windows", .integer, "exposure windows recorded")
    /// The risk level at the run's end.
    package static let finalRiskLevel = RecordColumn("final_risk_level", .text, "`LOW`/`HIGH` at the last detection")
    /// The household.
    package static let household = RecordColumn(
        "household", .integer, "index of the person's household; members of one household share it")
    /// The delay from the first HIGH result to the warning seen.
    package static let warningDelay = RecordColumn(
        "warning_delay_s", .integer, unit: "s",
        "from the first HIGH result to the user seeing it: 0 with notification permission, the drawn time to the next app opening without; empty if never HIGH"
    )
    /// Every test registered in the app.
    package static let appTests = RecordColumn(
        "app_tests", .text,
        "every test registered in the app, `REGISTERED_AT:RESULT` separated by `;`, RESULT empty while pending, `:RAT` appended for a rapid antigen test"
    )
    /// PCR tests taken.
    package static let testsTaken = RecordColumn("tests_taken", .integer, "PCR tests the person took, app or not")
    /// When a positive result became known.
    package static let positiveKnownAt = RecordColumn(
        "positive_known_at", .time, unit: "s", "when a positive result became known, empty if none")
    /// Days in isolation.
    package static let isolationDays = RecordColumn(
        "isolation_days", .integer, unit: "day", "days spent at home in isolation after a positive result")
    /// Days in quarantine.
    package static let quarantineDays = RecordColumn(
        "quarantine_days", .integer, unit: "day", "days spent at home in quarantine after a warning")
    /// Days with reduced contacts.
    package static let reducedContactDays = RecordColumn(
        "reduced_contact_days", .integer, unit: "day", "days without shopping and leisure after a warning")
    /// When the app was installed.
    package static let appInstalledAt = RecordColumn(
        "app_installed_at", .time, unit: "s",
        "with `app.adoption_curve`: 00:00 UTC of the day the app was installed, before the run's start for earlier installs; empty without a curve"
    )
    /// When the app was removed.
    package static let appRemovedAt = RecordColumn(
        "app_removed_at", .time, unit: "s",
        "with `app.adoption_curve`: 00:00 UTC of the day the app was uninstalled; empty without a curve or when never")
    /// `test_registered_at` for reading.
    package static let testRegisteredAtUTC = RecordColumn(
        "test_registered_at_utc", .timestamp, "`test_registered_at`, empty where it is")
    /// `keys_shared_at` for reading.
    package static let keysSharedAtUTC = RecordColumn("keys_shared_at_utc", .timestamp, "`keys_shared_at`, empty where it is")
    /// `first_warning_at` for reading.
    package static let firstWarningAtUTC = RecordColumn("first_warning_at_utc", .timestamp, "`first_warning_at`, empty where it is")
    /// `first_high_risk_at` for reading.
    package static let firstHighRiskAtUTC = RecordColumn(
        "first_high_risk_at_utc", .timestamp, "`first_high_risk_at`, empty where it is")
    /// `positive_known_at` for reading.
    package static let positiveKnownAtUTC = RecordColumn(
        "positive_known_at_utc", .timestamp, "`positive_known_at`, empty where it is")

    /// The columns in file order.
    package static let columns = [
        person, ageGroup, hasApp, platform, exposureLogging, notifications, infectedDay, symptomatic, onsetDay, testRoute,
        testRegisteredAt, testResult, keysSharedAt, keysShared, firstWarningAt, firstHighRiskAt, windows, finalRiskLevel,
        household, warningDelay, appTests, testsTaken, positiveKnownAt, isolationDays, quarantineDays, reducedContactDays,
        appInstalledAt, appRemovedAt, testRegisteredAtUTC, keysSharedAtUTC, firstWarningAtUTC, firstHighRiskAtUTC,
        positiveKnownAtUTC,
    ]
}
