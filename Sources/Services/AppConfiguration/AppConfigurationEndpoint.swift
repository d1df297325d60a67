import Crypto
import Foundation

/// The distribution service's app-configuration endpoint
/// (`/version/v2/app_config_android`, `…_ios`; corona-warn-app/cwa-server
/// `ApplicationConfigurationV2PublicationConfig.java`): serves
/// the risk parameters RKI configures (E07.01) as a ``SignedAppConfiguration``
/// that the app verifies before use.
package struct AppConfigurationEndpoint: Sendable {
    private let signingKey: ServerSigningKey
    /// The served bytes, newest last (older versions stay for inspection).
    private var versions: [(publishedAt: Int64, bytes: Data)] = []

    package init(signingKey: P256.Signing.PrivateKey) {
        self.signingKey = ServerSigningKey(signingKey)
    }

    /// The public key apps use to verify the configuration.
    package var verificationKey: P256.Signing.PublicKey { signingKey.publicKey }

    /// Publishes `payload` (the serialized risk parameters) from `now` on.
    package mutating func publish(payload: Data, now: Int64) throws(AppConfigurationError) {
        guard now >= 0 else { throw .signingFailed("negative publication time \(now)") }
        if let last = versions.last, now < last.publishedAt {
            throw .signingFailed("publication at \(now) precedes the current version's \(last.publishedAt)")
        }
        let bytes = try SignedAppConfiguration.seal(payload: payload, version: UInt64(now), with: signingKey.privateKey)
        versions.append((now, bytes))
    }

    /// Serves `bytes` as they are from `now` on, without signing them: what a
    /// compromised CDN or an attacker between the backend and the apps would
    /// serve (the apps' check must refuse what does not verify).
    package mutating func serveUnsigned(_ bytes: Data, now: Int64) throws(AppConfigurationError) {
        guard now >= 0 else { throw .signingFailed("negative publication time \(now)") }
        if let last = versions.last, now < last.publishedAt {
            throw .signingFailed("publication at \(now) precedes the current version's \(last.publishedAt)")
        }
        versions.append((now, bytes))
    }

    /// The signed bytes served at `now`: the latest version published at or before `now`.
    package func fetch(now: Int64) throws(AppConfigurationError) -> Data {
        guard let current = versions.last(where: { $0.publishedAt <= now }) else { throw .notPublished }
        return current.bytes
    }
}
