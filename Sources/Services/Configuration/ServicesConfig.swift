/// The policy values of the simulated CWA backend. Every default is the value
/// the real servers use, with its source in a comment:
///
/// - verification server: corona-warn-app/cwa-verification-server,
///   `src/main/resources/application.yml` and `docs/architecture-overview.md`;
/// - test-result server: corona-warn-app/cwa-testresult-server,
///   `src/main/resources/application.yml` and `TestResultCleanup.java`;
/// - submission: corona-warn-app/cwa-server, submission service `application.yaml`
///   (`MAX_NUMBER_OF_KEYS`), and google/exposure-notifications-server
///   `docs/server_functional_requirements.md` (key age limits);
/// - `distribution-application.yaml` = corona-warn-app/cwa-server
///   `services/distribution/src/main/resources/application.yaml`
///   (`services.distribution.*`; unmodified copy in
///   `Tests/Reference/cwa/server-config/distribution-application.yaml`).
///
/// The rules themselves (one registration token per GUID or teleTAN, one-time
/// TANs, TRL encoding) are not parameters; only their limits are. Scenario files
/// override the values in a `services:` section (see ``ServicesConfig/parse(yaml:file:)``).
package struct ServicesConfig: Hashable, Sendable {
    /// Verification server policies.
    package struct Verification: Hashable, Sendable {
        /// TANs per registration token. cwa-verification-server `application.yml`:
        /// `appsession.tancountermax: 1`.
        package var tanCounterMax = Fields.verificationTanCounterMax.defaultInteger
        /// Days a TAN stays valid. cwa-verification-server `application.yml`: `tan.valid.days: 14`.
        package var tanValidDays = Fields.verificationTanValidDays.defaultInteger
        /// Seconds a teleTAN stays valid. cwa-verification-server `application.yml`:
        /// a teleTAN is valid for 1 hour.
        package var teleTANValidSeconds = Fields.verificationTeleTANValidSeconds.defaultInteger
        /// teleTANs that may be created per hour, globally. cwa-verification-server
        /// `application.yml` rate limiting: 1000 per hour.
        package var teleTANRateLimitPerHour = Fields.verificationTeleTANRateLimitPerHour.defaultInteger
        /// Share of the rate limit at which the server warns. cwa-verification-server
        /// `application.yml` rate limiting: warning at 80 %.
        package var teleTANRateLimitWarningShare = Fields.verificationTeleTANRateLimitWarningShare.defaultReal
        /// Days after which verification-server data is deleted. cwa-verification-server
        /// `application.yml`: `entities.cleanup.days: 21`.
        package var cleanupDays = Fields.verificationCleanupDays.defaultInteger

        package init() {}
    }

    /// Test-result server policies.
    package struct TestResults: Hashable, Sendable {
        /// Days after which a result is set to REDEEMED. cwa-testresult-server
        /// `application.yml` and `TestResultCleanup.java`: 21 days.
        package var redeemAfterDays = Fields.testResultsRedeemAfterDays.defaultInteger
        /// Days after which a result is deleted. cwa-testresult-server
        /// `application.yml` and `TestResultCleanup.java`: 60 days.
        package var deleteAfterDays = Fields.testResultsDeleteAfterDays.defaultInteger

        package init() {}
    }

    /// Submission server policies.
    package struct Submission: Hashable, Sendable {
        /// Most keys accepted in one upload. cwa-server submission service
        /// `application.yaml`: 1…`MAX_NUMBER_OF_KEYS` keys per payload, default 14.
        package var maximumNumberOfKeys = Fields.submissionMaximumNumberOfKeys.defaultInteger
        /// Oldest accepted key start, in days before the upload. google/exposure-notifications-server
        /// `docs/server_functional_requirements.md`: an uploaded key's start may be at most
        /// 14 days old and not in the future.
        package var maximumKeyAgeDays = Fields.submissionMaximumKeyAgeDays.defaultInteger

        package init() {}
    }

    /// Distribution service policies (`distribution-application.yaml`, `services.distribution`).
    package struct Distribution: Hashable, Sendable {
        /// Minutes a key must have been expired (since the end of its rolling period)
        /// before it is distributed. `expiry-policy-minutes: 120`.
        package var expiryPolicyMinutes = Fields.distributionExpiryPolicyMinutes.defaultInteger
        /// Minimum keys per package; fewer are carried to a later hour.
        /// `shifting-policy-threshold: 140`.
        package var shiftingPolicyThreshold = Fields.distributionShiftingPolicyThreshold.defaultInteger
        /// Most keys per package. `maximum-number-of-keys-per-bundle: 600000`.
        package var maximumNumberOfKeysPerBundle = Fields.distributionMaximumNumberOfKeysPerBundle.defaultInteger
        /// Keys with a lower TRL are not distributed.
        /// `minimum-trl-value-allowed: ${MINIMUM_TRL_VALUE_ALLOWED:3}`.
        package var minimumTRLValueAllowed = Fields.distributionMinimumTRLValueAllowed.defaultInteger
        /// Days keys and packages are kept. `retention-days: 14`.
        package var retentionDays = Fields.distributionRetentionDays.defaultInteger
        /// Days hour packages are kept. `objectstore.hour-file-retention-days: 2`.
        package var hourFileRetentionDays = Fields.distributionHourFileRetentionDays.defaultInteger
        /// Only keys submitted within this many days are published.
        /// `days-to-publish: ${DAYS_TO_PUBLISH:10}`.
        package var daysToPublish = Fields.distributionDaysToPublish.defaultInteger
        /// The packages' region. `api.origin-country: ${ORIGIN_COUNTRY:DE}`.
        package var region = Fields.distributionRegion.defaultString
        /// `signature.verification-key-id: 262`.
        package var verificationKeyID = Fields.distributionVerificationKeyID.defaultString
        /// `signature.verification-key-version: v1`.
        package var verificationKeyVersion = Fields.distributionVerificationKeyVersion.defaultString

        package init() {}
    }

    /// Immuni's OTP and exposure-ingestion services (used by the Immuni
    /// upload path only; immuni-app/immuni-backend-otp and
    /// immuni-app/immuni-backend-exposure-ingestion `core/config.py`).
    package struct ImmuniIngestion: Hashable, Sendable {
        /// Seconds an authorised OTP stays valid. immuni-backend-otp `core/config.py`:
        /// `OTP_EXPIRATION_SECONDS`, default 2.5 minutes.
        package var otpExpirationSeconds = Fields.immuniIngestionOtpExpirationSeconds.defaultInteger
        /// Keys of days from this many days before the symptom onset are kept.
        /// immuni-backend-exposure-ingestion `core/config.py`:
        /// `DAYS_BEFORE_SYMPTOMS_TO_CONSIDER_KEY_AT_RISK`, default 2.
        package var daysBeforeSymptomsToConsiderKeyAtRisk = Fields.immuniIngestionDaysBeforeSymptomsToConsiderKeyAtRisk.defaultInteger
        /// Most keys per upload. immuni-backend-common `validators.py`
        /// (`TekListValidator`): at most 14.
        package var maximumKeysPerUpload = Fields.immuniIngestionMaximumKeysPerUpload.defaultInteger
        /// Whether keys still valid at processing are dropped.
        /// immuni-backend-exposure-ingestion `core/config.py`: `EXCLUDE_CURRENT_DAY_TEK`, default true.
        package var excludeCurrentDayKey = Fields.immuniIngestionExcludeCurrentDayKey.defaultFlag

        package init() {}
    }

    package var verification = Verification()
    package var testResults = TestResults()
    package var submission = Submission()
    package var distribution = Distribution()
    package var immuniIngestion = ImmuniIngestion()

    /// The real servers' values.
    package init() {}

    /// The production values (same as `init()`).
    package static let cwaDefaults = ServicesConfig()
}

/// Seconds per minute, hour and day, for the servers' time arithmetic.
enum Seconds {
    static let minute: Int64 = 60
    static let hour: Int64 = 3_600
    static let day: Int64 = 86_400
}
