@preconcurrency import Crypto
import Foundation
import RiskCalculation
import Services

/// The app's check of a fetched app configuration (E07.01): the signature must
/// verify with the key the app pins, and the payload must load as a risk
/// configuration of a scheme the app runs (the CWA v2 calculation or an ENF
/// v1 scheme, ``PhoneRiskEngine``). Every phone would check the same bytes
/// with the same pinned key and get the same answer, so the answer is computed
/// once per distinct payload and shared, as ``KeyPackageVerifier`` does for key
/// packages.
package struct AppConfigurationCheck: Sendable {
    /// The configuration key pinned in the app (shipped with it).
    package let pinnedKey: P256.Signing.PublicKey
    /// The answer for each payload checked so far: the configuration it
    /// carries, or nil if refused.
    private var answers: [Data: RiskConfiguration?] = [:]
    /// Distinct fetched payloads that failed verification or loading.
    package private(set) var rejected = 0

    /// A check against `pinnedKey`.
    package init(pinnedKey: P256.Signing.PublicKey) {
        self.pinnedKey = pinnedKey
    }

    /// The risk configuration carried by the signed app configuration `bytes`,
    /// or nil when the app must refuse it: the signature does not verify with
    /// the pinned key, or the payload is not a valid risk configuration.
    ///
    /// - Parameter bytes: The signed app configuration as fetched.
    /// - Returns: The configuration, named as its payload names it.
    package mutating func configuration(of bytes: Data) -> RiskConfiguration? {
        if let known = answers[bytes] { return known }
        let answer = Self.open(bytes, pinnedKey: pinnedKey)
        if answer == nil { rejected += 1 }
        answers[bytes] = answer
        return answer
    }

    static func open(_ bytes: Data, pinnedKey: P256.Signing.PublicKey) -> RiskConfiguration? {
        guard let contents = try? SignedAppConfiguration.open(bytes, publicKey: pinnedKey),
            let text = String(data: contents.payload, encoding: .utf8),
            let configuration = try? ConfigurationLoader.load(text: text, file: "app-configuration")
        else { return nil }
        return configuration
    }
}
