/// A PCR test result as the test-result server reports it
/// (corona-warn-app/cwa-testresult-server: PENDING, NEGATIVE, POSITIVE, INVALID or
/// REDEEMED; the rapid-test QUICK_* and POCNAT_* variants are not simulated).
package enum TestResult: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case pending = "PENDING"
    case negative = "NEGATIVE"
    case positive = "POSITIVE"
    case invalid = "INVALID"
    case redeemed = "REDEEMED"

    package var description: String { rawValue }
}
