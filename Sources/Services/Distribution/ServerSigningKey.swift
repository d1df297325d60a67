import Crypto
import Foundation

/// The distribution service's P-256 signing key, held as its raw scalar so that
/// the servers stay `Sendable` (swift-crypto's key type is not).
package struct ServerSigningKey: Sendable {
    private let raw: Data

    package init(_ key: P256.Signing.PrivateKey) {
        raw = key.rawRepresentation
    }

    /// The private key.
    package var privateKey: P256.Signing.PrivateKey {
        // `raw` came from a valid key, so this cannot fail.
        try! P256.Signing.PrivateKey(rawRepresentation: raw)
    }

    /// The public key the phones pin.
    package var publicKey: P256.Signing.PublicKey { privateKey.publicKey }
}
