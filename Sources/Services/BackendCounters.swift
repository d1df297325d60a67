/// Running totals of what the backend did, for run summaries (tests, TANs,
/// uploads). Rejections are counted per reason; ``rejections`` lists them
/// sorted by reason so that reports do not depend on dictionary order.
package struct BackendCounters: Hashable, Sendable {
    /// Registration tokens issued (QR code and teleTAN routes).
    package internal(set) var registrations = 0
    /// teleTANs created for the hotline.
    package internal(set) var teleTANsCreated = 0
    /// TANs issued.
    package internal(set) var tansIssued = 0
    /// Immuni OTPs authorised by the health information system.
    package internal(set) var otpsAuthorised = 0
    /// Uploads accepted (CWA TAN and Immuni OTP routes), and the keys they carried.
    package internal(set) var uploadsAccepted = 0
    package internal(set) var keysAccepted = 0
    /// Requests refused, by ServiceRejection/category.
    package private(set) var rejectionCounts: [String: Int] = [:]

    package init() {}

    mutating func reject(_ error: some ServiceRejection) {
        rejectionCounts[error.category, default: 0] += 1
    }

    /// `(reason, count)` pairs sorted by reason.
    package var rejections: [(reason: String, count: Int)] {
        rejectionCounts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// An error a server answers a request with, with a stable category name for counting.
package protocol ServiceRejection: Error, CustomStringConvertible {
    /// A short, stable name of the kind of rejection, e.g. `tan_rejected.already_redeemed`.
    var category: String { get }
}

extension VerificationError: ServiceRejection {
    package var category: String {
        switch self {
        case .guidAlreadyRegistered: return "verification.guid_already_registered"
        case .malformedTeleTAN: return "verification.malformed_teletan"
        case .unknownTeleTAN: return "verification.unknown_teletan"
        case .teleTANExpired: return "verification.teletan_expired"
        case .teleTANAlreadyUsed: return "verification.teletan_already_used"
        case .teleTANRateLimitExceeded: return "verification.teletan_rate_limit"
        case .unknownRegistrationToken: return "verification.unknown_registration_token"
        case .noTestResultForTeleTAN: return "verification.no_test_result_for_teletan"
        case .testNotPositive: return "verification.test_not_positive"
        case .tanLimitReached: return "verification.tan_limit_reached"
        }
    }
}

extension SubmissionError: ServiceRejection {
    package var category: String {
        switch self {
        case .keyCount: return "submission.key_count"
        case .keyDataLength: return "submission.key_data_length"
        case .rollingPeriod: return "submission.rolling_period"
        case .keyTooOld: return "submission.key_too_old"
        case .keyInFuture: return "submission.key_in_future"
        case .transmissionRiskLevel: return "submission.transmission_risk_level"
        case .daysSinceOnsetOfSymptoms: return "submission.days_since_onset"
        case .tanRejected(let reason): return "submission.tan_\(reason.rawValue)"
        }
    }
}
