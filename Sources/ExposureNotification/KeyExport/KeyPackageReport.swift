import Crypto
import Foundation

/// What `warnsim keys inspect` prints about a package: the header fields, the
/// signatures, their status and every key, as CSV or JSON.
public struct KeyPackageReport: Sendable {
    public let export: KeyExport
    public let signatures: [KeyExportSignature.Entry]
    public let status: KeyExportSignature.Status
    /// Where `export.sig` disagrees with `export.bin`
    /// (``KeyExportPackage/signatureProblems()``); the status is then `invalid`.
    public let signatureProblems: [String]

    /// Parses and, if `publicKey` is given, verifies `package`.
    ///
    /// - Parameters:
    ///   - package: the package to report on.
    ///   - publicKey: the key to verify with, or `nil` (status `not_checked`,
    ///     or `invalid` if `export.sig` disagrees with `export.bin`).
    /// - Throws: ``KeyExportError`` if either file does not parse.
    public init(package: KeyExportPackage, publicKey: P256.Signing.PublicKey?) throws(KeyExportError) {
        export = try package.export()
        signatures = try package.signatures()
        signatureProblems = try package.signatureProblems()
        status = try package.verify(with: publicKey)
    }

    /// Columns of the key table.
    public static let csvColumns = [
        "list", "key", "rolling_start_interval_number", "rolling_period", "report_type",
        "days_since_onset_of_symptoms", "transmission_risk_level",
    ]

    /// File-level fields as `# name=value` lines, then one CSV row per key
    /// (`list` is `keys` or `revised_keys`). Read with pandas as
    /// `read_csv(path, comment="#")`. Absent optional fields are empty cells. A
    /// `# signature_problem=` line follows the status for each disagreement
    /// between `export.sig` and `export.bin`.
    ///
    /// - Returns: the CSV text, each line ending in a newline.
    public func csv() -> String {
        func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "" }
        var lines = [
            "# start_timestamp=\(text(export.startTimestamp))",
            "# end_timestamp=\(text(export.endTimestamp))",
            "# region=\(text(export.region))",
            "# batch_num=\(text(export.batchNum))",
            "# batch_size=\(text(export.batchSize))",
        ]
        for info in export.signatureInfos {
            lines.append(
                "# signature_info=key_id:\(text(info.verificationKeyID)) key_version:\(text(info.verificationKeyVersion)) algorithm:\(text(info.signatureAlgorithm))"
            )
        }
        lines.append("# signatures=\(signatures.count)")
        lines.append("# signature_status=\(status.rawValue)")
        for problem in signatureProblems { lines.append("# signature_problem=\(problem)") }
        lines.append("# keys=\(export.keys.count) revised_keys=\(export.revisedKeys.count)")
        lines.append(Self.csvColumns.joined(separator: ","))
        for (list, keys) in [("keys", export.keys), ("revised_keys", export.revisedKeys)] {
            for key in keys {
                lines.append(
                    [
                        list, key.keyData.hex, "\(key.rollingStartIntervalNumber.rawValue)", "\(key.rollingPeriod)",
                        text(key.reportType?.description), text(key.daysSinceOnsetOfSymptoms), text(key.transmissionRiskLevel),
                    ].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object with sorted keys; absent optional fields are `null`.
    ///
    /// - Returns: the JSON text.
    public func json() -> String {
        func key(_ k: DiagnosisKey) -> [String: Any] {
            [
                "key": k.keyData.hex,
                "rolling_start_interval_number": Int(k.rollingStartIntervalNumber.rawValue),
                "rolling_period": Int(k.rollingPeriod),
                "report_type": k.reportType?.description ?? NSNull(),
                "days_since_onset_of_symptoms": k.daysSinceOnsetOfSymptoms.map { Int($0) } ?? NSNull(),
                "transmission_risk_level": k.transmissionRiskLevel.map { Int($0) } ?? NSNull(),
            ]
        }
        func info(_ i: KeyExport.SignatureInfo?) -> Any {
            guard let i else { return NSNull() }
            return [
                "verification_key_id": i.verificationKeyID ?? NSNull(),
                "verification_key_version": i.verificationKeyVersion ?? NSNull(),
                "signature_algorithm": i.signatureAlgorithm ?? NSNull(),
            ] as [String: Any]
        }
        let object: [String: Any] = [
            "start_timestamp": export.startTimestamp.map { NSNumber(value: $0) } ?? NSNull(),
            "end_timestamp": export.endTimestamp.map { NSNumber(value: $0) } ?? NSNull(),
            "region": export.region ?? NSNull(),
            "batch_num": export.batchNum.map { Int($0) } ?? NSNull(),
            "batch_size": export.batchSize.map { Int($0) } ?? NSNull(),
            "signature_infos": export.signatureInfos.map(info),
            "signatures": signatures.map { entry in
                [
                    "signature_info": info(entry.info),
                    "batch_num": entry.batchNum.map { Int($0) } ?? NSNull(),
                    "batch_size": entry.batchSize.map { Int($0) } ?? NSNull(),
                    "signature_der_hex": HexCoding.encode(entry.derSignature),
                ] as [String: Any]
            },
            "signature_status": status.rawValue,
            "signature_problems": signatureProblems,
            "keys": export.keys.map(key),
            "revised_keys": export.revisedKeys.map(key),
        ]
        // Every value above is a JSON type, so serialisation cannot fail.
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
