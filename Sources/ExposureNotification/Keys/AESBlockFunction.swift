import Crypto
import _CryptoExtras

/// swift-crypto's single-block AES (one call per 16-byte block). It is the
/// reference path for single derivations and the baseline that the batch path's
/// benchmark is compared with.
public enum AESBlockFunction {
    /// Encrypts one 16-byte block in place.
    ///
    /// - Parameters:
    ///   - block: exactly 16 bytes; replaced by their AES-128 encryption.
    ///   - key: a 128-bit AES key.
    /// - Throws: swift-crypto's error if the block or key has the wrong size.
    public static func encrypt(_ block: inout [UInt8], key: SymmetricKey) throws {
        try AES.permute(&block, key: key)
    }
}
