import Crypto
import ExposureNotification
import Foundation
import Services
import Testing

@Suite struct DistributionTests {
    /// Day 3 of the fixture calendar.
    let dayStart = Fixture.day0 + 3 * Fixture.day
    var dayNumber: Int64 { dayStart / Fixture.day }

    func lenient(threshold: Int = 1) -> ServicesConfig {
        var configuration = ServicesConfig()
        configuration.distribution.shiftingPolicyThreshold = threshold
        return configuration
    }

    /// Eleven positive users upload 13 past keys and today's key at 10:30.
    func elevenUploads(
        _ backend: inout CWABackend, at upload: Int64, trl: @escaping (Int) -> Int? = { 3 + $0 % 6 }
    ) throws -> [[SubmittedKey]] {
        var uploads: [[SubmittedKey]] = []
        for user in 0..<11 {
            let guid = HashedGUID(guid: "user-\(user)")
            let token = try backend.registerTest(hashedGUID: guid, now: upload - 30 * Fixture.hour)
            try backend.labPost(hashedGUID: guid, result: .positive, now: upload - 29 * Fixture.hour, delaySeconds: 20 * Fixture.hour)
            #expect(try backend.testResult(registrationToken: token, now: upload - 10 * Fixture.hour) == .pending)
            #expect(try backend.testResult(registrationToken: token, now: upload - 9 * Fixture.hour) == .positive)
            let tan = try backend.requestTAN(registrationToken: token, now: upload - 60)
            let keys = Fixture.upload(now: upload, pastDays: 13, includeToday: true, entity: UInt64(user), trl: trl)
            #expect(try backend.submitKeys(keys, tan: tan, now: upload) == 14)
            uploads.append(keys)
        }
        return uploads
    }

    @Test func happyPathKeysReachHourAndDayPackagesAfterTheEmbargo() throws {
        var backend = Fixture.backend()
        let upload = dayStart + 10 * Fixture.hour + 1_800
        let uploads = try elevenUploads(&backend, at: upload)

        // The 10:00 hour is not over at 10:59: nothing yet.
        #expect(try backend.runHourlyJobs(now: upload + 29 * 60).isEmpty)
        // At 11:00 the 10:00 hour package holds the 143 expired keys (13 per user).
        let published = try backend.runHourlyJobs(now: dayStart + 11 * Fixture.hour)
        #expect(published.count == 1)
        let hourPackage = try #require(published.first)
        #expect(hourPackage.kind == .hour && hourPackage.day == dayNumber && hourPackage.hour == 10)
        #expect(hourPackage.keyCount == 143)
        #expect(hourPackage.path(region: "DE") == "/version/v1/diagnosis-keys/country/DE/date/2020-10-04/hour/10")
        #expect(backend.distribution.availableHours(day: dayNumber, now: dayStart + 11 * Fixture.hour) == [10])

        // Every key in it is published at least 2 h after its rolling period ends.
        for key in hourPackage.export.keys {
            let end = (Int64(key.rollingStartIntervalNumber.rawValue) + Int64(key.rollingPeriod)) * 600
            #expect(hourPackage.publishedAt - end >= 7_200)
        }
        // The signed package verifies, also after a trip through its zip archive.
        #expect(try hourPackage.package.verify(with: backend.verificationKey) == .verified)
        let downloaded = try KeyExportPackage(zipData: try hourPackage.package.zipData())
        #expect(try downloaded.verify(with: backend.verificationKey) == .verified)
        let export = try downloaded.export()
        #expect(export == hourPackage.export)
        #expect(export.region == "DE")
        #expect(export.startTimestamp == UInt64(dayStart + 10 * Fixture.hour))
        #expect(export.endTimestamp == UInt64(dayStart + 11 * Fixture.hour))
        #expect(try downloaded.signatures().first?.info?.verificationKeyID == "262")

        // User 0's key of 4 days ago (TRL 3 + 4 = 7) is there, encoded for ENF v2.
        let mine = uploads[0][4]
        #expect(mine.transmissionRiskLevel == 7)
        let exported = try #require(export.keys.first { $0.keyData.bytes == mine.keyData })
        #expect(exported.reportType == .confirmedTest)
        #expect(exported.daysSinceOnsetOfSymptoms == 1)
        #expect(exported.transmissionRiskLevel == 7)
        #expect(exported.rollingStartIntervalNumber.rawValue == mine.rollingStartIntervalNumber)

        // Today's keys (11, rolling period ending 10:30) are not distributable before 12:30,
        // and then too few for the shifting policy: carried, not published.
        let todays = Set(uploads.map { $0[0].keyData })
        #expect(Fixture.keyData(of: hourPackage).isDisjoint(with: todays))
        #expect(try backend.runHourlyJobs(now: dayStart + 13 * Fixture.hour).isEmpty)
        #expect(backend.distribution.pendingCount == 11)

        // At midnight the day package of the date appears with the day's 143 keys.
        let midnight = try backend.runHourlyJobs(now: dayStart + Fixture.day)
        let dayPackage = try #require(midnight.first { $0.kind == .day })
        #expect(dayPackage.day == dayNumber && dayPackage.hour == nil)
        #expect(dayPackage.path(region: "DE") == "/version/v1/diagnosis-keys/country/DE/date/2020-10-04")
        #expect(Fixture.keyData(of: dayPackage) == Fixture.keyData(of: hourPackage))
        #expect(try dayPackage.package.verify(with: backend.verificationKey) == .verified)
        #expect(backend.distribution.availableDays(now: dayStart + Fixture.day) == [dayNumber])
        #expect(backend.distribution.dayPackage(day: dayNumber, now: dayStart + Fixture.day - 1) == nil)
        #expect(backend.distribution.dayPackage(day: dayNumber, now: dayStart + Fixture.day) == dayPackage)
    }

    @Test func noKeyIsPublishedBeforeTwoHoursAfterItsRollingPeriodEnds() throws {
        var backend = Fixture.backend(lenient())
        let upload = dayStart + 10 * Fixture.hour + 1_800
        let tan = try Fixture.positiveTAN(&backend, guid: "embargo", now: upload)
        let keys = Fixture.upload(now: upload, pastDays: 0, includeToday: true, entity: 9)
        #expect(keys.count == 1)
        try backend.submitKeys(keys, tan: tan, now: upload)
        for hour: Int64 in 11...12 {
            #expect(try backend.runHourlyJobs(now: dayStart + hour * Fixture.hour).isEmpty)
        }
        #expect(try backend.runHourlyJobs(now: dayStart + 12 * Fixture.hour + 1_800).isEmpty)  // 12:00 hour not over
        let published = try backend.runHourlyJobs(now: dayStart + 13 * Fixture.hour)
        let package = try #require(published.first)
        #expect(package.hour == 12)
        #expect(package.export.keys.map(\.keyData.bytes) == [keys[0].keyData])
        #expect(package.publishedAt - upload >= 7_200)  // the key's period ended at the upload
    }

    @Test func shiftingPolicyCarriesSmallHoursForward() throws {
        var backend = Fixture.backend()  // threshold 140
        let first = dayStart + 9 * Fixture.hour + 600
        var all = Set<[UInt8]>()
        for user in 0..<10 {
            let tan = try Fixture.positiveTAN(&backend, guid: "s\(user)", now: first)
            let keys = Fixture.upload(now: first, entity: 100 + UInt64(user))
            all.formUnion(keys.map(\.keyData))
            try backend.submitKeys(keys, tan: tan, now: first)
        }
        // 130 keys < 140: no package for the 9:00 hour; the keys wait.
        #expect(try backend.runHourlyJobs(now: dayStart + 10 * Fixture.hour).isEmpty)
        #expect(backend.distribution.pendingCount == 130)
        #expect(backend.distribution.availableHours(day: dayNumber, now: dayStart + 10 * Fixture.hour).isEmpty)
        // 13 more in the 10:00 hour: 143 ≥ 140, all published in the 10:00 package.
        let second = dayStart + 10 * Fixture.hour + 600
        let tan = try Fixture.positiveTAN(&backend, guid: "s10", now: second)
        let keys = Fixture.upload(now: second, entity: 110)
        all.formUnion(keys.map(\.keyData))
        try backend.submitKeys(keys, tan: tan, now: second)
        let published = try backend.runHourlyJobs(now: dayStart + 11 * Fixture.hour)
        let package = try #require(published.first)
        #expect(package.hour == 10 && package.keyCount == 143)
        #expect(Fixture.keyData(of: package) == all)
        #expect(backend.distribution.pendingCount == 0)
        #expect(backend.distribution.statistics.shiftedHours == 1)
    }

    @Test func shiftingThresholdIsInclusive() throws {
        var backend = Fixture.backend(lenient(threshold: 26))
        let t = dayStart + 9 * Fixture.hour
        let tan1 = try Fixture.positiveTAN(&backend, guid: "a", now: t)
        try backend.submitKeys(Fixture.upload(now: t, entity: 1), tan: tan1, now: t)
        let tan2 = try Fixture.positiveTAN(&backend, guid: "b", now: t)
        var twelve = Fixture.upload(now: t, entity: 2)
        twelve.removeLast()
        try backend.submitKeys(twelve, tan: tan2, now: t)
        #expect(try backend.runHourlyJobs(now: t + Fixture.hour).isEmpty)  // 25 < 26
        let tan3 = try Fixture.positiveTAN(&backend, guid: "c", now: t + Fixture.hour)
        try backend.submitKeys(Array(Fixture.upload(now: t, entity: 3).prefix(1)), tan: tan3, now: t + Fixture.hour)
        #expect(try backend.runHourlyJobs(now: t + 2 * Fixture.hour).first?.keyCount == 26)
    }

    @Test func keysWithTRLBelow3AreNeverDistributed() throws {
        // With the production threshold: 11 × 13 keys, of which 11 × 2 have TRL 1 or 2,
        // leave 121 < 140 distributable keys, so nothing is published.
        var strict = Fixture.backend()
        let upload = dayStart + 10 * Fixture.hour + 1_800
        _ = try elevenUploads(&strict, at: upload, trl: { age in age == 1 ? 1 : (age == 2 ? 2 : 5) })
        #expect(try strict.runHourlyJobs(now: dayStart + 11 * Fixture.hour).isEmpty)
        #expect(strict.distribution.statistics.droppedLowTRL == 22)

        // With every key publishable at once, the low-TRL keys are still left out.
        var backend = Fixture.backend(lenient())
        let uploads = try elevenUploads(&backend, at: upload, trl: { age in age == 1 ? 1 : (age == 2 ? 2 : 5) })
        let packages = try backend.runHourlyJobs(now: dayStart + Fixture.day)
        let published = packages.reduce(into: Set<[UInt8]>()) { $0.formUnion(Fixture.keyData(of: $1)) }
        let low = Set(uploads.flatMap { [$0[1].keyData, $0[2].keyData] })
        #expect(published.isDisjoint(with: low))
        #expect(published.count == 11 * 12)
        #expect(packages.allSatisfy { $0.export.keys.allSatisfy { ($0.transmissionRiskLevel ?? 0) >= 3 } })
    }

    @Test func everyTRLIsEncodedAsTheReferenceSays() throws {
        var backend = Fixture.backend(lenient())
        let upload = dayStart + 10 * Fixture.hour
        let tan = try Fixture.positiveTAN(&backend, guid: "enc", now: upload)
        let keys = Fixture.upload(now: upload, pastDays: 8, entity: 77, trl: { $0 })  // TRL = age 1…8
        try backend.submitKeys(keys, tan: tan, now: upload)
        let package = try #require(try backend.runHourlyJobs(now: upload + Fixture.hour).first)
        let expected: [Int: (DiagnosisKey.ReportType, Int32)] = [
            3: (.selfReport, 1), 4: (.selfReport, 2), 5: (.confirmedClinicalDiagnosis, 1),
            6: (.confirmedClinicalDiagnosis, 2), 7: (.confirmedTest, 1), 8: (.confirmedTest, 2),
        ]
        #expect(package.keyCount == 6)
        for key in package.export.keys {
            let trl = try #require(key.transmissionRiskLevel)
            let (reportType, dsos) = try #require(expected[Int(trl)])
            #expect(key.reportType == reportType)
            #expect(key.daysSinceOnsetOfSymptoms == dsos)
        }
    }

    /// RISK-CALCULATION.md §1.7 "Net effect": the window's (report type,
    /// infectiousness), as the phone's ENF derives it with the CWA data mapping,
    /// decodes back to the uploaded TRL with the production `trlEncoding`
    /// (standard +1, high +2; recursive 0, self-report 2, clinical 4, confirmed test 6).
    @Test(arguments: 1...8)
    func exportedKeyDecodesBackToItsTRLOnThePhone(trl: Int) throws {
        let stored = StoredDiagnosisKey(
            keyData: try #require(KeyBytes(Array(repeating: UInt8(trl), count: 16))),
            rollingStartIntervalNumber: ENIntervalNumber(UInt32(dayStart / 600)), rollingPeriod: 144,
            transmissionRiskLevel: trl, daysSinceOnsetOfSymptoms: 5, submittedAt: dayStart + Fixture.day)
        let key = try #require(TransmissionRiskEncoding.exportKey(stored))
        let mapping = DiagnosisKeysDataMapping.coronaWarnApp
        let reportOffset: Int
        switch mapping.reportType(of: key) {
        case .recursive: reportOffset = 0
        case .selfReport: reportOffset = 2
        case .confirmedClinicalDiagnosis: reportOffset = 4
        case .confirmedTest: reportOffset = 6
        default:
            Issue.record("unexpected report type \(mapping.reportType(of: key))")
            return
        }
        let infectiousness = mapping.infectiousness(daysSinceOnset: key.daysSinceOnsetOfSymptoms)
        #expect(infectiousness != .none)
        #expect(reportOffset + (infectiousness == .high ? 2 : 1) == trl)
    }

    @Test func tamperedPackagesFailVerification() throws {
        var backend = Fixture.backend(lenient())
        let upload = dayStart + 10 * Fixture.hour
        let tan = try Fixture.positiveTAN(&backend, guid: "t", now: upload)
        try backend.submitKeys(Fixture.upload(now: upload, entity: 5), tan: tan, now: upload)
        let package = try #require(try backend.runHourlyJobs(now: upload + Fixture.hour).first).package
        #expect(try package.verify(with: backend.verificationKey) == .verified)
        for index in stride(from: 0, to: package.exportBin.count, by: 7) {
            var tampered = package.exportBin
            tampered[tampered.startIndex + index] ^= 0x01
            let forged = KeyExportPackage(exportBin: tampered, exportSig: package.exportSig)
            #expect(try forged.verify(with: backend.verificationKey) == .invalid)
        }
        // Signed by someone else: invalid under the pinned key.
        let impostor = try KeyExportPackage(signing: try package.export(), with: P256.Signing.PrivateKey())
        #expect(try impostor.verify(with: backend.verificationKey) == .invalid)
    }

    @Test func daysToPublishAndRetention() throws {
        // Keys held back by the shifting policy are dropped after 10 days.
        var backend = Fixture.backend()
        let upload = dayStart + 10 * Fixture.hour + 600
        let tan = try Fixture.positiveTAN(&backend, guid: "d", now: upload)
        try backend.submitKeys(Fixture.upload(now: upload, entity: 6), tan: tan, now: upload)
        try backend.runHourlyJobs(now: upload + 10 * Fixture.day)
        #expect(backend.distribution.pendingCount == 13)
        try backend.runHourlyJobs(now: upload + 10 * Fixture.day + Fixture.hour)
        #expect(backend.distribution.pendingCount == 0)
        #expect(backend.distribution.statistics.droppedUnpublished == 13)

        // Hour packages stay 2 days, day packages 14 days.
        var lenientBackend = Fixture.backend(lenient())
        let tan2 = try Fixture.positiveTAN(&lenientBackend, guid: "r", now: upload)
        try lenientBackend.submitKeys(Fixture.upload(now: upload, entity: 7), tan: tan2, now: upload)
        try lenientBackend.runHourlyJobs(now: dayStart + Fixture.day)
        #expect(lenientBackend.distribution.availableHours(day: dayNumber, now: dayStart + Fixture.day) == [10])
        try lenientBackend.runHourlyJobs(now: dayStart + 2 * Fixture.day + 10 * Fixture.hour)  // 48 h after the hour began
        #expect(lenientBackend.distribution.availableHours(day: dayNumber, now: dayStart + 3 * Fixture.day) == [10])
        try lenientBackend.runHourlyJobs(now: dayStart + 2 * Fixture.day + 11 * Fixture.hour)
        #expect(lenientBackend.distribution.availableHours(day: dayNumber, now: dayStart + 3 * Fixture.day).isEmpty)
        try lenientBackend.runHourlyJobs(now: dayStart + 14 * Fixture.day)
        #expect(lenientBackend.distribution.availableDays(now: dayStart + 14 * Fixture.day) == [dayNumber])
        try lenientBackend.runHourlyJobs(now: dayStart + 15 * Fixture.day)
        #expect(lenientBackend.distribution.availableDays(now: dayStart + 15 * Fixture.day).isEmpty)
    }

    @Test func sameSeedSameExportBytes() throws {
        func run() throws -> [Data] {
            var backend = Fixture.backend(lenient(), seed: 11)
            let upload = dayStart + 10 * Fixture.hour
            for user in 0..<3 {
                let tan = try Fixture.positiveTAN(&backend, guid: "u\(user)", now: upload)
                try backend.submitKeys(Fixture.upload(now: upload, entity: UInt64(user)), tan: tan, now: upload)
            }
            return try backend.runHourlyJobs(now: dayStart + Fixture.day).map(\.package.exportBin)
        }
        let first = try run()
        #expect(first.count == 2)
        #expect(try run() == first)
    }
}
