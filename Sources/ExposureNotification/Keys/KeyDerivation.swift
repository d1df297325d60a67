import Crypto
import Foundation

/// The key schedule of the Exposure Notification Cryptography Specification
/// v1.2.1 (Google/Apple, April 2020), one value at a time.
///
/// This is the reference path: HKDF comes from swift-crypto and the single AES
/// block from swift-crypto's block function, independently of the OpenSSL batch
/// path in ``IdentifierBatchDeriver``. Tests require both to agree with the
/// official vectors and with each other.
public enum KeyDerivation {
    /// HKDF info for the Rolling Proximity Identifier Key.
    public static let rpikInfo = Array("EN-RPIK".utf8)
    /// HKDF info for the Associated Encrypted Metadata Key.
    public static let aemkInfo = Array("EN-AEMK".utf8)

    /// `RPIK = HKDF-SHA256(TEK, salt = NULL, info = "EN-RPIK", L = 16)`.
    ///
    /// - Parameter tek: the Temporary Exposure Key (only its key data is used).
    /// - Returns: the 16-byte RPIK.
    public static func rollingProximityIdentifierKey(for tek: TemporaryExposureKey) -> KeyBytes {
        hkdf(tek.keyData, info: rpikInfo)
    }

    /// `AEMK = HKDF-SHA256(TEK, salt = NULL, info = "EN-AEMK", L = 16)`.
    ///
    /// - Parameter tek: the Temporary Exposure Key (only its key data is used).
    /// - Returns: the 16-byte AEMK.
    public static func associatedEncryptedMetadataKey(for tek: TemporaryExposureKey) -> KeyBytes {
        hkdf(tek.keyData, info: aemkInfo)
    }

    /// HKDF-SHA256 with a NULL salt (RFC 5869: a string of 32 zero bytes) and a
    /// 16-byte output.
    static func hkdf(_ ikm: KeyBytes, info: [UInt8]) -> KeyBytes {
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: ikm.bytes),
            salt: [UInt8](),
            info: info,
            outputByteCount: 16
        )
        return derived.withUnsafeBytes { KeyBytes(loadingFrom: $0.baseAddress!) }
    }

    /// `PaddedData`: `"EN-RPI"`, six zero bytes, then the ENIN as a
    /// little-endian `UInt32`.
    ///
    /// - Parameter interval: the ENIN the identifier is for.
    /// - Returns: the 16-byte PaddedData block.
    public static func paddedData(for interval: ENIntervalNumber) -> [UInt8] {
        var data: [UInt8] = [0x45, 0x4E, 0x2D, 0x52, 0x50, 0x49, 0, 0, 0, 0, 0, 0]
        let enin = interval.rawValue
        data.append(UInt8(truncatingIfNeeded: enin))
        data.append(UInt8(truncatingIfNeeded: enin >> 8))
        data.append(UInt8(truncatingIfNeeded: enin >> 16))
        data.append(UInt8(truncatingIfNeeded: enin >> 24))
        return data
    }

    /// `RPI = AES-128(RPIK, PaddedData(ENIN))`.
    ///
    /// - Parameters:
    ///   - rpik: the key's RPIK.
    ///   - interval: the ENIN of the 10-minute interval.
    /// - Returns: the 16-byte RPI.
    public static func rollingProximityIdentifier(rpik: KeyBytes, interval: ENIntervalNumber) -> KeyBytes {
        KeyBytes(unchecked: aesBlock(key: rpik, block: paddedData(for: interval)))
    }

    /// The RPI of `tek` in `interval` (which should lie inside the key's period).
    ///
    /// - Parameters:
    ///   - tek: the Temporary Exposure Key.
    ///   - interval: the ENIN; an interval outside the key's period still gives a
    ///     value, which no phone would advertise.
    /// - Returns: the 16-byte RPI.
    public static func rollingProximityIdentifier(for tek: TemporaryExposureKey, interval: ENIntervalNumber) -> KeyBytes {
        rollingProximityIdentifier(rpik: rollingProximityIdentifierKey(for: tek), interval: interval)
    }

    /// `AEM = AES-128-CTR(AEMK, IV = RPI, metadata)`: the metadata XOR the first
    /// four bytes of `AES-128(AEMK, RPI)`. The same operation decrypts.
    ///
    /// - Parameters:
    ///   - aemk: the key's AEMK.
    ///   - rpi: the RPI the metadata is advertised with (the CTR counter block).
    ///   - metadata: the 4-byte plaintext metadata.
    /// - Returns: the 4-byte AEM.
    public static func associatedEncryptedMetadata(
        aemk: KeyBytes,
        rpi: KeyBytes,
        metadata: BluetoothMetadata
    ) -> AssociatedEncryptedMetadata {
        let keystream = aesBlock(key: aemk, block: rpi.bytes)
        let plain = metadata.bytes
        return AssociatedEncryptedMetadata(bytes: (0..<4).map { plain[$0] ^ keystream[$0] })
    }

    /// Decrypts an AEM seen with `rpi` back to its metadata.
    ///
    /// - Parameters:
    ///   - aem: the 4 bytes received with `rpi`.
    ///   - aemk: the AEMK of the key that produced `rpi`.
    ///   - rpi: the RPI the AEM was received with.
    /// - Returns: the plaintext metadata (meaningless if `aemk` is not the key's).
    public static func decryptMetadata(
        aem: AssociatedEncryptedMetadata,
        aemk: KeyBytes,
        rpi: KeyBytes
    ) -> BluetoothMetadata {
        let keystream = aesBlock(key: aemk, block: rpi.bytes)
        let cipher = aem.bytes
        return BluetoothMetadata(bytes: (0..<4).map { cipher[$0] ^ keystream[$0] })
    }

    /// One AES-128 block encryption through swift-crypto.
    static func aesBlock(key: KeyBytes, block: [UInt8]) -> [UInt8] {
        var buffer = block
        // `permute` throws only for a key or block of the wrong size; both are
        // fixed at 16 bytes by construction here.
        try! AESBlockFunction.encrypt(&buffer, key: SymmetricKey(data: key.bytes))
        return buffer
    }
}
