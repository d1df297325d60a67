import Crypto
import Foundation
import Testing
import WarnSimCore
import WarnSimTestSupport
import ZIPFoundation

@testable import ExposureNotification

/// Every kind of broken package gives a ``KeyExportError`` that names the
/// problem, never a crash.
@Suite struct KeyExportBadInputTests {
    nonisolated(unsafe) static let signing = P256.Signing.PrivateKey()

    static func validPackage() throws -> KeyExportPackage {
        try KeyExportPackage(
            signing: KeyExportBuilder().build(keys: KeyExportRoundTripTests.sampleKeys(count: 4)), with: signing)
    }

    /// export.bin for one hand-built protobuf key.
    static func exportBin(with key: Warnsim_Export_TemporaryExposureKey) -> Data {
        var message = Warnsim_Export_TemporaryExposureKeyExport()
        message.region = "DE"
        message.keys = [key]
        return Data(KeyExportCoding.header + (try! message.serializedBytes() as [UInt8]))
    }

    static func protoKey(bytes: Int = 16, period: Int32? = 144, start: Int32? = 2_690_000) -> Warnsim_Export_TemporaryExposureKey {
        var key = Warnsim_Export_TemporaryExposureKey()
        key.keyData = Data(repeating: 0xAB, count: bytes)
        if let start { key.rollingStartIntervalNumber = start }
        if let period { key.rollingPeriod = period }
        return key
    }

    @Test func truncatedZip() throws {
        let zip = try Self.validPackage().zipData()
        for length in [0, 4, 22, zip.count / 2, zip.count - 1] {
            #expect(throws: KeyExportError.self) { _ = try KeyExportPackage(zipData: zip.prefix(length)) }
        }
    }

    @Test func notAZip() {
        #expect(throws: KeyExportError.self) { _ = try KeyExportPackage(zipData: Data("hello, this is not a zip".utf8)) }
        do {
            _ = try KeyExportPackage(zipData: Data(repeating: 0, count: 100))
            Issue.record("zeros parsed as a zip")
        } catch {
            #expect(error.description.contains("zip"))
        }
    }

    @Test func missingSignatureEntry() throws {
        let archive = try Archive(data: Data(), accessMode: .create)
        let bin = try Self.validPackage().exportBin
        try archive.addEntry(with: "export.bin", type: .file, uncompressedSize: Int64(bin.count)) { position, size in
            bin.subdata(in: Int(position)..<(Int(position) + size))
        }
        #expect(throws: KeyExportError.missingEntry("export.sig")) {
            _ = try KeyExportPackage(zipData: archive.data!)
        }
    }

    @Test func wrongAndTruncatedHeader() throws {
        var bin = try Self.validPackage().exportBin
        bin[3] = UInt8(ascii: "X")
        #expect(throws: KeyExportError.wrongHeader) { _ = try KeyExportCoding.decode(bin) }
        #expect(throws: KeyExportError.truncatedHeader(10)) { _ = try KeyExportCoding.decode(bin.prefix(10)) }
    }

    @Test func truncatedAndGarbageProtobuf() throws {
        let bin = try Self.validPackage().exportBin
        // Cutting inside the last key's bytes leaves a length-delimited field short.
        #expect(throws: KeyExportError.self) { _ = try KeyExportCoding.decode(bin.prefix(bin.count - 5)) }
        let garbage = Data(KeyExportCoding.header + [UInt8](repeating: 0xFF, count: 40))
        #expect(throws: KeyExportError.self) { _ = try KeyExportCoding.decode(garbage) }
        do {
            _ = try KeyExportCoding.decode(garbage)
        } catch {
            #expect(error.description.contains("export.bin is not a valid protobuf"))
        }
    }

    @Test(arguments: [0, 15, 17, 32])
    func keyDataNotSixteenBytes(length: Int) {
        let bin = Self.exportBin(with: Self.protoKey(bytes: length))
        #expect(throws: KeyExportError.invalidKey(field: "keys[0].key_data", "must be 16 bytes, is \(length)")) {
            _ = try KeyExportCoding.decode(bin)
        }
    }

    @Test(arguments: [Int32(0), -1, 145, 1000])
    func rollingPeriodOutOfRange(period: Int32) {
        let bin = Self.exportBin(with: Self.protoKey(period: period))
        #expect(throws: KeyExportError.invalidKey(field: "keys[0].rolling_period", "must be within 1…144, is \(period)")) {
            _ = try KeyExportCoding.decode(bin)
        }
    }

    @Test func absentRollingPeriodMeansDefault() throws {
        let export = try KeyExportCoding.decode(Self.exportBin(with: Self.protoKey(period: nil)))
        #expect(export.keys.first?.rollingPeriod == 144)
        #expect(throws: KeyExportError.self) { _ = try KeyExportCoding.decode(Self.exportBin(with: Self.protoKey(start: nil))) }
    }

    @Test func signatureNotDER() throws {
        let package = try Self.validPackage()
        var list = try Warnsim_Export_TEKSignatureList(serializedBytes: Array(package.exportSig))
        list.signatures[0].signature = Data("definitely not DER".utf8)
        let broken = KeyExportPackage(exportBin: package.exportBin, exportSig: Data(try list.serializedBytes() as [UInt8]))
        #expect(throws: KeyExportError.signatureNotDER("18 bytes")) { _ = try broken.verify(with: Self.signing.publicKey) }
        // Even without a key to check against, a malformed signature is reported.
        #expect(throws: KeyExportError.self) { _ = try broken.verify(with: nil) }
        list.signatures = []
        let empty = KeyExportPackage(exportBin: package.exportBin, exportSig: Data(try list.serializedBytes() as [UInt8]))
        #expect(throws: KeyExportError.noSignatures) { _ = try empty.verify(with: Self.signing.publicKey) }
    }

    @Test func badPEMKeys() {
        #expect(throws: KeyExportError.self) {
            _ = try KeyExportSignature.publicKey(pem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n")
        }
        #expect(throws: KeyExportError.self) { _ = try KeyExportSignature.privateKey(pem: "nonsense") }
    }

    /// Property: thousands of mutated archives and export.bin files (truncations,
    /// bit flips, inserted and deleted bytes) are either read or rejected with a
    /// ``KeyExportError``; none crashes, and no mutated export.bin verifies.
    @Test func mutatedFilesNeverCrashOrVerify() throws {
        let original = try Self.validPackage()
        let originalZip = try original.zipData()
        let sample = try ReferenceData.data("gaen/export-samples/server-example-2-keys.zip")
        let sampleKey = try KeyExportSignature.publicKey(
            pem: String(decoding: try ReferenceData.data("gaen/export-samples/server-example-2-keys.public.pem"), as: UTF8.self))
        let sampleBin = try KeyExportPackage(zipData: sample).exportBin
        var stream = RandomStream(seed: 99, subsystem: "mutation")
        var outcomes = (read: 0, rejected: 0, verified: 0)

        for round in 0..<3000 {
            let useSample = round % 3 == 0
            let (zip, bin, key) =
                useSample
                ? (sample, sampleBin, sampleKey)
                : (originalZip, original.exportBin, Self.signing.publicKey)
            let mutateArchive = round % 2 == 0
            let mutated = Self.mutate(mutateArchive ? zip : bin, using: &stream)
            do {
                let package: KeyExportPackage
                if mutateArchive {
                    package = try KeyExportPackage(zipData: mutated)
                } else {
                    package = KeyExportPackage(exportBin: mutated, exportSig: try KeyExportPackage(zipData: zip).exportSig)
                }
                _ = try package.export()
                let status = try package.verify(with: key)
                if status == .verified {
                    outcomes.verified += 1
                    #expect(package.exportBin == bin, "a changed export.bin verified in round \(round)")
                }
                outcomes.read += 1
            } catch {
                outcomes.rejected += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(outcomes.rejected > 1000)
        #expect(outcomes.read + outcomes.rejected == 3000)
    }

    static func mutate(_ data: Data, using stream: inout RandomStream) -> Data {
        var bytes = [UInt8](data)
        let kind = stream.next() % 4
        switch kind {
        case 0:  // truncation
            bytes = Array(bytes.prefix(Int(stream.next() % UInt64(bytes.count))))
        case 1:  // bit flips
            for _ in 0..<(1 + stream.next() % 4) where !bytes.isEmpty {
                let index = Int(stream.next() % UInt64(bytes.count))
                bytes[index] ^= UInt8(1 << (stream.next() % 8))
            }
        case 2:  // inserted bytes
            let index = Int(stream.next() % UInt64(bytes.count + 1))
            let inserted = (0..<(1 + stream.next() % 8)).map { _ in UInt8(truncatingIfNeeded: stream.next()) }
            bytes.insert(contentsOf: inserted, at: index)
        default:  // deleted range
            guard !bytes.isEmpty else { break }
            let index = Int(stream.next() % UInt64(bytes.count))
            let length = min(bytes.count - index, 1 + Int(stream.next() % 16))
            bytes.removeSubrange(index..<(index + length))
        }
        return Data(bytes)
    }
}
