@preconcurrency import Crypto
import ExposureNotification
import Foundation

/// A downloaded key package whose signature verified against the key the app
/// pins (E07.01: the app only uses what the RKI signed). Only
/// ``KeyPackageVerifier`` makes these, so a tampered package can never reach a
/// phone's matching.
package struct VerifiedKeyPackage: Hashable, Sendable {
    /// The package's CDN path.
    package let path: String
    /// The number the verifier gave it (one after another, never reused): how
    /// apps and the key index name the package, so that a phone keeps a few
    /// bits per package rather than its path (``SourceSet``).
    package let number: UInt32
    /// Its keys.
    package let keys: [DiagnosisKey]
    /// For a day package, the numbers of the hour packages whose keys it
    /// repeats (cwa-server `docs/DISTRIBUTION.md`: the day package of a date
    /// holds every key of that date's hour packages); empty for an hour
    /// package. An app holding the day package holds those keys, and drops
    /// the hour packages, as the CWA apps do.
    package let covers: [UInt32]
    /// Whether it is an hour package.
    package var isHourPackage: Bool { path.contains("/hour/") }

    fileprivate init(path: String, number: UInt32, keys: [DiagnosisKey], covers: [UInt32]) {
        self.path = path
        self.number = number
        self.keys = keys
        self.covers = covers
    }
}

/// Verifies downloaded packages once for all simulated phones: every phone
/// would verify the same bytes with the same pinned key and get the same
/// answer, so the answer is computed once per package.
package struct KeyPackageVerifier: Sendable {
    package let pinnedKey: P256.Signing.PublicKey
    /// Paths of packages that failed verification or parsing, with the reason.
    package private(set) var rejected: [String: String] = [:]
    /// The number the next verified package gets.
    private var nextNumber: UInt32 = 0

    package init(pinnedKey: P256.Signing.PublicKey) {
        self.pinnedKey = pinnedKey
    }

    /// The verified contents of `package` downloaded from `path`, or nil (and a
    /// record in `rejected`) if it does not verify or does not parse.
    /// `covering` numbers, for a day package, the verified hour packages whose
    /// keys it repeats (``VerifiedKeyPackage/covers``).
    package mutating func verify(_ package: KeyExportPackage, path: String, covering: [UInt32] = []) -> VerifiedKeyPackage? {
        do {
            guard try package.verify(with: pinnedKey) == .verified else {
                rejected[path] = "signature does not verify with the pinned key"
                return nil
            }
            let keys = try package.export().keys
            defer { nextNumber += 1 }
            return VerifiedKeyPackage(path: path, number: nextNumber, keys: keys, covers: covering)
        } catch {
            rejected[path] = error.description
            return nil
        }
    }
}
