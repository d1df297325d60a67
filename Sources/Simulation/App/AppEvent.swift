import RiskCalculation
import Services

/// What happened in one phone's app, in time order: the record behind
/// `phones.csv` and the evaluation's warning times.
package enum AppEvent: Hashable, Sendable {
    /// A test was registered; `polling` is its kind as the app knows it (PCR or rapid antigen).
    case testRegistered(at: Int64, route: TestRegistrationRoute, polling: TestResultPolling)
    case registrationRejected(at: Int64, reason: String)
    /// A result became available; the notification does not reveal it (E05.02, E06.02).
    case testResultAvailable(at: Int64, result: TestResult, notified: Bool)
    /// The user removed a test whose result had arrived.
    case testRemoved(at: Int64)
    case keysShared(at: Int64, keys: Int)
    case keySharingDeclined(at: Int64)
    case submissionRejected(at: Int64, reason: String)
    case riskCalculated(at: Int64, level: RiskLevel, notified: Bool)
    case reset(at: Int64)
    /// E03.01: the user switched exposure logging off or on (a reset switches it on).
    case exposureLoggingSwitched(at: Int64, on: Bool)

    package var time: Int64 {
        switch self {
        case .testRegistered(let t, _, _), .registrationRejected(let t, _), .testResultAvailable(let t, _, _),
            .keysShared(let t, _), .keySharingDeclined(let t), .submissionRejected(let t, _),
            .riskCalculated(let t, _, _), .reset(let t), .testRemoved(let t), .exposureLoggingSwitched(let t, _):
            return t
        }
    }
}

/// How a test reached the app (E06.01 QR code; E06.04/E06.05 teleTAN from the hotline).
package enum TestRegistrationRoute: String, Hashable, Sendable {
    case qrCode = "qr_code"
    case teleTAN = "tele_tan"
}
