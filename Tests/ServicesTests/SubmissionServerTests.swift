import ExposureNotification
import Services
import Testing

@Suite struct SubmissionServerTests {
    let now = Fixture.day0 + 3 * Fixture.day + 10 * Fixture.hour + 1_800  // day 3, 10:30

    @Test func forgedReplayedAndExpiredTANsAreRejected() throws {
        var backend = Fixture.backend()
        let keys = Fixture.upload(now: now, entity: 1)

        // Forged: never issued.
        #expect(throws: SubmissionError.tanRejected(.unknown)) {
            try backend.submitKeys(keys, tan: TAN(Token128(high: 0xDEAD, low: 0xBEEF)), now: now)
        }
        // Valid once, then replayed.
        let tan = try Fixture.positiveTAN(&backend, guid: "p1", now: now - Fixture.day)
        #expect(try backend.submitKeys(keys, tan: tan, now: now) == 13)
        #expect(throws: SubmissionError.tanRejected(.alreadyRedeemed)) { try backend.submitKeys(keys, tan: tan, now: now + 60) }
        // Expired: issued 14 days before the upload.
        let old = try Fixture.positiveTAN(&backend, guid: "p2", now: now - 14 * Fixture.day)
        #expect(throws: SubmissionError.tanRejected(.expired)) { try backend.submitKeys(keys, tan: old, now: now) }
        // Only the one accepted upload reached distribution.
        #expect(backend.distribution.statistics.received == 13)
        #expect(backend.counters.uploadsAccepted == 1 && backend.counters.keysAccepted == 13)
        #expect(backend.counters.tansIssued == 2 && backend.counters.registrations == 2)
        #expect(
            backend.counters.rejections.map(\.reason) == [
                "submission.tan_already_redeemed", "submission.tan_expired", "submission.tan_unknown",
            ])
        #expect(backend.counters.rejections.map(\.count) == [1, 1, 1])
    }

    @Test func oneToFourteenKeys() throws {
        let server = SubmissionServer()
        #expect(throws: SubmissionError.keyCount(0, maximum: 14)) { try server.validate([], now: now) }
        let fourteen = Fixture.upload(now: now, pastDays: 13, includeToday: true, entity: 2)
        #expect(fourteen.count == 14)
        #expect(try server.validate(fourteen, now: now).count == 14)
        let fifteen = Fixture.upload(now: now, pastDays: 14, includeToday: true, entity: 2)
        #expect(throws: SubmissionError.keyCount(15, maximum: 14)) { try server.validate(fifteen, now: now) }
    }

    @Test func keyFieldsAreChecked() throws {
        let server = SubmissionServer()
        let good = Fixture.upload(now: now, pastDays: 3, entity: 3)

        var short = good
        short[1].keyData.removeLast()
        #expect(throws: SubmissionError.keyDataLength(index: 1, bytes: 15)) { try server.validate(short, now: now) }

        for period: UInt32 in [0, 145] {
            var bad = good
            bad[2].rollingPeriod = period
            #expect(throws: SubmissionError.rollingPeriod(index: 2, period)) { try server.validate(bad, now: now) }
        }

        var future = good
        future[0].rollingStartIntervalNumber = UInt32(now / 600) + 1
        future[0].rollingPeriod = 1
        #expect(throws: SubmissionError.keyInFuture(index: 0)) { try server.validate(future, now: now) }

        // Exactly 14 days old is accepted; one interval older is not.
        var edge = good
        edge[0].rollingStartIntervalNumber = UInt32((now - 14 * Fixture.day) / 600)
        #expect(try server.validate(edge, now: now - (now % 600)).count == 3)
        edge[0].rollingStartIntervalNumber -= 1
        #expect(throws: SubmissionError.keyTooOld(index: 0, ageSeconds: 14 * Fixture.day + 600, maximumDays: 14)) {
            try server.validate(edge, now: now - (now % 600))
        }

        for trl in [0, 9] {
            var bad = good
            bad[0].transmissionRiskLevel = trl
            #expect(throws: SubmissionError.transmissionRiskLevel(index: 0, trl)) { try server.validate(bad, now: now) }
        }
    }

    @Test func anInvalidPayloadDoesNotConsumeTheTAN() throws {
        var backend = Fixture.backend()
        let tan = try Fixture.positiveTAN(&backend, guid: "p3", now: now)
        var bad = Fixture.upload(now: now, entity: 4)
        bad[0].rollingPeriod = 0
        #expect(throws: SubmissionError.rollingPeriod(index: 0, 0)) { try backend.submitKeys(bad, tan: tan, now: now) }
        #expect(try backend.submitKeys(Fixture.upload(now: now, entity: 4), tan: tan, now: now) == 13)
    }

    @Test func missingTRLOrDSOSIsDerivedWithTheServerMaps() throws {
        let server = SubmissionServer()
        let keys = Fixture.upload(
            now: now, pastDays: 4, entity: 5, trl: { age in age == 1 ? 6 : nil },
            dsos: { age in
                [1: nil, 2: 0, 3: 3, 4: nil][age] ?? nil
            })
        let stored = try server.validate(keys, now: now)
        #expect(stored.map(\.transmissionRiskLevel) == [6, 8, 5, 1])  // given; DSOS 0 → 8; DSOS 3 → 5; default 1
        #expect(stored.map(\.daysSinceOnsetOfSymptoms) == [3995, 0, 3, 3986])  // dsos-from-trl for 6 and 1
        #expect(stored.allSatisfy { $0.submittedAt == now })
    }
}
