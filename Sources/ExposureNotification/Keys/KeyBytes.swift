/// Exactly 16 bytes: a TEK, an RPIK, an AEMK or an RPI.
///
/// Stored inline as two 64-bit words so that values are cheap to copy, hash and
/// compare, and can be laid out contiguously in batch buffers.
public struct KeyBytes: Hashable, Sendable, CustomStringConvertible {
    /// Bytes 0–7 in memory order.
    public var low: UInt64
    /// Bytes 8–15 in memory order.
    public var high: UInt64

    /// Creates the value from its 16 bytes, or fails if there are not exactly 16.
    ///
    /// - Parameter bytes: the 16 bytes in order.
    public init?(_ bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        self.init(unchecked: Array(bytes))
    }

    /// Creates the value from its two words (bytes 0–7 and 8–15 in memory order).
    ///
    /// - Parameters:
    ///   - low: bytes 0–7 as they lie in memory (a native-endian load).
    ///   - high: bytes 8–15 as they lie in memory.
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Creates the value from a 16-byte array.
    init(unchecked bytes: [UInt8]) {
        precondition(bytes.count == 16)
        var low: UInt64 = 0
        var high: UInt64 = 0
        withUnsafeMutableBytes(of: &low) { $0.copyBytes(from: bytes[0..<8]) }
        withUnsafeMutableBytes(of: &high) { $0.copyBytes(from: bytes[8..<16]) }
        self.low = low
        self.high = high
    }

    /// Creates the value from raw memory holding at least 16 bytes.
    ///
    /// - Parameter pointer: the first of 16 readable bytes; no alignment needed.
    public init(loadingFrom pointer: UnsafeRawPointer) {
        self.low = pointer.loadUnaligned(as: UInt64.self)
        self.high = pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    }

    /// Parses 32 hexadecimal digits.
    ///
    /// - Parameter hex: exactly 32 hexadecimal digits (either case); anything else
    ///   gives `nil`.
    public init?(hex: String) {
        guard let bytes = HexCoding.decode(hex), bytes.count == 16 else { return nil }
        self.init(unchecked: bytes)
    }

    /// The 16 bytes in order.
    public var bytes: [UInt8] {
        var copy = self
        return Swift.withUnsafeBytes(of: &copy) { Array($0) }
    }

    /// Lowercase hexadecimal.
    public var hex: String { HexCoding.encode(bytes) }

    public var description: String { hex }

    /// Calls `body` with the 16 bytes.
    ///
    /// - Parameter body: receives a 16-byte buffer valid only during the call.
    /// - Returns: what `body` returns.
    /// - Throws: whatever `body` throws.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var copy = self
        return try Swift.withUnsafeBytes(of: &copy, body)
    }
}
