import ExposureNotification
import Services
import WarnSimCore

extension CoronaWarnApp {
    /// Immuni's "Data upload" (Immuni product description; immuni-documentation
    /// `Technology.md`, "TEKs upload"), once a health operator has authorised
    /// the code `otp` the app showed: at `now` the user taps Verify, the app
    /// validates the code with the exposure-ingestion service and, if it is
    /// still authorised, uploads its 14 most recent keys with it (the
    /// operating system's consent pop-up is the user's consent to the operator).
    /// Returns the number of keys the service kept.
    @discardableResult
    package mutating func uploadWithOTP(_ otp: ImmuniOTP, backend: inout CWABackend, now: Int64) -> Int {
        guard !hasSharedKeys else { return 0 }
        let token = otp.sha256
        do throws(ImmuniUploadError) {
            try backend.checkOTP(sha256: token, now: now)
            // The keys of past days: the current day's key is still valid, and
            // the ingestion service drops keys that are (EXCLUDE_CURRENT_DAY_TEK).
            let recent = framework.keyHistory(at: now, includeCurrent: false).sorted {
                $0.rollingStartIntervalNumber.rawValue > $1.rollingStartIntervalNumber.rawValue
            }.prefix(backend.configuration.immuniIngestion.maximumKeysPerUpload)
            let keys = recent.map { SubmittedKey($0, transmissionRiskLevel: nil, daysSinceOnsetOfSymptoms: nil) }
            let kept = try backend.uploadWithOTP(keys, sha256: token, now: now)
            markKeysShared(keys: kept, at: now)
            return kept
        } catch {
            recordSubmissionRejected(reason: error.description, at: now)
            return 0
        }
    }
}
