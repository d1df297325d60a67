import Crypto
import Foundation

/// WarnSim's signed container for the app configuration (the risk parameters
/// the app fetches and verifies before use; scoping document E07.01).
///
/// The real CWA app configuration is a signed protobuf archive; WarnSim carries
/// the parameters in whatever serialization the caller chooses (for example
/// the WarnSim YAML of the risk configuration) inside this simple container:
///
/// | offset | size | content |
/// |---|---|---|
/// | 0 | 16 | magic `"WarnSim AppCfg 1"` (ASCII) |
/// | 16 | 8 | version: Unix seconds of publication, big-endian `UInt64` |
/// | 24 | 4 | payload length N, big-endian `UInt32` |
/// | 28 | N | payload |
/// | 28 + N | rest | ECDSA P-256 signature, DER, over SHA-256 of bytes 0 ..< 28 + N |
///
/// The signature is the same algorithm as the key packages' (ecdsa-with-SHA256,
/// google/exposure-notifications-server `internal/export/exportfile.go`), so the
/// same signing key can serve both.
package enum SignedAppConfiguration {
    /// The 16-byte magic.
    package static let magic = Data("WarnSim AppCfg 1".utf8)
    /// The largest accepted payload (a risk configuration is a few kilobytes).
    package static let maximumPayloadBytes = 1 << 20
    static let headerBytes = 28

    /// The verified contents of a container.
    package struct Contents: Hashable, Sendable {
        /// Unix seconds of publication; a newer version replaces an older one.
        package var version: UInt64
        package var payload: Data
    }

    /// Builds and signs a container.
    package static func seal(payload: Data, version: UInt64, with key: P256.Signing.PrivateKey) throws(AppConfigurationError) -> Data {
        guard payload.count <= maximumPayloadBytes else { throw .payloadTooLarge(payload.count) }
        var bytes = magic
        withUnsafeBytes(of: version.bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(payload.count).bigEndian) { bytes.append(contentsOf: $0) }
        bytes.append(payload)
        do {
            let signature = try key.signature(for: bytes)
            bytes.append(signature.derRepresentation)
        } catch {
            throw .signingFailed(String(describing: error))
        }
        return bytes
    }

    /// Parses `bytes` and checks the signature with `publicKey`; returns the
    /// contents only if the signature verifies. Never traps on malformed input.
    package static func open(_ bytes: Data, publicKey: P256.Signing.PublicKey) throws(AppConfigurationError) -> Contents {
        let bytes = Data(bytes)  // rebase indices to 0
        guard bytes.count >= headerBytes else { throw .truncated(bytes.count) }
        guard bytes.prefix(16) == magic else { throw .wrongMagic }
        let version = bytes[16..<24].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let length = Int(bytes[24..<28].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        guard length <= maximumPayloadBytes else { throw .payloadTooLarge(length) }
        guard bytes.count > headerBytes + length else { throw .truncated(bytes.count) }
        let signed = bytes[0..<(headerBytes + length)]
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try P256.Signing.ECDSASignature(derRepresentation: bytes[(headerBytes + length)...])
        } catch {
            throw .signatureNotDER
        }
        guard publicKey.isValidSignature(signature, for: SHA256.hash(data: signed)) else { throw .invalidSignature }
        return Contents(version: version, payload: Data(bytes[headerBytes..<(headerBytes + length)]))
    }
}

/// Why an app configuration could not be published or was not accepted.
package enum AppConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    case truncated(Int)
    case wrongMagic
    case payloadTooLarge(Int)
    case signatureNotDER
    case invalidSignature
    case signingFailed(String)
    case notPublished

    package var description: String {
        switch self {
        case .truncated(let count): return "the app configuration is truncated (\(count) bytes)"
        case .wrongMagic: return "not a WarnSim app configuration (wrong magic)"
        case .payloadTooLarge(let count):
            return "the app configuration payload of \(count) bytes exceeds \(SignedAppConfiguration.maximumPayloadBytes) bytes"
        case .signatureNotDER: return "the app configuration signature is not a DER-encoded ECDSA signature"
        case .invalidSignature: return "the app configuration signature does not verify"
        case .signingFailed(let detail): return "signing the app configuration failed (\(detail))"
        case .notPublished: return "no app configuration has been published yet"
        }
    }
}
