import ExposureNotification
import Foundation
import WarnSimCore

/// An `export.bin` every field of which parses, but with values no GAEN
/// server writes: key 0 has transmission risk level 0, key 1 level 9, key 2
/// report type 99 (outside the format's enum, written by patching the
/// encoded bytes), key 3 a million days since onset of symptoms, and the
/// batch starts after it ends. Key 4 and the revised key are plausible.
public enum ImplausibleKeyExport {
    /// The header's start timestamp (after ``endTimestamp``).
    public static let startTimestamp: UInt64 = 1_590_246_000
    /// The header's end timestamp.
    public static let endTimestamp: UInt64 = 1_590_159_600

    /// The keys, in file order, before key 2's report type is patched to 99.
    public static func export() -> KeyExport {
        var stream = RandomStream(seed: 5, subsystem: "test-implausible-export")
        func key(_ level: Int32, _ reportType: DiagnosisKey.ReportType, _ days: Int32) -> DiagnosisKey {
            let tek = TemporaryExposureKey.generate(at: ENIntervalNumber(2_650_000), using: &stream)
            return DiagnosisKey(
                keyData: tek.keyData, transmissionRiskLevel: level, rollingStartIntervalNumber: tek.rollingStartIntervalNumber,
                rollingPeriod: 144, reportType: reportType, daysSinceOnsetOfSymptoms: days)
        }
        return KeyExport(
            startTimestamp: startTimestamp, endTimestamp: endTimestamp, region: "DE",
            signatureInfos: [KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "262")],
            keys: [
                key(0, .confirmedTest, 1), key(9, .confirmedTest, 2), key(4, .unknown, 3), key(4, .confirmedTest, 1_000_000),
                key(8, .confirmedClinicalDiagnosis, -14),
            ],
            revisedKeys: [key(1, .revoked, 14)])
    }

    /// `export.bin` of ``export()`` with key 2's report type 0 replaced by 99:
    /// the only `rolling_period 144, report_type 0` run of bytes in the file.
    public static func exportBin() throws -> Data {
        let bytes = [UInt8](KeyExportCoding.encode(export()))
        let pattern: [UInt8] = [0x20, 0x90, 0x01, 0x28, 0x00]
        let starts = (0...(bytes.count - pattern.count)).filter { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        guard starts.count == 1 else { throw PatchFailure(matches: starts.count) }
        var patched = bytes
        patched[starts[0] + 4] = 99
        return Data(patched)
    }

    /// The report type of key 2 could not be found once in the encoded bytes.
    public struct PatchFailure: Error, CustomStringConvertible {
        /// How often the pattern was found.
        public var matches: Int
        /// The failure, for the test's report.
        public var description: String { "expected the report type of key 2 once in export.bin, found it \(matches) times" }
    }
}
