import Foundation
import SwiftProtobuf

/// Encodes and decodes `export.bin`: the 16-byte header `"EK Export v1    "`
/// followed by a `TemporaryExposureKeyExport` protobuf
/// (google/exposure-notifications-server, `internal/pb/export/export.proto` and
/// `internal/export/exportfile.go`).
public enum KeyExportCoding {
    /// `"EK Export v1"` padded with four spaces.
    public static let header: [UInt8] = Array("EK Export v1    ".utf8)

    /// The bytes of `export.bin` for `export`. Keys are written in the given
    /// order (``KeyExportBuilder`` sorts them as servers do).
    ///
    /// - Parameter export: the export; `nil` fields are left out.
    /// - Returns: the header followed by the protobuf.
    public static func encode(_ export: KeyExport) -> Data {
        var message = Warnsim_Export_TemporaryExposureKeyExport()
        if let value = export.startTimestamp { message.startTimestamp = value }
        if let value = export.endTimestamp { message.endTimestamp = value }
        if let value = export.region { message.region = value }
        if let value = export.batchNum { message.batchNum = value }
        if let value = export.batchSize { message.batchSize = value }
        message.signatureInfos = export.signatureInfos.map(protobuf)
        message.keys = export.keys.map(protobuf)
        message.revisedKeys = export.revisedKeys.map(protobuf)
        // Serialising a message whose fields are all set cannot fail.
        let body = try! message.serializedBytes() as [UInt8]
        return Data(header + body)
    }

    /// Parses `export.bin`, validating every key.
    ///
    /// - Parameter bytes: the contents of `export.bin`.
    /// - Returns: the export.
    /// - Throws: ``KeyExportError`` for a missing or wrong header, a malformed
    ///   protobuf, or a key with invalid fields.
    public static func decode(_ bytes: Data) throws(KeyExportError) -> KeyExport {
        guard bytes.count >= header.count else { throw .truncatedHeader(bytes.count) }
        guard bytes.prefix(header.count).elementsEqual(header) else { throw .wrongHeader }
        let message: Warnsim_Export_TemporaryExposureKeyExport
        do {
            message = try Warnsim_Export_TemporaryExposureKeyExport(serializedBytes: Array(bytes.dropFirst(header.count)))
        } catch {
            throw .invalidProtobuf("export.bin", String(describing: error))
        }
        var export = KeyExport(
            startTimestamp: message.hasStartTimestamp ? message.startTimestamp : nil,
            endTimestamp: message.hasEndTimestamp ? message.endTimestamp : nil,
            region: message.hasRegion ? message.region : nil,
            batchNum: message.hasBatchNum ? message.batchNum : nil,
            batchSize: message.hasBatchSize ? message.batchSize : nil
        )
        export.signatureInfos = message.signatureInfos.map(signatureInfo)
        export.keys = try keys(message.keys, field: "keys")
        export.revisedKeys = try keys(message.revisedKeys, field: "revised_keys")
        return export
    }

    // MARK: Domain ↔ protobuf

    static func protobuf(_ info: KeyExport.SignatureInfo) -> Warnsim_Export_SignatureInfo {
        var out = Warnsim_Export_SignatureInfo()
        if let value = info.verificationKeyVersion { out.verificationKeyVersion = value }
        if let value = info.verificationKeyID { out.verificationKeyID = value }
        if let value = info.signatureAlgorithm { out.signatureAlgorithm = value }
        return out
    }

    static func signatureInfo(_ info: Warnsim_Export_SignatureInfo) -> KeyExport.SignatureInfo {
        KeyExport.SignatureInfo(
            verificationKeyVersion: info.hasVerificationKeyVersion ? info.verificationKeyVersion : nil,
            verificationKeyID: info.hasVerificationKeyID ? info.verificationKeyID : nil,
            signatureAlgorithm: info.hasSignatureAlgorithm ? info.signatureAlgorithm : nil
        )
    }

    private static func protobuf(_ key: DiagnosisKey) -> Warnsim_Export_TemporaryExposureKey {
        var out = Warnsim_Export_TemporaryExposureKey()
        out.keyData = Data(key.keyData.bytes)
        if let value = key.transmissionRiskLevel { out.transmissionRiskLevel = value }
        out.rollingStartIntervalNumber = Int32(bitPattern: key.rollingStartIntervalNumber.rawValue)
        out.rollingPeriod = Int32(key.rollingPeriod)
        if let value = key.reportType {
            out.reportType = Warnsim_Export_TemporaryExposureKey.ReportType(rawValue: Int(value.rawValue)) ?? .unknown
        }
        if let value = key.daysSinceOnsetOfSymptoms { out.daysSinceOnsetOfSymptoms = value }
        return out
    }

    private static func keys(_ list: [Warnsim_Export_TemporaryExposureKey], field: String) throws(KeyExportError) -> [DiagnosisKey] {
        var out = [DiagnosisKey]()
        out.reserveCapacity(list.count)
        for (index, key) in list.enumerated() {
            out.append(try diagnosisKey(key, path: "\(field)[\(index)]"))
        }
        return out
    }

    private static func diagnosisKey(_ key: Warnsim_Export_TemporaryExposureKey, path: String) throws(KeyExportError) -> DiagnosisKey {
        guard let data = KeyBytes(key.keyData) else {
            throw .invalidKey(field: "\(path).key_data", "must be 16 bytes, is \(key.keyData.count)")
        }
        guard key.hasRollingStartIntervalNumber else {
            throw .invalidKey(field: "\(path).rolling_start_interval_number", "missing")
        }
        guard key.rollingStartIntervalNumber >= 0 else {
            throw .invalidKey(field: "\(path).rolling_start_interval_number", "must not be negative, is \(key.rollingStartIntervalNumber)")
        }
        // An absent rolling_period takes the format's default, 144.
        let period = key.rollingPeriod
        guard period >= 1, period <= 144 else {
            throw .invalidKey(field: "\(path).rolling_period", "must be within 1…144, is \(period)")
        }
        var reportType: DiagnosisKey.ReportType?
        if key.hasReportType {
            guard let value = DiagnosisKey.ReportType(rawValue: Int32(key.reportType.rawValue)) else {
                throw .invalidKey(field: "\(path).report_type", "unknown value \(key.reportType.rawValue)")
            }
            reportType = value
        }
        return DiagnosisKey(
            keyData: data,
            transmissionRiskLevel: key.hasTransmissionRiskLevel ? key.transmissionRiskLevel : nil,
            rollingStartIntervalNumber: ENIntervalNumber(UInt32(key.rollingStartIntervalNumber)),
            rollingPeriod: UInt32(period),
            reportType: reportType,
            daysSinceOnsetOfSymptoms: key.hasDaysSinceOnsetOfSymptoms ? key.daysSinceOnsetOfSymptoms : nil
        )
    }
}
