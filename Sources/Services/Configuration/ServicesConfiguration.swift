/// The policy values of the simulated CWA backend. Every default is the value
/// the real servers use, with its source in a comment:
///
/// - `SERVICES.md` = `../shared/reference/cwa/SERVICES.md` §6,
/// - `distribution-application.yaml` = `../shared/reference/cwa/server-config/distribution-application.yaml`
///   (`services.distribution.*`),
/// - `PROTOCOL.md` = `../shared/reference/gaen/PROTOCOL.md` §3 ("Server practice"),
/// - `RISK-CALCULATION.md` = `../shared/reference/cwa/RISK-CALCULATION.md` §1.7 and §5.
///
/// The rules themselves (one registration token per GUID or teleTAN, one-time
/// TANs, TRL encoding) are not parameters; only their limits are. Scenario files
/// override the values in a `services:` section (see ``ServicesConfiguration/parse(yaml:file:)``).
public struct ServicesConfiguration: Hashable, Sendable {
    /// Verification server policies.
    public struct Verification: Hashable, Sendable {
        /// TANs per registration token. SERVICES.md "TAN": "Only `appsession.tancountermax: 1`
        /// TAN per registration token".
        public var tanCounterMax = 1
        /// Days a TAN stays valid. SERVICES.md "TAN": "TAN validity 14 days (`tan.valid.days: 14`)".
        public var tanValidDays = 14
        /// Seconds a teleTAN stays valid. SERVICES.md "teleTAN": "Valid 1 hour".
        public var teleTANValidSeconds = 3_600
        /// teleTANs that may be created per hour, globally. SERVICES.md "teleTAN":
        /// "Rate limit 1000 per hour globally".
        public var teleTANRateLimitPerHour = 1_000
        /// Share of the rate limit at which the server warns. SERVICES.md "teleTAN":
        /// "with a warning at 80 %".
        public var teleTANRateLimitWarningShare = 0.8
        /// Days after which verification-server data is deleted. SERVICES.md "teleTAN":
        /// "Verification-server data is deleted after 21 days (`entities.cleanup.days: 21`)".
        public var cleanupDays = 21

        public init() {}
    }

    /// Test-result server policies.
    public struct TestResults: Hashable, Sendable {
        /// Days after which a result is set to REDEEMED. SERVICES.md "Test registration":
        /// "Results are auto-set to REDEEMED after 21 days".
        public var redeemAfterDays = 21
        /// Days after which a result is deleted. SERVICES.md "Test registration":
        /// "and deleted after 60 days".
        public var deleteAfterDays = 60

        public init() {}
    }

    /// Submission server policies.
    public struct Submission: Hashable, Sendable {
        /// Most keys accepted in one upload. RISK-CALCULATION.md §5: "The server's
        /// submission API accepts 1..`MAX_NUMBER_OF_KEYS` (default **14**) keys per
        /// payload"; SERVICES.md: "the server default accepts 14 per payload".
        public var maximumNumberOfKeys = 14
        /// Oldest accepted key start, in days before the upload. PROTOCOL.md §3:
        /// "Uploaded TEKs must … have a start no older than 14 d and not in the future".
        public var maximumKeyAgeDays = 14

        public init() {}
    }

    /// Distribution service policies (`distribution-application.yaml`, `services.distribution`).
    public struct Distribution: Hashable, Sendable {
        /// Minutes a key must have been expired (since the end of its rolling period)
        /// before it is distributed. `expiry-policy-minutes: 120`.
        public var expiryPolicyMinutes = 120
        /// Minimum keys per package; fewer are carried to a later hour.
        /// `shifting-policy-threshold: 140`.
        public var shiftingPolicyThreshold = 140
        /// Most keys per package. `maximum-number-of-keys-per-bundle: 600000`.
        public var maximumNumberOfKeysPerBundle = 600_000
        /// Keys with a lower TRL are not distributed.
        /// `minimum-trl-value-allowed: ${MINIMUM_TRL_VALUE_ALLOWED:3}`.
        public var minimumTRLValueAllowed = 3
        /// Days keys and packages are kept. `retention-days: 14`.
        public var retentionDays = 14
        /// Days hour packages are kept. `objectstore.hour-file-retention-days: 2`.
        public var hourFileRetentionDays = 2
        /// Only keys submitted within this many days are published.
        /// `days-to-publish: ${DAYS_TO_PUBLISH:10}`.
        public var daysToPublish = 10
        /// The packages' region. `api.origin-country: ${ORIGIN_COUNTRY:DE}`.
        public var region = "DE"
        /// `signature.verification-key-id: 262`.
        public var verificationKeyID = "262"
        /// `signature.verification-key-version: v1`.
        public var verificationKeyVersion = "v1"

        public init() {}
    }

    public var verification = Verification()
    public var testResults = TestResults()
    public var submission = Submission()
    public var distribution = Distribution()

    /// The real servers' values.
    public init() {}

    /// The production values (same as `init()`).
    public static let cwaDefaults = ServicesConfiguration()
}

/// Seconds per minute, hour and day, for the servers' time arithmetic.
enum Seconds {
    static let minute: Int64 = 60
    static let hour: Int64 = 3_600
    static let day: Int64 = 86_400
}
