/// The 4-byte metadata a phone encrypts into its advertisement
/// (Google/Apple, Exposure Notification Bluetooth Specification v1.2, and
/// Cryptography Specification v1.2.1, April 2020):
///
/// - byte 0: version; bits 7:6 major (01), bits 5:4 minor (v1.0 = `0x40`,
///   v1.1 = `0x50`); in v1.1 bits 3:2 carry the TX calibration confidence;
/// - byte 1: TX power in dBm, signed;
/// - bytes 2–3: reserved (0).
public struct BluetoothMetadata: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes, byte 0 in the lowest bits (fixed size: no heap storage).
    public var raw: UInt32

    /// The four bytes in order.
    public var bytes: [UInt8] {
        get { FourBytes.bytes(raw) }
        set { raw = FourBytes.raw(newValue) }
    }

    /// Wraps four raw bytes (reserved bits are kept as they are).
    ///
    /// - Parameter bytes: exactly 4 bytes: version, TX power, two reserved bytes.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 4, "metadata is 4 bytes")
        self.raw = FourBytes.raw(bytes)
    }

    /// Builds metadata from its fields.
    /// - Parameters:
    ///   - majorVersion: 0…3 (1 for the current protocol).
    ///   - minorVersion: 0…3.
    ///   - txPower: calibrated radiated power in dBm.
    ///   - calibrationConfidence: 0…3 (only meaningful from v1.1 on).
    public init(majorVersion: UInt8 = 1, minorVersion: UInt8 = 0, txPower: Int8, calibrationConfidence: UInt8 = 0) {
        precondition(majorVersion < 4 && minorVersion < 4 && calibrationConfidence < 4)
        let version = majorVersion << 6 | minorVersion << 4 | calibrationConfidence << 2
        self.raw = FourBytes.raw([version, UInt8(bitPattern: txPower), 0, 0])
    }

    /// Parses 8 hex digits.
    ///
    /// - Parameter hex: exactly 8 hexadecimal digits (either case); anything else
    ///   gives `nil`.
    public init?(hex: String) {
        guard let bytes = HexCoding.decode(hex), bytes.count == 4 else { return nil }
        self.raw = FourBytes.raw(bytes)
    }

    /// Bits 7:6 of byte 0.
    public var majorVersion: UInt8 { UInt8(truncatingIfNeeded: raw) >> 6 }
    /// Bits 5:4 of byte 0.
    public var minorVersion: UInt8 { (UInt8(truncatingIfNeeded: raw) >> 4) & 0x3 }
    /// Bits 3:2 of byte 0: the TX calibration confidence (0 LOWEST … 3 HIGH).
    public var calibrationConfidence: UInt8 { (UInt8(truncatingIfNeeded: raw) >> 2) & 0x3 }
    /// Byte 1 as a signed value in dBm.
    public var txPower: Int8 { Int8(bitPattern: UInt8(truncatingIfNeeded: raw >> 8)) }

    /// Whether the TX power lies in the range matching accepts, [−50, +20] dBm
    /// (google/exposure-notifications-internals, `KeyExposureEvaluator`: sightings
    /// whose decrypted TX power falls outside it are rejected).
    public var hasPlausibleTxPower: Bool { (-50...20).contains(Int(txPower)) }

    public var hex: String { HexCoding.encode(bytes) }
    public var description: String { hex }
}

/// The 4 encrypted metadata bytes broadcast after the RPI.
public struct AssociatedEncryptedMetadata: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes, byte 0 in the lowest bits (fixed size: no heap storage).
    public var raw: UInt32

    /// The four bytes in order.
    public var bytes: [UInt8] { FourBytes.bytes(raw) }

    /// Wraps the four encrypted bytes.
    ///
    /// - Parameter bytes: exactly 4 bytes, as received.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 4, "AEM is 4 bytes")
        self.raw = FourBytes.raw(bytes)
    }

    /// Wraps the four bytes held as a little-endian word.
    ///
    /// - Parameter raw: the four bytes, byte 0 in the least significant position.
    public init(raw: UInt32) {
        self.raw = raw
    }

    /// Parses 8 hex digits.
    ///
    /// - Parameter hex: exactly 8 hexadecimal digits (either case); anything else
    ///   gives `nil`.
    public init?(hex: String) {
        guard let bytes = HexCoding.decode(hex), bytes.count == 4 else { return nil }
        self.raw = FourBytes.raw(bytes)
    }

    public var hex: String { HexCoding.encode(bytes) }
    public var description: String { hex }
}

/// Four bytes packed into a `UInt32`, byte 0 lowest, on every platform.
enum FourBytes {
    static func raw(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    static func bytes(_ raw: UInt32) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: raw), UInt8(truncatingIfNeeded: raw >> 8),
            UInt8(truncatingIfNeeded: raw >> 16), UInt8(truncatingIfNeeded: raw >> 24),
        ]
    }
}
