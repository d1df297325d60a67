import Crypto
import ExposureNotification
import Foundation
import ProtocolTestSupport
import Testing
import WarnSimTestSupport

/// A signed package whose values parse but that no server writes is still
/// verified, and every implausible value is found, naming the key and field.
@Suite struct KeyPlausibilityTests {
    @Test func implausibleValuesOfAVerifiedPackageAreFoundByKeyAndField() throws {
        let signing = P256.Signing.PrivateKey()
        let bin = try ImplausibleKeyExport.exportBin()
        let info = KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "262")
        let package = KeyExportPackage(
            exportBin: bin, exportSig: try KeyExportSignature.sign(bin, with: signing, info: info, batchNum: 1, batchSize: 1))
        #expect(try package.verify(with: signing.publicKey) == .verified)
        // The decoder sets report type 99 aside: the key reads as having none.
        #expect(try package.export().keys[2].reportType == nil)
        let findings = try KeyPlausibility.findings(in: package).map(\.description)
        #expect(
            findings == [
                "start_timestamp: \(ImplausibleKeyExport.startTimestamp) is after end_timestamp \(ImplausibleKeyExport.endTimestamp)",
                "keys[0].transmission_risk_level: 0 is outside 1…8",
                "keys[1].transmission_risk_level: 9 is outside 1…8",
                "keys[2].report_type: 99 is not a report type of the format (0 UNKNOWN … 5 REVOKED)",
                "keys[3].days_since_onset_of_symptoms: 1000000 is outside -14…14",
            ])
    }

    @Test func plausiblePackagesHaveNoFindings() throws {
        let sample = try KeyExportPackage(zipData: try ReferenceData.data("gaen/export-samples/server-example-2-keys.zip"))
        #expect(try KeyPlausibility.findings(in: sample).isEmpty)
        var export = ImplausibleKeyExport.export()
        export.keys = [export.keys[4]]
        export.startTimestamp = ImplausibleKeyExport.endTimestamp
        export.endTimestamp = ImplausibleKeyExport.startTimestamp
        #expect(KeyPlausibility.findings(in: export).isEmpty)
        let package = try KeyExportPackage(signing: export, with: P256.Signing.PrivateKey())
        #expect(try KeyPlausibility.findings(in: package).isEmpty)
    }

    @Test func boundariesOfEveryRange() throws {
        let base = ImplausibleKeyExport.export().keys[4]
        func findings(_ change: (inout DiagnosisKey) -> Void) -> [String] {
            var key = base
            change(&key)
            return KeyPlausibility.findings(in: KeyExport(keys: [key])).map(\.description)
        }
        for level: Int32 in [1, 8] { #expect(findings { $0.transmissionRiskLevel = level }.isEmpty, "\(level)") }
        for level: Int32 in [-1, 0, 9, .max] { #expect(findings { $0.transmissionRiskLevel = level }.count == 1, "\(level)") }
        for days: Int32 in [-14, 0, 14] { #expect(findings { $0.daysSinceOnsetOfSymptoms = days }.isEmpty, "\(days)") }
        for days: Int32 in [-15, 15, .min] { #expect(findings { $0.daysSinceOnsetOfSymptoms = days }.count == 1, "\(days)") }
        for period: UInt32 in [1, 144] { #expect(findings { $0.rollingPeriod = period }.isEmpty, "\(period)") }
        // The decoder refuses these periods; a key built in memory can hold them.
        #expect(findings { $0.rollingPeriod = 0 } == ["keys[0].rolling_period: 0 is outside 1…144"])
        #expect(findings { $0.rollingPeriod = 145 } == ["keys[0].rolling_period: 145 is outside 1…144"])
        #expect(
            findings {
                $0.transmissionRiskLevel = nil
                $0.daysSinceOnsetOfSymptoms = nil
                $0.reportType = nil
            }.isEmpty)
    }
}
