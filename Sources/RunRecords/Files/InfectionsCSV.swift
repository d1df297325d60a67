/// `infections.csv`: the infection tree with the causing encounter, one row
/// per infected person. Seeds are infected before day 0, so `summary.csv`'s
/// daily infections leave them out.
public enum InfectionsCSV: RunCSVFile {
    /// The file's name in a run folder.
    public static let fileName = "infections.csv"

    /// The person infected.
    public static let person = RecordColumn("person", .integer, "the person infected")
    /// Who infected them.
    public static let infector = RecordColumn("infector", .integer, "who infected them; −1 for seeds")
    /// When.
    public static let timeDays = RecordColumn("time_days", .decimal, unit: "day", "time of the infection since the run's start")
    /// The day of the run.
    public static let day = RecordColumn("day", .integer, unit: "day", "day of the run")
    /// The causing encounter.
    public static let encounter = RecordColumn("encounter", .integer, "index of the encounter in that day's stream")
    /// Where.
    public static let setting = RecordColumn("setting", .text, "the encounter's setting; `seed` for seeded cases")
    /// The encounter's smallest distance.
    public static let minimumDistance = RecordColumn("minimum_distance_m", .decimal, unit: "m", "the encounter's smallest true distance")
    /// The encounter's length.
    public static let durationMinutes = RecordColumn("duration_min", .integer, unit: "min", "the encounter's length")
    /// The dose received.
    public static let dose = RecordColumn("dose", .decimal, unit: "dose", "the dose received in the encounter")
    /// Whether the infection is symptomatic.
    public static let symptomatic = RecordColumn("symptomatic", .flag, "whether the infection is symptomatic")
    /// The symptom onset.
    public static let onsetDays = RecordColumn("onset_days", .decimal, unit: "day", "symptom onset since the run's start")
    /// Whether the person had the app.
    public static let personHasApp = RecordColumn("person_has_app", .flag, "whether the person infected had the app")
    /// Whether the infector had the app.
    public static let infectorHasApp = RecordColumn("infector_has_app", .flag, "whether the infector had the app; empty for seeds")

    /// The columns in file order.
    public static let columns = [
        person, infector, timeDays, day, encounter, setting, minimumDistance, durationMinutes, dose, symptomatic, onsetDays,
        personHasApp, infectorHasApp,
    ]
}
