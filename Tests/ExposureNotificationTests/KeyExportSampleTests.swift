import ExposureNotification
import Foundation
import Testing
import WarnSimTestSupport

/// The real export files in Tests/Reference/gaen/export-samples/.
@Suite struct KeyExportSampleTests {
    static let samples = "gaen/export-samples/"

    @Test func serverExampleParsesToItsKeys() throws {
        let package = try KeyExportPackage(zipData: try ReferenceData.data(Self.samples + "server-example-2-keys.zip"))
        #expect(package.exportBin.count == 135)
        #expect(package.exportSig.count == 115)
        let export = try package.export()
        #expect(export.startTimestamp == 1_590_159_600)
        #expect(export.endTimestamp == 1_590_246_000)
        #expect(export.region == "US")
        #expect(export.batchNum == 1 && export.batchSize == 1)
        #expect(
            export.signatureInfos == [
                KeyExport.SignatureInfo(
                    verificationKeyVersion: "1", verificationKeyID: "some_id", signatureAlgorithm: "1.2.840.10045.4.3.2")
            ])
        let expected = try KeysJSON.parse(
            try ReferenceData.data(Self.samples + "server-example-2-keys.keys.json"), file: "keys.json")
        #expect(expected.count == 2)
        #expect(Set(export.keys) == Set(expected))
        #expect(export.keys.map(\.keyData.hex) == ["172fc480e598490c34177604339b1543", "2b63053ac483238de176169e861f3dcd"])
        #expect(export.keys.map(\.transmissionRiskLevel) == [8, 1])
        #expect(export.keys.map(\.rollingStartIntervalNumber.rawValue) == [2_649_980, 2_649_866])
        #expect(export.keys.map(\.rollingPeriod) == [1, 114])
    }

    @Test func serverExampleVerifies() throws {
        let package = try KeyExportPackage(zipData: try ReferenceData.data(Self.samples + "server-example-2-keys.zip"))
        let key = try KeyExportSignature.publicKey(
            pem: String(decoding: try ReferenceData.data(Self.samples + "server-example-2-keys.public.pem"), as: UTF8.self))
        #expect(try package.verify(with: key) == .verified)
        #expect(try package.verify(with: nil) == .notChecked)
        // The other sample's key must not verify it.
        let other = try KeyExportSignature.publicKey(
            pem: String(decoding: try ReferenceData.data(Self.samples + "internals-sample.public.pem"), as: UTF8.self))
        #expect(try package.verify(with: other) == .invalid)
    }

    @Test func internalsSampleVerifies() throws {
        let package = try KeyExportPackage(zipData: try ReferenceData.data(Self.samples + "internals-sample.zip"))
        let key = try KeyExportSignature.publicKey(
            pem: String(decoding: try ReferenceData.data(Self.samples + "internals-sample.public.pem"), as: UTF8.self))
        #expect(try package.verify(with: key) == .verified)
        let export = try package.export()
        #expect(export.region == "US")
        #expect(!export.keys.isEmpty)
        for key in export.keys {
            #expect((1...144).contains(key.rollingPeriod))
        }
        let entries = try package.signatures()
        #expect(entries.first?.info?.verificationKeyID == "310")
        #expect(entries.first?.info?.verificationKeyVersion == "v1")
    }

    @Test func internalsTestdataExportParses() throws {
        let bytes = try ReferenceData.data(Self.samples + "internals-testdata-export.bin")
        let export = try KeyExportCoding.decode(bytes)
        #expect(!export.keys.isEmpty)
        // Re-encoding what was read gives a file that reads back to the same export.
        #expect(try KeyExportCoding.decode(KeyExportCoding.encode(export)) == export)
    }

    @Test func everyByteOfExportBinIsCovered() throws {
        let data = try ReferenceData.data(Self.samples + "server-example-2-keys.zip")
        let package = try KeyExportPackage(zipData: data)
        let key = try KeyExportSignature.publicKey(
            pem: String(decoding: try ReferenceData.data(Self.samples + "server-example-2-keys.public.pem"), as: UTF8.self))
        let entries = try package.signatures()
        for index in package.exportBin.indices {
            var tampered = package.exportBin
            tampered[index] ^= 0x01
            #expect(try KeyExportSignature.verify(tampered, entries: entries, publicKey: key) == .invalid, "byte \(index)")
        }
    }
}
