/// Why a key export could not be read, signed or verified. Every case reads as
/// a sentence that names the part of the file at fault; callers add the file
/// name (see ``KeyExportPackage``).
public enum KeyExportError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAZipArchive(String)
    case missingEntry(String)
    case entryTooLarge(String, Int)
    case corruptEntry(String, String)
    case wrongHeader
    case truncatedHeader(Int)
    case invalidProtobuf(String, String)
    case invalidKey(field: String, String)
    case signatureNotDER(String)
    case noSignatures
    case unsupportedAlgorithm(String)
    case invalidPublicKey(String)
    case invalidPrivateKey(String)
    /// Zip readers could disagree about what the archive holds.
    case ambiguousArchive(String)
    /// Bytes follow the end-of-central-directory record.
    case trailingBytes(Int)
    /// An entry's data does not match the CRC-32 the archive records.
    case checksumMismatch(String, recorded: UInt32, actual: UInt32)
    /// `export.sig` describes the signature differently from `export.bin` (its
    /// fields are outside the signed bytes, so they must agree with the signed
    /// ones).
    case inconsistentSignature(String)

    public var description: String {
        switch self {
        case .notAZipArchive(let detail):
            return "not a readable zip archive (\(detail))"
        case .missingEntry(let name):
            return "the archive has no \(name)"
        case .entryTooLarge(let name, let size):
            return "\(name) is \(size) bytes uncompressed, over the \(KeyExportPackage.maximumEntryBytes)-byte limit"
        case .corruptEntry(let name, let detail):
            return "\(name) cannot be extracted (\(detail))"
        case .wrongHeader:
            return "export.bin does not start with the 16-byte header \"EK Export v1    \""
        case .truncatedHeader(let count):
            return "export.bin is \(count) bytes, shorter than its 16-byte header"
        case .invalidProtobuf(let file, let detail):
            return "\(file) is not a valid protobuf message (\(detail))"
        case .invalidKey(let field, let detail):
            return "export.bin: \(field): \(detail)"
        case .signatureNotDER(let detail):
            return "export.sig: the signature is not a DER-encoded ECDSA signature (\(detail))"
        case .noSignatures:
            return "export.sig holds no signature"
        case .unsupportedAlgorithm(let oid):
            return "export.sig: unsupported signature algorithm \(oid)"
        case .invalidPublicKey(let detail):
            return "not a PEM P-256 public key (\(detail))"
        case .invalidPrivateKey(let detail):
            return "not a PEM P-256 private key (\(detail))"
        case .ambiguousArchive(let detail):
            return "not an unambiguous key package: \(detail)"
        case .trailingBytes(let count):
            return "not an unambiguous key package: \(count) bytes follow the end-of-central-directory record"
        case .checksumMismatch(let name, let recorded, let actual):
            return "\(name) does not match its CRC-32 (recorded \(Self.hex(recorded)), computed \(Self.hex(actual)))"
        case .inconsistentSignature(let detail):
            return "export.sig: \(detail)"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
