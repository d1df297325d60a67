import Crypto
import ExposureNotification
import Foundation
import WarnSimCore

/// The demonstration `warnsim demo` runs until the simulator exists: one phone's
/// 14 days of keys, every identifier it broadcast, and the signed key package
/// its upload would produce, read back and verified.
package struct KeyScheduleDemo: Sendable {
    /// What the demonstration wrote and checked.
    package struct Summary: Sendable {
        package var keys: Int
        package var identifiers: Int
        package var firstAdvertisement: [UInt8]
        package var packageBytes: Int
        package var signatureStatus: KeyExportSignature.Status
        package var files: [String]
    }

    package var seed: UInt64
    /// The UTC day of the upload; the phone holds the 14 keys before it.
    package var uploadDay: Date
    /// The TX power the phone advertises (dBm); −24 dBm is the median and the
    /// most common `tx` value over the 11,809 models of
    /// Google's EN calibration list of 2020-08-12 (copy in
    /// `Configs/radio/data/en-calibration-2020-08-12.csv`).
    package var txPower: Int8
    /// The WarnSim version recorded in the manifest.
    package var version: String

    package init(seed: UInt64, uploadDay: Date, txPower: Int8 = -24, version: String) {
        self.seed = seed
        self.version = version
        self.uploadDay = uploadDay
        self.txPower = txPower
    }

    /// Writes `identifiers.csv`, `keys.json`, `signing-key.pem`,
    /// `public-key.pem`, `export.zip` and `manifest.json` into `folder`.
    package func run(into folder: URL) throws -> Summary {
        let uploadInterval = ENIntervalNumber(date: uploadDay).dayStart
        var tekStream = RandomStream(seed: seed, subsystem: StreamName.temporaryExposureKeys, entity: 0)
        let keys: [TemporaryExposureKey] = (1...14).reversed().map { daysBack in
            TemporaryExposureKey.generate(at: uploadInterval.advanced(by: -144 * daysBack), using: &tekStream)
        }
        let metadata = BluetoothMetadata(txPower: txPower)
        let derived = try IdentifierBatchDeriver.deriveAll(keys, metadata: [metadata], includeMetadata: true, threads: 1)

        var csv = "key_index,en_interval_number,rpi,aem\n"
        for row in 0..<derived.count {
            csv +=
                "\(derived.keyIndex(ofRow: row)),\(derived.interval(at: row).rawValue),\(derived.rpi(at: row).hex),\(derived.aem(at: row)!.hex)\n"
        }

        // Days since onset: symptoms assumed to start two days before the upload
        // day, so the keys run from −12 to +1 (the app's symptom questions set
        // this; cwa-app-android `DaysSinceOnsetOfSymptomsVectorDeterminer.kt`).
        let diagnosisKeys = keys.enumerated().map { index, key in
            DiagnosisKey(
                keyData: key.keyData, transmissionRiskLevel: nil,
                rollingStartIntervalNumber: key.rollingStartIntervalNumber, rollingPeriod: key.rollingPeriod,
                reportType: .confirmedTest, daysSinceOnsetOfSymptoms: Int32(index - 12))
        }
        let keysJSON = Self.keysJSON(diagnosisKeys)

        let signingKey = try Self.signingKey(seed: seed)
        let export = KeyExportBuilder().build(keys: diagnosisKeys)
        let package = try KeyExportPackage(signing: export, with: signingKey)
        let zip = try package.zipData()

        // Read back what was written and verify it as a phone would.
        let reread = try KeyExportPackage(zipData: zip)
        let status = try reread.verify(with: signingKey.publicKey)
        guard try reread.export() == export else {
            throw KeyExportError.invalidProtobuf("export.bin", "the package does not read back to what was written")
        }

        let files: [(String, Data)] = [
            ("identifiers.csv", Data(csv.utf8)),
            ("keys.json", Data(keysJSON.utf8)),
            ("signing-key.pem", Data((signingKey.pemRepresentation + "\n").utf8)),
            ("public-key.pem", Data((signingKey.publicKey.pemRepresentation + "\n").utf8)),
            ("export.zip", zip),
        ]
        var manifest = RunManifest(command: "demo", version: version, seed: seed)
        manifest.add("upload_day_start_interval", Int(uploadInterval.rawValue))
        // export.zip differs between runs only by the ECDSA nonce inside export.sig,
        // so the manifest pins its export.bin instead of the archive.
        for (name, data) in files {
            if name == "export.zip" {
                manifest.addOutput("export.zip/export.bin", data: package.exportBin)
            } else {
                manifest.addOutput(name, data: data)
            }
        }
        for (name, data) in files { try AtomicFile.write(data, to: folder.appendingPathComponent(name)) }
        try manifest.write(into: folder)

        return Summary(
            keys: keys.count,
            identifiers: derived.count,
            firstAdvertisement: AdvertisementPayload(rpi: derived.rpi(at: 0), aem: derived.aem(at: 0)!).bytes,
            packageBytes: zip.count,
            signatureStatus: status,
            files: files.map(\.0) + ["manifest.json"]
        )
    }

    /// A P-256 key derived from the seed, so that the demo's key files are
    /// reproducible. Real deployments use random keys (`warnsim keys keygen`).
    static func signingKey(seed: UInt64) throws -> P256.Signing.PrivateKey {
        var stream = RandomStream(seed: seed, subsystem: StreamName.demoSigningKey)
        while true {
            var raw = [UInt8]()
            for _ in 0..<4 { withUnsafeBytes(of: stream.next().bigEndian) { raw += $0 } }
            // Fails only for the ~2^-32 of values outside 1..<n; draw again then.
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) { return key }
        }
    }

    /// The keys in the server publish layout that `warnsim keys export` reads.
    static func keysJSON(_ keys: [DiagnosisKey]) -> String {
        let entries = keys.map { key in
            "    {\"key\": \"\(Data(key.keyData.bytes).base64EncodedString())\", "
                + "\"rollingStartNumber\": \(key.rollingStartIntervalNumber.rawValue), "
                + "\"rollingPeriod\": \(key.rollingPeriod), "
                + "\"reportType\": \"\(key.reportType?.description ?? "UNKNOWN")\", "
                + "\"daysSinceOnsetOfSymptoms\": \(key.daysSinceOnsetOfSymptoms ?? 0)}"
        }
        return "{\n  \"temporaryExposureKeys\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
