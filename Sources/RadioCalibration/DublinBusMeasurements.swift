import Foundation
import Population
import WarnSimCore

/// One pair of handsets of the Dublin Bus measurements: the minutes the
/// Exposure Notification API reported in each attenuation bin, and the pair's
/// estimated distance.
package struct DublinBusPair: Sendable, Equatable {
    /// Row of the files (0-based), the pair's identifier.
    package var row: Int
    /// Estimated distance between the two handsets, metres.
    package var distance: Double
    /// Minutes per bin of ``DublinBusMeasurements/bins`` (whole minutes in the files).
    package var minutes: [Int]

    /// Total minutes over every bin.
    package var totalMinutes: Int { minutes.reduce(0, +) }
}

/// Reads the Dublin Bus GAEN measurements (D.J. Leith, S. Farrell,
/// "Measurement-based evaluation of Google/Apple Exposure Notification API for
/// proximity detection in a commuter bus", PLoS ONE 16(4): e0250826, 2021;
/// data: doug-leith/dublinbus_gaen_dataset; unmodified copy in
/// `Configs/radio/data/leith-dublin-bus-2020/`): 60 pairs of commuters'
/// handsets on a Dublin city bus, each with the API's own attenuation-duration
/// histogram (EN attenuation, calibrated: tx − (RSSI + correction)).
package struct DublinBusMeasurements: Sendable, Equatable {
    /// The data set's name in YAML and reports.
    package static let dataSetName = "leith-dublin-bus-2020"
    /// The two files of the folder.
    package static let attenuationFile = "dublinbus_dataset_attenuations.txt"
    package static let distanceFile = "dublinbus_dataset_distances.txt"

    /// The attenuation bins of the files' 19 columns, [low, high) dB (the
    /// attenuation file's header lists them).
    package static let bins: [(low: Int, high: Int)] = {
        let edges = [48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 85, 90, 100]
        return (0..<(edges.count - 1)).map { (edges[$0], edges[$0 + 1]) }
    }()

    /// The bin a (whole-dB) attenuation falls into: below the first edge it is
    /// counted in the first bin (the API's lowest bucket starts at 0 dB), at or
    /// beyond the last edge it is not in the histogram (nil).
    package static func bin(of attenuation: Double) -> Int? {
        if attenuation < Double(bins[0].high) { return 0 }
        return bins.firstIndex { attenuation >= Double($0.low) && attenuation < Double($0.high) }
    }

    /// The value a bin stands for in medians and replays: its mid-point ⌊(low + high)/2⌋,
    /// as `warnsim replay` reads a histogram bin.
    package static func mid(_ bin: Int) -> Double { Double((bins[bin].low + bins[bin].high) / 2) }

    package var pairs: [DublinBusPair]

    package init(pairs: [DublinBusPair]) { self.pairs = pairs }

    /// Loads both files from `directory`.
    package static func load(directory: URL) throws -> DublinBusMeasurements {
        let attenuationURL = directory.appendingPathComponent(attenuationFile)
        let distanceURL = directory.appendingPathComponent(distanceFile)
        let histograms = try readTable(attenuationURL, columns: bins.count)
        let distances = try readTable(distanceURL, columns: 1)
        guard histograms.count == distances.count else {
            throw InputError(
                file: distanceURL.path,
                problem: "\(distances.count) rows, but \(attenuationFile) has \(histograms.count): the files must pair row by row")
        }
        var pairs: [DublinBusPair] = []
        for (row, values) in histograms.enumerated() {
            let distance = distances[row].values[0]
            guard distance > 0, distance < 100 else {
                throw InputError(
                    file: distanceURL.path, field: "line \(distances[row].line)", problem: "distance \(distance) m is not in (0, 100)")
            }
            var minutes: [Int] = []
            for (column, value) in values.values.enumerated() {
                guard value >= 0, value <= 1440, value == value.rounded() else {
                    throw InputError(
                        file: attenuationURL.path, field: "line \(values.line), column \(column + 1)",
                        problem: "\(value) is not a whole number of minutes in 0…1440")
                }
                minutes.append(Int(value))
            }
            guard minutes.reduce(0, +) > 0 else {
                throw InputError(file: attenuationURL.path, field: "line \(values.line)", problem: "a pair with no minutes")
            }
            pairs.append(DublinBusPair(row: row, distance: distance, minutes: minutes))
        }
        guard !pairs.isEmpty else { throw InputError(file: attenuationURL.path, problem: "no data rows") }
        return DublinBusMeasurements(pairs: pairs)
    }

    /// Whitespace-separated numbers, `#` comment lines skipped: each data line
    /// with exactly `columns` values.
    static func readTable(_ url: URL, columns: Int) throws -> [(line: Int, values: [Double])] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw InputError(file: url.path, problem: "cannot read (expected a file of the Dublin Bus GAEN data set)")
        }
        var rows: [(line: Int, values: [Double])] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == columns else {
                throw InputError(file: url.path, field: "line \(number + 1)", problem: "\(fields.count) values, expected \(columns)")
            }
            var values: [Double] = []
            for (column, field) in fields.enumerated() {
                guard let value = DecimalNumber.parse(field) else {
                    throw InputError(
                        file: url.path, field: "line \(number + 1), column \(column + 1)", problem: "'\(field)' is not a number")
                }
                values.append(value)
            }
            rows.append((number + 1, values))
        }
        return rows
    }

    /// The pairs as an attenuation–duration histogram file for `warnsim replay`
    /// (Configs/replay/README.md, section 1): one row per pair, `pair` and
    /// `distance_m`, then `min_LO_HI` per bin.
    package func histogramCSV() -> String {
        var text = "# Leith & Farrell, Dublin Bus GAEN measurements (PLoS ONE 16(4): e0250826, 2021; CC BY 4.0),\n"
        text += "# converted by DublinBusMeasurements.histogramCSV() from Configs/radio/data/leith-dublin-bus-2020.\n"
        text += "pair,distance_m," + Self.bins.map { "min_\($0.low)_\($0.high)" }.joined(separator: ",") + "\n"
        for pair in pairs {
            let distance = String(format: "%.2f", pair.distance)
            text += "\(pair.row + 1),\(distance)," + pair.minutes.map(String.init).joined(separator: ",") + "\n"
        }
        return text
    }
}
