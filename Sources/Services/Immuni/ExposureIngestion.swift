import ExposureNotification

/// Immuni's exposure-ingestion rules for an upload authenticated with an
/// authorised OTP (immuni-documentation `Technology.md`, "Exposure Ingestion
/// Service"; immuni-app/immuni-backend-exposure-ingestion):
///
/// 1. the upload holds 1…`maximumKeysPerUpload` keys, each of 16 bytes with a
///    rolling period of 144 (immuni-backend-common `validators.py`,
///    `TekListValidator`: at most 14 keys, rolling period 144);
/// 2. only keys of days from `daysBeforeSymptomsToConsiderKeyAtRisk` days
///    before the symptom onset the operator entered are kept, each with the
///    highest transmission risk level, 8 (`helpers/risk_level.py`,
///    `extract_keys_with_risk_level_from_upload`; `core/config.py`:
///    `DAYS_BEFORE_SYMPTOMS_TO_CONSIDER_KEY_AT_RISK` 2);
/// 3. keys still valid when the upload is processed are dropped
///    (`EXCLUDE_CURRENT_DAY_TEK` true: "remove any keys that might still be valid").
///
/// The kept keys go to the distribution service like any other.
package enum ExposureIngestion {
    /// Immuni's highest transmission risk level (`TransmissionRiskLevel.highest`).
    package static let highestTransmissionRiskLevel = 8

    /// The keys of an upload as the ingestion service keeps them at `now`,
    /// or the rule the upload breaks.
    package static func keysAtRisk(
        _ keys: [SubmittedKey], symptomsStartedOnDay: Int64, now: Int64, configuration: ServicesConfig.ImmuniIngestion
    ) throws(ImmuniUploadError) -> [StoredDiagnosisKey] {
        guard (1...configuration.maximumKeysPerUpload).contains(keys.count) else {
            throw .keyCount(keys.count, maximum: configuration.maximumKeysPerUpload)
        }
        let firstDay = symptomsStartedOnDay - Int64(configuration.daysBeforeSymptomsToConsiderKeyAtRisk)
        var kept: [StoredDiagnosisKey] = []
        for (index, key) in keys.enumerated() {
            guard let keyData = KeyBytes(key.keyData) else { throw .keyDataLength(index: index, bytes: key.keyData.count) }
            guard key.rollingPeriod == 144 else { throw .rollingPeriod(index: index, key.rollingPeriod) }
            let stored = StoredDiagnosisKey(
                keyData: keyData, rollingStartIntervalNumber: ENIntervalNumber(key.rollingStartIntervalNumber),
                rollingPeriod: key.rollingPeriod, transmissionRiskLevel: highestTransmissionRiskLevel,
                daysSinceOnsetOfSymptoms: nil, submittedAt: now)
            let keyDay = Int64(key.rollingStartIntervalNumber) * ENIntervalNumber.secondsPerInterval / Seconds.day
            guard keyDay >= firstDay else { continue }
            if configuration.excludeCurrentDayKey && stored.rollingPeriodEnd > now { continue }
            kept.append(stored)
        }
        return kept
    }
}
