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

    /// Reads a package from zip bytes: the layout is checked first
    /// (``KeyPackageArchiveLayout``: exactly `export.bin` and `export.sig`, no
    /// gaps, no trailing bytes), then both entries are extracted
    /// (``KeyPackageEntryReader``: bounded by their declared sizes, CRC-32 checked).
    ///
    /// - Parameter zipData: the zip archive holding `export.bin` and `export.sig`.
    /// - Throws: ``KeyExportError`` for an archive or entry that is too large,
    ///   unreadable, ambiguous or missing.
    public init(zipData: Data) throws(KeyExportError) {
        guard zipData.count <= Self.maximumEntryBytes else {
            throw .entryTooLarge("the archive", zipData.count)
        }
        let bytes = [UInt8](zipData)
        let layout = try KeyPackageArchiveLayout(bytes)
        exportBin = try KeyPackageEntryReader.bytes(of: layout.entries["export.bin"]!, in: bytes, limit: Self.maximumEntryBytes)
        exportSig = try KeyPackageEntryReader.bytes(of: layout.entries["export.sig"]!, in: bytes, limit: Self.maximumEntryBytes)
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
            return try KeyExportPackage(zipData: Data(contentsOf: url))
        } catch let error as KeyExportError {
            throw InputError(file: url.path, problem: error.description)
        } catch {
            throw InputError(file: url.path, problem: "cannot be read (\(error.localizedDescription))")
        }
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
