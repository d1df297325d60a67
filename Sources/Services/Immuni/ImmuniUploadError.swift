/// Why Immuni's OTP service or exposure-ingestion service refused a request.
package enum ImmuniUploadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The code the operator typed is not a well-formed OTP (length, alphabet or check character).
    case malformedOTP
    /// The code is already authorised and not yet expired (the OTP service
    /// stores a code only if it is not there yet).
    case otpCollision
    /// The symptom-onset date the operator entered is after the authorisation.
    case symptomsInFuture
    /// The app presented a code that is not authorised: never authorised,
    /// expired, or already used for an upload.
    case otpNotAuthorised
    /// The upload holds no key or more keys than the service accepts.
    case keyCount(Int, maximum: Int)
    /// A key's rolling period is not 144 (`TekListValidator`).
    case rollingPeriod(index: Int, UInt32)
    /// A key's data is not 16 bytes.
    case keyDataLength(index: Int, bytes: Int)

    package var description: String {
        switch self {
        case .malformedOTP: return "the OTP is not 10 characters of the Immuni alphabet with a valid check character"
        case .otpCollision: return "the OTP is already authorised"
        case .symptomsInFuture: return "the symptom-onset date is after the authorisation"
        case .otpNotAuthorised: return "the OTP is not authorised (never authorised, expired or already used)"
        case .keyCount(let count, let maximum): return "an upload holds 1 to \(maximum) keys, this one \(count)"
        case .rollingPeriod(let index, let period): return "key \(index): rolling period \(period) is not 144"
        case .keyDataLength(let index, let bytes): return "key \(index): key data is \(bytes) bytes, not 16"
        }
    }
}

extension ImmuniUploadError: ServiceRejection {
    package var category: String {
        switch self {
        case .malformedOTP: return "immuni.malformed_otp"
        case .otpCollision: return "immuni.otp_collision"
        case .symptomsInFuture: return "immuni.symptoms_in_future"
        case .otpNotAuthorised: return "immuni.otp_not_authorised"
        case .keyCount: return "immuni.key_count"
        case .rollingPeriod: return "immuni.rolling_period"
        case .keyDataLength: return "immuni.key_data_length"
        }
    }
}
