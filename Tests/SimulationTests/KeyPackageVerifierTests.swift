import Crypto
import ExposureNotification
import Foundation
import Simulation
import Testing

/// The phones' verifier uses only unambiguous, consistent packages: a package
/// whose `export.sig` claims another signer or batch than the signed
/// `export.bin` is rejected even though its signature verifies.
@Suite struct KeyPackageVerifierTests {
    nonisolated(unsafe) static let signing = P256.Signing.PrivateKey()
    static let info = KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "262")

    static func keys() -> [DiagnosisKey] {
        (0..<3).map { index in
            DiagnosisKey(
                keyData: KeyBytes(Data(repeating: UInt8(index + 1), count: 16))!,
                rollingStartIntervalNumber: ENIntervalNumber(rawValue: 2_690_000 + UInt32(index) * 144), rollingPeriod: 144)
        }
    }

    static func exportBin() -> Data {
        KeyExportCoding.encode(KeyExport(region: "DE", signatureInfos: [info], keys: keys()))
    }

    @Test func consistentPackageReachesThePhones() throws {
        let bin = Self.exportBin()
        let sig = try KeyExportSignature.sign(bin, with: Self.signing, info: Self.info)
        var verifier = KeyPackageVerifier(pinnedKey: Self.signing.publicKey)
        let verified = verifier.verify(KeyExportPackage(exportBin: bin, exportSig: sig), path: "good")
        #expect(verified?.keys.count == 3)
        #expect(verifier.rejected.isEmpty)
    }

    @Test func alteredExportSigNeverReachesAPhone() throws {
        let bin = Self.exportBin()
        let tampered = [
            try KeyExportSignature.sign(
                bin, with: Self.signing, info: KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "999")),
            try KeyExportSignature.sign(
                bin, with: Self.signing, info: KeyExport.SignatureInfo(verificationKeyVersion: "v9", verificationKeyID: "262")),
            try KeyExportSignature.sign(bin, with: Self.signing, info: Self.info, batchNum: 2, batchSize: 2),
        ]
        var verifier = KeyPackageVerifier(pinnedKey: Self.signing.publicKey)
        for (index, sig) in tampered.enumerated() {
            #expect(verifier.verify(KeyExportPackage(exportBin: bin, exportSig: sig), path: "tampered-\(index)") == nil)
        }
        #expect(verifier.rejected.count == tampered.count)
    }
}
