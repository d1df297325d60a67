import WarnSimCore

/// The largest inputs the configuration and window readers accept, and the
/// ranges of window fields, so that a hostile or broken file is refused with a
/// message instead of exhausting memory or overflowing the risk arithmetic.
///
/// The window limits follow what the exposure-notification framework itself
/// produces (Google, Exposure Notifications API reference, `ExposureWindow`
/// and `ScanInstance`, developers.google.com/android/exposure-notifications;
/// Apple, `ENExposureWindow`: "information about a potential exposure in a
/// 30-minute interval", `ENExposureWindow.date`: the UTC day of the exposure,
/// `ENScanInstance.secondsSinceLastScan`): a window lies within one UTC day
/// (in practice 30 minutes), and the framework scans about every 3–5 minutes
/// (the Bluetooth specification's scanning interval; WarnSim's own schedule:
/// every 210–300 s, `ScanSchedule`).
public enum InputLimits {
    /// The largest file read, refused before it is read (the document
    /// reader's limit, `DocumentTree.maximumFileBytes`: 32 MiB). Exports of
    /// big runs can be cut with `warnsim windows export --phones`.
    public static let maximumFileBytes = DocumentTree.maximumFileBytes
    /// Scan instances in one window: a whole day (86,400 s) scanned every 3
    /// minutes gives 480; a real 30-minute window has about 10.
    public static let maximumScanInstancesPerWindow = 480
    /// `secondsSinceLastScan`: at most one day either way (a window lies within
    /// one UTC day; negative values occur when the clock is changed, and the
    /// apps' test vectors contain −86,160).
    public static let secondsSinceLastScan: ClosedRange<Int> = -86_400...86_400
    /// `ageInDays`: ENF keeps keys and windows for 14 days; a year leaves room
    /// for hand-written files testing the age filter.
    public static let ageInDays: ClosedRange<Int> = 0...365
    /// Windows of one case (one phone): 14 days × 48 half-hour windows for each
    /// of 15 keys seen all day long is about 10,000.
    public static let maximumWindowsPerCase = 10_000
    /// Windows in one file, over all cases.
    public static let maximumWindowsPerFile = 100_000
}
