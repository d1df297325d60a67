import Foundation
import WarnSimCore

/// Google's per-device BLE calibration list (`en-calibration-2020-08-12.csv`):
/// for each phone model the TX power it advertises (as an average iPhone would
/// report at the same power) and the RSSI correction its receiver needs, with
/// the calibration confidence (1 = LOW, 3 = HIGH).
package struct DeviceCalibrationTable: Sendable {
    /// One model's row.
    package struct Entry: Sendable, Equatable {
        package var oem: String
        package var model: String
        package var rssiCorrection: Double
        package var txPower: Double
        /// 1 (LOW), 2 (MEDIUM) or 3 (HIGH).
        package var confidence: Int
    }

    /// All rows, in file order.
    package let entries: [Entry]
    private let byModel: [String: Int]

    package init(entries: [Entry]) {
        self.entries = entries
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() where index[entry.model] == nil {
            index[entry.model] = position
        }
        byModel = index
    }

    /// The row for a model name as Android reports it (`Build.MODEL`); a suffix
    /// after `/` (dual-SIM variants such as `SM-G981B/DS`) is ignored when the
    /// exact name is not listed.
    package func entry(model: String) -> Entry? {
        if let position = byModel[model] { return entries[position] }
        if let slash = model.firstIndex(of: "/"), let position = byModel[String(model[..<slash])] {
            return entries[position]
        }
        return nil
    }

    /// Reads the CSV (header `oem,device, model,rssi correction,tx,calibration confidence`).
    package static func load(_ url: URL) throws -> DeviceCalibrationTable {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw InputError(file: url.path, problem: "cannot read the calibration table (\(error.localizedDescription))")
        }
        return try parse(text, file: url.path)
    }

    /// Parses the CSV text.
    package static func parse(_ text: String, file: String) throws -> DeviceCalibrationTable {
        var records = try CSVTable.records(text, file: file)
        guard !records.isEmpty else { throw InputError(file: file, problem: "the calibration table is empty") }
        let header = records.removeFirst().cells.map { $0.lowercased() }
        let expected = ["oem", "device", "model", "rssi correction", "tx", "calibration confidence"]
        guard header == expected else {
            throw InputError(
                file: file, field: "header",
                problem: "expected columns \(expected.joined(separator: ",")), found \(header.joined(separator: ","))")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(records.count)
        for record in records {
            let fields = record.cells
            guard fields.count == expected.count, let correction = DecimalNumber.parse(fields[3]),
                let tx = DecimalNumber.parse(fields[4]), let confidence = Int(fields[5]), (1...3).contains(confidence)
            else {
                throw InputError(
                    file: file, field: "line \(record.line)", problem: "expected oem,device,model,rssi correction,tx,confidence")
            }
            entries.append(Entry(oem: fields[0], model: fields[2], rssiCorrection: correction, txPower: tx, confidence: confidence))
        }
        return DeviceCalibrationTable(entries: entries)
    }
}
