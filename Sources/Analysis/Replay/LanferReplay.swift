import ExposureNotification
import Foundation
import WarnSimCore

/// Lanfer et al. (LCN 2022) replayed: BLE RSSI of one sender at surveyed
/// distances (`distance` in cm, `rssiBLE` in dBm), without timestamps.
///
/// Every run of consecutive rows at one distance in one file is a case. The
/// rows carry no time, so WarnSim assigns it: row k of a run is the sender's
/// advertisement heard in the receiver's k-th scan, the scans following the
/// framework's schedule (``ScanSchedule``: the first within 300 s of the run's
/// start, then every 210–300 s, drawn from a stream seeded by the case index).
/// A run of N rows is therefore about N × 4.25 minutes of contact at that
/// distance; the truth minutes are the framework's `secondsSinceLastScan` of
/// those scans (2 minutes for the first), all at the run's distance.
/// Calibration: none of the devices (Raspberry Pi 4b receiver; Raspberry Pi,
/// iPhone 6S and OnePlus Nord N10 5G senders) has a row in Google's table,
/// so all use ``SightingCalibration/fallback``.
package enum LanferReplay {
    package static let identifierColumns = ["file", "run", "distance_cm", "rows"]

    /// Runs start at 2022-03-01T00:00:00Z (any time gives the same windows up
    /// to the UTC day boundaries).
    package static let startTime: Int64 = 1_646_092_800

    /// Whether the header's cells are a Lanfer header.
    static func isLanferHeader(_ columns: [String]) -> Bool {
        columns.contains("distance") && columns.contains("rssiBLE")
    }

    /// Loads one CSV file or every Lanfer CSV below a folder (sorted paths).
    ///
    /// - Parameters:
    ///   - url: a file or a folder.
    ///   - truth: the truth criterion.
    ///   - calibration: the device calibration (only its fallback is used).
    /// - Returns: one case per run of rows at one distance.
    /// - Throws: `InputError` naming the file, line and field.
    package static func load(_ url: URL, truth: ReplayTruth, calibration: SightingCalibration) throws -> ReplayDataset {
        var files: [(path: String, name: String)] = []
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            let enumerator = FileManager.default.enumerator(atPath: url.path)
            var names: [String] = []
            while let name = enumerator?.nextObject() as? String {
                if name.hasSuffix(".csv") { names.append(name) }
            }
            for name in names.sorted() {
                files.append((url.appendingPathComponent(name).relativePath, name))
            }
        } else {
            files = [(url.relativePath, url.lastPathComponent)]
        }
        var cases: [ReplayCase] = []
        for file in files {
            let text: String
            do {
                text = try String(contentsOfFile: file.path, encoding: .utf8)
            } catch {
                throw InputError(file: file.path, problem: "cannot read the file (\(error.localizedDescription))")
            }
            cases += try parse(
                text, file: file.path, name: file.name, truth: truth, calibration: calibration, entityBase: UInt64(cases.count))
        }
        guard !cases.isEmpty else { throw InputError(file: url.path, problem: "no Lanfer rows (CSV with distance,rssiBLE) found") }
        return ReplayDataset(format: .lanfer, identifierColumns: identifierColumns, cases: cases, inputFiles: files.map(\.path))
    }

    /// The cases of one file's text.
    static func parse(
        _ text: String, file: String, name: String, truth: ReplayTruth, calibration: SightingCalibration, entityBase: UInt64
    ) throws -> [ReplayCase] {
        let records = try CSVTable.records(text, file: file)
        guard let first = records.first, first.line == 1, isLanferHeader(first.cells) else {
            throw InputError(file: file, field: "line 1", problem: "expected a header with the columns distance and rssiBLE")
        }
        let header = first.cells
        let distanceIndex = header.firstIndex(of: "distance")!
        let rssiIndex = header.firstIndex(of: "rssiBLE")!
        var runs: [(distance: Int, rssi: [Int])] = []
        for record in records.dropFirst() {
            let cells = record.cells
            let offset = record.line - 1
            guard cells.count == header.count else {
                throw InputError(
                    file: file, field: "line \(offset + 1)",
                    problem: "expected \(header.count) cells as in the header, found \(cells.count)")
            }
            guard let distance = Int(cells[distanceIndex]), distance >= 0 else {
                throw InputError(
                    file: file, field: "line \(offset + 1), distance",
                    problem: "expected whole centimetres, found \"\(cells[distanceIndex])\"")
            }
            guard let rssi = Int(cells[rssiIndex]) else {
                throw InputError(
                    file: file, field: "line \(offset + 1), rssiBLE", problem: "expected whole dBm, found \"\(cells[rssiIndex])\"")
            }
            if let last = runs.last, last.distance == distance {
                runs[runs.count - 1].rssi.append(rssi)
            } else {
                runs.append((distance, [rssi]))
            }
        }
        var cases: [ReplayCase] = []
        for (index, run) in runs.enumerated() {
            let entity = entityBase + UInt64(index)
            var stream = RandomStream(seed: FrameworkReplay.keySeed, subsystem: "replay.scans", entity: entity)
            var time = ScanSchedule.firstScan(from: startTime, using: &stream)
            var scans: [FrameworkReplay.Scan] = []
            var seconds = 0
            var previous: Int64?
            for rssi in run.rssi {
                scans.append(FrameworkReplay.Scan(time: time, rssi: [rssi]))
                seconds += FrameworkReplay.secondsSinceLastScan(time, previous: previous)
                previous = time
                time = ScanSchedule.nextScan(after: time, using: &stream)
            }
            let windows = try FrameworkReplay.windows(
                scans: scans, sender: calibration.fallback, receiver: calibration.fallback, entity: entity)
            let minutes = Double(run.distance) / 100 <= truth.distanceMetres ? Double(seconds) / 60 : 0
            let lastDay = Int(FrameworkReplay.floorDivide(scans.last!.time, 86_400))
            cases.append(
                ReplayCase(
                    identifiers: [name, String(index + 1), String(run.distance), String(run.rssi.count)], minutesWithin: minutes,
                    atRisk: truth.isAtRisk(minutesWithin: minutes), windows: windows,
                    referenceDay: windows.map(\.dayNumber).max() ?? lastDay))
        }
        return cases
    }
}
