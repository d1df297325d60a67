import Foundation
import Population
import RadioCalibration
import WarnSimCore

/// Recognises a replay input and loads it (Configs/replay/README.md):
/// - a folder holding `scenario01-lunch.sqlite` (directly or in
///   `exp34-epfl-soldiers/`), or a `.sqlite` file: DP-3T experiment 34;
/// - any other folder: the Lanfer CSV files below it;
/// - `.json`, `.yaml`, `.yml`: labelled CWA test vectors;
/// - `.csv`: a histogram file if its header (after `#` comments) has
///   `distance_m`, a Lanfer file if it has `distance` and `rssiBLE`.
package enum ReplayInput {
    /// Loads `path`.
    ///
    /// - Parameters:
    ///   - path: the data set (file or folder).
    ///   - truth: the truth criterion (ignored by labelled test vectors).
    ///   - calibrationPath: Google's calibration table, for raw sightings.
    /// - Returns: the cases.
    /// - Throws: `InputError` naming the file, the line and the field.
    package static func load(path: String, truth: ReplayTruth, calibrationPath: String) throws -> ReplayDataset {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw InputError(file: path, problem: "file not found")
        }
        func calibration() throws -> SightingCalibration {
            SightingCalibration(table: try DeviceCalibrationTable.load(URL(fileURLWithPath: calibrationPath)))
        }
        if isFolder.boolValue {
            if (try? DP3TMeasurements.scenarioFolder(url)) != nil {
                return try DP3TReplay.load(url, truth: truth, calibration: try calibration())
            }
            return try LanferReplay.load(url, truth: truth, calibration: try calibration())
        }
        switch url.pathExtension.lowercased() {
        case "sqlite":
            return try DP3TReplay.load(url, truth: truth, calibration: try calibration())
        case "json", "yaml", "yml":
            return try LabelledTestVectors.load(path: path)
        case "csv":
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw InputError(file: path, problem: "cannot read the file (\(error.localizedDescription))")
            }
            if let header = try CSVTable.records(text, file: path, comments: true).first,
                LanferReplay.isLanferHeader(header.cells)
            {
                return try LanferReplay.load(url, truth: truth, calibration: try calibration())
            }
            return try HistogramReplayFile.parse(text, file: path, truth: truth)
        default:
            throw InputError(
                file: path, problem: "unknown data set format (expected .csv, .json, .yaml, .sqlite or a folder; Configs/replay/README.md)")
        }
    }
}
