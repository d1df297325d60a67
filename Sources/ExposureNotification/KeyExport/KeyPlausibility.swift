import Foundation
import SwiftProtobuf

/// Values of a key package that parse, and may even be signed, but that no
/// server following the GAEN export format writes: a transmission risk level
/// outside 1…8, a report type outside 0 (UNKNOWN)…5 (REVOKED), days since
/// onset of symptoms outside −14…14, a rolling period outside 1…144, a batch
/// whose start timestamp is after its end (`warnsim keys inspect` warns).
public enum KeyPlausibility {
    /// One implausible value: where it is (`keys[3].transmission_risk_level`,
    /// or a header field such as `start_timestamp`) and what is wrong with it.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The key list (`keys`, `revised_keys`), nil for a header field.
        public var list: String?
        /// The key's index in its list, nil for a header field.
        public var index: Int?
        /// The field's name in `export.proto`.
        public var field: String
        /// What is wrong, with the value found.
        public var problem: String

        /// A finding about `field` of key `index` of `list`, or of the header when both are nil.
        public init(list: String? = nil, index: Int? = nil, field: String, problem: String) {
            self.list = list
            self.index = index
            self.field = field
            self.problem = problem
        }

        /// `keys[3].transmission_risk_level: 0 is outside 1…8`.
        public var description: String {
            guard let list, let index else { return "\(field): \(problem)" }
            return "\(list)[\(index)].\(field): \(problem)"
        }
    }

    /// The transmission risk levels the format defines.
    public static let transmissionRiskLevels: ClosedRange<Int32> = 1...8
    /// The report types of `export.proto` (UNKNOWN … REVOKED).
    public static let reportTypes: ClosedRange<Int64> = 0...5
    /// The days since onset of symptoms GAEN accepts.
    public static let daysSinceOnsetOfSymptoms: ClosedRange<Int32> = -14...14
    /// The rolling periods the format allows (intervals of 10 minutes).
    public static let rollingPeriods: ClosedRange<UInt32> = 1...144

    /// Every implausible value of `package`'s `export.bin`, header first, then
    /// `keys` and `revised_keys` in file order, each key's fields in field order.
    ///
    /// - Throws: ``KeyExportError`` when `export.bin` does not parse.
    public static func findings(in package: KeyExportPackage) throws(KeyExportError) -> [Finding] {
        let export = try package.export()
        let unknown = unknownReportTypes(package.exportBin)
        return findings(in: export) { list, index in unknown[list]?[index] ?? [] }
    }

    /// Every implausible value of `export`; `unknownReportTypes` gives the
    /// report types of a key that the decoder set aside as unknown enum values.
    public static func findings(
        in export: KeyExport, unknownReportTypes: (_ list: String, _ index: Int) -> [Int64] = { _, _ in [] }
    ) -> [Finding] {
        var findings: [Finding] = []
        if let start = export.startTimestamp, let end = export.endTimestamp, start > end {
            findings.append(Finding(field: "start_timestamp", problem: "\(start) is after end_timestamp \(end)"))
        }
        for (list, keys) in [("keys", export.keys), ("revised_keys", export.revisedKeys)] {
            for (index, key) in keys.enumerated() {
                func add(_ field: String, _ problem: String) {
                    findings.append(Finding(list: list, index: index, field: field, problem: problem))
                }
                if let level = key.transmissionRiskLevel, !transmissionRiskLevels.contains(level) {
                    add(
                        "transmission_risk_level",
                        "\(level) is outside \(transmissionRiskLevels.lowerBound)…\(transmissionRiskLevels.upperBound)")
                }
                if !rollingPeriods.contains(key.rollingPeriod) {
                    add("rolling_period", "\(key.rollingPeriod) is outside \(rollingPeriods.lowerBound)…\(rollingPeriods.upperBound)")
                }
                for value in unknownReportTypes(list, index) where !reportTypes.contains(value) {
                    add("report_type", "\(value) is not a report type of the format (0 UNKNOWN … 5 REVOKED)")
                }
                if let days = key.daysSinceOnsetOfSymptoms, !daysSinceOnsetOfSymptoms.contains(days) {
                    add(
                        "days_since_onset_of_symptoms",
                        "\(days) is outside \(daysSinceOnsetOfSymptoms.lowerBound)…\(daysSinceOnsetOfSymptoms.upperBound)")
                }
            }
        }
        return findings
    }

    /// The report types outside the format's enum in `exportBin`, by key list
    /// and key index: the protobuf decoder keeps such values of a closed enum
    /// as unknown fields (so the key reads as having no report type); they are
    /// read back from there. Empty when `exportBin` does not parse.
    static func unknownReportTypes(_ exportBin: Data) -> [String: [Int: [Int64]]] {
        let header = KeyExportCoding.header.count
        guard exportBin.count >= header,
            let message = try? Warnsim_Export_TemporaryExposureKeyExport(serializedBytes: Array(exportBin.dropFirst(header)))
        else { return [:] }
        var found: [String: [Int: [Int64]]] = [:]
        for (list, keys) in [("keys", message.keys), ("revised_keys", message.revisedKeys)] {
            for (index, key) in keys.enumerated() {
                let values = varints(field: 5, in: [UInt8](key.unknownFields.data))
                if !values.isEmpty { found[list, default: [:]][index] = values }
            }
        }
        return found
    }

    /// The values of varint field `field` in protobuf wire bytes, each read as
    /// the int32 an enum is (sign-extended to 64 bits on the wire); stops at
    /// bytes that are not well-formed fields.
    static func varints(field: Int, in bytes: [UInt8]) -> [Int64] {
        var position = 0
        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while position < bytes.count, shift < 64 {
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        var values: [Int64] = []
        while position < bytes.count {
            guard let tag = varint() else { break }
            switch tag & 7 {
            case 0:
                guard let value = varint() else { return values }
                if tag >> 3 == UInt64(field) { values.append(Int64(Int32(truncatingIfNeeded: value))) }
            case 1: position += 8
            case 5: position += 4
            case 2:
                guard let length = varint(), length <= UInt64(bytes.count - position) else { return values }
                position += Int(length)
            default: return values
            }
        }
        return values
    }
}
