import ArgumentParser
import ExposureNotification

struct CryptoDeriveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "derive",
        abstract: "Print the RPI and AEM of a TEK for consecutive intervals as CSV.",
        discussion: "Columns: en_interval_number,rpi,aem (lowercase hex)."
    )

    @Option(help: "The Temporary Exposure Key, 32 hex digits.")
    var tek: String

    @Option(help: "The first ENIntervalNumber (10-minute slots since the Unix epoch).")
    var interval: UInt32

    @Option(help: "How many consecutive intervals to print.")
    var count: Int = 1

    @Option(help: "The 4-byte Bluetooth metadata, 8 hex digits (default: v1.0, TX 0 dBm).")
    var metadata: String = "40000000"

    func run() throws {
        guard let keyData = KeyBytes(hex: tek) else {
            throw inputFailure(file: "<argument>", field: "--tek", "expected 32 hexadecimal digits (16 bytes), got \"\(tek)\"")
        }
        guard let meta = BluetoothMetadata(hex: metadata) else {
            throw inputFailure(file: "<argument>", field: "--metadata", "expected 8 hexadecimal digits (4 bytes), got \"\(metadata)\"")
        }
        guard count >= 1, UInt64(interval) + UInt64(count) <= UInt64(UInt32.max) + 1 else {
            throw inputFailure(file: "<argument>", field: "--count", "must be at least 1 and keep the intervals within 32 bits")
        }
        let tekValue = TemporaryExposureKey(keyData: keyData, rollingStartIntervalNumber: ENIntervalNumber(interval))
        let rpik = KeyDerivation.rollingProximityIdentifierKey(for: tekValue)
        let aemk = KeyDerivation.associatedEncryptedMetadataKey(for: tekValue)
        var out = "en_interval_number,rpi,aem\n"
        for offset in 0..<count {
            let enin = ENIntervalNumber(interval &+ UInt32(offset))
            let rpi = KeyDerivation.rollingProximityIdentifier(rpik: rpik, interval: enin)
            let aem = KeyDerivation.associatedEncryptedMetadata(aemk: aemk, rpi: rpi, metadata: meta)
            out += "\(enin.rawValue),\(rpi.hex),\(aem.hex)\n"
        }
        printOutput(out)
    }
}
