/// How often the app asks for a registered test's result (corona-warn-app/
/// cwa-app-android `coronatest/type/pcr/execution/PCRResultScheduler.kt` and
/// `RAResultScheduler.kt`; there are no push notifications by design):
/// a PCR test every 120 minutes (12 times a day) until redeemed; a rapid
/// antigen test every 15 minutes for the first 90 minutes, then every 90.
package enum TestResultPolling: Hashable, Sendable {
    case pcr
    case rapidAntigen

    /// The next poll after one at `time` for a test registered at `registeredAt`.
    package func nextPoll(after time: Int64, registeredAt: Int64) -> Int64 {
        switch self {
        case .pcr:
            return time + 120 * 60
        case .rapidAntigen:
            return time - registeredAt < 90 * 60 ? time + 15 * 60 : time + 90 * 60
        }
    }
}
