import CZlibInflate
import Foundation

/// Extracts the entries of a key package whose layout
/// ``KeyPackageArchiveLayout`` has checked, from the archive bytes alone.
///
/// A stored entry is its bytes; a deflated one (method 8, raw deflate as RFC
/// 1951 defines it) is inflated by zlib in one call into a buffer one byte
/// larger than the size the central directory declares, so the work is bounded
/// by the declared sizes: the stream must end exactly at the entry's last
/// compressed byte and give exactly the declared number of bytes, and the
/// CRC-32 must match. (ZIPFoundation's streaming reader loops forever on a
/// deflate stream that is cut short; `Tests/Reference/fuzz/key-package-inflate-hang.zip`.)
enum KeyPackageEntryReader {
    /// The bytes of `entry` in `archive`.
    ///
    /// - Parameters:
    ///   - entry: the entry, as the checked layout describes it.
    ///   - archive: the whole archive.
    ///   - limit: the largest entry accepted, in bytes.
    /// - Returns: the entry's uncompressed bytes.
    /// - Throws: ``KeyExportError`` for an entry that is too large, does not
    ///   inflate to its declared size, or fails its CRC-32.
    static func bytes(
        of entry: KeyPackageArchiveLayout.Entry, in archive: [UInt8], limit: Int
    ) throws(KeyExportError) -> Data {
        guard entry.uncompressedSize <= limit else { throw .entryTooLarge(entry.name, entry.uncompressedSize) }
        let compressed = archive[entry.dataOffset..<(entry.dataOffset + entry.compressedSize)]
        let data: Data
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .corruptEntry(
                    entry.name, "stored with \(entry.compressedSize) bytes but \(entry.uncompressedSize) declared")
            }
            data = Data(compressed)
        default:
            data = try inflate(compressed, expecting: entry.uncompressedSize, name: entry.name)
        }
        let checksum = ZipCRC32.checksum(data)
        guard checksum == entry.crc32 else {
            throw .checksumMismatch(entry.name, recorded: entry.crc32, actual: checksum)
        }
        return data
    }

    /// Inflates a raw deflate stream that must give exactly `size` bytes and end
    /// at its last input byte.
    private static func inflate(_ input: ArraySlice<UInt8>, expecting size: Int, name: String) throws(KeyExportError) -> Data {
        var output = [UInt8](repeating: 0, count: size + 1)
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corruptEntry(name, "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var source = Array(input)
        let status = source.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = UInt32(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = UInt32(outputBuffer.count)
                return CZlibInflate.inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        switch status {
        case Z_STREAM_END:
            guard stream.avail_in == 0 else {
                throw .corruptEntry(name, "\(stream.avail_in) bytes follow the end of the deflate stream")
            }
            guard produced == size else {
                throw .corruptEntry(name, "\(produced) bytes inflated, \(size) declared")
            }
        case Z_BUF_ERROR where produced > size:
            throw .corruptEntry(name, "inflates to more than the \(size) bytes declared")
        case Z_BUF_ERROR:
            throw .corruptEntry(
                name, "the deflate stream is cut short: no final block after \(produced) of the \(size) bytes declared")
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw .corruptEntry(name, "not a valid deflate stream (\(message))")
        }
        return Data(output[0..<size])
    }
}
