import Foundation
import WarnSimCore

/// Reading ``ServicesConfig`` from YAML.
///
/// The section looks like this (every key optional; absent keys keep the
/// production default; names follow the real server YAML where it has one):
///
/// ```yaml
/// services:
///   verification:
///     tan-counter-max: 1
///     tan-valid-days: 14
///     tele-tan-valid-seconds: 3600
///     tele-tan-rate-limit-per-hour: 1000
///     tele-tan-rate-limit-warning-share: 0.8
///     cleanup-days: 21
///   test-results:
///     redeem-after-days: 21
///     delete-after-days: 60
///   submission:
///     maximum-number-of-keys: 14
///     maximum-key-age-days: 14
///   distribution:
///     expiry-policy-minutes: 120
///     shifting-policy-threshold: 140
///     maximum-number-of-keys-per-bundle: 600000
///     minimum-trl-value-allowed: 3
///     retention-days: 14
///     hour-file-retention-days: 2
///     days-to-publish: 10
///     region: DE
///     verification-key-id: "262"
///     verification-key-version: v1
///   immuni-ingestion:
///     otp-expiration-seconds: 150
///     days-before-symptoms-to-consider-key-at-risk: 2
///     maximum-keys-per-upload: 14
///     exclude-current-day-key: true
/// ```
///
/// Unknown keys, wrong types, out-of-range values and contradictory values
/// (for example hour files kept longer than day files) are `InputError`s that
/// name the file and the dotted field path.
extension ServicesConfig {
    /// Parses the `services:` section of a YAML document (a scenario file); the
    /// document's other top-level keys belong to other layers and are ignored.
    /// Without a `services:` section the production defaults apply.
    package static func parse(yaml text: String, file: String) throws(InputError) -> ServicesConfig {
        guard let root = try DocumentSection.parseDocument(text, file: file),
            let services = try root.optionalSection("services")
        else { return ServicesConfig() }
        return try parse(section: services)
    }

    /// Reads `url` and parses its `services:` section.
    package static func load(contentsOf url: URL) throws(InputError) -> ServicesConfig {
        try parse(yaml: DocumentSection.readText(url), file: url.path)
    }

    /// Parses a `services` mapping (an empty mapping gives the production defaults).
    package static func parse(section root: DocumentSection) throws(InputError) -> ServicesConfig {
        var config = ServicesConfig()

        if let s = try root.optionalSection(Fields.verification) {
            var v = config.verification
            v.tanCounterMax = try s.int(Fields.verificationTanCounterMax)
            v.tanValidDays = try s.int(Fields.verificationTanValidDays)
            v.teleTANValidSeconds = try s.int(Fields.verificationTeleTANValidSeconds)
            v.teleTANRateLimitPerHour = try s.int(Fields.verificationTeleTANRateLimitPerHour)
            v.teleTANRateLimitWarningShare = try s.double(Fields.verificationTeleTANRateLimitWarningShare)
            v.cleanupDays = try s.int(Fields.verificationCleanupDays)
            if v.tanValidDays > v.cleanupDays {
                throw s.fail(
                    "tan-valid-days",
                    "\(v.tanValidDays) days exceeds cleanup-days (\(v.cleanupDays)): the TAN would be deleted while still valid")
            }
            try s.finish()
            config.verification = v
        }

        if let s = try root.optionalSection(Fields.testResults) {
            var t = config.testResults
            t.redeemAfterDays = try s.int(Fields.testResultsRedeemAfterDays)
            t.deleteAfterDays = try s.int(Fields.testResultsDeleteAfterDays)
            if t.deleteAfterDays < t.redeemAfterDays {
                throw s.fail("delete-after-days", "\(t.deleteAfterDays) is below redeem-after-days (\(t.redeemAfterDays))")
            }
            try s.finish()
            config.testResults = t
        }

        if let s = try root.optionalSection(Fields.submission) {
            var u = config.submission
            u.maximumNumberOfKeys = try s.int(Fields.submissionMaximumNumberOfKeys)
            u.maximumKeyAgeDays = try s.int(Fields.submissionMaximumKeyAgeDays)
            try s.finish()
            config.submission = u
        }

        if let s = try root.optionalSection(Fields.distribution) {
            var d = config.distribution
            d.expiryPolicyMinutes = try s.int(Fields.distributionExpiryPolicyMinutes)
            d.shiftingPolicyThreshold = try s.int(Fields.distributionShiftingPolicyThreshold)
            d.maximumNumberOfKeysPerBundle = try s.int(Fields.distributionMaximumNumberOfKeysPerBundle)
            d.minimumTRLValueAllowed = try s.int(Fields.distributionMinimumTRLValueAllowed)
            d.retentionDays = try s.int(Fields.distributionRetentionDays)
            d.hourFileRetentionDays = try s.int(Fields.distributionHourFileRetentionDays)
            d.daysToPublish = try s.int(Fields.distributionDaysToPublish)
            d.region = try s.string(Fields.distributionRegion)
            d.verificationKeyID = try s.string(Fields.distributionVerificationKeyID)
            d.verificationKeyVersion = try s.string(Fields.distributionVerificationKeyVersion)
            if d.shiftingPolicyThreshold > d.maximumNumberOfKeysPerBundle {
                throw s.fail(
                    "shifting-policy-threshold",
                    "\(d.shiftingPolicyThreshold) exceeds maximum-number-of-keys-per-bundle (\(d.maximumNumberOfKeysPerBundle))")
            }
            if d.hourFileRetentionDays > d.retentionDays {
                throw s.fail("hour-file-retention-days", "\(d.hourFileRetentionDays) exceeds retention-days (\(d.retentionDays))")
            }
            if d.daysToPublish > d.retentionDays {
                throw s.fail(
                    "days-to-publish",
                    "\(d.daysToPublish) exceeds retention-days (\(d.retentionDays)): keys would be deleted before they could be published")
            }
            try s.finish()
            config.distribution = d
        }
        if let s = try root.optionalSection(Fields.immuniIngestion) {
            var i = config.immuniIngestion
            i.otpExpirationSeconds = try s.int(Fields.immuniIngestionOtpExpirationSeconds)
            i.daysBeforeSymptomsToConsiderKeyAtRisk = try s.int(Fields.immuniIngestionDaysBeforeSymptomsToConsiderKeyAtRisk)
            i.maximumKeysPerUpload = try s.int(Fields.immuniIngestionMaximumKeysPerUpload)
            i.excludeCurrentDayKey = try s.bool(Fields.immuniIngestionExcludeCurrentDayKey)
            try s.finish()
            config.immuniIngestion = i
        }
        try root.finish()
        return config
    }
}
