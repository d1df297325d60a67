import ExposureNotification
import Foundation
import Population
import RadioCalibration
import WarnSimCore

/// DP-3T experiment 34 (EPFL, 2020-07-30) replayed: each (receiver, sender)
/// pair of a scenario is one case.
///
/// The phones ran the GAEN framework (v1.2), so the recorded timestamps are
/// the receivers' real scans: a receiver's sightings (of any sender) at most
/// 25.5 s after the first sighting of a scan belong to that scan (the
/// framework's single-scan rule), and the scan starts at that first sighting.
/// The receiver's framework records every one of its scans, with the sender's
/// advertisements heard in it at their recorded RSSI, so `secondsSinceLastScan`
/// follows the recorded scan schedule. Rows without a ground-truth distance
/// are not loaded (``DP3TMeasurements``), so scans in which only such rows
/// occur are missing.
///
/// Truth: each scan of the receiver in which the sender was heard stands for
/// the framework's `secondsSinceLastScan` of that scan (time since the previous
/// scan in whole minutes, at most 5; 2 minutes for the first), at the smallest
/// true distance of the sender's sightings in the scan; the minutes of the
/// scans at or within the truth distance are summed.
package enum DP3TReplay {
    package static let identifierColumns = ["scenario", "receiver", "sender", "receiver_model", "sender_model"]

    /// Loads one scenario database or every `.sqlite` file of a folder.
    ///
    /// - Parameters:
    ///   - url: a `scenarioNN-*.sqlite` file or a folder of them (or its parent).
    ///   - truth: the truth criterion.
    ///   - calibration: the device calibration.
    /// - Returns: one case per pair, ordered by scenario, receiver, sender.
    /// - Throws: `InputError` for unreadable files.
    package static func load(_ url: URL, truth: ReplayTruth, calibration: SightingCalibration) throws -> ReplayDataset {
        var files: [URL]
        if url.pathExtension == "sqlite" {
            files = [url]
        } else {
            let folder = try DP3TMeasurements.scenarioFolder(url)
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".sqlite") }.sorted().map { folder.appendingPathComponent($0) }
        }
        var cases: [ReplayCase] = []
        for file in files {
            let scenario = try DP3TMeasurements.load(file)
            cases += try replay(scenario, truth: truth, calibration: calibration, entityBase: UInt64(cases.count))
        }
        return ReplayDataset(format: .dp3t, identifierColumns: identifierColumns, cases: cases, inputFiles: files.map(\.relativePath))
    }

    /// The cases of one scenario.
    static func replay(
        _ scenario: DP3TScenario, truth: ReplayTruth, calibration: SightingCalibration, entityBase: UInt64
    ) throws
        -> [ReplayCase]
    {
        var byReceiver: [Int32: [DP3TSighting]] = [:]
        for sighting in scenario.sightings { byReceiver[sighting.receiver, default: []].append(sighting) }
        var cases: [ReplayCase] = []
        for receiver in byReceiver.keys.sorted() {
            let sightings = byReceiver[receiver]!.sorted {
                ($0.timestamp, $0.transmitter, $0.rssi) < ($1.timestamp, $1.transmitter, $1.rssi)
            }
            // The receiver's scans: (start, members).
            var scans: [(start: Double, members: [DP3TSighting])] = []
            for sighting in sightings {
                if let last = scans.last, sighting.timestamp - last.start <= 25.5 {
                    scans[scans.count - 1].members.append(sighting)
                } else {
                    scans.append((sighting.timestamp, [sighting]))
                }
            }
            let senders = Set(sightings.map(\.transmitter)).sorted()
            for sender in senders {
                var frameworkScans: [FrameworkReplay.Scan] = []
                var within = 0
                var previous: Int64?
                for scan in scans {
                    let time = Int64(scan.start.rounded(.down))
                    let heard = scan.members.filter { $0.transmitter == sender }
                    frameworkScans.append(FrameworkReplay.Scan(time: time, rssi: heard.map { Int($0.rssi.rounded()) }))
                    if let nearest = heard.map(\.distance).min(), nearest <= truth.distanceMetres {
                        within += FrameworkReplay.secondsSinceLastScan(time, previous: previous)
                    }
                    previous = time
                }
                let receiverModel = scenario.modelByPhone[receiver]
                let senderModel = scenario.modelByPhone[sender]
                let windows = try FrameworkReplay.windows(
                    scans: frameworkScans, sender: calibration.calibration(model: senderModel),
                    receiver: calibration.calibration(model: receiverModel), entity: entityBase + UInt64(cases.count))
                let minutes = Double(within) / 60
                let lastDay = Int(FrameworkReplay.floorDivide(frameworkScans.last!.time, 86_400))
                cases.append(
                    ReplayCase(
                        identifiers: [scenario.shortName, String(receiver), String(sender), receiverModel ?? "", senderModel ?? ""],
                        minutesWithin: minutes, atRisk: truth.isAtRisk(minutesWithin: minutes), windows: windows,
                        referenceDay: windows.map(\.dayNumber).max() ?? lastDay))
            }
        }
        return cases
    }
}
