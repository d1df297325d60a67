/// `windows.csv`: every exposure window any phone's detection produced,
/// ordered by phone, first scan, key owner, with the real contact during the
/// window's span (from the scan before the first one, by its seconds since
/// last scan, to the end of the last scan, which listens for 4 s);
/// `windows.bin` holds the same windows with their scans.
public enum WindowsCSV: RunCSVFile {
    /// The file's name in a run folder.
    public static let fileName = "windows.csv"

    /// The phone.
    public static let phone = RecordColumn("phone", .integer, "the phone (person index) whose detection produced the window")
    /// The key's owner.
    public static let keyOwner = RecordColumn("key_owner", .integer, "the person who uploaded the key: ground truth")
    /// The window's day.
    public static let day = RecordColumn("day", .integer, unit: "day", "UTC day number")
    /// The first scan.
    public static let firstScanTime = RecordColumn("first_scan_time", .time, unit: "s", "the window's first scan")
    /// The last scan.
    public static let lastScanTime = RecordColumn("last_scan_time", .time, unit: "s", "the window's last scan")
    /// The detection.
    public static let detectedAt = RecordColumn("detected_at", .time, unit: "s", "the detection that first returned the window")
    /// The report type.
    public static let reportType = RecordColumn("report_type", .text, "the key's report type")
    /// The infectiousness.
    public static let infectiousness = RecordColumn("infectiousness", .text, "the key's infectiousness")
    /// The calibration confidence.
    public static let calibrationConfidence = RecordColumn("calibration_confidence", .text, "the window's calibration confidence")
    /// The scans.
    public static let scans = RecordColumn("scans", .integer, "scan instances")
    /// The seconds.
    public static let seconds = RecordColumn("seconds", .integer, unit: "s", "Σ seconds since last scan")
    /// The smallest attenuation.
    public static let minAttenuation = RecordColumn("min_attenuation_db", .integer, unit: "dB", "the smallest attenuation of any scan")
    /// The window's level.
    public static let level = RecordColumn(
        "level", .text,
        "`LOW`/`HIGH`/`dropped` under the parameters the phone ran at the detection that returned the window; under an ENF v1 scheme `dropped` if the framework discarded the exposure, as too old or below the minimum risk score, otherwise the scheme's decision on that exposure alone"
    )
    /// The true minutes.
    public static let trueMinutes = RecordColumn("true_minutes", .decimal, unit: "min", "minutes within radio range")
    /// The true smallest distance.
    public static let trueMinimumDistance = RecordColumn(
        "true_min_distance_m", .decimal, unit: "m", "the smallest true distance, empty if none")
    /// The true dose.
    public static let trueDose = RecordColumn(
        "true_dose", .decimal, unit: "dose",
        "dose received from the key's owner, in the units of the exponential dose-response model of Google's ENS simulator and Wilson et al. 2021: minutes × distance factor × infectiousness factor; 0 if the owner was not infectious"
    )
    /// `day` for reading.
    public static let date = RecordColumn("date", .date, "the calendar date of `day`")
    /// `first_scan_time` for reading.
    public static let firstScanUTC = RecordColumn("first_scan_utc", .timestamp, "`first_scan_time`")
    /// `detected_at` for reading.
    public static let detectedAtUTC = RecordColumn("detected_at_utc", .timestamp, "`detected_at`")

    /// The columns in file order.
    public static let columns = [
        phone, keyOwner, day, firstScanTime, lastScanTime, detectedAt, reportType, infectiousness, calibrationConfidence, scans,
        seconds, minAttenuation, level, trueMinutes, trueMinimumDistance, trueDose, date, firstScanUTC, detectedAtUTC,
    ]
}
