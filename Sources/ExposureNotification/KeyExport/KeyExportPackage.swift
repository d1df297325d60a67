import Crypto
import Foundation
import WarnSimCore
import ZIPFoundation

/// A signed key package: the zip archive holding `export.bin` and `export.sig`
/// that servers publish and phones download (google/exposure-notifications-server,
/// `internal/export/exportfile.go`; Google, "Exposure Key Export File Format and
/// Verification", developers.google.com/android/exposure-notifications).
public struct KeyExportPackage: Sendable {
    /// Refuse archives and entries larger than this: real CWA daily packages are
    /// well under 1 MB, so anything this large is a mistake or a zip bomb.
    public static let maximumEntryBytes = 64 << 20
    /// Zip entry timestamps are fixed (the samples carry the DOS epoch, shown as
    /// 1980-00-00) so that the same export gives the same archive bytes.
    static let entryDate = Date(timeIntervalSince1970: 315_532_800)  // 1980-01-01 00:00:00 UTC

    /// The raw `export.bin`.
    public var exportBin: Data
    /// The raw `export.sig`.
    public var exportSig: Data

    /// Wraps the two files of a package without checking them.
    ///
    /// - Parameters:
    ///   - exportBin: the bytes of `export.bin`.
    ///   - exportSig: the bytes of `export.sig`.
    public init(exportBin: Data, exportSig: Data) {
        self.exportBin = exportBin
        self.exportSig = exportSig
    }

    /// Builds and signs a package for `export`.
    ///
    /// - Parameters:
    ///   - export: the export; its first signature info (or a default one) goes into
    ///     `export.sig`.
    ///   - key: the ECDSA P-256 signing key.
    /// - Throws: swift-crypto's error if signing fails.
    public init(signing export: KeyExport, with key: P256.Signing.PrivateKey) throws {
        let info = export.signatureInfos.first ?? KeyExport.SignatureInfo()
        exportBin = KeyExportCoding.encode(export)
        exportSig = try KeyExportSignature.sign(
            exportBin, with: key, info: info,
            batchNum: export.batchNum ?? 1, batchSize: export.batchSize ?? 1)
    }

    // MARK: Reading

    /// Reads a package from zip bytes.
    ///
    /// The bytes go through a private temporary file: ZIPFoundation's in-memory
    /// archives trap on archives whose directory points past the end of the
    /// data, while its file-backed archives report such archives as errors.
    ///
    /// - Parameter zipData: the zip archive holding `export.bin` and `export.sig`.
    /// - Throws: ``KeyExportError`` for an archive or entry that is too large,
    ///   unreadable or missing.
    public init(zipData: Data) throws(KeyExportError) {
        guard zipData.count <= Self.maximumEntryBytes else {
            throw .entryTooLarge("the archive", zipData.count)
        }
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("warnsim-\(UUID().uuidString).zip")
        do {
            try zipData.write(to: temporary, options: .withoutOverwriting)
        } catch {
            throw .notAZipArchive("cannot stage the archive for reading: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        try self.init(archiveAt: temporary)
    }

    /// Reads a package from a zip file on disk: its layout is checked first
    /// (``KeyPackageArchiveLayout``: exactly `export.bin` and `export.sig`, no
    /// gaps, no trailing bytes), then both entries are extracted and their CRC-32
    /// checked.
    init(archiveAt url: URL) throws(KeyExportError) {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: url))
        } catch {
            throw .notAZipArchive("cannot read the archive: \(error.localizedDescription)")
        }
        guard bytes.count <= Self.maximumEntryBytes else { throw .entryTooLarge("the archive", bytes.count) }
        let layout = try KeyPackageArchiveLayout(bytes)
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .notAZipArchive(String(describing: error))
        }
        exportBin = try Self.extract(layout.entries["export.bin"]!, from: archive)
        exportSig = try Self.extract(layout.entries["export.sig"]!, from: archive)
    }

    /// Reads a package from a file; errors name the file.
    ///
    /// - Parameter url: the zip file.
    /// - Returns: the package (not yet parsed or verified).
    /// - Throws: `InputError` naming the file and the problem.
    public static func read(contentsOf url: URL) throws(InputError) -> KeyExportPackage {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw InputError(file: url.path, problem: "is not a regular file")
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: url.path, problem: "cannot be read (\(error.localizedDescription))")
        }
        guard size <= maximumEntryBytes else {
            throw InputError(file: url.path, problem: KeyExportError.entryTooLarge("the archive", size).description)
        }
        do {
            return try KeyExportPackage(archiveAt: url)
        } catch {
            throw InputError(file: url.path, problem: error.description)
        }
    }

    private static func extract(_ expected: KeyPackageArchiveLayout.Entry, from archive: Archive) throws(KeyExportError) -> Data {
        let name = expected.name
        guard let entry = archive[name] else { throw .missingEntry(name) }
        guard entry.checksum == expected.crc32, entry.uncompressedSize == Int64(expected.uncompressedSize) else {
            throw .ambiguousArchive("ZIP reading found a different \(name) from the one the central directory describes")
        }
        guard entry.type == .file else { throw .corruptEntry(name, "not a regular file") }
        guard entry.uncompressedSize <= Int64(maximumEntryBytes) else {
            throw .entryTooLarge(name, Int(clamping: entry.uncompressedSize))
        }
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= maximumEntryBytes else {
                    throw KeyExportError.entryTooLarge(name, data.count + chunk.count)
                }
                data.append(chunk)
            }
        } catch let error as KeyExportError {
            throw error
        } catch {
            throw .corruptEntry(name, String(describing: error))
        }
        guard Int64(data.count) == entry.uncompressedSize else {
            throw .corruptEntry(name, "\(data.count) bytes extracted, \(entry.uncompressedSize) declared")
        }
        let checksum = ZipCRC32.checksum(data)
        guard checksum == expected.crc32 else { throw .checksumMismatch(name, recorded: expected.crc32, actual: checksum) }
        return data
    }

    // MARK: Contents

    /// The parsed `export.bin`.
    ///
    /// - Returns: the export.
    /// - Throws: ``KeyExportError`` if `export.bin` does not parse.
    public func export() throws(KeyExportError) -> KeyExport {
        try KeyExportCoding.decode(exportBin)
    }

    /// The parsed `export.sig`.
    ///
    /// - Returns: the signature entries, in file order.
    /// - Throws: ``KeyExportError`` if `export.sig` does not parse or a signature is
    ///   not DER.
    public func signatures() throws(KeyExportError) -> [KeyExportSignature.Entry] {
        try KeyExportSignature.entries(of: exportSig)
    }

    /// What is wrong with `export.sig`'s description of the signature: its
    /// signature info, batch number and batch size lie outside the signed bytes,
    /// so each must agree with `export.bin` (see
    /// ``KeyExportSignature/consistencyProblems(of:with:)``).
    ///
    /// - Returns: one sentence per disagreement; empty for a consistent package.
    /// - Throws: ``KeyExportError`` if either file does not parse.
    public func signatureProblems() throws(KeyExportError) -> [String] {
        try KeyExportSignature.consistencyProblems(of: signatures(), with: export())
    }

    /// Checks the signature with `publicKey`, or reports `.notChecked` without one.
    /// A package whose `export.sig` disagrees with `export.bin`
    /// (``signatureProblems()``) is `.invalid` with or without a key: what it
    /// claims about its signer is not what was signed.
    ///
    /// - Parameter publicKey: the key to verify with, or `nil` to only parse.
    /// - Returns: `.verified` if a signature verifies and `export.sig` agrees with
    ///   `export.bin`, `.invalid` otherwise, `.notChecked` without a key for a
    ///   consistent package.
    /// - Throws: ``KeyExportError`` if `export.sig` does not parse, names an
    ///   unsupported algorithm, or verifies over an `export.bin` that does not
    ///   parse.
    public func verify(with publicKey: P256.Signing.PublicKey?) throws(KeyExportError) -> KeyExportSignature.Status {
        let entries = try signatures()
        guard let publicKey else {
            // Without a key only the claims can be checked, if export.bin parses.
            guard let export = try? export() else { return .notChecked }
            return KeyExportSignature.consistencyProblems(of: entries, with: export).isEmpty ? .notChecked : .invalid
        }
        // The signature first: a changed export.bin is `.invalid`, whether or
        // not it still parses.
        let status = try KeyExportSignature.verify(exportBin, entries: entries, publicKey: publicKey)
        guard status == .verified else { return status }
        return try KeyExportSignature.consistencyProblems(of: entries, with: export()).isEmpty ? .verified : .invalid
    }

    // MARK: Writing

    /// The zip archive bytes: `export.bin` then `export.sig`, deflated, with
    /// fixed timestamps.
    ///
    /// - Returns: the archive bytes; the same package always gives the same bytes.
    /// - Throws: ZIPFoundation's error if the archive cannot be written.
    public func zipData() throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (name, bytes) in [("export.bin", exportBin), ("export.sig", exportSig)] {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(bytes.count),
                modificationDate: Self.entryDate, permissions: 0o644,
                compressionMethod: .deflate
            ) { position, size in
                bytes.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
        guard let data = archive.data else { throw KeyExportError.notAZipArchive("in-memory archive lost its data") }
        return data
    }

    /// Writes the package atomically (temporary file, then rename).
    ///
    /// - Parameter url: the destination file; its folder is created if needed.
    /// - Throws: the archive's or the file system's error.
    public func write(to url: URL) throws {
        try AtomicFile.write(try zipData(), to: url)
    }
}
