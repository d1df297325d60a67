import Foundation
import Population
import WarnSimCore

/// One BLE advertisement of the Lanfer et al. 2022 measurements
/// (`Configs/radio/data/lanfer-multichannel-2022`, CC BY-SA 4.0): raw RSSI at
/// the Raspberry Pi 4b receiver from one sender at a surveyed distance.
package struct LanferSample: Sendable, Equatable {
    /// Index into ``LanferMeasurements/sites``.
    package var site: Int
    /// `measurement_section`, `scenarios`, or empty for sites without sections.
    package var section: String
    /// Index into ``LanferMeasurements/senders``.
    package var sender: Int
    /// Surveyed distance in metres (the files give centimetres).
    package var distance: Double
    /// Raw BLE RSSI in dBm (`rssiBLE`).
    package var rssi: Double
}

/// Reads the Lanfer et al. 2022 multi-channel data (E. Lanfer, T. Hänel,
/// R. van Rijswijk-Deij, N. Aschenbruck, IEEE LCN 2022,
/// doi:10.1109/LCN53696.2022.9843531; data CC BY-SA 4.0).
package struct LanferMeasurements: Sendable {
    /// The measured places, in the order the fit and the check report them.
    package static let sites = ["office", "bus", "train", "parking"]
    /// The senders (one CSV file each): Raspberry Pi 4b, Apple iPhone 6S, OnePlus Nord N10 5G.
    package static let senders = ["Pi", "iPhone", "OnePlus"]
    /// The data set's name in YAML and reports.
    package static let dataSetName = "lanfer-multichannel-2022"

    package var samples: [LanferSample]
    /// Rows of blocks whose header has no `rssiBLE` column (not read), per file.
    package var skippedRows: [String: Int]

    /// Loads every site: `SITE/measurement_section/SENDER.csv` and
    /// `SITE/scenarios/SENDER.csv` where the site has sections, `SITE/SENDER.csv`
    /// otherwise.
    package static func load(directory: URL) throws -> LanferMeasurements {
        var samples: [LanferSample] = []
        var unreadRows: [String: Int] = [:]
        let manager = FileManager.default
        for (site, name) in sites.enumerated() {
            let siteFolder = directory.appendingPathComponent(name)
            let sections = ["measurement_section", "scenarios"].filter {
                manager.fileExists(atPath: siteFolder.appendingPathComponent($0).path)
            }
            for section in sections.isEmpty ? [""] : sections {
                let folder = section.isEmpty ? siteFolder : siteFolder.appendingPathComponent(section)
                for (sender, senderName) in senders.enumerated() {
                    let url = folder.appendingPathComponent("\(senderName).csv")
                    let (rows, unread) = try readFile(url)
                    if unread > 0 {
                        unreadRows[[name, section, "\(senderName).csv"].filter { !$0.isEmpty }.joined(separator: "/")] = unread
                    }
                    for (distance, rssi) in rows {
                        samples.append(LanferSample(site: site, section: section, sender: sender, distance: distance, rssi: rssi))
                    }
                }
            }
        }
        return LanferMeasurements(samples: samples, skippedRows: unreadRows)
    }

    /// The (distance m, rssiBLE) rows of one file. A line naming columns starts
    /// a block; blocks without `distance` and `rssiBLE` columns are counted, not read.
    static func readFile(_ url: URL) throws -> (rows: [(Double, Double)], unread: Int) {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw InputError(file: url.path, problem: "cannot read (expected a Lanfer et al. 2022 sender file)")
        }
        var rows: [(Double, Double)] = []
        var unread = 0
        var distanceColumn: Int?
        var rssiColumn: Int?
        var sawHeader = false
        for record in try CSVTable.records(text, file: url.path) {
            let fields = record.cells
            if fields.contains("distance") {
                sawHeader = true
                distanceColumn = fields.firstIndex(of: "distance")
                rssiColumn = fields.firstIndex(of: "rssiBLE")
                continue
            }
            guard sawHeader else { throw InputError(file: url.path, field: "line 1", problem: "expected a header with 'distance'") }
            guard let d = distanceColumn, let r = rssiColumn else {
                unread += 1
                continue
            }
            guard fields.count > max(d, r), let centimetres = DecimalNumber.parse(fields[d]), centimetres > 0,
                let rssi = DecimalNumber.parse(fields[r])
            else {
                throw InputError(
                    file: url.path, field: "line \(record.line)", problem: "distance (cm) and rssiBLE (dBm) must be numbers")
            }
            rows.append((centimetres / 100, rssi))
        }
        return (rows, unread)
    }
}
