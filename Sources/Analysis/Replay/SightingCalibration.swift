import Foundation
import Population

/// The calibration of the replayed phones from Google's table
/// (`Configs/radio/data/en-calibration-2020-08-12.csv`): an Android model with a
/// row uses its TX power, RSSI correction and confidence; a device without a
/// row (the Lanfer Raspberry Pi receiver and senders, the iPhone 6S, the
/// OnePlus Nord N10 5G, which came after the table) uses the table's medians
/// of TX power and RSSI correction with confidence 0 (LOWEST).
package struct SightingCalibration: Sendable {
    package let table: DeviceCalibrationTable
    /// The calibration of a device without a row.
    package let fallback: FrameworkReplay.Calibration

    /// The table's path in the repository.
    package static let defaultPath = "Configs/radio/data/en-calibration-2020-08-12.csv"

    /// Wraps a loaded table.
    ///
    /// - Parameter table: Google's calibration table.
    package init(table: DeviceCalibrationTable) {
        self.table = table
        func median(_ values: [Double]) -> Int {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            let middle = sorted.count / 2
            let value = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            return Int(value.rounded(.toNearestOrAwayFromZero))
        }
        fallback = FrameworkReplay.Calibration(
            txPower: median(table.entries.map(\.txPower)), confidence: 0,
            rssiCorrection: median(table.entries.map(\.rssiCorrection)))
    }

    /// The calibration of a model (as Android reports it), or the fallback.
    ///
    /// - Parameter model: the model name, or `nil` for a device without one.
    /// - Returns: the row's values, or ``fallback``.
    package func calibration(model: String?) -> FrameworkReplay.Calibration {
        guard let model, let entry = table.entry(model: model) else { return fallback }
        return FrameworkReplay.Calibration(
            txPower: Int(entry.txPower.rounded()), confidence: entry.confidence, rssiCorrection: Int(entry.rssiCorrection.rounded()))
    }
}
