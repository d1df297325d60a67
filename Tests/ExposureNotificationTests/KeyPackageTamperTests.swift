import Crypto
import Foundation
import Testing
import WarnSimTestSupport

@testable import ExposureNotification

/// A key package is accepted only if unambiguous: exactly `export.bin` and
/// `export.sig`, CRCs right, nothing after the end-of-central-directory record,
/// and `export.sig`'s unsigned fields agreeing with the signed `export.bin`.
@Suite struct KeyPackageTamperTests {
    nonisolated(unsafe) static let signing = P256.Signing.PrivateKey()
    static let info = KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "262")

    static func export(batchNum: Int32 = 1, batchSize: Int32 = 1) -> KeyExport {
        KeyExport(
            startTimestamp: 1_590_159_600, endTimestamp: 1_590_246_000, region: "DE", batchNum: batchNum, batchSize: batchSize,
            signatureInfos: [info], keys: KeyExportRoundTripTests.sampleKeys(count: 3))
    }

    static func package() throws -> KeyExportPackage {
        try KeyExportPackage(signing: export(), with: signing)
    }

    /// A package whose export.sig carries a valid signature over export.bin but
    /// claims other metadata.
    static func resigned(info: KeyExport.SignatureInfo, batchNum: Int32 = 1, batchSize: Int32 = 1) throws -> KeyExportPackage {
        let bin = try package().exportBin
        let sig = try KeyExportSignature.sign(bin, with: signing, info: info, batchNum: batchNum, batchSize: batchSize)
        return KeyExportPackage(exportBin: bin, exportSig: sig)
    }

    // MARK: export.sig against export.bin

    @Test func consistentPackageVerifies() throws {
        let package = try Self.package()
        #expect(try package.signatureProblems().isEmpty)
        #expect(try package.verify(with: Self.signing.publicKey) == .verified)
        #expect(try package.verify(with: nil) == .notChecked)
    }

    @Test(arguments: [
        (KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "999"), "key id \"999\""),
        (KeyExport.SignatureInfo(verificationKeyVersion: "v2", verificationKeyID: "262"), "version \"v2\""),
        (
            KeyExport.SignatureInfo(
                verificationKeyVersion: "v1", verificationKeyID: "262", signatureAlgorithm: KeyExport.SignatureInfo.ecdsaWithSHA512),
            "1.2.840.10045.4.3.4"
        ),
        (KeyExport.SignatureInfo(verificationKeyVersion: nil, verificationKeyID: nil), "key id none"),
    ])
    func alteredSignatureInfoIsInvalid(info: KeyExport.SignatureInfo, fragment: String) throws {
        let tampered = try Self.resigned(info: info)
        let problems = try tampered.signatureProblems()
        #expect(problems.count == 1)
        #expect(problems.first?.contains(fragment) == true, "\(problems)")
        #expect(problems.first?.contains("export.bin lists key id \"262\" version \"v1\"") == true, "\(problems)")
        #expect(try tampered.verify(with: Self.signing.publicKey) == .invalid)
        #expect(try tampered.verify(with: nil) == .invalid)
        let report = try KeyPackageReport(package: tampered, publicKey: Self.signing.publicKey)
        #expect(report.status == .invalid)
        #expect(report.csv().contains("# signature_problem=the signature names"))
        #expect(report.json().contains("\"signature_problems\""))
    }

    @Test func alteredBatchIsInvalid() throws {
        let tampered = try Self.resigned(info: Self.info, batchNum: 2, batchSize: 3)
        #expect(
            try tampered.signatureProblems() == [
                "the signature has batch_num 2, export.bin 1", "the signature has batch_size 3, export.bin 1",
            ])
        #expect(try tampered.verify(with: Self.signing.publicKey) == .invalid)
        // The same batch in both files is fine.
        let bin = KeyExportCoding.encode(Self.export(batchNum: 2, batchSize: 3))
        let sig = try KeyExportSignature.sign(bin, with: Self.signing, info: Self.info, batchNum: 2, batchSize: 3)
        #expect(try KeyExportPackage(exportBin: bin, exportSig: sig).verify(with: Self.signing.publicKey) == .verified)
    }

    @Test func keyClaimsWithoutSignedInfoAreInvalid() throws {
        var export = Self.export()
        export.signatureInfos = []
        let bin = KeyExportCoding.encode(export)
        let sig = try KeyExportSignature.sign(bin, with: Self.signing, info: Self.info)
        let package = KeyExportPackage(exportBin: bin, exportSig: sig)
        #expect(try package.signatureProblems().first?.contains("export.bin lists no signature info") == true)
        #expect(try package.verify(with: Self.signing.publicKey) == .invalid)
        let anonymous = try KeyExportSignature.sign(bin, with: Self.signing, info: KeyExport.SignatureInfo())
        #expect(try KeyExportPackage(exportBin: bin, exportSig: anonymous).verify(with: Self.signing.publicKey) == .verified)
    }

    // MARK: The archive

    @Test func writtenAndSamplePackagesPassTheLayoutCheck() throws {
        let written = try Self.package().zipData()
        let read = try KeyExportPackage(zipData: written)
        #expect(try read.verify(with: Self.signing.publicKey) == .verified)
        for name in ["internals-sample.zip", "server-example-2-keys.zip"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: try ReferenceData.path("gaen/export-samples/\(name)")))
            #expect(throws: Never.self) { _ = try KeyExportPackage(zipData: data) }
        }
        let stored = try StoredZip.bytes([("export.bin", read.exportBin), ("export.sig", read.exportSig)])
        #expect(try KeyExportPackage(zipData: stored).exportBin == read.exportBin)
    }

    @Test func duplicateEntriesAreAmbiguous() throws {
        let package = try Self.package()
        var other = package.exportBin
        other[other.count - 1] ^= 1
        let zip = try StoredZip.bytes([("export.bin", package.exportBin), ("export.bin", other), ("export.sig", package.exportSig)])
        #expect(throws: KeyExportError.ambiguousArchive("two entries named export.bin")) { _ = try KeyExportPackage(zipData: zip) }
        let extra = try StoredZip.bytes([
            ("export.bin", package.exportBin), ("export.sig", package.exportSig), ("readme.txt", Data("hi".utf8)),
        ])
        #expect(throws: KeyExportError.self) { _ = try KeyExportPackage(zipData: extra) }
        do {
            _ = try KeyExportPackage(zipData: extra)
        } catch {
            #expect(error.description.contains("unexpected entry \"readme.txt\""))
        }
    }

    @Test func crcMismatchIsRefused() throws {
        let package = try Self.package()
        let zip = try StoredZip.bytes([("export.bin", package.exportBin), ("export.sig", package.exportSig)], wrongCRC: "export.sig")
        do {
            _ = try KeyExportPackage(zipData: zip)
            Issue.record("a wrong CRC-32 was accepted")
        } catch {
            #expect(error.description.contains("export.sig"), "\(error)")
            #expect(error.description.contains("CRC"), "\(error)")
        }
    }

    @Test func trailingAndLeadingBytesAreRefused() throws {
        let zip = try Self.package().zipData()
        #expect(throws: KeyExportError.trailingBytes(7)) { _ = try KeyExportPackage(zipData: zip + Data("GARBAGE".utf8)) }
        let sample = try Data(contentsOf: URL(fileURLWithPath: try ReferenceData.path("gaen/export-samples/server-example-2-keys.zip")))
        #expect(throws: KeyExportError.trailingBytes(1)) { _ = try KeyExportPackage(zipData: sample + Data([0])) }
        let package = try Self.package()
        let prefixed = try StoredZip.bytes([("export.bin", package.exportBin), ("export.sig", package.exportSig)], prefix: Data("MZ".utf8))
        do {
            _ = try KeyExportPackage(zipData: prefixed)
            Issue.record("bytes before the first entry were accepted")
        } catch {
            #expect(error.description.contains("2 bytes before export.bin belong to no entry"), "\(error)")
        }
    }

    @Test func localHeaderDisagreeingWithTheDirectoryIsAmbiguous() throws {
        let package = try Self.package()
        let zip = try StoredZip.bytes(
            [("export.bin", package.exportBin), ("export.sig", package.exportSig)], localName: ("export.sig", "export.bix"))
        #expect(
            throws: KeyExportError.ambiguousArchive("the local header names \"export.bix\" where the central directory names export.sig")
        ) {
            _ = try KeyExportPackage(zipData: zip)
        }
    }

    @Test func everyTruncationAndByteFlipIsAnErrorOrTheSamePackage() throws {
        let package = try Self.package()
        let zip = try package.zipData()
        for length in stride(from: 0, to: zip.count, by: 7) {
            #expect(throws: KeyExportError.self) { _ = try KeyExportPackage(zipData: zip.prefix(length)) }
        }
        for index in stride(from: 0, to: zip.count, by: 3) {
            var flipped = zip
            flipped[index] ^= 0x5A
            // Either refused, or (a flip in a field no reader uses, such as a
            // timestamp) exactly the original package, whose signature then decides.
            if let read = try? KeyExportPackage(zipData: flipped) {
                #expect(read.exportBin == package.exportBin && read.exportSig == package.exportSig, "byte \(index)")
            }
        }
    }
}

/// A minimal writer of stored (uncompressed) zip archives for the tamper tests,
/// with knobs to break them in the ways readers disagree on.
enum StoredZip {
    static func bytes(
        _ entries: [(String, Data)], wrongCRC: String? = nil, prefix: Data = Data(), localName: (String, String)? = nil
    ) throws -> Data {
        var out = prefix
        var directory = Data()
        func u16(_ value: Int, _ data: inout Data) { data.append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
        func u32(_ value: UInt32, _ data: inout Data) {
            data.append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)])
        }
        for (name, data) in entries {
            let crc = ZipCRC32.checksum(data) ^ (name == wrongCRC ? 1 : 0)
            let offset = UInt32(out.count)
            let local = Data((localName?.0 == name ? localName!.1 : name).utf8)
            u32(0x0403_4B50, &out)
            u16(20, &out)
            u16(0, &out)
            u16(0, &out)
            u32(0, &out)
            u32(crc, &out)
            u32(UInt32(data.count), &out)
            u32(UInt32(data.count), &out)
            u16(local.count, &out)
            u16(0, &out)
            out.append(local)
            out.append(data)
            u32(0x0201_4B50, &directory)
            u16(20, &directory)
            u16(20, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u32(0, &directory)
            u32(crc, &directory)
            u32(UInt32(data.count), &directory)
            u32(UInt32(data.count), &directory)
            u16(name.utf8.count, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u32(0, &directory)
            u32(offset, &directory)
            directory.append(Data(name.utf8))
        }
        let directoryOffset = out.count
        out.append(directory)
        u32(0x0605_4B50, &out)
        u16(0, &out)
        u16(0, &out)
        u16(entries.count, &out)
        u16(entries.count, &out)
        u32(UInt32(directory.count), &out)
        u32(UInt32(directoryOffset), &out)
        u16(0, &out)
        return out
    }
}
