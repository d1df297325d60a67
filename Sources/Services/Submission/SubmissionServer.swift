import ExposureNotification

/// The simulated submission server: accepts a positive user's keys with a TAN.
///
/// Rules enforced, in this order:
/// 1. 1…`maximumNumberOfKeys` (14) keys per upload (corona-warn-app/cwa-server
///    submission service: 1…`MAX_NUMBER_OF_KEYS` keys per payload, default 14,
///    rolling period 1…144).
/// 2. Every key: 16-byte key data; rolling period 1…144; start no older than
///    `maximumKeyAgeDays` (14) days before the upload and not after it
///    (google/exposure-notifications-server `docs/server_functional_requirements.md`);
///    TRL, when given, 1…8 (cwa-app-android `TransmissionRiskVectorDeterminer.kt`).
/// 3. The TAN, checked with the verification server (`/tan/verify`), which
///    consumes it: forged (never issued), replayed (already used) and expired
///    TANs are rejected (cwa-verification-server `/version/v1/tan/verify`; E05.01 "A warning can only be
///    triggered once for each test"). A payload that fails 1–2 is rejected
///    before the TAN check, so it does not use up the TAN.
///
/// A missing TRL or DSOS is derived with ``TEKFieldDerivations`` (the server's
/// derivation maps). The reference does not say the server rejects two keys
/// with the same start interval in one upload, so that is not checked.
package struct SubmissionServer: Sendable {
    package let configuration: ServicesConfig.Submission

    package init(configuration: ServicesConfig.Submission = .init()) {
        self.configuration = configuration
    }

    /// Checks the payload alone (rules 1–2) and returns the keys as they would be stored.
    package func validate(_ keys: [SubmittedKey], now: Int64) throws(SubmissionError) -> [StoredDiagnosisKey] {
        guard (1...configuration.maximumNumberOfKeys).contains(keys.count) else {
            throw .keyCount(keys.count, maximum: configuration.maximumNumberOfKeys)
        }
        let maximumAge = Int64(configuration.maximumKeyAgeDays) * Seconds.day
        var stored: [StoredDiagnosisKey] = []
        stored.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            guard let keyData = KeyBytes(key.keyData) else { throw .keyDataLength(index: index, bytes: key.keyData.count) }
            guard TemporaryExposureKey.validRollingPeriods.contains(key.rollingPeriod) else {
                throw .rollingPeriod(index: index, key.rollingPeriod)
            }
            let start = Int64(key.rollingStartIntervalNumber) * ENIntervalNumber.secondsPerInterval
            guard start <= now else { throw .keyInFuture(index: index) }
            guard now - start <= maximumAge else {
                throw .keyTooOld(index: index, ageSeconds: now - start, maximumDays: configuration.maximumKeyAgeDays)
            }
            if let trl = key.transmissionRiskLevel, !(1...8).contains(trl) {
                throw .transmissionRiskLevel(index: index, trl)
            }
            if let dsos = key.daysSinceOnsetOfSymptoms, Int32(exactly: dsos) == nil {
                throw .daysSinceOnsetOfSymptoms(index: index, dsos)
            }
            let trl = TEKFieldDerivations.transmissionRiskLevel(
                uploaded: key.transmissionRiskLevel, daysSinceOnsetOfSymptoms: key.daysSinceOnsetOfSymptoms)
            stored.append(
                StoredDiagnosisKey(
                    keyData: keyData,
                    rollingStartIntervalNumber: ENIntervalNumber(key.rollingStartIntervalNumber),
                    rollingPeriod: key.rollingPeriod,
                    transmissionRiskLevel: trl,
                    daysSinceOnsetOfSymptoms: TEKFieldDerivations.daysSinceOnsetOfSymptoms(
                        uploaded: key.daysSinceOnsetOfSymptoms, transmissionRiskLevel: trl),
                    submittedAt: now))
        }
        return stored
    }

    /// `POST /version/v1/diagnosis-keys` with the TAN in `cwa-authorization`:
    /// validates the payload, then verifies (and so consumes) the TAN.
    package func submit(
        _ keys: [SubmittedKey], tan: TAN, verification: inout VerificationServer, now: Int64
    ) throws(SubmissionError) -> [StoredDiagnosisKey] {
        let stored = try validate(keys, now: now)
        let check = verification.verifyTAN(tan, now: now)
        guard check == .valid else { throw .tanRejected(check) }
        return stored
    }
}
