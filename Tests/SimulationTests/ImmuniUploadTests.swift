import ExposureNotification
import Foundation
import Services
import Simulation
import Testing
import WarnSimCore

/// Immuni's upload path: the one-time code, the OTP service, the
/// exposure-ingestion rules, and the path on simulated phones.
@Suite struct ImmuniUploadTests {
    // MARK: The code

    /// A code worked out by hand from the format's published weight tables
    /// (immuni-backend-common `OtpCodeValidator`): odd positions A 1, F 13,
    /// I 19, K 2, Q 6; even positions E 4, H 7, J 9, L 11; sum 72, 72 mod 25
    /// = 22, the alphabet's 23rd character, "7".
    @Test func checkCharacterFollowsThePublishedTables() throws {
        #expect(ImmuniOTP(code: "AEFHIJKLQ7") != nil)
        for wrong in ["AEFHIJKLQ8", "AEFHIJKLQ", "AEFHIJKLQ7X", "AEFHIJKLB7", "aefhijklq7", "0EFHIJKLQ7"] {
            #expect(ImmuniOTP(code: wrong) == nil, "\(wrong)")
        }
        var stream = RandomStream(seed: 5, subsystem: StreamName.appImmuniUpload, entity: 1)
        for _ in 0..<200 {
            let otp = ImmuniOTP.draw(from: &stream)
            #expect(ImmuniOTP(code: otp.code) == otp)
            #expect(otp.code.count == 10 && otp.code.allSatisfy { ImmuniOTP.alphabet.contains($0) })
        }
        // The bearer token: SHA-256 of the code's UTF-8 bytes, lowercase hex.
        let token = try #require(ImmuniOTP(code: "AEFHIJKLQ7")).sha256
        #expect(token.count == 64 && token.allSatisfy { "0123456789abcdef".contains($0) })
    }

    // MARK: The services

    @Test func anAuthorisedCodeExpiresAfter150SecondsAndIsUsedOnce() throws {
        var backend = try Self.backend()
        let otp = try #require(ImmuniOTP(code: "AEFHIJKLQ7"))
        let now: Int64 = 1_602_504_000  // 2020-10-12 12:00 UTC
        let today = now / 86_400
        #expect(throws: ImmuniUploadError.malformedOTP) {
            try backend.authoriseOTP(code: "AEFHIJKLQ8", symptomsStartedOnDay: today, now: now)
        }
        #expect(throws: ImmuniUploadError.symptomsInFuture) {
            try backend.authoriseOTP(code: otp.code, symptomsStartedOnDay: today + 1, now: now)
        }
        try backend.authoriseOTP(code: otp.code, symptomsStartedOnDay: today - 3, now: now)
        #expect(throws: ImmuniUploadError.otpCollision) {
            try backend.authoriseOTP(code: otp.code, symptomsStartedOnDay: today, now: now + 10)
        }
        try backend.checkOTP(sha256: otp.sha256, now: now + 149)
        #expect(throws: ImmuniUploadError.otpNotAuthorised) { try backend.checkOTP(sha256: otp.sha256, now: now + 150) }
        // Within the 150 s an upload is accepted once.
        let keys = Self.keys(endingDay: today, count: 14)
        #expect(try backend.uploadWithOTP(keys, sha256: otp.sha256, now: now + 60) > 0)
        #expect(throws: ImmuniUploadError.otpNotAuthorised) {
            try backend.uploadWithOTP(keys, sha256: otp.sha256, now: now + 61)
        }
        #expect(backend.counters.otpsAuthorised == 1 && backend.counters.uploadsAccepted == 1)
        #expect(backend.counters.rejections.contains { $0.reason == "immuni.otp_not_authorised" && $0.count == 2 })
    }

    /// The keys kept: from two days before the onset, TRL 8, none still valid.
    @Test func ingestionKeepsTheKeysFromTwoDaysBeforeTheOnset() throws {
        let now: Int64 = 1_602_504_000
        let today = now / 86_400
        // 14 keys of the days before today, and today's key (still valid).
        let keys = Self.keys(endingDay: today - 1, count: 14) + Self.keys(endingDay: today, count: 1)
        let config = ServicesConfig.ImmuniIngestion()
        #expect(throws: ImmuniUploadError.keyCount(15, maximum: 14)) {
            _ = try ExposureIngestion.keysAtRisk(keys, symptomsStartedOnDay: today - 5, now: now, configuration: config)
        }
        let kept = try ExposureIngestion.keysAtRisk(
            Array(keys.suffix(14)), symptomsStartedOnDay: today - 5, now: now, configuration: config)
        // Days today-7 ... today-1: 7 keys; today's key is dropped.
        #expect(kept.count == 7)
        #expect(kept.allSatisfy { $0.transmissionRiskLevel == 8 })
        #expect(kept.map { Int64($0.rollingStartIntervalNumber.rawValue) * 600 / 86_400 }.min() == today - 7)
        #expect(kept.allSatisfy { $0.rollingPeriodEnd <= now })
        var wrongPeriod = keys[0]
        wrongPeriod.rollingPeriod = 72
        #expect(throws: ImmuniUploadError.rollingPeriod(index: 0, 72)) {
            _ = try ExposureIngestion.keysAtRisk([wrongPeriod], symptomsStartedOnDay: today, now: now, configuration: config)
        }
    }

    // MARK: On the phones

    /// Every upload in a run goes through the operator's code: no test is
    /// registered in an app, no TAN is issued, keys reach distribution, and
    /// phones are warned from them (the ingestion rules are checked above).
    @Test func phonesUploadThroughTheOperatorsCode() throws {
        let run = try Self.run(verifySeconds: 30)
        let uploads = run.summary.reduce(0) { $0 + $1.uploads }
        #expect(uploads > 0)
        #expect(run.summary.allSatisfy { $0.testsRegistered == 0 })
        #expect(run.backend.counters.otpsAuthorised >= uploads)
        #expect(run.backend.counters.registrations == 0 && run.backend.counters.tansIssued == 0)
        #expect(run.backend.distribution.statistics.received > 0)
        #expect(run.phones.contains { $0.firstHighRiskTime != nil })
        for phone in run.phones where phone.appRecord?.hasSharedKeys == true {
            #expect(phone.appRecord!.events.contains { if case .keysShared = $0 { true } else { false } })
            #expect(phone.appRecord!.test == nil)
        }
    }

    /// A user who taps Verify after the code expired uploads nothing.
    @Test func aCodeVerifiedTooLateUploadsNothing() throws {
        let run = try Self.run(verifySeconds: 3_600)
        // With a mean of an hour, nearly every Verify comes after the 150 s.
        let rejected = run.backend.counters.rejections.first { $0.reason == "immuni.otp_not_authorised" }?.count ?? 0
        let authorised = run.backend.counters.otpsAuthorised
        #expect(authorised > 0)
        #expect(rejected + run.backend.counters.uploadsAccepted == authorised)
        #expect(rejected > run.backend.counters.uploadsAccepted)
    }

    @Test func scenarioFieldsAreCheckedByName() throws {
        let cases: [(String, String)] = [
            ("  upload_path: immuni\n  immuni:\n    call_delay_hours: 1\n    verify_delay_seconds: 1\n", "app.tele_tan_share"),
            ("  upload_path: immuni\n", "app.immuni"),
            ("  upload_path: immuni\n  immuni:\n    call_delay_hours: 24\n", "app.immuni.verify_delay_seconds"),
            (
                "  upload_path: immuni\n  immuni:\n    upload_share: 2\n    call_delay_hours: 1\n    verify_delay_seconds: 1\n",
                "app.immuni.upload_share"
            ),
            ("  upload_path: italy\n", "app.upload_path"),
            ("  immuni:\n    upload_share: 0.5\n", "app.immuni"),
        ]
        for (insert, field) in cases {
            let url = try SimulationRunTests.scenario { text in
                var text = text
                if insert.contains("upload_path: immuni") && field != "app.tele_tan_share" {
                    text = Self.withoutCWAUploadFields(text)
                }
                return text.replacingOccurrences(of: "  adoption_scale:", with: insert + "  adoption_scale:")
            }
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(throws: InputError.self) { _ = try Scenario.load(url) }
            do { _ = try Scenario.load(url) } catch { #expect("\(error)".contains(field), "\(error)") }
        }
    }

    // MARK: Helpers

    static func backend() throws -> CWABackend { try CoronaWarnAppTests.backend() }

    /// `count` consecutive daily keys, the last starting on `endingDay`.
    static func keys(endingDay: Int64, count: Int) -> [SubmittedKey] {
        (0..<count).map { i in
            let day = endingDay - Int64(count - 1 - i)
            return SubmittedKey(
                keyData: [UInt8](repeating: UInt8(i + 1), count: 16), rollingStartIntervalNumber: UInt32(day * 144),
                transmissionRiskLevel: nil, daysSinceOnsetOfSymptoms: nil)
        }
    }

    static func withoutCWAUploadFields(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  tele_tan_share:") && !$0.hasPrefix("  share_keys_probability:") }
            .joined(separator: "\n")
    }

    /// The test village with Immuni's path, every positive app user reached.
    static func run(verifySeconds: Int) throws -> SimulationRun {
        let url = try SimulationRunTests.scenario { text in
            withoutCWAUploadFields(text).replacingOccurrences(
                of: "  adoption_scale:",
                with: """
                      upload_path: immuni
                      immuni:
                        upload_share: 1
                        call_delay_hours: 2
                        verify_delay_seconds: \(verifySeconds)
                      adoption_scale:
                    """)
        }
        defer { try? FileManager.default.removeItem(at: url) }
        var run = try SimulationRun(scenario: try Scenario.load(url), seed: 11, workers: 2)
        for day in 0..<14 { try run.simulate(day: day) }
        return run
    }
}
