/// Immuni's OTP service: the health information system (HIS) authorises the
/// code a user dictated, with the user's symptom-onset date; the
/// exposure-ingestion service then accepts an upload authenticated with that
/// code until it expires (immuni-documentation `Technology.md`, "OTP
/// Service", "API - Authorise OTP").
///
/// Rules enforced:
/// - only well-formed codes are authorised (``ImmuniOTP``);
/// - a code is stored only if it is not stored yet (immuni-backend-otp
///   `helpers/otp.py`: set-if-not-exists, else `OtpCollisionException`);
/// - it expires `otpExpirationSeconds` after the authorisation
///   (immuni-backend-otp `core/config.py`: `OTP_EXPIRATION_SECONDS`, 2.5 minutes);
/// - only its SHA-256 is kept, and an upload uses it up (the exposure-ingestion
///   service deletes the code once the upload is stored).
package struct OTPService: Sendable {
    /// What the HIS stored with an authorised code.
    package struct Authorisation: Hashable, Sendable {
        /// The symptom-onset day the operator entered (days since 1970-01-01, UTC).
        package var symptomsStartedOnDay: Int64
        /// Unix seconds at which the code expires.
        package var expiresAt: Int64
    }

    package let configuration: ServicesConfig.ImmuniIngestion
    /// Authorised codes by SHA-256 (hex).
    private var authorised: [String: Authorisation] = [:]

    package init(configuration: ServicesConfig.ImmuniIngestion = .init()) {
        self.configuration = configuration
    }

    /// `POST /v1/otp` from the HIS: authorises `code` at `now` with the
    /// symptom-onset day the operator entered.
    package mutating func authorise(code: String, symptomsStartedOnDay: Int64, now: Int64) throws(ImmuniUploadError) {
        guard let otp = ImmuniOTP(code: code) else { throw .malformedOTP }
        guard symptomsStartedOnDay <= now.floorDivided(by: Seconds.day) else { throw .symptomsInFuture }
        expire(now: now)
        guard authorised[otp.sha256] == nil else { throw .otpCollision }
        authorised[otp.sha256] = Authorisation(
            symptomsStartedOnDay: symptomsStartedOnDay, expiresAt: now + Int64(configuration.otpExpirationSeconds))
    }

    /// The authorisation behind `sha256` at `now`, nil when none is valid.
    package func authorisation(sha256: String, now: Int64) -> Authorisation? {
        guard let found = authorised[sha256], now < found.expiresAt else { return nil }
        return found
    }

    /// Uses up the code `sha256` (after a stored upload).
    mutating func consume(sha256: String) { authorised[sha256] = nil }

    /// Forgets expired codes.
    package mutating func expire(now: Int64) {
        // Called every simulated hour; almost always there is nothing pending.
        guard authorised.contains(where: { now >= $0.value.expiresAt }) else { return }
        authorised = authorised.filter { now < $0.value.expiresAt }
    }

    /// Codes authorised and not yet expired or used.
    package var pendingCount: Int { authorised.count }
}
