import Crypto
import Foundation
import SwiftProtobuf

/// Signing and verification of `export.bin` (google/exposure-notifications-server,
/// `internal/export/exportfile.go` and `examples/export`): ECDSA P-256 over
/// the SHA-256 of the entire `export.bin`, header included, stored DER-encoded
/// in a `TEKSignatureList` as `export.sig`.
public enum KeyExportSignature {
    /// The outcome of checking a package's signature.
    public enum Status: String, Sendable, Codable {
        /// At least one signature verifies with the given public key.
        case verified
        /// No signature verifies with the given public key.
        case invalid
        /// No public key was given.
        case notChecked = "not_checked"
    }

    /// One entry of `export.sig`.
    public struct Entry: Hashable, Sendable {
        public var info: KeyExport.SignatureInfo?
        public var batchNum: Int32?
        public var batchSize: Int32?
        /// DER-encoded `SEQUENCE { r, s }`.
        public var derSignature: Data
    }

    /// Signs `exportBin` and returns the bytes of `export.sig`.
    ///
    /// - Parameters:
    ///   - exportBin: the complete `export.bin`, header included.
    ///   - key: the ECDSA P-256 signing key.
    ///   - info: the signature metadata to record.
    ///   - batchNum: the batch number to record (1-based).
    ///   - batchSize: the batch size to record.
    /// - Returns: a serialized `TEKSignatureList` with one DER signature over the
    ///   SHA-256 of `exportBin`.
    /// - Throws: swift-crypto's error if signing fails.
    public static func sign(
        _ exportBin: Data,
        with key: P256.Signing.PrivateKey,
        info: KeyExport.SignatureInfo,
        batchNum: Int32 = 1,
        batchSize: Int32 = 1
    ) throws -> Data {
        let signature = try key.signature(for: exportBin)
        var entry = Warnsim_Export_TEKSignature()
        entry.signatureInfo = KeyExportCoding.protobuf(info)
        entry.batchNum = batchNum
        entry.batchSize = batchSize
        entry.signature = signature.derRepresentation
        var list = Warnsim_Export_TEKSignatureList()
        list.signatures = [entry]
        return Data(try list.serializedBytes() as [UInt8])
    }

    /// Parses `export.sig`, checking that every signature is DER.
    ///
    /// - Parameter exportSig: the bytes of `export.sig`.
    /// - Returns: the entries, in file order (possibly empty).
    /// - Throws: ``KeyExportError`` if the protobuf is malformed or a signature is
    ///   not DER.
    public static func entries(of exportSig: Data) throws(KeyExportError) -> [Entry] {
        let list: Warnsim_Export_TEKSignatureList
        do {
            list = try Warnsim_Export_TEKSignatureList(serializedBytes: Array(exportSig))
        } catch {
            throw .invalidProtobuf("export.sig", String(describing: error))
        }
        guard !list.signatures.isEmpty else { throw .noSignatures }
        var out = [Entry]()
        for signature in list.signatures {
            do {
                _ = try P256.Signing.ECDSASignature(derRepresentation: signature.signature)
            } catch {
                throw .signatureNotDER("\(signature.signature.count) bytes")
            }
            out.append(
                Entry(
                    info: signature.hasSignatureInfo ? KeyExportCoding.signatureInfo(signature.signatureInfo) : nil,
                    batchNum: signature.hasBatchNum ? signature.batchNum : nil,
                    batchSize: signature.hasBatchSize ? signature.batchSize : nil,
                    derSignature: signature.signature
                ))
        }
        return out
    }

    /// Whether any signature in `entries` verifies `exportBin` under `publicKey`.
    ///
    /// - Parameters:
    ///   - exportBin: the complete `export.bin`, header included.
    ///   - entries: the signature entries; an empty list gives `.invalid`.
    ///   - publicKey: the ECDSA P-256 public key.
    /// - Returns: `.verified` or `.invalid`.
    /// - Throws: ``KeyExportError`` for a signature that is not DER or an algorithm
    ///   other than ECDSA with SHA-256 or SHA-512.
    public static func verify(
        _ exportBin: Data,
        entries: [Entry],
        publicKey: P256.Signing.PublicKey
    ) throws(KeyExportError) -> Status {
        for entry in entries {
            // `entries(of:)` has already checked that the signature is DER.
            guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: entry.derSignature) else {
                throw .signatureNotDER("\(entry.derSignature.count) bytes")
            }
            let algorithm = entry.info?.signatureAlgorithm ?? KeyExport.SignatureInfo.ecdsaWithSHA256
            let valid: Bool
            switch algorithm {
            case KeyExport.SignatureInfo.ecdsaWithSHA256:
                valid = publicKey.isValidSignature(signature, for: SHA256.hash(data: exportBin))
            case KeyExport.SignatureInfo.ecdsaWithSHA512:
                valid = publicKey.isValidSignature(signature, for: SHA512.hash(data: exportBin))
            default:
                throw .unsupportedAlgorithm(algorithm)
            }
            if valid { return .verified }
        }
        return .invalid
    }

    /// How `export.sig` disagrees with `export.bin`. The signature entries'
    /// info (key id, key version, algorithm), batch number and batch size are not
    /// covered by the signature, so a reader may trust them only where they
    /// repeat what the signed `export.bin` says: each entry's info must equal one
    /// of `export.bin`'s signature infos (or, when `export.bin` lists none, name
    /// no key), and its batch number and size must equal `export.bin`'s (absent
    /// counts as 1, as the server writes 1 of 1).
    ///
    /// - Parameters:
    ///   - entries: the entries of `export.sig`.
    ///   - export: the parsed `export.bin`.
    /// - Returns: one sentence per disagreement, naming the entry and the field;
    ///   empty when they agree.
    public static func consistencyProblems(of entries: [Entry], with export: KeyExport) -> [String] {
        var problems: [String] = []
        func text<T>(_ value: T?) -> String { value.map { "\"\($0)\"" } ?? "none" }
        for (index, entry) in entries.enumerated() {
            let label = entries.count == 1 ? "the signature" : "signature \(index + 1)"
            let info = entry.info ?? KeyExport.SignatureInfo(signatureAlgorithm: nil)
            if export.signatureInfos.isEmpty {
                if info.verificationKeyID != nil || info.verificationKeyVersion != nil {
                    problems.append(
                        "\(label) names key id \(text(info.verificationKeyID)) version \(text(info.verificationKeyVersion)), but export.bin lists no signature info"
                    )
                }
            } else if !export.signatureInfos.contains(where: { Self.sameSigner($0, info) }) {
                let listed = export.signatureInfos.map {
                    "key id \(text($0.verificationKeyID)) version \(text($0.verificationKeyVersion)) algorithm \(text($0.signatureAlgorithm))"
                }
                problems.append(
                    "\(label) names key id \(text(info.verificationKeyID)) version \(text(info.verificationKeyVersion)) algorithm \(text(info.signatureAlgorithm)), but export.bin lists \(listed.joined(separator: "; "))"
                )
            }
            if (entry.batchNum ?? 1) != (export.batchNum ?? 1) {
                problems.append("\(label) has batch_num \(entry.batchNum ?? 1), export.bin \(export.batchNum ?? 1)")
            }
            if (entry.batchSize ?? 1) != (export.batchSize ?? 1) {
                problems.append("\(label) has batch_size \(entry.batchSize ?? 1), export.bin \(export.batchSize ?? 1)")
            }
        }
        return problems
    }

    /// Whether two signature infos name the same key and algorithm (an absent
    /// algorithm is ECDSA with SHA-256, as in ``verify(_:entries:publicKey:)``).
    private static func sameSigner(_ a: KeyExport.SignatureInfo, _ b: KeyExport.SignatureInfo) -> Bool {
        a.verificationKeyID == b.verificationKeyID && a.verificationKeyVersion == b.verificationKeyVersion
            && (a.signatureAlgorithm ?? KeyExport.SignatureInfo.ecdsaWithSHA256)
                == (b.signatureAlgorithm ?? KeyExport.SignatureInfo.ecdsaWithSHA256)
    }

    /// Reads a PEM public key (`-----BEGIN PUBLIC KEY-----`).
    ///
    /// - Parameter pem: the PEM text.
    /// - Returns: the P-256 public key.
    /// - Throws: ``KeyExportError`` if the text is not a P-256 public key.
    public static func publicKey(pem: String) throws(KeyExportError) -> P256.Signing.PublicKey {
        do {
            return try P256.Signing.PublicKey(pemRepresentation: pem)
        } catch {
            throw .invalidPublicKey(String(describing: error))
        }
    }

    /// Reads a PEM private key (PKCS#8 `PRIVATE KEY` or SEC1 `EC PRIVATE KEY`).
    ///
    /// - Parameter pem: the PEM text.
    /// - Returns: the P-256 private key.
    /// - Throws: ``KeyExportError`` if the text is not a P-256 private key.
    public static func privateKey(pem: String) throws(KeyExportError) -> P256.Signing.PrivateKey {
        do {
            return try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw .invalidPrivateKey(String(describing: error))
        }
    }
}
