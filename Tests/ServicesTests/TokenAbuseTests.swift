import Foundation
import Services
import Testing
import WarnSimCore

/// 10,000 attempts with forged, replayed, expired and cross-user TANs and
/// registration tokens: none leads to an accepted key upload; only the one
/// legitimate first use of each issued TAN does.
@Suite struct TokenAbuseTests {
    enum Attack: Int, CaseIterable {
        case forgedTAN, nearMissTAN, replayedTAN, expiredTAN, tanBeforeIssue, negativeUserAsksForTAN, pendingUserAsksForTAN,
            forgedRegistrationToken, secondTANForOneTest, forgedTeleTAN, replayedTeleTAN
    }

    @Test func abusedTokensNeverUploadKeys() throws {
        var backend = Fixture.backend()
        var random = RandomStream(seed: 17, subsystem: "token-abuse")
        var now = Fixture.day0
        var legitimate = 0
        var redeemed: [TAN] = []
        var usedTeleTANs: [TeleTAN] = []
        var counts = [Attack: Int]()
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let validSeconds = Int64(backend.configuration.verification.tanValidDays) * Fixture.day

        func rejectedUpload(_ tan: TAN, at time: Int64, _ attack: Attack, entity: Int) {
            let keys = Fixture.upload(now: time, pastDays: 2, entity: UInt64(entity))
            do {
                try backend.submitKeys(keys, tan: tan, now: time)
                Issue.record("\(attack): an upload with \(tan) was accepted")
            } catch {}
        }
        func legitimateUpload(_ tan: TAN, entity: Int) throws {
            try backend.submitKeys(Fixture.upload(now: now, pastDays: 2, entity: UInt64(entity)), tan: tan, now: now)
            legitimate += 1
            redeemed.append(tan)
        }
        func expectRefused<T>(_ attack: Attack, _ body: () throws -> T) {
            do {
                _ = try body()
                Issue.record("\(attack): a token request was granted")
            } catch {}
        }

        for index in 0..<10_000 {
            now += 60
            let attack = Attack(rawValue: below(Attack.allCases.count))!
            counts[attack, default: 0] += 1
            let guid = "user-\(index)"
            switch attack {
            case .forgedTAN:
                rejectedUpload(TAN(Token128(high: random.next(), low: random.next())), at: now, attack, entity: index)
            case .nearMissTAN:
                let tan = try Fixture.positiveTAN(&backend, guid: guid, now: now)
                var value = tan.value
                if below(2) == 0 { value.low ^= 1 << UInt64(below(64)) } else { value.high ^= 1 << UInt64(below(64)) }
                rejectedUpload(TAN(value), at: now, attack, entity: index)
                try legitimateUpload(tan, entity: index)
            case .replayedTAN:
                if redeemed.isEmpty { try legitimateUpload(try Fixture.positiveTAN(&backend, guid: guid, now: now), entity: index) }
                rejectedUpload(redeemed[below(redeemed.count)], at: now, attack, entity: index)
            case .expiredTAN:
                let tan = try Fixture.positiveTAN(&backend, guid: guid, now: now)
                rejectedUpload(tan, at: now + validSeconds + Int64(below(3_600)), attack, entity: index)
            case .tanBeforeIssue:
                let tan = try Fixture.positiveTAN(&backend, guid: guid, now: now)
                rejectedUpload(tan, at: now - 1 - Int64(below(3_600)), attack, entity: index)
            case .negativeUserAsksForTAN:
                let hashed = HashedGUID(guid: guid)
                let token = try backend.registerTest(hashedGUID: hashed, now: now)
                try backend.labPost(hashedGUID: hashed, result: below(2) == 0 ? .negative : .invalid, now: now)
                expectRefused(attack) { try backend.requestTAN(registrationToken: token, now: now) }
            case .pendingUserAsksForTAN:
                let token = try backend.registerTest(hashedGUID: HashedGUID(guid: guid), now: now)
                expectRefused(attack) { try backend.requestTAN(registrationToken: token, now: now) }
            case .forgedRegistrationToken:
                let forged = RegistrationToken(Token128(high: random.next(), low: random.next()))
                expectRefused(attack) { try backend.requestTAN(registrationToken: forged, now: now) }
                expectRefused(attack) { try backend.testResult(registrationToken: forged, now: now) }
            case .secondTANForOneTest:
                let hashed = HashedGUID(guid: guid)
                let token = try backend.registerTest(hashedGUID: hashed, now: now)
                try backend.labPost(hashedGUID: hashed, result: .positive, now: now)
                try legitimateUpload(try backend.requestTAN(registrationToken: token, now: now), entity: index)
                expectRefused(attack) { try backend.requestTAN(registrationToken: token, now: now) }
                // Registering the same test again is refused too.
                expectRefused(attack) { try backend.registerTest(hashedGUID: hashed, now: now) }
            case .forgedTeleTAN:
                // Well-formed (correct check character) but never issued, or mistyped.
                var code = TeleTAN.draw(from: &random).code
                if below(2) == 0 { code = String(code.reversed()) }
                expectRefused(attack) { try backend.registerTeleTAN(code, now: now) }
            case .replayedTeleTAN:
                let teleTAN = try backend.createTeleTAN(now: now)
                _ = try backend.registerTeleTAN(teleTAN.code, now: now)
                usedTeleTANs.append(teleTAN)
                let replay = usedTeleTANs[below(usedTeleTANs.count)]
                expectRefused(attack) { try backend.registerTeleTAN(replay.code, now: now) }
            }
        }
        #expect(counts.count == Attack.allCases.count)
        #expect(backend.counters.uploadsAccepted == legitimate)
        #expect(legitimate > 1_000)
    }
}
