import Services
import Testing
import WarnSimCore

@Suite struct VerificationServerTests {
    let t0 = Fixture.day0 + 9 * Fixture.hour

    @Test func hashedGUIDIsSHA256OfTheGUID() throws {
        // SHA-256("abc") (FIPS 180-2 example).
        #expect(HashedGUID(guid: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(HashedGUID(hex: HashedGUID(guid: "abc").hex.uppercased()) == HashedGUID(guid: "abc"))
        #expect(HashedGUID(hex: "xyz") == nil)
    }

    @Test func tokenHexRoundTrips() {
        let token = Token128(high: 0x0123_4567_89AB_CDEF, low: 0x0000_0000_0000_00FF)
        #expect(token.hex == "0123456789abcdef00000000000000ff")
        #expect(Token128(hex: token.hex) == token)
        #expect(Token128(hex: token.hex.uppercased()) == token)
        #expect(Token128(hex: "0123") == nil)
        #expect(Token128(hex: String(repeating: "g", count: 32)) == nil)
    }

    @Test func aGUIDRegistersOnlyOnce() throws {
        var backend = Fixture.backend()
        let guid = HashedGUID(guid: "3D6D08-3567F3F2-4DCF-43A3-8737-4CD1F87D6FDA")
        let token = try backend.registerTest(hashedGUID: guid, now: t0)
        #expect(throws: VerificationError.guidAlreadyRegistered) { try backend.registerTest(hashedGUID: guid, now: t0 + 60) }
        // Still refused on day 20; the cleanup frees the GUID after 21 days.
        #expect(throws: VerificationError.guidAlreadyRegistered) { try backend.registerTest(hashedGUID: guid, now: t0 + 20 * Fixture.day) }
        backend.verification.cleanup(now: t0 + 21 * Fixture.day)
        #expect(backend.verification.session(token, now: t0 + 21 * Fixture.day) == nil)
        let again = try backend.registerTest(hashedGUID: guid, now: t0 + 21 * Fixture.day)
        #expect(again != token)
    }

    @Test func tokensAreDeterministicPerSeed() throws {
        func tokens(seed: UInt64) throws -> [String] {
            var backend = Fixture.backend(seed: seed)
            return try (0..<5).map { try backend.registerTest(hashedGUID: HashedGUID(guid: "g\($0)"), now: t0).description }
        }
        #expect(try tokens(seed: 1) == tokens(seed: 1))
        #expect(try tokens(seed: 1) != tokens(seed: 2))
        #expect(try Set(tokens(seed: 1)).count == 5)
        #expect(try tokens(seed: 1).allSatisfy { $0.count == 32 })
    }

    @Test func tanOnlyForPositiveTestsAndOnlyOnce() throws {
        var backend = Fixture.backend()
        let guid = HashedGUID(guid: "guid-1")
        let token = try backend.registerTest(hashedGUID: guid, now: t0)
        // No lab result yet: PENDING, no TAN.
        #expect(try backend.testResult(registrationToken: token, now: t0) == .pending)
        #expect(throws: VerificationError.testNotPositive(.pending)) { try backend.requestTAN(registrationToken: token, now: t0) }
        try backend.labPost(hashedGUID: guid, result: .negative, now: t0, delaySeconds: 0)
        #expect(throws: VerificationError.testNotPositive(.negative)) { try backend.requestTAN(registrationToken: token, now: t0) }
        try backend.labPost(hashedGUID: guid, result: .positive, now: t0 + 60, delaySeconds: 0)
        let tan = try backend.requestTAN(registrationToken: token, now: t0 + 120)
        #expect(tan.description.count == 32)
        // tancountermax 1.
        #expect(throws: VerificationError.tanLimitReached(max: 1)) { try backend.requestTAN(registrationToken: token, now: t0 + 180) }
        // A forged registration token.
        let forged = RegistrationToken(Token128(high: 1, low: 2))
        #expect(throws: VerificationError.unknownRegistrationToken) { try backend.requestTAN(registrationToken: forged, now: t0) }
        #expect(throws: VerificationError.unknownRegistrationToken) { try backend.testResult(registrationToken: forged, now: t0) }
    }

    @Test func tanIsOneTimeAndExpiresAfter14Days() throws {
        var backend = Fixture.backend()
        let tan = try Fixture.positiveTAN(&backend, guid: "a", now: t0)
        #expect(backend.verification.verifyTAN(tan, now: t0 + 10) == .valid)
        #expect(backend.verification.verifyTAN(tan, now: t0 + 20) == .alreadyRedeemed)
        #expect(backend.verification.verifyTAN(TAN(Token128(high: 7, low: 7)), now: t0) == .unknown)

        let late = try Fixture.positiveTAN(&backend, guid: "b", now: t0)
        #expect(backend.verification.verifyTAN(late, now: t0 + 14 * Fixture.day) == .expired)
        let justInTime = try Fixture.positiveTAN(&backend, guid: "c", now: t0)
        #expect(backend.verification.verifyTAN(justInTime, now: t0 + 14 * Fixture.day - 1) == .valid)
    }

    @Test func teleTANExchangedOnceWithinAnHour() throws {
        var backend = Fixture.backend()
        let teleTAN = try backend.createTeleTAN(now: t0)
        #expect(teleTAN.code.count == 10)
        #expect(teleTAN.code.allSatisfy { TeleTAN.alphabet.contains($0) })
        #expect(!teleTAN.code.contains { "0O1IL".contains($0) })
        let token = try backend.registerTeleTAN(teleTAN.code, now: t0 + 3_599)
        #expect(throws: VerificationError.teleTANAlreadyUsed) { try backend.registerTeleTAN(teleTAN.code, now: t0 + 3_599) }
        // The hotline verified the positive result: the TAN follows without a lab result.
        #expect(throws: VerificationError.noTestResultForTeleTAN) { try backend.testResult(registrationToken: token, now: t0 + 3_600) }
        let tan = try backend.requestTAN(registrationToken: token, now: t0 + 3_600)
        #expect(throws: VerificationError.tanLimitReached(max: 1)) { try backend.requestTAN(registrationToken: token, now: t0 + 3_601) }
        #expect(backend.verification.verifyTAN(tan, now: t0 + 3_700) == .valid)
    }

    @Test func expiredForgedAndMistypedTeleTANsFail() throws {
        var backend = Fixture.backend()
        let teleTAN = try backend.createTeleTAN(now: t0)
        #expect(throws: VerificationError.teleTANExpired) { try backend.registerTeleTAN(teleTAN.code, now: t0 + 3_600) }

        // Every single-character change is caught by the check character.
        let other = try backend.createTeleTAN(now: t0)
        var characters = Array(other.code)
        for position in characters.indices {
            let original = characters[position]
            for replacement in TeleTAN.alphabet where replacement != original {
                characters[position] = replacement
                #expect(TeleTAN(code: String(characters)) == nil)
            }
            characters[position] = original
        }
        var swapped = characters
        if let i = (0..<9).first(where: { swapped[$0] != swapped[$0 + 1] }) {
            swapped.swapAt(i, i + 1)
            #expect(TeleTAN(code: String(swapped)) == nil)
        }
        #expect(throws: VerificationError.malformedTeleTAN("ABC")) { try backend.registerTeleTAN("ABC", now: t0) }
        #expect(throws: VerificationError.malformedTeleTAN("ABCDEFGHI0")) { try backend.registerTeleTAN("ABCDEFGHI0", now: t0) }

        // A well-formed code the server never issued.
        var stream = RandomStream(seed: 5, subsystem: "forger")
        var forged = TeleTAN.draw(from: &stream)
        while forged == teleTAN || forged == other { forged = TeleTAN.draw(from: &stream) }
        #expect(throws: VerificationError.unknownTeleTAN) { try backend.registerTeleTAN(forged.code, now: t0 + 1) }
        #expect(TeleTAN(code: forged.code) == forged)
    }

    @Test func teleTANRateLimitIs1000PerHour() throws {
        var backend = Fixture.backend()
        for i in 0..<799 { _ = try backend.createTeleTAN(now: t0 + Int64(i)) }
        #expect(!backend.verification.teleTANRateWarning(now: t0 + 799))
        for i in 799..<1_000 { _ = try backend.createTeleTAN(now: t0 + Int64(i)) }
        #expect(backend.verification.teleTANRateWarning(now: t0 + 1_000))
        #expect(throws: VerificationError.teleTANRateLimitExceeded(limit: 1_000)) { try backend.createTeleTAN(now: t0 + 1_000) }
        // The window slides: one hour after the first teleTAN, one slot is free again.
        #expect(throws: VerificationError.teleTANRateLimitExceeded(limit: 1_000)) { try backend.createTeleTAN(now: t0 + 3_599) }
        _ = try backend.createTeleTAN(now: t0 + 3_600)
        #expect(throws: VerificationError.teleTANRateLimitExceeded(limit: 1_000)) { try backend.createTeleTAN(now: t0 + 3_600) }
        #expect(backend.verification.teleTANsInLastHour(now: t0 + 3_600) == 1_000)
    }

    @Test func cleanupDeletesEverythingAfter21Days() throws {
        var backend = Fixture.backend()
        _ = try Fixture.positiveTAN(&backend, guid: "x", now: t0)
        _ = try backend.createTeleTAN(now: t0)
        #expect(backend.verification.storedCounts == (1, 1, 1))
        backend.verification.cleanup(now: t0 + 21 * Fixture.day - 1)
        #expect(backend.verification.storedCounts == (1, 1, 1))
        backend.verification.cleanup(now: t0 + 21 * Fixture.day)
        #expect(backend.verification.storedCounts == (0, 0, 0))
    }
}
