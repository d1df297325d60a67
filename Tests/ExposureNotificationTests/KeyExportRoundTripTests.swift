import Crypto
import ExposureNotification
import Foundation
import Testing
import WarnSimCore
import WarnSimTestSupport

@Suite struct KeyExportRoundTripTests {
    static func sampleKeys(count: Int, seed: UInt64 = 3) -> [DiagnosisKey] {
        var stream = RandomStream(seed: seed, subsystem: "test-export")
        return (0..<count).map { i in
            let tek = TemporaryExposureKey.generate(at: ENIntervalNumber(UInt32(2_690_000 + 144 * (i % 14))), using: &stream)
            return DiagnosisKey(
                keyData: tek.keyData,
                transmissionRiskLevel: Int32(1 + i % 8),
                rollingStartIntervalNumber: tek.rollingStartIntervalNumber,
                rollingPeriod: UInt32(1 + i % 144),
                reportType: .confirmedTest,
                daysSinceOnsetOfSymptoms: Int32(i % 29) - 14)
        }
    }

    @Test func writtenPackageReadsBackAndVerifies() throws {
        let signing = P256.Signing.PrivateKey()
        let export = KeyExportBuilder(region: "DE").build(keys: Self.sampleKeys(count: 40), revisedKeys: Self.sampleKeys(count: 3, seed: 9))
        #expect(export.keys.map(\.keyData.bytes) == export.keys.map(\.keyData.bytes).sorted { $0.lexicographicallyPrecedes($1) })
        let package = try KeyExportPackage(signing: export, with: signing)
        let zip = try package.zipData()

        let read = try KeyExportPackage(zipData: zip)
        #expect(read.exportBin == package.exportBin)
        #expect(read.exportSig == package.exportSig)
        #expect(try read.export() == export)
        #expect(try read.verify(with: signing.publicKey) == .verified)
        #expect(try read.verify(with: P256.Signing.PrivateKey().publicKey) == .invalid)

        // The zip container is deterministic: same export.bin/export.sig, same bytes.
        #expect(try read.zipData() == zip)
        // A PEM round trip of the key gives the same verification.
        let pem = try KeyExportSignature.publicKey(pem: signing.publicKey.pemRepresentation)
        #expect(try read.verify(with: pem) == .verified)
        // The writer emits the documented header and signature metadata.
        #expect(package.exportBin.prefix(16) == Data("EK Export v1    ".utf8))
        let entry = try #require(try read.signatures().first)
        #expect(
            entry.info
                == KeyExport.SignatureInfo(
                    verificationKeyVersion: "v1", verificationKeyID: "262", signatureAlgorithm: "1.2.840.10045.4.3.2"))
        #expect(entry.batchNum == 1 && entry.batchSize == 1)
    }

    @Test func anyChangedByteOfWrittenExportFailsVerification() throws {
        let signing = P256.Signing.PrivateKey()
        let package = try KeyExportPackage(signing: KeyExportBuilder().build(keys: Self.sampleKeys(count: 3)), with: signing)
        let entries = try package.signatures()
        for index in package.exportBin.indices {
            var tampered = package.exportBin
            tampered[index] = tampered[index] &+ 1
            #expect(try KeyExportSignature.verify(tampered, entries: entries, publicKey: signing.publicKey) == .invalid)
        }
    }

    @Test func serverExampleReencodesIdentically() throws {
        // Our encoder writes the same bytes for the same contents as the real
        // server: the example's export.bin round-trips byte for byte.
        let package = try KeyExportPackage(zipData: try ReferenceData.data("gaen/export-samples/server-example-2-keys.zip"))
        #expect(KeyExportCoding.encode(try package.export()) == package.exportBin)
    }

    @Test func builderWindowDefaultsToKeySpan() {
        let keys = Self.sampleKeys(count: 5)
        let export = KeyExportBuilder().build(keys: keys)
        let start = keys.map { UInt64($0.rollingStartIntervalNumber.rawValue) * 600 }.min()!
        let end = keys.map { (UInt64($0.rollingStartIntervalNumber.rawValue) + UInt64($0.rollingPeriod)) * 600 }.max()!
        #expect(export.startTimestamp == start)
        #expect(export.endTimestamp == end)
        #expect(export.region == "DE")
    }
}
