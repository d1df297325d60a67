/// The 4-byte metadata a phone encrypts into its advertisement
/// (reference/gaen/PROTOCOL.md §1):
///
/// - byte 0: version; bits 7:6 major (01), bits 5:4 minor (v1.0 = `0x40`,
///   v1.1 = `0x50`); in v1.1 bits 3:2 carry the TX calibration confidence;
/// - byte 1: TX power in dBm, signed;
/// - bytes 2–3: reserved (0).
public struct BluetoothMetadata: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes in order.
    public var bytes: [UInt8]

    /// Wraps four raw bytes (reserved bits are kept as they are).
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 4, "metadata is 4 bytes")
        self.bytes = bytes
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
        self.bytes = [version, UInt8(bitPattern: txPower), 0, 0]
    }

    /// Parses 8 hex digits.
    public init?(hex: String) {
        guard let bytes = HexCoding.decode(hex), bytes.count == 4 else { return nil }
        self.bytes = bytes
    }

    /// Bits 7:6 of byte 0.
    public var majorVersion: UInt8 { bytes[0] >> 6 }
    /// Bits 5:4 of byte 0.
    public var minorVersion: UInt8 { (bytes[0] >> 4) & 0x3 }
    /// Bits 3:2 of byte 0: the TX calibration confidence (0 LOWEST … 3 HIGH).
    public var calibrationConfidence: UInt8 { (bytes[0] >> 2) & 0x3 }
    /// Byte 1 as a signed value in dBm.
    public var txPower: Int8 { Int8(bitPattern: bytes[1]) }

    /// Whether the TX power lies in the range matching accepts, [−50, +20] dBm
    /// (PROTOCOL.md §4, matching step 5).
    public var hasPlausibleTxPower: Bool { (-50...20).contains(Int(txPower)) }

    public var hex: String { HexCoding.encode(bytes) }
    public var description: String { hex }
}

/// The 4 encrypted metadata bytes broadcast after the RPI.
public struct AssociatedEncryptedMetadata: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes in order.
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) {
        precondition(bytes.count == 4, "AEM is 4 bytes")
        self.bytes = bytes
    }

    public init?(hex: String) {
        guard let bytes = HexCoding.decode(hex), bytes.count == 4 else { return nil }
        self.bytes = bytes
    }

    public var hex: String { HexCoding.encode(bytes) }
    public var description: String { hex }
}
