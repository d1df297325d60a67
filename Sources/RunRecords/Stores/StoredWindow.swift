import ExposureNotification
import RiskCalculation

/// One exposure window a phone recorded during a run, with the ground truth
/// behind it: the input of `warnsim evaluate`, `warnsim sweep` and
/// `warnsim windows export`.
package struct StoredWindow: Hashable, Sendable {
    /// The phone (person index) whose detection produced the window.
    package var phone: Int
    /// The person who uploaded the matched key (−1 if unknown).
    package var owner: Int
    /// Unix seconds of the window's first and last scan.
    package var firstScanTime: Int64
    package var lastScanTime: Int64
    /// Unix seconds of the detection that first produced the window.
    package var detectedAt: Int64
    /// The window's level under the run's own configuration (nil: dropped).
    package var runLevel: RiskLevel?
    /// The real contact during the window's span.
    package var truth: WindowTruth
    /// The window exactly as the framework returned it.
    package var window: ExposureWindow

    package init(
        phone: Int, owner: Int, firstScanTime: Int64, lastScanTime: Int64, detectedAt: Int64,
        runLevel: RiskLevel?, truth: WindowTruth, window: ExposureWindow
    ) {
        self.phone = phone
        self.owner = owner
        self.firstScanTime = firstScanTime
        self.lastScanTime = lastScanTime
        self.detectedAt = detectedAt
        self.runLevel = runLevel
        self.truth = truth
        self.window = window
    }
}
