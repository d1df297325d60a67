/// The 31-byte legacy BLE advertising payload of an Exposure Notification
/// beacon (Google/Apple, Exposure Notification Bluetooth Specification v1.2): three
/// AD structures, Flags, the complete 16-bit service UUID list (0xFD6F) and the
/// 16-bit service data for 0xFD6F carrying the RPI and the AEM.
public struct AdvertisementPayload: Hashable, Sendable {
    /// The Exposure Notification service UUID.
    public static let serviceUUID: UInt16 = 0xFD6F

    public var rpi: KeyBytes
    public var aem: AssociatedEncryptedMetadata

    /// Creates the payload of one advertisement.
    ///
    /// - Parameters:
    ///   - rpi: the Rolling Proximity Identifier of the interval.
    ///   - aem: the Associated Encrypted Metadata for that RPI.
    public init(rpi: KeyBytes, aem: AssociatedEncryptedMetadata) {
        self.rpi = rpi
        self.aem = aem
    }

    /// The 31 bytes sent over the air.
    public var bytes: [UInt8] {
        var out: [UInt8] = [
            // Flags 0x1A as phones send them: bit 1 (LE General Discoverable), which the
            // specification requires, plus bits 3–4 (simultaneous LE and BR/EDR).
            0x02, 0x01, 0x1A,
            0x03, 0x03, 0x6F, 0xFD,  // Complete list of 16-bit service UUIDs: FD6F
            0x17, 0x16, 0x6F, 0xFD,  // Service Data – 16-bit UUID FD6F, 20 bytes follow
        ]
        out += rpi.bytes
        out += aem.bytes
        return out
    }

    /// Parses an advertising payload, returning `nil` unless it carries
    /// Exposure Notification service data of exactly 20 bytes.
    ///
    /// - Parameter bytes: the length-prefixed AD structures of an advertisement;
    ///   other AD structures are skipped, a zero length ends the list, and a
    ///   structure running past the end gives `nil`.
    public init?(bytes: [UInt8]) {
        var index = 0
        var found: (KeyBytes, AssociatedEncryptedMetadata)?
        while index < bytes.count {
            let length = Int(bytes[index])
            if length == 0 { break }
            guard index + 1 + length <= bytes.count else { return nil }
            let type = bytes[index + 1]
            let body = Array(bytes[(index + 2)..<(index + 1 + length)])
            if type == 0x16, body.count == 22, body[0] == 0x6F, body[1] == 0xFD {
                found = (KeyBytes(unchecked: Array(body[2..<18])), AssociatedEncryptedMetadata(bytes: Array(body[18..<22])))
            }
            index += 1 + length
        }
        guard let (rpi, aem) = found else { return nil }
        self.init(rpi: rpi, aem: aem)
    }
}
