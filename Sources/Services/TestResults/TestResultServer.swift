/// The simulated test-result server: laboratories post the hashed GUID of a
/// test with its result; the verification server looks results up for the app.
///
/// Rules (corona-warn-app/cwa-testresult-server `application.yml`,
/// `TestResultCleanup.java`; cwa-documentation `solution_architecture.md`):
/// - labs post (hashed GUID, result); the result becomes visible after a delay
///   the caller chooses (the lab's turnaround), and until then the test reads PENDING;
/// - results are PENDING, NEGATIVE, POSITIVE, INVALID or REDEEMED; labs cannot post REDEEMED;
/// - a result is set to REDEEMED `redeemAfterDays` (21) after the server first saw
///   the test, and deleted `deleteAfterDays` (60) after it (a test queried again
///   after deletion starts over as PENDING).
///
/// Every call takes the simulated time `now` in Unix seconds; nothing reads a clock.
package struct TestResultServer: Sendable {
    /// What the server holds for one test.
    package struct Entry: Hashable, Sendable {
        /// When the server first saw the test (lab post or first query).
        package var createdAt: Int64
        /// The lab's result and when it becomes visible; nil before any lab post.
        package var labResult: TestResult?
        package var visibleAt: Int64
    }

    package let configuration: ServicesConfig.TestResults
    private var entries: [HashedGUID: Entry] = [:]

    package init(configuration: ServicesConfig.TestResults = .init()) {
        self.configuration = configuration
    }

    /// A lab posts `result` for the test at `now`; it becomes visible
    /// `delaySeconds` later. A later post replaces an earlier one.
    package mutating func labPost(
        hashedGUID: HashedGUID, result: TestResult, now: Int64, delaySeconds: Int64 = 0
    ) throws(TestResultError) {
        guard result != .redeemed else { throw .labCannotPostRedeemed }
        guard delaySeconds >= 0 else { throw .negativeDelay(delaySeconds) }
        purge(hashedGUID, now: now)
        var entry = entries[hashedGUID] ?? Entry(createdAt: now, labResult: nil, visibleAt: now)
        entry.labResult = result
        entry.visibleAt = now + delaySeconds
        entries[hashedGUID] = entry
    }

    /// The result of the test at `now`. An unknown test is created PENDING, as
    /// a registered test is pending until its lab reports.
    package mutating func result(for hashedGUID: HashedGUID, now: Int64) -> TestResult {
        purge(hashedGUID, now: now)
        let entry = entries[hashedGUID] ?? Entry(createdAt: now, labResult: nil, visibleAt: now)
        entries[hashedGUID] = entry
        if now - entry.createdAt >= Int64(configuration.redeemAfterDays) * Seconds.day { return .redeemed }
        guard let labResult = entry.labResult, now >= entry.visibleAt else { return .pending }
        return labResult
    }

    /// The stored entry, if any, without creating one (for inspection and tests).
    package func entry(for hashedGUID: HashedGUID) -> Entry? { entries[hashedGUID] }

    /// Deletes every entry older than `deleteAfterDays` (the daily cleanup job).
    package mutating func cleanup(now: Int64) {
        let limit = Int64(configuration.deleteAfterDays) * Seconds.day
        entries = entries.filter { now - $0.value.createdAt < limit }
    }

    /// The number of stored tests.
    package var count: Int { entries.count }

    private mutating func purge(_ hashedGUID: HashedGUID, now: Int64) {
        if let entry = entries[hashedGUID], now - entry.createdAt >= Int64(configuration.deleteAfterDays) * Seconds.day {
            entries[hashedGUID] = nil
        }
    }
}

/// Why the test-result server refused a lab post.
package enum TestResultError: Error, Equatable, Sendable, CustomStringConvertible {
    case labCannotPostRedeemed
    case negativeDelay(Int64)

    package var description: String {
        switch self {
        case .labCannotPostRedeemed: return "labs post PENDING, NEGATIVE, POSITIVE or INVALID; REDEEMED is set by the server"
        case .negativeDelay(let delay): return "the result delay must not be negative (got \(delay) s)"
        }
    }
}
