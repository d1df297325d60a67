import Crypto
import ExposureNotification
import Foundation
import ProtocolTestSupport
import Testing
import WarnSimTestSupport

/// `warnsim keys inspect` on a signed package with implausible values: the
/// report and its verified signature are printed as before, each implausible
/// value is a warning naming the key index and field, and the exit is 2.
@Suite struct KeysInspectPlausibilityTests {
    @Test func implausibleValuesAreWarnedAndExitTwo() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let signing = P256.Signing.PrivateKey()
        let keyFile = folder.appendingPathComponent("public.pem")
        try Data(signing.publicKey.pemRepresentation.utf8).write(to: keyFile)
        let bin = try ImplausibleKeyExport.exportBin()
        let info = KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "262")
        let package = folder.appendingPathComponent("implausible.zip")
        try KeyExportPackage(
            exportBin: bin, exportSig: try KeyExportSignature.sign(bin, with: signing, info: info, batchNum: 1, batchSize: 1)
        ).write(to: package)

        for format in ["csv", "json"] {
            let result = try WarnSimProcess.run(["keys", "inspect", package.path, "--public-key", keyFile.path, "--format", format])
            #expect(result.status == 2, "\(format): \(result.stderr)")
            #expect(result.stdout.contains(format == "csv" ? "# signature_status=verified" : "\"signature_status\" : \"verified\""))
            let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warnsim: warning: \(package.path): export.bin: ") }
            #expect(warnings.count == 5, "\(result.stderr)")
            for expected in [
                "start_timestamp: \(ImplausibleKeyExport.startTimestamp) is after end_timestamp",
                "keys[0].transmission_risk_level: 0 is outside 1…8",
                "keys[1].transmission_risk_level: 9 is outside 1…8",
                "keys[2].report_type: 99 is not a report type",
                "keys[3].days_since_onset_of_symptoms: 1000000 is outside -14…14",
            ] {
                #expect(result.stderr.contains("export.bin: \(expected)"), "\(format): \(expected) in \(result.stderr)")
            }
            #expect(result.stderr.contains("\(package.path): 5 implausible values in export.bin"))
        }

        // The same keys, all plausible: exit 0, no warning.
        var export = ImplausibleKeyExport.export()
        export.keys = [export.keys[4]]
        swap(&export.startTimestamp, &export.endTimestamp)
        let plausible = folder.appendingPathComponent("plausible.zip")
        try KeyExportPackage(signing: export, with: signing).write(to: plausible)
        let clean = try WarnSimProcess.run(["keys", "inspect", plausible.path, "--public-key", keyFile.path])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stderr.isEmpty, "\(clean.stderr)")

        // A wrong signature still exits 3, with the warnings printed.
        let other = folder.appendingPathComponent("other.pem")
        try Data(P256.Signing.PrivateKey().publicKey.pemRepresentation.utf8).write(to: other)
        let wrong = try WarnSimProcess.run(["keys", "inspect", package.path, "--public-key", other.path])
        #expect(wrong.status == 3, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("keys[2].report_type: 99"), "\(wrong.stderr)")
    }
}
