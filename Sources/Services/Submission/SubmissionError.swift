/// Why the submission server rejected an upload. Payload errors come before the
/// TAN check, so a malformed upload does not consume the TAN.
package enum SubmissionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than 1 or more than the maximum number of keys.
    case keyCount(Int, maximum: Int)
    /// Key `index` has key data of the wrong length.
    case keyDataLength(index: Int, bytes: Int)
    /// Key `index` has a rolling period outside 1…144.
    case rollingPeriod(index: Int, UInt32)
    /// Key `index` starts more than the maximum age before the upload.
    case keyTooOld(index: Int, ageSeconds: Int64, maximumDays: Int)
    /// Key `index` starts after the upload.
    case keyInFuture(index: Int)
    /// Key `index` has a TRL outside 1…8.
    case transmissionRiskLevel(index: Int, Int)
    /// Key `index` has a DSOS outside the 32-bit range of the format.
    case daysSinceOnsetOfSymptoms(index: Int, Int)
    /// The TAN check failed: forged, replayed or expired.
    case tanRejected(TANVerification)

    package var description: String {
        switch self {
        case .keyCount(let count, let maximum): return "an upload holds 1 to \(maximum) keys, this one \(count)"
        case .keyDataLength(let index, let bytes): return "key \(index): key data is \(bytes) bytes, not 16"
        case .rollingPeriod(let index, let period): return "key \(index): rolling period \(period) is outside 1...144"
        case .keyTooOld(let index, let age, let days):
            return "key \(index): starts \(age) s before the upload, more than \(days) days"
        case .keyInFuture(let index): return "key \(index): starts after the upload"
        case .transmissionRiskLevel(let index, let trl): return "key \(index): transmission risk level \(trl) is outside 1...8"
        case .daysSinceOnsetOfSymptoms(let index, let dsos):
            return "key \(index): days since onset \(dsos) does not fit the format's sint32"
        case .tanRejected(let reason): return "TAN rejected (\(reason.rawValue))"
        }
    }
}
