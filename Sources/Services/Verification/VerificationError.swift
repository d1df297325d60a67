/// Why the verification server refused a request. The real server answers most
/// of these with the same HTTP status; the simulation keeps the reason so that
/// runs can be explained.
package enum VerificationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The hashed GUID already has a registration token (one per GUID).
    case guidAlreadyRegistered
    /// The code is not 10 characters of the teleTAN alphabet with a valid check character.
    case malformedTeleTAN(String)
    /// No such teleTAN was issued (or it was deleted).
    case unknownTeleTAN
    /// The teleTAN is older than its validity.
    case teleTANExpired
    /// The teleTAN was already exchanged for a registration token (once per teleTAN).
    case teleTANAlreadyUsed
    /// The global teleTAN rate limit for the last hour is reached.
    case teleTANRateLimitExceeded(limit: Int)
    /// No such registration token (forged, or deleted by the cleanup).
    case unknownRegistrationToken
    /// The registration came from a teleTAN: there is no lab result to poll.
    case noTestResultForTeleTAN
    /// A TAN needs a POSITIVE result; this is the result the test has.
    case testNotPositive(TestResult)
    /// The registration token already received its TANs (`tancountermax`).
    case tanLimitReached(max: Int)

    package var description: String {
        switch self {
        case .guidAlreadyRegistered: return "this test (hashed GUID) already has a registration token"
        case .malformedTeleTAN(let code): return "'\(code)' is not a well-formed teleTAN (10 characters, valid check character)"
        case .unknownTeleTAN: return "unknown teleTAN"
        case .teleTANExpired: return "the teleTAN has expired"
        case .teleTANAlreadyUsed: return "the teleTAN was already used"
        case .teleTANRateLimitExceeded(let limit): return "teleTAN rate limit of \(limit) per hour reached"
        case .unknownRegistrationToken: return "unknown registration token"
        case .noTestResultForTeleTAN: return "a teleTAN registration has no lab result to poll"
        case .testNotPositive(let result): return "a TAN is only issued for a POSITIVE test; this test is \(result)"
        case .tanLimitReached(let max): return "this registration token already received \(max) TAN(s)"
        }
    }
}

/// The outcome of the submission server's TAN check (`/tan/verify`).
package enum TANVerification: String, Hashable, Sendable {
    /// The TAN was valid and is now consumed.
    case valid
    /// Never issued (forged) or already deleted.
    case unknown
    /// Issued and already used once (a replay).
    case alreadyRedeemed = "already_redeemed"
    /// Issued but older than its validity.
    case expired
}
