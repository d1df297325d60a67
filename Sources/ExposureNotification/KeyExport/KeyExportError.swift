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
        }
    }
}
