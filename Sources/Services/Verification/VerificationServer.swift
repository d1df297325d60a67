import WarnSimCore

/// The simulated verification server: registration tokens, TANs and teleTANs.
///
/// Rules enforced (corona-warn-app/cwa-verification-server `application.yml` and
/// `docs/architecture-overview.md`;
/// scoping document E05.01, E06.03–E06.06):
/// - a hashed GUID gets a registration token once; a second registration fails;
/// - a teleTAN (9 characters + check character, valid `teleTANValidSeconds` = 1 h)
///   is exchanged once for a registration token; malformed, unknown, expired or
///   used teleTANs fail; at most `teleTANRateLimitPerHour` (1000) teleTANs are
///   created in any sliding hour, with a warning from 80 % of it;
/// - a TAN is issued only for a POSITIVE test (GUID route) or a teleTAN
///   registration (the hotline has verified the positive result), at most
///   `tanCounterMax` (1) per registration token;
/// - a TAN is valid `tanValidDays` (14) days and one-time: ``verifyTAN(_:now:)``
///   (the submission server's `/tan/verify`) consumes it; forged, replayed and
///   expired TANs are rejected;
/// - all data is deleted `cleanupDays` (21) days after its creation.
///
/// Tokens, TANs and teleTANs are drawn from the server's own `RandomStream`;
/// every call takes the simulated time in Unix seconds.
package struct VerificationServer: Sendable {
    /// How a registration token came about.
    package enum SourceOfTrust: Hashable, Sendable {
        case hashedGUID(HashedGUID)
        case teleTAN(TeleTAN)
    }

    /// One registration (an "app session" in the real server).
    package struct Session: Hashable, Sendable {
        package var source: SourceOfTrust
        package var createdAt: Int64
        package var tansIssued: Int
    }

    struct TeleTANRecord: Hashable, Sendable {
        var createdAt: Int64
        var used: Bool
    }

    struct TANRecord: Hashable, Sendable {
        var issuedAt: Int64
        var redeemed: Bool
    }

    package let configuration: ServicesConfig.Verification
    private var stream: RandomStream
    private var sessions: [RegistrationToken: Session] = [:]
    private var registeredGUIDs: [HashedGUID: Int64] = [:]
    private var teleTANs: [TeleTAN: TeleTANRecord] = [:]
    /// Creation times of teleTANs in the last hour, ascending (for the rate limit).
    private var recentTeleTANs: [Int64] = []
    private var tans: [TAN: TANRecord] = [:]

    /// A server whose tokens come from `RandomStream(seed: seed, subsystem: StreamName.verificationServer)`.
    package init(configuration: ServicesConfig.Verification = .init(), seed: UInt64) {
        self.init(configuration: configuration, stream: RandomStream(seed: seed, subsystem: StreamName.verificationServer))
    }

    /// A server whose tokens come from `stream`.
    package init(configuration: ServicesConfig.Verification = .init(), stream: RandomStream) {
        self.configuration = configuration
        self.stream = stream
    }

    private var cleanupSeconds: Int64 { Int64(configuration.cleanupDays) * Seconds.day }

    private func alive(_ createdAt: Int64, _ now: Int64) -> Bool { now - createdAt < cleanupSeconds }

    // MARK: Registration

    /// `/registrationToken` with a hashed GUID (QR code route, E06.01).
    package mutating func register(hashedGUID: HashedGUID, now: Int64) throws(VerificationError) -> RegistrationToken {
        if let created = registeredGUIDs[hashedGUID], alive(created, now) { throw .guidAlreadyRegistered }
        registeredGUIDs[hashedGUID] = now
        return newSession(.hashedGUID(hashedGUID), now: now)
    }

    /// `/registrationToken` with a teleTAN as typed by the user (E06.04, E06.05).
    package mutating func register(teleTAN code: String, now: Int64) throws(VerificationError) -> RegistrationToken {
        guard let teleTAN = TeleTAN(code: code) else { throw .malformedTeleTAN(code) }
        guard var record = teleTANs[teleTAN], alive(record.createdAt, now) else { throw .unknownTeleTAN }
        guard !record.used else { throw .teleTANAlreadyUsed }
        guard now - record.createdAt < Int64(configuration.teleTANValidSeconds) else { throw .teleTANExpired }
        record.used = true
        teleTANs[teleTAN] = record
        return newSession(.teleTAN(teleTAN), now: now)
    }

    private mutating func newSession(_ source: SourceOfTrust, now: Int64) -> RegistrationToken {
        var token: RegistrationToken
        repeat { token = RegistrationToken(Token128.draw(from: &stream)) } while sessions[token] != nil
        sessions[token] = Session(source: source, createdAt: now, tansIssued: 0)
        return token
    }

    /// The registration behind `token`, if it exists at `now`.
    package func session(_ token: RegistrationToken, now: Int64) -> Session? {
        guard let session = sessions[token], alive(session.createdAt, now) else { return nil }
        return session
    }

    // MARK: teleTAN

    /// Creates a teleTAN for the hotline or a health authority.
    package mutating func createTeleTAN(now: Int64) throws(VerificationError) -> TeleTAN {
        pruneRateWindow(now: now)
        guard recentTeleTANs.count < configuration.teleTANRateLimitPerHour else {
            throw .teleTANRateLimitExceeded(limit: configuration.teleTANRateLimitPerHour)
        }
        var teleTAN: TeleTAN
        repeat { teleTAN = TeleTAN.draw(from: &stream) } while teleTANs[teleTAN].map { alive($0.createdAt, now) } == true
        teleTANs[teleTAN] = TeleTANRecord(createdAt: now, used: false)
        recentTeleTANs.append(now)
        return teleTAN
    }

    /// teleTANs created in the hour before `now` (inclusive of `now`).
    package func teleTANsInLastHour(now: Int64) -> Int {
        let cutoff = now - Seconds.hour
        return recentTeleTANs.reduce(0) { $0 + ($1 > cutoff && $1 <= now ? 1 : 0) }
    }

    /// Whether the teleTAN count of the last hour has reached the warning share of the limit.
    package func teleTANRateWarning(now: Int64) -> Bool {
        Double(teleTANsInLastHour(now: now)) >= configuration.teleTANRateLimitWarningShare * Double(configuration.teleTANRateLimitPerHour)
    }

    private mutating func pruneRateWindow(now: Int64) {
        let cutoff = now - Seconds.hour
        if let keep = recentTeleTANs.firstIndex(where: { $0 > cutoff }) {
            recentTeleTANs.removeFirst(keep)
        } else {
            recentTeleTANs.removeAll()
        }
    }

    // MARK: Test result and TAN

    /// `/testresult`: the result of the test behind `token`, from the test-result server.
    package func testResult(
        registrationToken token: RegistrationToken, testResults: inout TestResultServer, now: Int64
    ) throws(VerificationError) -> TestResult {
        guard let session = session(token, now: now) else { throw .unknownRegistrationToken }
        guard case .hashedGUID(let guid) = session.source else { throw .noTestResultForTeleTAN }
        return testResults.result(for: guid, now: now)
    }

    /// `/tan`: a TAN for the registration behind `token`.
    package mutating func requestTAN(
        registrationToken token: RegistrationToken, testResults: inout TestResultServer, now: Int64
    ) throws(VerificationError) -> TAN {
        guard var session = session(token, now: now) else { throw .unknownRegistrationToken }
        if case .hashedGUID(let guid) = session.source {
            let result = testResults.result(for: guid, now: now)
            guard result == .positive else { throw .testNotPositive(result) }
        }
        guard session.tansIssued < configuration.tanCounterMax else { throw .tanLimitReached(max: configuration.tanCounterMax) }
        var tan: TAN
        repeat { tan = TAN(Token128.draw(from: &stream)) } while tans[tan] != nil
        tans[tan] = TANRecord(issuedAt: now, redeemed: false)
        session.tansIssued += 1
        sessions[token] = session
        return tan
    }

    /// `/tan/verify`, called by the submission server: checks `tan` and, if it is
    /// valid, consumes it so that it can never be used again.
    package mutating func verifyTAN(_ tan: TAN, now: Int64) -> TANVerification {
        guard var record = tans[tan], alive(record.issuedAt, now) else { return .unknown }
        guard !record.redeemed else { return .alreadyRedeemed }
        guard now - record.issuedAt < Int64(configuration.tanValidDays) * Seconds.day else { return .expired }
        guard now >= record.issuedAt else { return .unknown }
        record.redeemed = true
        tans[tan] = record
        return .valid
    }

    // MARK: Cleanup

    /// Deletes every registration, teleTAN and TAN older than `cleanupDays`.
    package mutating func cleanup(now: Int64) {
        sessions = sessions.filter { alive($0.value.createdAt, now) }
        registeredGUIDs = registeredGUIDs.filter { alive($0.value, now) }
        teleTANs = teleTANs.filter { alive($0.value.createdAt, now) }
        tans = tans.filter { alive($0.value.issuedAt, now) }
        pruneRateWindow(now: now)
    }

    /// Stored counts (registrations, teleTANs, TANs), for reports and tests.
    package var storedCounts: (registrations: Int, teleTANs: Int, tans: Int) {
        (sessions.count, teleTANs.count, tans.count)
    }
}
