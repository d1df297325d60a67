import Crypto
import ExposureNotification
import Foundation
import Testing
import WarnSimTestSupport

/// Packages WarnSim writes verify with a standard tool, the `openssl` command
/// (the bit-exact protocol). `.ci/run` installs it; its absence fails.
@Suite struct OpenSSLInteropTests {
    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func verify(exportBin: Data, derSignature: Data, publicKeyPEM: String) throws -> (Int32, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warnsim-openssl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try exportBin.write(to: folder.appendingPathComponent("export.bin"))
        try derSignature.write(to: folder.appendingPathComponent("sig.der"))
        try Data(publicKeyPEM.utf8).write(to: folder.appendingPathComponent("public.pem"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(openssl, "the openssl command is not installed"))
        process.arguments = ["dgst", "-sha256", "-verify", "public.pem", "-signature", "sig.der", "export.bin"]
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func writtenPackagesVerifyWithOpenSSL() throws {
        let signing = P256.Signing.PrivateKey()
        let package = try KeyExportPackage(
            signing: KeyExportBuilder().build(keys: KeyExportRoundTripTests.sampleKeys(count: 25)), with: signing)
        let read = try KeyExportPackage(zipData: try package.zipData())
        let der = try #require(try read.signatures().first).derSignature
        let (status, output) = try Self.verify(
            exportBin: read.exportBin, derSignature: der, publicKeyPEM: signing.publicKey.pemRepresentation)
        #expect(status == 0)
        #expect(output.contains("Verified OK"))

        var tampered = read.exportBin
        tampered[tampered.count - 1] ^= 0x80
        let (badStatus, badOutput) = try Self.verify(
            exportBin: tampered, derSignature: der, publicKeyPEM: signing.publicKey.pemRepresentation)
        #expect(badStatus != 0)
        #expect(badOutput.contains("Verification failure"))
    }

    @Test func realSampleVerifiesWithOpenSSLToo() throws {
        let package = try KeyExportPackage(zipData: try ReferenceData.data("gaen/export-samples/server-example-2-keys.zip"))
        let pem = String(decoding: try ReferenceData.data("gaen/export-samples/server-example-2-keys.public.pem"), as: UTF8.self)
        let der = try #require(try package.signatures().first).derSignature
        let (status, _) = try Self.verify(exportBin: package.exportBin, derSignature: der, publicKeyPEM: pem)
        #expect(status == 0)
    }
}
