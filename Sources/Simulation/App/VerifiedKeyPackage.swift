@preconcurrency import Crypto
import ExposureNotification
import Foundation

/// A downloaded key package whose signature verified against the key the app
/// pins (E07.01: the app only uses what the RKI signed). Only
/// ``KeyPackageVerifier`` makes these, so a tampered package can never reach a
/// phone's matching.
public struct VerifiedKeyPackage: Hashable, Sendable {
    /// The package's CDN path, which identifies it to the app.
    public let path: String
    /// Its keys.
    public let keys: [DiagnosisKey]
    /// For a day package, the paths of the hour packages whose keys it
    /// repeats (cwa-server `docs/DISTRIBUTION.md`: the day package of a date
    /// holds every key of that date's hour packages); empty for an hour
    /// package. An app holding the day package holds those keys, and drops
    /// the hour packages, as the CWA apps do.
    public let covers: [String]

    fileprivate init(path: String, keys: [DiagnosisKey], covers: [String]) {
        self.path = path
        self.keys = keys
        self.covers = covers
    }
}

/// Verifies downloaded packages once for all simulated phones: every phone
/// would verify the same bytes with the same pinned key and get the same
/// answer, so the answer is computed once per package.
public struct KeyPackageVerifier: Sendable {
    public let pinnedKey: P256.Signing.PublicKey
    /// Paths of packages that failed verification or parsing, with the reason.
    public private(set) var rejected: [String: String] = [:]

    public init(pinnedKey: P256.Signing.PublicKey) {
        self.pinnedKey = pinnedKey
    }

    /// The verified contents of `package` downloaded from `path`, or nil (and a
    /// record in `rejected`) if it does not verify or does not parse.
    /// `covering` names, for a day package, the hour packages whose keys it
    /// repeats (``VerifiedKeyPackage/covers``).
    public mutating func verify(_ package: KeyExportPackage, path: String, covering: [String] = []) -> VerifiedKeyPackage? {
        do {
            guard try package.verify(with: pinnedKey) == .verified else {
                rejected[path] = "signature does not verify with the pinned key"
                return nil
            }
            return VerifiedKeyPackage(path: path, keys: try package.export().keys, covers: covering)
        } catch {
            rejected[path] = error.description
            return nil
        }
    }
}
