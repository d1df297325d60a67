/// `windows.csv`: every exposure window any phone's detection produced,
/// ordered by phone, first scan, key owner, with the real contact during the
/// window's span (from the scan before the first one, by its seconds since
/// last scan, to the end of the last scan, which listens for 4 s);
/// `windows.bin` holds the same windows with their scans.
package enum WindowsCSV: RunCSVFile {
    /// The file's name in a run folder.
    package static let fileName = "windows.csv"

    /// The phone.
    package static let phone = RecordColumn("phone", .integer, "the phone (person index) whose detection produced the window")
    /// The key's owner.
    package static let keyOwner = RecordColumn("key_owner", .integer, "the person who uploaded the key: ground truth")
    /// The window's day.
    package static let day = RecordColumn("day", .integer, unit: "day", "UTC day number")
    /// The first scan.
    package static let firstScanTime = RecordColumn("first_scan_time", .time, unit: "s", "the window's first scan")
    /// The last scan.
    package static let lastScanTime = RecordColumn("last_scan_time", .time, unit: "s", "the window's last scan")
    /// The detection.
    package static let detectedAt = RecordColumn("detected_at", .time, unit: "s", "the detection that first returned the window")
    /// The report type.
    package static let reportType = RecordColumn("report_type", .text, "the key's report type")
    /// The infectiousness.
    package static let infectiousness = RecordColumn("infectiousness", .text, "the key's infectiousness")
    /// The calibration confidence.
    package static let calibrationConfidence = RecordColumn("calibration_confidence", .text, "the window's calibration confidence")
    /// The scans.
    package static let scans = RecordColumn("scans", .integer, "scan instances")
    /// The seconds.
    package static let seconds = RecordColumn("seconds", .integer, unit: "s", "Σ seconds since last scan")
    /// The smallest attenuation.
    package static let minAttenuation = RecordColumn("min_attenuation_db", .integer, unit: "dB", "the smallest attenuation of any scan")
    /// The window's level.
    package static let level = RecordColumn(
        "level", .text,
        "`LOW`/`HIGH`/`dropped` under the parameters the phone ran at the detection that returned the window; under an ENF v1 scheme `dropped` if the framework discarded the exposure, as too old or below the minimum risk score, otherwise the scheme's decision on that exposure alone"
    )
    /// The true minutes.
    package static let trueMinutes = RecordColumn("true_minutes", .decimal, unit: "min", "minutes within radio range")
    /// The true smallest distance.
    package static let trueMinimumDistance = RecordColumn(
        "true_min_distance_m", .decimal, unit: "m", "the smallest true distance, empty if none")
    /// The true dose.
    package static let trueDose = RecordColumn(
        "true_dose", .decimal, unit: "dose",
        "dose received from the key's owner, in the units of the exponential dose-response model of Google's ENS simulator and Wilson et al. 2021: minutes × distance factor × infectiousness factor; 0 if the owner was not infectious"
    )
    /// `day` for reading.
    package static let date = RecordColumn("date", .date, "the calendar date of `day`")
    /// `first_scan_time` for reading.
    package static let firstScanUTC = RecordColumn("first_scan_utc", .timestamp, "`first_scan_time`")
    /// `detected_at` for reading.
    package static let detectedAtUTC = RecordColumn("detected_at_utc", .timestamp, "`detected_at`")

    /// The columns in file order.
    package static let columns = [
        phone, keyOwner, day, firstScanTime, lastScanTime, detectedAt, reportType, infectiousness, calibrationConfidence, scans,
        seconds, minAttenuation, level, trueMinutes, trueMinimumDistance, trueDose, date, firstScanUTC, detectedAtUTC,
    ]
}
