/// Little-endian fixed-width encoding for WarnSim's own binary record files
/// (`windows.bin`, `exposures.bin`). A file starts with an 8-byte magic, a
/// UInt32 format version and a UInt64 record count; the layout of a record is
/// documented with the file type (Outputs/README.md).
package struct BinaryWriter: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// Starts a file: magic (8 ASCII bytes), version, record count.
    package init(magic: String, version: UInt32, count: Int) {
        precondition(magic.utf8.count == 8, "magic is 8 bytes")
        bytes.append(contentsOf: magic.utf8)
        put(version)
        put(UInt64(count))
    }

    package mutating func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func put(_ value: Float) { put(value.bitPattern) }

    package mutating func append(contentsOf other: BinaryWriter) { bytes.append(contentsOf: other.bytes) }
}

/// Reads what ``BinaryWriter`` wrote; every shortfall or mismatch is an
/// ``InputError`` naming the file, the record and the field.
package struct BinaryReader: Sendable {
    package let file: String
    let bytes: [UInt8]
    package private(set) var offset = 0
    /// The record being read, for messages (set by the caller).
    package var record = -1

    package init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Checks the header and returns the record count.
    package mutating func header(magic: String, version: UInt32) throws(InputError) -> Int {
        guard bytes.count >= 20, Array(bytes[0..<8]) == Array(magic.utf8) else {
            throw InputError(file: file, problem: "is not a WarnSim \(magic) file (wrong or missing header)")
        }
        offset = 8
        let found: UInt32 = try integer("version")
        guard found == version else {
            throw InputError(file: file, field: "version", problem: "is \(found); this WarnSim reads version \(version)")
        }
        let count: UInt64 = try integer("record_count")
        // Every record has at least one byte: a larger count cannot be honest.
        guard count <= UInt64(bytes.count) else {
            throw InputError(file: file, field: "record_count", problem: "is \(count), more than the file's \(bytes.count) bytes can hold")
        }
        return Int(count)
    }

    package var isAtEnd: Bool { offset == bytes.count }

    package mutating func integer<T: FixedWidthInteger>(_ field: String) throws(InputError) -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= bytes.count else { throw truncated(field) }
        var value: T = 0
        for i in 0..<size { value |= T(truncatingIfNeeded: bytes[offset + i]) << (8 * i) }
        offset += size
        return value
    }

    package mutating func float(_ field: String) throws(InputError) -> Float {
        Float(bitPattern: try integer(field))
    }

    /// Ends reading: trailing bytes are an error.
    package func finish() throws(InputError) {
        guard isAtEnd else {
            throw InputError(file: file, problem: "has \(bytes.count - offset) bytes after the last record (corrupt or not this format)")
        }
    }

    func truncated(_ field: String) -> InputError {
        InputError(
            file: file, field: record >= 0 ? "record \(record).\(field)" : field,
            problem: "the file ends early (truncated at byte \(bytes.count))")
    }

    /// An error about the current record's `field`.
    package func invalid(_ field: String, _ problem: String) -> InputError {
        InputError(file: file, field: record >= 0 ? "record \(record).\(field)" : field, problem: problem)
    }
}
