import ArgumentParser
import ExposureNotification
import Foundation

struct KeysExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a signed key package from a JSON list of keys.",
        discussion: """
            KEYS.json has the layout of the exposure-notifications-server publish \
            request: {"temporaryExposureKeys": [{"key": BASE64, "rollingStartNumber": N, \
            "rollingPeriod": N, "transmissionRisk": N}]}, optionally with "reportType" and \
            "daysSinceOnsetOfSymptoms" per key. Keys are sorted by their bytes; export.bin \
            is deterministic, export.sig carries a fresh ECDSA nonce each time.
            """
    )

    @Option(help: "The keys to publish (JSON).")
    var keys: String

    @Option(name: .customLong("private-key"), help: "PEM file with the P-256 signing key.")
    var privateKey: String

    @Option(help: "The zip file to write.")
    var out: String

    @Option(help: "Region field of the export (CWA writes DE).")
    var region = "DE"

    @Option(help: "start_timestamp, UTC seconds (default: start of the earliest key).")
    var start: UInt64?

    @Option(help: "end_timestamp, UTC seconds (default: end of the latest key).")
    var end: UInt64?

    @Option(name: .customLong("key-id"), help: "verification_key_id of the signature (CWA: 262).")
    var keyID = "262"

    @Option(name: .customLong("key-version"), help: "verification_key_version of the signature.")
    var keyVersion = "v1"

    func run() throws {
        try checkOutputPath(out)
        let list: [DiagnosisKey]
        do {
            list = try KeysJSON.read(contentsOf: URL(fileURLWithPath: keys))
        } catch {
            throw inputFailure(error)
        }
        if let start, let end, end < start {
            throw inputFailure(file: "<argument>", field: "--end", "must not be before --start")
        }
        let signing = try loadPrivateKey(privateKey)
        let builder = KeyExportBuilder(
            region: region, verificationKeyVersion: keyVersion, verificationKeyID: keyID,
            startTimestamp: start, endTimestamp: end)
        let export = builder.build(keys: list)
        do {
            let package = try KeyExportPackage(signing: export, with: signing)
            try package.write(to: URL(fileURLWithPath: out))
        } catch {
            throw inputFailure(file: out, field: "--out", "cannot be written (\(error.localizedDescription))")
        }
        printOutput("wrote \(out): \(export.keys.count) keys, region \(region), signed with key \(keyID)/\(keyVersion)\n")
    }
}
