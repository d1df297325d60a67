import Services
import Testing

@Suite struct TestResultServerTests {
    let t0 = Fixture.day0 + 8 * Fixture.hour
    let guid = HashedGUID(guid: "lab-test")

    @Test func resultVisibleAfterTheLabsDelay() throws {
        var backend = Fixture.backend()
        let token = try backend.registerTest(hashedGUID: guid, now: t0)
        try backend.labPost(hashedGUID: guid, result: .positive, now: t0 + Fixture.hour, delaySeconds: 24 * Fixture.hour)
        #expect(try backend.testResult(registrationToken: token, now: t0 + 10 * Fixture.hour) == .pending)
        #expect(try backend.testResult(registrationToken: token, now: t0 + 25 * Fixture.hour - 1) == .pending)
        #expect(try backend.testResult(registrationToken: token, now: t0 + 25 * Fixture.hour) == .positive)
    }

    @Test func everyResultKindAndNoLabRedeemed() throws {
        var server = TestResultServer()
        for result in [TestResult.pending, .negative, .positive, .invalid] {
            try server.labPost(hashedGUID: guid, result: result, now: t0, delaySeconds: 0)
            #expect(server.result(for: guid, now: t0) == result)
        }
        #expect(throws: TestResultError.labCannotPostRedeemed) { try server.labPost(hashedGUID: guid, result: .redeemed, now: t0) }
        #expect(throws: TestResultError.negativeDelay(-1)) {
            try server.labPost(hashedGUID: guid, result: .positive, now: t0, delaySeconds: -1)
        }
    }

    @Test func redeemedAfter21DaysDeletedAfter60() throws {
        var server = TestResultServer()
        try server.labPost(hashedGUID: guid, result: .positive, now: t0)
        #expect(server.result(for: guid, now: t0 + 21 * Fixture.day - 1) == .positive)
        #expect(server.result(for: guid, now: t0 + 21 * Fixture.day) == .redeemed)
        server.cleanup(now: t0 + 60 * Fixture.day - 1)
        #expect(server.entry(for: guid) != nil)
        server.cleanup(now: t0 + 60 * Fixture.day)
        #expect(server.entry(for: guid) == nil)
        #expect(server.count == 0)
    }

    @Test func redeemedTestGivesNoTAN() throws {
        var backend = Fixture.backend()
        // The lab reports first; the app registers a day later (its token lives 21 days from then).
        try backend.labPost(hashedGUID: guid, result: .positive, now: t0)
        let token = try backend.registerTest(hashedGUID: guid, now: t0 + Fixture.day)
        #expect(throws: VerificationError.testNotPositive(.redeemed)) {
            try backend.requestTAN(registrationToken: token, now: t0 + 21 * Fixture.day)
        }
    }
}
