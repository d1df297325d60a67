import Foundation
import WarnSimCore

/// Reads the key list that `warnsim keys export` signs: the layout of the
/// exposure-notifications-server publish request, as in
/// google/exposure-notifications-server `examples/export` (unmodified copy in
/// `Tests/Reference/gaen/export-samples/server-example-2-keys.keys.json`):
///
/// ```json
/// { "temporaryExposureKeys": [
///     { "key": "<base64 of 16 bytes>", "rollingStartNumber": 2649980,
///       "rollingPeriod": 1, "transmissionRisk": 8 } ] }
/// ```
///
/// Besides those four fields each key may carry `reportType` (a name such as
/// `"CONFIRMED_TEST"` or its number) and `daysSinceOnsetOfSymptoms`. Unknown
/// fields are errors, so that a typo is not silently ignored.
public enum KeysJSON {
    static let keyFields: Set<String> = [
        "key", "rollingStartNumber", "rollingPeriod", "transmissionRisk", "reportType", "daysSinceOnsetOfSymptoms",
    ]

    /// Parses the file at `url`.
    ///
    /// - Parameter url: the JSON file.
    /// - Returns: the keys, in file order.
    /// - Throws: `InputError` naming the file, the field and the problem.
    public static func read(contentsOf url: URL) throws(InputError) -> [DiagnosisKey] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw InputError(file: url.path, problem: "cannot be read (\(error.localizedDescription))")
        }
        return try parse(data, file: url.path)
    }

    /// Parses JSON bytes; `file` names the source in errors.
    ///
    /// - Parameters:
    ///   - data: the JSON bytes.
    ///   - file: the name used in error messages.
    /// - Returns: the keys, in file order.
    /// - Throws: `InputError` naming `file`, the field and the problem.
    public static func parse(_ data: Data, file: String) throws(InputError) -> [DiagnosisKey] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw InputError(file: file, problem: "is not valid JSON (\(error))")
        }
        guard let object = root.objectValue else {
            throw InputError(file: file, problem: "the top level must be an object with \"temporaryExposureKeys\"")
        }
        for name in object.keys.sorted() where name != "temporaryExposureKeys" {
            throw InputError(file: file, field: name, problem: "unknown field (expected only \"temporaryExposureKeys\")")
        }
        guard let list = object["temporaryExposureKeys"] else {
            throw InputError(file: file, field: "temporaryExposureKeys", problem: "missing")
        }
        guard let entries = list.arrayValue else {
            throw InputError(file: file, field: "temporaryExposureKeys", problem: "must be a list")
        }
        var keys = [DiagnosisKey]()
        for (index, entry) in entries.enumerated() {
            keys.append(try key(entry, path: "temporaryExposureKeys[\(index)]", file: file))
        }
        return keys
    }

    private static func key(_ entry: JSONValue, path: String, file: String) throws(InputError) -> DiagnosisKey {
        guard let fields = entry.objectValue else {
            throw InputError(file: file, field: path, problem: "must be an object")
        }
        for name in fields.keys.sorted() where !keyFields.contains(name) {
            throw InputError(
                file: file, field: "\(path).\(name)", problem: "unknown field (expected \(keyFields.sorted().joined(separator: ", ")))")
        }
        guard let encoded = fields["key"] else {
            throw InputError(file: file, field: "\(path).key", problem: "missing")
        }
        guard let text = encoded.stringValue, let bytes = Data(base64Encoded: text) else {
            throw InputError(file: file, field: "\(path).key", problem: "must be a base64 string")
        }
        guard let keyData = KeyBytes(bytes) else {
            throw InputError(file: file, field: "\(path).key", problem: "must decode to 16 bytes, decodes to \(bytes.count)")
        }
        let start = try integer(fields, "rollingStartNumber", path: path, file: file, range: 0...Int(Int32.max), required: true)!
        let period = try integer(fields, "rollingPeriod", path: path, file: file, range: 1...144, required: false) ?? 144
        let risk = try integer(fields, "transmissionRisk", path: path, file: file, range: 0...8, required: false)
        let onset = try integer(fields, "daysSinceOnsetOfSymptoms", path: path, file: file, range: -14...14, required: false)
        var reportType: DiagnosisKey.ReportType?
        if let value = fields["reportType"] {
            if let name = value.stringValue, let parsed = DiagnosisKey.ReportType(name: name) {
                reportType = parsed
            } else if let number = value.integerValue, let parsed = DiagnosisKey.ReportType(rawValue: Int32(clamping: number)) {
                reportType = parsed
            } else {
                throw InputError(
                    file: file, field: "\(path).reportType",
                    problem: "must be one of \(DiagnosisKey.ReportType.allCases.map(\.description).joined(separator: ", ")) or 0…5")
            }
        }
        return DiagnosisKey(
            keyData: keyData,
            transmissionRiskLevel: risk.map(Int32.init),
            rollingStartIntervalNumber: ENIntervalNumber(UInt32(start)),
            rollingPeriod: UInt32(period),
            reportType: reportType,
            daysSinceOnsetOfSymptoms: onset.map(Int32.init)
        )
    }

    private static func integer(
        _ fields: [String: JSONValue], _ name: String, path: String, file: String, range: ClosedRange<Int>, required: Bool
    ) throws(InputError) -> Int? {
        guard let value = fields[name] else {
            if required { throw InputError(file: file, field: "\(path).\(name)", problem: "missing") }
            return nil
        }
        guard let wide = value.integerValue else {
            throw InputError(file: file, field: "\(path).\(name)", problem: "must be an integer")
        }
        let number = Int(clamping: wide)
        guard range.contains(number) else {
            throw InputError(
                file: file, field: "\(path).\(name)", problem: "must be within \(range.lowerBound)…\(range.upperBound), is \(number)")
        }
        return number
    }
}
