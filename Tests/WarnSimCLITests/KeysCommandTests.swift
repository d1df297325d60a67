import Crypto
import ExposureNotification
import Foundation
import Testing
import WarnSimTestSupport

@Suite struct KeysCommandTests {
    static let samples = "gaen/export-samples/"

    @Test func inspectVerifiesTheServerSample() throws {
        let result = try WarnSimProcess.run([
            "keys", "inspect", try ReferenceData.path(Self.samples + "server-example-2-keys.zip"),
            "--public-key", try ReferenceData.path(Self.samples + "server-example-2-keys.public.pem"),
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("# region=US"))
        #expect(result.stdout.contains("keys,172fc480e598490c34177604339b1543,2649980,1,,,8"))
        #expect(result.stdout.contains("keys,2b63053ac483238de176169e861f3dcd,2649866,114,,,1"))
        #expect(result.stdout.contains("# signature_status=verified"))
    }

    @Test func inspectJSONWithoutKeyIsNotChecked() throws {
        let result = try WarnSimProcess.run([
            "keys", "inspect", try ReferenceData.path(Self.samples + "internals-sample.zip"), "--format", "json",
        ])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["signature_status"] as? String == "not_checked")
        #expect(((object?["keys"] as? [Any])?.count ?? 0) > 0)
    }

    @Test func inspectWithTheWrongKeyExitsThree() throws {
        let result = try WarnSimProcess.run([
            "keys", "inspect", try ReferenceData.path(Self.samples + "internals-sample.zip"),
            "--public-key", try ReferenceData.path(Self.samples + "server-example-2-keys.public.pem"),
        ])
        #expect(result.status == 3)
        #expect(result.stdout.contains("# signature_status=invalid"))
    }

    @Test func inspectBadInputExitsTwoNamingTheFile() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try Data(contentsOf: URL(fileURLWithPath: try ReferenceData.path(Self.samples + "server-example-2-keys.zip")))
        let truncated = folder.appendingPathComponent("truncated.zip")
        try sample.prefix(sample.count / 2).write(to: truncated)
        let text = folder.appendingPathComponent("text.zip")
        try Data("not a zip".utf8).write(to: text)
        for path in [truncated.path, text.path, folder.appendingPathComponent("missing.zip").path, folder.path] {
            let result = try WarnSimProcess.run(["keys", "inspect", path])
            #expect(result.status == 2, "\(path)")
            #expect(result.stderr.contains(path), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let badKey = try WarnSimProcess.run([
            "keys", "inspect", try ReferenceData.path(Self.samples + "server-example-2-keys.zip"), "--public-key", text.path,
        ])
        #expect(badKey.status == 2)
        #expect(badKey.stderr.contains("PEM"))
    }

    /// Tampered copies of the server sample: `export.sig` re-pointed at another
    /// key id (outside the signed bytes) exits 3 naming the field; a second
    /// `export.bin`, a CRC mismatch or trailing bytes exit 2 naming the file.
    @Test func inspectRefusesTamperedPackages() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try Data(contentsOf: URL(fileURLWithPath: try ReferenceData.path(Self.samples + "server-example-2-keys.zip")))
        let publicKey = try ReferenceData.path(Self.samples + "server-example-2-keys.public.pem")
        let original = try WarnSimProcess.run([
            "keys", "inspect", try ReferenceData.path(Self.samples + "server-example-2-keys.zip"), "--format", "json",
        ])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(original.stdout.utf8)) as? [String: Any])
        #expect((json["signature_problems"] as? [String])?.isEmpty == true)

        let trailing = folder.appendingPathComponent("trailing.zip")
        try (sample + Data("GARBAGE".utf8)).write(to: trailing)
        let trailingResult = try WarnSimProcess.run(["keys", "inspect", trailing.path, "--public-key", publicKey])
        #expect(trailingResult.status == 2)
        #expect(
            trailingResult.stderr.contains(trailing.path)
                && trailingResult.stderr.contains("7 bytes follow the end-of-central-directory record"))
        #expect(trailingResult.stdout.isEmpty)

        // A package whose export.sig carries a valid signature over export.bin
        // but names another key id than the signed export.bin.
        let signing = P256.Signing.PrivateKey()
        let keyFile = folder.appendingPathComponent("public.pem")
        try Data(signing.publicKey.pemRepresentation.utf8).write(to: keyFile)
        let info = KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "262")
        let bin = KeyExportCoding.encode(KeyExport(region: "DE", signatureInfos: [info], keys: []))
        let claimed = KeyExport.SignatureInfo(verificationKeyVersion: "v1", verificationKeyID: "999")
        let tampered = folder.appendingPathComponent("tampered.zip")
        try KeyExportPackage(
            exportBin: bin, exportSig: try KeyExportSignature.sign(bin, with: signing, info: claimed, batchNum: 1, batchSize: 2)
        )
        .write(to: tampered)
        let result = try WarnSimProcess.run(["keys", "inspect", tampered.path, "--public-key", keyFile.path])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains("# signature_status=invalid"))
        #expect(result.stdout.contains("# signature_problem=the signature has batch_size 2, export.bin 1"))
        #expect(result.stderr.contains("\(tampered.path): export.sig: the signature names key id \"999\""), "\(result.stderr)")
        let unchecked = try WarnSimProcess.run(["keys", "inspect", tampered.path])
        #expect(unchecked.status == 3)
    }

    @Test func exportWritesAPackageThatVerifies() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let privateKey = folder.appendingPathComponent("private.pem").path
        let publicKey = folder.appendingPathComponent("public.pem").path
        #expect(try WarnSimProcess.run(["keys", "keygen", "--private-key", privateKey, "--public-key", publicKey]).status == 0)
        let out = folder.appendingPathComponent("out.zip").path
        let export = try WarnSimProcess.run([
            "keys", "export", "--keys", try ReferenceData.path(Self.samples + "server-example-2-keys.keys.json"),
            "--private-key", privateKey, "--out", out, "--region", "US", "--start", "1590159600", "--end", "1590246000",
        ])
        #expect(export.status == 0, "\(export.stderr)")
        let inspect = try WarnSimProcess.run(["keys", "inspect", out, "--public-key", publicKey])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("# start_timestamp=1590159600"))
        #expect(inspect.stdout.contains("keys,172fc480e598490c34177604339b1543,2649980,1,,,8"))
        // The written export.bin equals the real server's for the same keys and header,
        // except for the signature metadata, so compare the key table.
        let original = try WarnSimProcess.run(["keys", "inspect", try ReferenceData.path(Self.samples + "server-example-2-keys.zip")])
        let table = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("keys,") } }
        #expect(table(inspect.stdout) == table(original.stdout))
    }

    @Test func exportRejectsBadKeysWithoutWritingAnything() throws {
        let folder = try WarnSimProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let privateKey = folder.appendingPathComponent("private.pem").path
        _ = try WarnSimProcess.run([
            "keys", "keygen", "--private-key", privateKey, "--public-key", folder.appendingPathComponent("p.pem").path,
        ])
        let cases: [(String, String)] = [
            (
                #"{"temporaryExposureKeys": [{"key": "Fy/EgOWYSQw0F3YEM5sVQw==", "rollingStartNumber": 2649980, "rollingPeriod": 145}]}"#,
                "rollingPeriod"
            ),
            (#"{"temporaryExposureKeys": [{"key": "Fy/EgOWYSQw0F3YEM5sV", "rollingStartNumber": 2649980}]}"#, "16 bytes"),
            (#"{"temporaryExposureKeys": [{"key": "Fy/EgOWYSQw0F3YEM5sVQw==", "rollingStartNumber": 2649980, "colour": 1}]}"#, "colour"),
            (#"{"temporaryExposureKeys": [{"key": "Fy/EgOWYSQw0F3YEM5sVQw=="}]}"#, "rollingStartNumber"),
            (#"{"temporaryExposureKeys": [{"key": "Fy/EgOWYSQw0F3YEM5sVQw==", "rollingStartNumber": true}]}"#, "integer"),
            (#"{"temporaryExposureKeys": "#, "JSON"),
        ]
        for (index, (json, mention)) in cases.enumerated() {
            let keys = folder.appendingPathComponent("keys\(index).json")
            try Data(json.utf8).write(to: keys)
            let out = folder.appendingPathComponent("out\(index).zip")
            let result = try WarnSimProcess.run(["keys", "export", "--keys", keys.path, "--private-key", privateKey, "--out", out.path])
            #expect(result.status == 2, "case \(index)")
            #expect(result.stderr.contains(keys.path) && result.stderr.contains(mention), "case \(index): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
        let noKey = try WarnSimProcess.run([
            "keys", "export", "--keys", try ReferenceData.path(Self.samples + "server-example-2-keys.keys.json"),
            "--private-key", folder.appendingPathComponent("absent.pem").path, "--out", folder.appendingPathComponent("x.zip").path,
        ])
        #expect(noKey.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.zip").path))
    }
}
