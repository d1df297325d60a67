/// The byte layout of a key package's zip archive, checked before any entry is
/// extracted, so that every zip reader sees the same two files: exactly the
/// entries `export.bin` and `export.sig`, each once; the local headers agreeing
/// with the central directory; the entries, central directory and
/// end-of-central-directory record following each other without gaps, overlaps
/// or trailing bytes (PKWARE APPNOTE.TXT 6.3, sections 4.3.6–4.3.16). Readers
/// disagree on archives outside these rules (a second `export.bin` is the first
/// entry to ZIPFoundation and the last to Python's `zipfile`), so such an
/// archive is refused rather than read one way.
struct KeyPackageArchiveLayout {
    /// The entries a key package holds.
    static let entryNames = ["export.bin", "export.sig"]

    /// One entry as the central directory describes it.
    struct Entry: Equatable {
        var name: String
        var flags: UInt16
        var method: UInt16
        var crc32: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int
        /// Where the entry's (compressed) data begins: after its local header.
        var dataOffset = 0
    }

    /// The entries by name.
    let entries: [String: Entry]

    private static let endOfCentralDirectorySignature: UInt32 = 0x0605_4B50
    private static let centralHeaderSignature: UInt32 = 0x0201_4B50
    private static let localHeaderSignature: UInt32 = 0x0403_4B50
    private static let dataDescriptorSignature: UInt32 = 0x0807_4B50

    /// Checks the layout of `bytes`.
    ///
    /// - Parameter bytes: the whole archive.
    /// - Throws: ``KeyExportError/notAZipArchive(_:)`` if it is not a zip archive
    ///   WarnSim can read, ``KeyExportError/ambiguousArchive(_:)`` if readers could
    ///   disagree about its contents, ``KeyExportError/trailingBytes(_:)`` for bytes
    ///   after the end-of-central-directory record,
    ///   ``KeyExportError/missingEntry(_:)`` without one of the two files.
    init(_ bytes: [UInt8]) throws(KeyExportError) {
        let reader = ByteReader(bytes: bytes)
        let count = bytes.count
        guard count >= 22 else { throw .notAZipArchive("\(count) bytes, shorter than an end-of-central-directory record") }
        // The end record: the last signature whose record (with its comment)
        // could reach the end of the file.
        var endOffset: Int?
        var offset = count - 22
        while offset >= Swift.max(0, count - 22 - 0xFFFF) {
            if reader.u32(offset) == Self.endOfCentralDirectorySignature {
                endOffset = offset
                break
            }
            offset -= 1
        }
        guard let end = endOffset else { throw .notAZipArchive("no end-of-central-directory record") }
        let recordEnd = end + 22 + Int(reader.u16(end + 20))
        guard recordEnd <= count else { throw .notAZipArchive("the end-of-central-directory comment runs past the end of the file") }
        guard recordEnd == count else { throw .trailingBytes(count - recordEnd) }
        let entriesHere = Int(reader.u16(end + 8))
        let entryCount = Int(reader.u16(end + 10))
        let directorySize = Int(reader.u32(end + 12))
        let directoryOffset = Int(reader.u32(end + 16))
        guard reader.u16(end + 4) == 0, reader.u16(end + 6) == 0, entriesHere == entryCount else {
            throw .notAZipArchive("a multi-disk archive")
        }
        guard entryCount != 0xFFFF, directorySize != 0xFFFF_FFFF, directoryOffset != 0xFFFF_FFFF else {
            throw .notAZipArchive("a ZIP64 archive, which key packages never need")
        }
        guard directoryOffset + directorySize == end else {
            throw .ambiguousArchive(
                "the central directory (\(directorySize) bytes at offset \(directoryOffset)) does not end where the end record begins (offset \(end))"
            )
        }
        // The central directory.
        var entries: [String: Entry] = [:]
        var position = directoryOffset
        for index in 0..<entryCount {
            guard position + 46 <= end, reader.u32(position) == Self.centralHeaderSignature else {
                throw .notAZipArchive("central directory entry \(index) is malformed")
            }
            let nameLength = Int(reader.u16(position + 28))
            let extraLength = Int(reader.u16(position + 30))
            let commentLength = Int(reader.u16(position + 32))
            let next = position + 46 + nameLength + extraLength + commentLength
            guard next <= end else { throw .notAZipArchive("central directory entry \(index) runs past the directory") }
            guard let name = String(validating: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self) else {
                throw .ambiguousArchive("entry \(index) has a name that is not UTF-8")
            }
            guard Self.entryNames.contains(name) else {
                throw .ambiguousArchive("unexpected entry \"\(name)\" (a key package holds exactly export.bin and export.sig)")
            }
            guard entries[name] == nil else { throw .ambiguousArchive("two entries named \(name)") }
            entries[name] = Entry(
                name: name, flags: reader.u16(position + 8), method: reader.u16(position + 10), crc32: reader.u32(position + 16),
                compressedSize: Int(reader.u32(position + 20)), uncompressedSize: Int(reader.u32(position + 24)),
                localHeaderOffset: Int(reader.u32(position + 42)))
            position = next
        }
        guard position == end else { throw .ambiguousArchive("\(end - position) unexplained bytes in the central directory") }
        for name in Self.entryNames where entries[name] == nil { throw .missingEntry(name) }
        // The local entries must tile the bytes before the central directory.
        var expectedStart = 0
        for var entry in entries.values.sorted(by: { $0.localHeaderOffset < $1.localHeaderOffset }) {
            guard entry.localHeaderOffset == expectedStart else {
                throw .ambiguousArchive(
                    entry.localHeaderOffset > expectedStart
                        ? "\(entry.localHeaderOffset - expectedStart) bytes before \(entry.name) belong to no entry"
                        : "\(entry.name) overlaps the entry before it")
            }
            (entry.dataOffset, expectedStart) = try Self.checkLocalEntry(entry, reader: reader, limit: directoryOffset)
            entries[entry.name] = entry
        }
        guard expectedStart == directoryOffset else {
            throw .ambiguousArchive(
                "\(directoryOffset - expectedStart) bytes between the entries and the central directory belong to no entry")
        }
        self.entries = entries
    }

    /// Checks one local header (and data descriptor) against the central
    /// directory; returns where the entry's data begins and the offset just past the entry.
    private static func checkLocalEntry(
        _ entry: Entry, reader: ByteReader, limit: Int
    ) throws(KeyExportError) -> (dataOffset: Int, end: Int) {
        let at = entry.localHeaderOffset
        guard entry.flags & 1 == 0 else { throw .corruptEntry(entry.name, "encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            throw .corruptEntry(entry.name, "compression method \(entry.method) (only stored and deflate are read)")
        }
        guard at + 30 <= limit, reader.u32(at) == localHeaderSignature else {
            throw .ambiguousArchive("the local header of \(entry.name) is missing or malformed")
        }
        let nameLength = Int(reader.u16(at + 26))
        let extraLength = Int(reader.u16(at + 28))
        let dataStart = at + 30 + nameLength + extraLength
        guard dataStart <= limit else { throw .ambiguousArchive("the local header of \(entry.name) runs into the central directory") }
        let localName = String(decoding: reader.bytes[(at + 30)..<(at + 30 + nameLength)], as: UTF8.self)
        guard localName == entry.name else {
            throw .ambiguousArchive("the local header names \"\(localName)\" where the central directory names \(entry.name)")
        }
        guard reader.u16(at + 6) == entry.flags, reader.u16(at + 8) == entry.method else {
            throw .ambiguousArchive("the local header of \(entry.name) disagrees with the central directory on flags or method")
        }
        var entryEnd = dataStart + entry.compressedSize
        guard entryEnd <= limit else { throw .ambiguousArchive("the data of \(entry.name) runs into the central directory") }
        let recorded: (crc: UInt32, compressed: Int, uncompressed: Int)
        if entry.flags & 0x08 != 0 {
            // A data descriptor follows the data, with or without its signature.
            var descriptor = entryEnd
            if descriptor + 4 <= limit, reader.u32(descriptor) == dataDescriptorSignature { descriptor += 4 }
            guard descriptor + 12 <= limit else { throw .ambiguousArchive("the data descriptor of \(entry.name) is missing") }
            recorded = (reader.u32(descriptor), Int(reader.u32(descriptor + 4)), Int(reader.u32(descriptor + 8)))
            entryEnd = descriptor + 12
        } else {
            recorded = (reader.u32(at + 14), Int(reader.u32(at + 18)), Int(reader.u32(at + 22)))
        }
        guard recorded.crc == entry.crc32, recorded.compressed == entry.compressedSize, recorded.uncompressed == entry.uncompressedSize
        else {
            throw .ambiguousArchive("the CRC-32 or sizes of \(entry.name) differ between its local header and the central directory")
        }
        return (dataStart, entryEnd)
    }
}

/// Little-endian reads from a byte array; callers check the bounds.
private struct ByteReader {
    let bytes: [UInt8]

    func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }

    func u32(_ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}

/// CRC-32 (ISO-HDLC, the zip checksum: reflected polynomial 0xEDB88320).
enum ZipCRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The checksum of `bytes`.
    static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
