import WarnSimCore

extension ServicesConfig {
    /// The `services:` keys; every default is the value the real servers use,
    /// with its source (names follow the real server YAML where it has one).
    package enum Fields {
        /// `verification`.
        package static let verification = ScenarioField(
            "verification", .structured("mapping"), .optional("the production values"), meaning: "Verification policies")
        /// `test-results`.
        package static let testResults = ScenarioField(
            "test-results", .structured("mapping"), .optional("the production values"), meaning: "TestResults policies")
        /// `submission`.
        package static let submission = ScenarioField(
            "submission", .structured("mapping"), .optional("the production values"), meaning: "Submission policies")
        /// `distribution`.
        package static let distribution = ScenarioField(
            "distribution", .structured("mapping"), .optional("the production values"), meaning: "Distribution policies")
        /// `immuni-ingestion`.
        package static let immuniIngestion = ScenarioField(
            "immuni-ingestion", .structured("mapping"), .optional("the production values"), meaning: "ImmuniIngestion policies")
        /// `verification.tan-counter-max`.
        package static let verificationTanCounterMax = ScenarioField(
            "verification.tan-counter-max", .integer(1...100), .defaulted(.integer(1)), meaning: "TANs per registration token",
            source: "cwa-verification-server `application.yml`: `appsession.tancountermax: 1`.")
        /// `verification.tan-valid-days`.
        package static let verificationTanValidDays = ScenarioField(
            "verification.tan-valid-days", .integer(1...365), .defaulted(.integer(14)), meaning: "Days a TAN stays valid",
            source: "cwa-verification-server `application.yml`: `tan.valid.days: 14`.")
        /// `verification.tele-tan-valid-seconds`.
        package static let verificationTeleTANValidSeconds = ScenarioField(
            "verification.tele-tan-valid-seconds", .integer(1...(30 * 86_400)), .defaulted(.integer(3_600)),
            meaning: "Seconds a teleTAN stays valid", source: "cwa-verification-server `application.yml`: a teleTAN is valid for 1 hour.")
        /// `verification.tele-tan-rate-limit-per-hour`.
        package static let verificationTeleTANRateLimitPerHour = ScenarioField(
            "verification.tele-tan-rate-limit-per-hour", .integer(1...100_000_000), .defaulted(.integer(1_000)),
            meaning: "teleTANs that may be created per hour, globally",
            source: "cwa-verification-server `application.yml` rate limiting: 1000 per hour.")
        /// `verification.tele-tan-rate-limit-warning-share`.
        package static let verificationTeleTANRateLimitWarningShare = ScenarioField(
            "verification.tele-tan-rate-limit-warning-share", .real(0...1), .defaulted(.real(0.8)),
            meaning: "Share of the rate limit at which the server warns",
            source: "cwa-verification-server `application.yml` rate limiting: warning at 80 %.")
        /// `verification.cleanup-days`.
        package static let verificationCleanupDays = ScenarioField(
            "verification.cleanup-days", .integer(1...3_650), .defaulted(.integer(21)),
            meaning: "Days after which verification-server data is deleted",
            source: "cwa-verification-server `application.yml`: `entities.cleanup.days: 21`.")
        /// `test-results.redeem-after-days`.
        package static let testResultsRedeemAfterDays = ScenarioField(
            "test-results.redeem-after-days", .integer(1...3_650), .defaulted(.integer(21)),
            meaning: "Days after which a result is set to REDEEMED",
            source: "cwa-testresult-server `application.yml` and `TestResultCleanup.java`: 21 days.")
        /// `test-results.delete-after-days`.
        package static let testResultsDeleteAfterDays = ScenarioField(
            "test-results.delete-after-days", .integer(1...3_650), .defaulted(.integer(60)),
            meaning: "Days after which a result is deleted",
            source: "cwa-testresult-server `application.yml` and `TestResultCleanup.java`: 60 days.")
        /// `submission.maximum-number-of-keys`.
        package static let submissionMaximumNumberOfKeys = ScenarioField(
            "submission.maximum-number-of-keys", .integer(1...100), .defaulted(.integer(14)), meaning: "Most keys accepted in one upload",
            source: "cwa-server submission service `application.yaml`: 1…`MAX_NUMBER_OF_KEYS` keys per payload, default 14.")
        /// `submission.maximum-key-age-days`.
        package static let submissionMaximumKeyAgeDays = ScenarioField(
            "submission.maximum-key-age-days", .integer(1...30), .defaulted(.integer(14)),
            meaning: "Oldest accepted key start, in days before the upload",
            source:
                "google/exposure-notifications-server `docs/server_functional_requirements.md`: an uploaded key's start may be at most 14 days old and not in the future."
        )
        /// `distribution.expiry-policy-minutes`.
        package static let distributionExpiryPolicyMinutes = ScenarioField(
            "distribution.expiry-policy-minutes", .integer(0...(7 * 24 * 60)), .defaulted(.integer(120)),
            meaning: "Minutes a key must have been expired (since the end of its rolling period) before it is distributed",
            source: "`expiry-policy-minutes: 120`.")
        /// `distribution.shifting-policy-threshold`.
        package static let distributionShiftingPolicyThreshold = ScenarioField(
            "distribution.shifting-policy-threshold", .integer(1...1_000_000), .defaulted(.integer(140)),
            meaning: "Minimum keys per package; fewer are carried to a later hour", source: "`shifting-policy-threshold: 140`.")
        /// `distribution.maximum-number-of-keys-per-bundle`.
        package static let distributionMaximumNumberOfKeysPerBundle = ScenarioField(
            "distribution.maximum-number-of-keys-per-bundle", .integer(1...10_000_000), .defaulted(.integer(600_000)),
            meaning: "Most keys per package", source: "`maximum-number-of-keys-per-bundle: 600000`.")
        /// `distribution.minimum-trl-value-allowed`.
        package static let distributionMinimumTRLValueAllowed = ScenarioField(
            "distribution.minimum-trl-value-allowed", .integer(1...8), .defaulted(.integer(3)),
            meaning: "Keys with a lower TRL are not distributed", source: "`minimum-trl-value-allowed: ${MINIMUM_TRL_VALUE_ALLOWED:3}`.")
        /// `distribution.retention-days`.
        package static let distributionRetentionDays = ScenarioField(
            "distribution.retention-days", .integer(1...365), .defaulted(.integer(14)), meaning: "Days keys and packages are kept",
            source: "`retention-days: 14`.")
        /// `distribution.hour-file-retention-days`.
        package static let distributionHourFileRetentionDays = ScenarioField(
            "distribution.hour-file-retention-days", .integer(1...365), .defaulted(.integer(2)), meaning: "Days hour packages are kept",
            source: "`objectstore.hour-file-retention-days: 2`.")
        /// `distribution.days-to-publish`.
        package static let distributionDaysToPublish = ScenarioField(
            "distribution.days-to-publish", .integer(1...365), .defaulted(.integer(10)),
            meaning: "Only keys submitted within this many days are published", source: "`days-to-publish: ${DAYS_TO_PUBLISH:10}`.")
        /// `distribution.region`.
        package static let distributionRegion = ScenarioField(
            "distribution.region", .identifier, .defaulted(.text("DE")), meaning: "The packages' region",
            source: "`api.origin-country: ${ORIGIN_COUNTRY:DE}`.")
        /// `distribution.verification-key-id`.
        package static let distributionVerificationKeyID = ScenarioField(
            "distribution.verification-key-id", .identifier, .defaulted(.text("262")), meaning: "the server's verification-key-id",
            source: "`signature.verification-key-id: 262`.")
        /// `distribution.verification-key-version`.
        package static let distributionVerificationKeyVersion = ScenarioField(
            "distribution.verification-key-version", .identifier, .defaulted(.text("v1")), meaning: "the server's verification-key-version",
            source: "`signature.verification-key-version: v1`.")
        /// `immuni-ingestion.otp-expiration-seconds`.
        package static let immuniIngestionOtpExpirationSeconds = ScenarioField(
            "immuni-ingestion.otp-expiration-seconds", .integer(1...86_400), .defaulted(.integer(150)),
            meaning: "Seconds an authorised OTP stays valid",
            source: "immuni-backend-otp `core/config.py`: `OTP_EXPIRATION_SECONDS`, default 2.5 minutes.")
        /// `immuni-ingestion.days-before-symptoms-to-consider-key-at-risk`.
        package static let immuniIngestionDaysBeforeSymptomsToConsiderKeyAtRisk = ScenarioField(
            "immuni-ingestion.days-before-symptoms-to-consider-key-at-risk", .integer(0...14), .defaulted(.integer(2)),
            meaning: "Keys of days from this many days before the symptom onset are kept",
            source: "immuni-backend-exposure-ingestion `core/config.py`: `DAYS_BEFORE_SYMPTOMS_TO_CONSIDER_KEY_AT_RISK`, default 2.")
        /// `immuni-ingestion.maximum-keys-per-upload`.
        package static let immuniIngestionMaximumKeysPerUpload = ScenarioField(
            "immuni-ingestion.maximum-keys-per-upload", .integer(1...100), .defaulted(.integer(14)), meaning: "Most keys per upload",
            source: "immuni-backend-common `validators.py` (`TekListValidator`): at most 14.")
        /// `immuni-ingestion.exclude-current-day-key`.
        package static let immuniIngestionExcludeCurrentDayKey = ScenarioField(
            "immuni-ingestion.exclude-current-day-key", .flag, .defaulted(.flag(true)),
            meaning: "Whether keys still valid at processing are dropped",
            source: "immuni-backend-exposure-ingestion `core/config.py`: `EXCLUDE_CURRENT_DAY_TEK`, default true.")
    }

    /// The `services:` section's fields.
    package static let fieldTable = ScenarioFieldTable(
        section: "services",
        fields: [
            Fields.verification, Fields.verificationTanCounterMax, Fields.verificationTanValidDays, Fields.verificationTeleTANValidSeconds,
            Fields.verificationTeleTANRateLimitPerHour, Fields.verificationTeleTANRateLimitWarningShare, Fields.verificationCleanupDays,
            Fields.testResults, Fields.testResultsRedeemAfterDays, Fields.testResultsDeleteAfterDays, Fields.submission,
            Fields.submissionMaximumNumberOfKeys, Fields.submissionMaximumKeyAgeDays, Fields.distribution,
            Fields.distributionExpiryPolicyMinutes, Fields.distributionShiftingPolicyThreshold,
            Fields.distributionMaximumNumberOfKeysPerBundle, Fields.distributionMinimumTRLValueAllowed, Fields.distributionRetentionDays,
            Fields.distributionHourFileRetentionDays, Fields.distributionDaysToPublish, Fields.distributionRegion,
            Fields.distributionVerificationKeyID, Fields.distributionVerificationKeyVersion, Fields.immuniIngestion,
            Fields.immuniIngestionOtpExpirationSeconds, Fields.immuniIngestionDaysBeforeSymptomsToConsiderKeyAtRisk,
            Fields.immuniIngestionMaximumKeysPerUpload, Fields.immuniIngestionExcludeCurrentDayKey,
        ])
}
