import ExposureNotification

/// One replayed contact (one phone's view of one other phone, or one labelled
/// test-vector case) with its ground truth and the exposure windows the real
/// code path made of it.
package struct ReplayCase: Sendable {
    /// The values of the data set's identifier columns, in their order.
    package var identifiers: [String]
    /// Minutes at or within the truth distance; `nil` when the input gives
    /// the truth directly (labelled test vectors).
    package var minutesWithin: Double?
    /// Whether the case was truly at risk.
    package var atRisk: Bool
    /// The windows, as the framework would hand them to the app.
    package var windows: [ExposureWindow]
    /// The UTC day number of "today" for the risk calculation (the day of the
    /// case's last window, so the contact is scored on the day it ended).
    package var referenceDay: Int

    /// Creates a case.
    ///
    /// - Parameters:
    ///   - identifiers: one value per identifier column of the data set.
    ///   - minutesWithin: minutes within the truth distance, or `nil` if labelled.
    ///   - atRisk: the ground truth.
    ///   - windows: the exposure windows.
    ///   - referenceDay: the day the calculation runs on.
    package init(identifiers: [String], minutesWithin: Double?, atRisk: Bool, windows: [ExposureWindow], referenceDay: Int) {
        self.identifiers = identifiers
        self.minutesWithin = minutesWithin
        self.atRisk = atRisk
        self.windows = windows
        self.referenceDay = referenceDay
    }
}

/// The cases of one replay input, with the names of their identifier columns.
package struct ReplayDataset: Sendable {
    /// Which of the supported formats the input was.
    package var format: ReplayFormat
    /// The identifier column names (the first columns of `cases.csv`).
    package var identifierColumns: [String]
    /// The cases, in a fixed order (file order, or sorted identifiers).
    package var cases: [ReplayCase]
    /// The files read, for the manifest.
    package var inputFiles: [String]

    /// Creates a data set.
    ///
    /// - Parameters:
    ///   - format: the input format.
    ///   - identifierColumns: the names of the identifier columns.
    ///   - cases: the cases.
    ///   - inputFiles: the files that were read.
    package init(format: ReplayFormat, identifierColumns: [String], cases: [ReplayCase], inputFiles: [String]) {
        self.format = format
        self.identifierColumns = identifierColumns
        self.cases = cases
        self.inputFiles = inputFiles
    }
}

/// The replay input formats (Configs/replay/README.md).
package enum ReplayFormat: String, Sendable, CaseIterable {
    /// Attenuation–duration histograms, one CSV row per contact.
    case histogram
    /// DP-3T experiment 34 scenario databases (timestamped RSSI, true distance).
    case dp3t
    /// Lanfer et al. 2022 CSV files (RSSI at surveyed distances, no timestamps).
    case lanfer
    /// CWA test-vector JSON with a `truth` field per case.
    case testVectors = "test-vectors"
}
