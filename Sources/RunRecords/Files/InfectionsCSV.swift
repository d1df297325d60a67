/// `infections.csv`: the infection tree with the causing encounter, one row
/// per infected person. Seeds are infected before day 0, so `summary.csv`'s
/// daily infections leave them out.
package enum InfectionsCSV: RunCSVFile {
    /// The file's name in a run folder.
    package static let fileName = "infections.csv"

    /// The person infected.
    package static let person = RecordColumn("person", .integer, "the person infected")
    /// Who infected them.
    package static let infector = RecordColumn("infector", .integer, "who infected them; −1 for seeds")
    /// When.
    package static let timeDays = RecordColumn("time_days", .decimal, unit: "day", "time of the infection since the run's start")
    /// The day of the run.
    package static let day = RecordColumn("day", .integer, unit: "day", "day of the run")
    /// The causing encounter.
    package static let encounter = RecordColumn("encounter", .integer, "index of the encounter in that day's stream")
    /// Where.
    package static let setting = RecordColumn("setting", .text, "the encounter's setting; `seed` for seeded cases")
    /// The encounter's smallest distance.
    package static let minimumDistance = RecordColumn("minimum_distance_m", .decimal, unit: "m", "the encounter's smallest true distance")
    /// The encounter's length.
    package static let durationMinutes = RecordColumn("duration_min", .integer, unit: "min", "the encounter's length")
    /// The dose received.
    package static let dose = RecordColumn("dose", .decimal, unit: "dose", "the dose received in the encounter")
    /// Whether the infection is symptomatic.
    package static let symptomatic = RecordColumn("symptomatic", .flag, "whether the infection is symptomatic")
    /// The symptom onset.
    package static let onsetDays = RecordColumn("onset_days", .decimal, unit: "day", "symptom onset since the run's start")
    /// Whether the person had the app.
    package static let personHasApp = RecordColumn("person_has_app", .flag, "whether the person infected had the app")
    /// Whether the infector had the app.
    package static let infectorHasApp = RecordColumn("infector_has_app", .flag, "whether the infector had the app; empty for seeds")

    /// The columns in file order.
    package static let columns = [
        person, infector, timeDays, day, encounter, setting, minimumDistance, durationMinutes, dose, symptomatic, onsetDays,
        personHasApp, infectorHasApp,
    ]
}
