import ExposureNotification
import Foundation
import WarnSimCore

/// Attenuation–duration histograms (CSV, one row per contact): a
/// `distance_m` column with the true distance, one `min_LO_HI` column per
/// attenuation bin with the minutes at LO ≤ attenuation < HI dB, and any other
/// columns as case identifiers; lines starting with `#` are comments
/// (Configs/replay/README.md).
///
/// Each row becomes the windows of one phone: per bin, scan instances at the
/// bin's mid attenuation ⌊(LO + HI)/2⌋ (minimum and typical alike), each of at
/// most 300 s (the framework's cap of `secondsSinceLastScan`), their seconds
/// summing to the bin's minutes × 60 (rounded to whole seconds); bins in
/// ascending order; cut into windows of at most 30 minutes of scans, all on the
/// reference day, with the report type, infectiousness and calibration
/// confidence of ``Options``.
package enum HistogramReplayFile {
    /// The window fields the histogram does not carry.
    package struct Options: Hashable, Sendable {
        /// Default CONFIRMED_TEST (1), as the CWA test vectors' confirmed positives.
        package var reportType: ReportType = .confirmedTest
        /// Default STANDARD (1).
        package var infectiousness: Infectiousness = .standard
        /// Default LOWEST (0), the most common value in the CWA test vectors.
        package var calibrationConfidence: CalibrationConfidence = .lowest

        package init() {}
    }

    /// The truth column.
    package static let distanceColumn = "distance_m"

    /// The day all histogram windows are dated (only ages matter).
    package static let referenceDay = 18_993

    /// One attenuation bin.
    package struct Bin: Hashable, Sendable {
        package var low: Int
        package var high: Int
        /// ⌊(low + high) / 2⌋, the attenuation of the bin's scan instances.
        package var mid: Int { (low + high) / 2 }
    }

    /// Loads `path`.
    ///
    /// - Parameters:
    ///   - path: the CSV file.
    ///   - truth: the truth criterion.
    ///   - options: the window fields the file does not carry.
    /// - Returns: one case per data row.
    /// - Throws: `InputError` naming the file, the line and the field.
    package static func load(path: String, truth: ReplayTruth, options: Options = Options()) throws -> ReplayDataset {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw InputError(file: path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        return try parse(text, file: path, truth: truth, options: options)
    }

    /// Parses histogram CSV text.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the name used in error messages.
    ///   - truth: the truth criterion.
    ///   - options: the window fields the file does not carry.
    /// - Returns: one case per data row.
    /// - Throws: `InputError` naming `file`, the line and the field.
    package static func parse(_ text: String, file: String, truth: ReplayTruth, options: Options = Options()) throws -> ReplayDataset {
        var header: [String]?
        var bins: [(column: Int, bin: Bin)] = []
        var distanceIndex = -1
        var idColumns: [(column: Int, name: String)] = []
        var cases: [ReplayCase] = []
        for record in try CSVTable.records(text, file: file, comments: true) {
            let number = record.line
            let cells = record.cells
            guard let columns = header else {
                header = cells
                for (index, name) in cells.enumerated() {
                    if name == distanceColumn {
                        distanceIndex = index
                    } else if name.hasPrefix("min_") {
                        bins.append((index, try bin(name, file: file, line: number)))
                    } else if name.isEmpty {
                        throw InputError(file: file, field: "line \(number), column \(index + 1)", problem: "empty column name")
                    } else {
                        idColumns.append((index, name))
                    }
                }
                if Set(cells).count != cells.count {
                    throw InputError(file: file, field: "line \(number)", problem: "duplicate column name")
                }
                guard distanceIndex >= 0 else {
                    throw InputError(
                        file: file, field: "line \(number), \(distanceColumn)", problem: "missing the \(distanceColumn) column")
                }
                guard !bins.isEmpty else {
                    throw InputError(file: file, field: "line \(number)", problem: "no min_LO_HI attenuation bin column")
                }
                let sorted = bins.map(\.bin).sorted { $0.low < $1.low }
                for (a, b) in zip(sorted, sorted.dropFirst()) where b.low < a.high {
                    throw InputError(
                        file: file, field: "line \(number), min_\(b.low)_\(b.high)",
                        problem: "overlaps min_\(a.low)_\(a.high) (bins must not overlap)")
                }
                continue
            }
            guard cells.count == columns.count else {
                throw InputError(
                    file: file, field: "line \(number)", problem: "expected \(columns.count) cells as in the header, found \(cells.count)")
            }
            func value(_ index: Int) throws -> Double {
                guard let parsed = DecimalNumber.parse(cells[index]), parsed >= 0 else {
                    throw InputError(
                        file: file, field: "line \(number), \(columns[index])",
                        problem: "expected a non-negative number, found \"\(cells[index])\"")
                }
                return parsed
            }
            let distance = try value(distanceIndex)
            var scans: [ScanInstance] = []
            var total = 0.0
            for (column, bin) in bins.sorted(by: { $0.bin.low < $1.bin.low }) {
                let minutes = try value(column)
                // One row is one encounter, at most one day: more minutes would
                // only build millions of scan instances (or overflow the seconds).
                guard minutes <= Self.maximumMinutesPerBin else {
                    throw InputError(
                        file: file, field: "line \(number), \(columns[column])",
                        problem: "out of range: found \(cells[column]) minutes, allowed 0…\(Int(Self.maximumMinutesPerBin)) (one day)")
                }
                total += minutes
                var seconds = Int((minutes * 60).rounded())
                while seconds > 0 {
                    let step = Swift.min(seconds, 300)
                    scans.append(ScanInstance(minAttenuation: bin.mid, typicalAttenuation: bin.mid, secondsSinceLastScan: step))
                    seconds -= step
                }
            }
            let within = distance <= truth.distanceMetres ? total : 0
            cases.append(
                ReplayCase(
                    identifiers: idColumns.map { cells[$0.column] }, minutesWithin: within,
                    atRisk: truth.isAtRisk(minutesWithin: within), windows: windows(of: scans, options: options),
                    referenceDay: referenceDay))
        }
        guard header != nil else { throw InputError(file: file, field: "line 1", problem: "no header line (the file is empty)") }
        return ReplayDataset(
            format: .histogram, identifierColumns: idColumns.isEmpty ? ["row"] : idColumns.map(\.name),
            cases: idColumns.isEmpty
                ? cases.enumerated().map { index, item in
                    var copy = item
                    copy.identifiers = [String(index + 1)]
                    return copy
                } : cases,
            inputFiles: [file])
    }

    /// The most minutes one attenuation bin of one row may hold: a day.
    package static let maximumMinutesPerBin = 1440.0

    /// Parses a `min_LO_HI` column name.
    static func bin(_ name: String, file: String, line: Int) throws -> Bin {
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, let low = Int(parts[1]), let high = Int(parts[2]), low >= 0, low < high, high <= 255 else {
            throw InputError(
                file: file, field: "line \(line), \(name)",
                problem: "unknown bin name (expected min_LO_HI with whole dB, 0 ≤ LO < HI ≤ 255, e.g. min_48_50)")
        }
        return Bin(low: low, high: high)
    }

    /// Cuts scans into windows of at most 30 minutes of scans.
    static func windows(of scans: [ScanInstance], options: Options) -> [ExposureWindow] {
        var out: [ExposureWindow] = []
        var current: [ScanInstance] = []
        var seconds = 0
        for scan in scans {
            if seconds + scan.secondsSinceLastScan > 1800, !current.isEmpty {
                out.append(window(current, options: options))
                current = []
                seconds = 0
            }
            current.append(scan)
            seconds += scan.secondsSinceLastScan
        }
        if !current.isEmpty { out.append(window(current, options: options)) }
        return out
    }

    static func window(_ scans: [ScanInstance], options: Options) -> ExposureWindow {
        ExposureWindow(
            dayNumber: referenceDay, reportType: options.reportType, infectiousness: options.infectiousness,
            calibrationConfidence: options.calibrationConfidence, scanInstances: scans)
    }
}
