import Crypto
import ExposureNotification
import Foundation
import RiskCalculation
import Services
import Simulation
import Testing
import WarnSimCore

/// The app on phones against the real backend: test, TAN, upload, signed
/// packages, verified download, detection, the CWA calculation and the warning.
@Suite struct CoronaWarnAppTests {
    static let day0: Int64 = 1_618_358_400  // 2021-04-14 00:00 UTC
    static let hour: Int64 = 3600

    static func engine() throws -> PhoneRiskEngine {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Configs/risk/cwa-2021-04-14.yaml").path
        let configuration = try ConfigurationLoader.load(path: path)
        guard case .cwaExposureWindows(let parameters) = configuration.scheme else {
            Issue.record("cwa-2021-04-14.yaml is not a CWA exposure-window set")
            throw CancellationError()
        }
        return .exposureWindows(CWARiskEngine(parameters: parameters, platform: .android))
    }

    static func app(_ id: UInt64, notifications: Bool = true) -> CoronaWarnApp {
        CoronaWarnApp(
            framework: ExposureNotificationFramework(
                keyStream: RandomStream(seed: 21, subsystem: "tek", entity: id),
                metadata: BluetoothMetadata(minorVersion: 1, txPower: -24, calibrationConfidence: 1),
                rssiCorrection: 0),
            consents: .init(exposureLogging: true, notifications: notifications))
    }

    static func backend() throws -> CWABackend {
        var stream = RandomStream(seed: 4, subsystem: "server-key")
        var raw = [UInt8]()
        for _ in 0..<4 { withUnsafeBytes(of: stream.next()) { raw += $0 } }
        return CWABackend(seed: 9, signingKey: try P256.Signing.PrivateKey(rawRepresentation: raw))
    }

    /// Runs a positive test to key sharing for `app`.
    static func testPositiveAndShare(
        _ app: inout CoronaWarnApp, guid: String, backend: inout CWABackend, at start: Int64, answer: SymptomAnswer
    ) throws -> Int {
        #expect(app.registerTest(.qrCode, code: guid, polling: .pcr, backend: &backend, now: start))
        try backend.labPost(hashedGUID: HashedGUID(guid: guid), result: .positive, now: start, delaySeconds: 5 * hour)
        var t = start
        var result: TestResult?
        while result == nil && t < start + 2 * 86_400 {
            t += 600
            result = app.pollTestResult(backend: &backend, now: t)
        }
        #expect(result == .positive)
        return app.shareKeys(consent: true, answer: answer, backend: &backend, now: t)
    }

    @Test func exposureToAnUploadingPhoneRaisesAWarning() throws {
        var backend = try Self.backend()
        var infected = Self.app(1)
        var contact = Self.app(2)
        var stranger = Self.app(3)
        _ = stranger.advertisement(at: Self.day0)

        // Day 0, 10:00–10:40: the contact scans the infected phone every 4 minutes at −65 dBm.
        var previous: Int64?
        var t = Self.day0 + 10 * Self.hour
        while t < Self.day0 + 10 * Self.hour + 40 * 60 {
            let payload = infected.advertisement(at: t)!
            contact.recordScan(at: t, received: [(payload, -65)])
            stranger.recordScan(at: t, received: [])
            previous = t
            t += 240
        }
        #expect(previous != nil)

        // Day 1: the infected user tests positive and shares; twenty others too, so
        // that the hour package passes the 140-key shifting threshold with keys of
        // TRL ≥ 3 (8 per upload for "no answer").
        _ = infected.advertisement(at: Self.day0 + 86_400 + 60)
        let shared = try Self.testPositiveAndShare(
            &infected, guid: "test-1", backend: &backend, at: Self.day0 + 86_400 + 8 * Self.hour, answer: .exactOnset(daysAgo: 1))
        #expect(shared == 2)  // day 0 whole, day 1 shortened
        for other in 0..<20 {
            var app = Self.app(100 + UInt64(other))
            for day in 0..<14 { _ = app.advertisement(at: Self.day0 - Int64(day) * 86_400 + 60) }
            _ = app.advertisement(at: Self.day0 + 86_400 + 60)
            _ = try Self.testPositiveAndShare(
                &app, guid: "other-\(other)", backend: &backend, at: Self.day0 + 86_400 + 8 * Self.hour, answer: .noAnswer)
        }

        // Hourly distribution until day 2 noon; phones download and verify every package.
        var verifier = KeyPackageVerifier(pinnedKey: backend.verificationKey)
        var downloaded = [VerifiedKeyPackage]()
        var hourTime = Self.day0 + 86_400
        while hourTime <= Self.day0 + 2 * 86_400 + 12 * Self.hour {
            try backend.runHourlyJobs(now: hourTime)
            hourTime += Self.hour
        }
        let now = Self.day0 + 2 * 86_400 + 12 * Self.hour
        for day in backend.distribution.availableDays(now: now) {
            for hour in backend.distribution.availableHours(day: day, now: now) {
                let published = try #require(backend.distribution.hourPackage(day: day, hour: hour, now: now))
                if let verified = verifier.verify(published.package, path: published.path(region: "DE")) {
                    downloaded.append(verified)
                }
            }
        }
        #expect(!downloaded.isEmpty)
        #expect(verifier.rejected.isEmpty)
        let allKeys = downloaded.flatMap(\.keys)
        let infectedKeys = Set(infected.framework.keyRing.keys.map(\.keyData))
        #expect(allKeys.contains { infectedKeys.contains($0.keyData) })

        // A tampered copy never reaches a phone.
        if let first = backend.distribution.availableDays(now: now).first.flatMap({ day in
            backend.distribution.availableHours(day: day, now: now).first.flatMap {
                backend.distribution.hourPackage(day: day, hour: $0, now: now)
            }
        }) {
            var bytes = first.package.exportBin
            bytes[bytes.count - 3] ^= 0x01
            #expect(verifier.verify(KeyExportPackage(exportBin: bytes, exportSig: first.package.exportSig), path: "tampered") == nil)
            #expect(verifier.rejected["tampered"] != nil)
        }

        let matcher = ExposureMatcher()
        // The index names each key's package, as the run's does.
        let index = try DiagnosisKeyIndex(
            keys: allKeys, sources: downloaded.flatMap { package in package.keys.map { _ in package.number } }, matcher: matcher)
        let engine = try Self.engine()
        contact.receive(downloaded, now: now)
        stranger.receive(downloaded, now: now)
        let contactRisk = try #require(try contact.detectIfDue(now: now, index: index, matcher: matcher, engine: engine))
        let strangerRisk = try #require(try stranger.detectIfDue(now: now, index: index, matcher: matcher, engine: engine))
        #expect(contactRisk.totalRiskLevel == .high)
        #expect(contactRisk.exposureWindows?.mostRecentDayWithHighRisk == Int(Self.day0 / 86_400))
        #expect(strangerRisk.totalRiskLevel == .low)
        #expect(contact.events.last == .riskCalculated(at: now, level: .high, notified: true))
        #expect(stranger.events.last == .riskCalculated(at: now, level: .low, notified: false))

        // The next detection waits 4 hours, and without new packages a whole day.
        #expect(try contact.detectIfDue(now: now + 3 * Self.hour, index: index, matcher: matcher, engine: engine) == nil)
        #expect(try contact.detectIfDue(now: now + 5 * Self.hour, index: index, matcher: matcher, engine: engine) == nil)
        #expect(try contact.detectIfDue(now: now + 24 * Self.hour, index: index, matcher: matcher, engine: engine) != nil)
        // Without the packages downloaded, the same sightings give no windows.
        var offline = contact
        offline.reset(now: now, consents: .init(exposureLogging: true, notifications: true))
        let offlineRisk = try offline.detectIfDue(now: now + 25 * Self.hour, index: index, matcher: matcher, engine: engine)
        #expect(offlineRisk?.totalRiskLevel == .low)
    }

    @Test func keysAreSharedOnceAndOnlyAfterAPositiveResult() throws {
        var backend = try Self.backend()
        var app = Self.app(7)
        _ = app.advertisement(at: Self.day0 + 60)
        let start = Self.day0 + 9 * Self.hour
        #expect(app.shareKeys(consent: true, answer: .noSymptoms, backend: &backend, now: start) == 0)  // no test
        #expect(app.registerTest(.qrCode, code: "guid-7", polling: .pcr, backend: &backend, now: start))
        try backend.labPost(hashedGUID: HashedGUID(guid: "guid-7"), result: .negative, now: start, delaySeconds: 3 * Self.hour)
        #expect(app.pollTestResult(backend: &backend, now: start + Self.hour) == nil)  // not due yet
        #expect(app.pollTestResult(backend: &backend, now: start + 2 * Self.hour) == nil)  // pending
        #expect(app.pollTestResult(backend: &backend, now: start + 4 * Self.hour) == .negative)
        #expect(app.shareKeys(consent: true, answer: .noSymptoms, backend: &backend, now: start + 5 * Self.hour) == 0)
        // The same QR code cannot be registered twice, even after a reset.
        app.reset(now: start + 6 * Self.hour, consents: .init(exposureLogging: true, notifications: false))
        #expect(!app.registerTest(.qrCode, code: "guid-7", polling: .pcr, backend: &backend, now: start + 6 * Self.hour))

        var positive = Self.app(8, notifications: false)
        _ = positive.advertisement(at: Self.day0 + 60)
        #expect(try Self.testPositiveAndShare(&positive, guid: "guid-8", backend: &backend, at: start, answer: .noSymptoms) == 1)
        #expect(positive.events.contains { if case .testResultAvailable(_, .positive, false) = $0 { return true } else { return false } })
        #expect(positive.shareKeys(consent: true, answer: .noSymptoms, backend: &backend, now: start + Self.day0) == 0)  // once only

        var declining = Self.app(9)
        _ = declining.advertisement(at: Self.day0 + 60)
        #expect(declining.registerTest(.qrCode, code: "guid-9", polling: .pcr, backend: &backend, now: start))
        try backend.labPost(hashedGUID: HashedGUID(guid: "guid-9"), result: .positive, now: start, delaySeconds: 0)
        #expect(declining.pollTestResult(backend: &backend, now: start + 2 * Self.hour) == .positive)
        #expect(declining.shareKeys(consent: false, answer: .noAnswer, backend: &backend, now: start + 2 * Self.hour) == 0)
        #expect(declining.shareKeys(consent: true, answer: .noAnswer, backend: &backend, now: start + 3 * Self.hour) == 0)
    }

    @Test func teleTANRouteAndTracingSwitches() throws {
        var backend = try Self.backend()
        var app = Self.app(11)
        _ = app.advertisement(at: Self.day0 + 60)
        let now = Self.day0 + 10 * Self.hour
        let teleTAN = try backend.createTeleTAN(now: now)
        #expect(app.registerTest(.teleTAN, code: teleTAN.code, polling: .pcr, backend: &backend, now: now + 600))
        #expect(app.shareKeys(consent: true, answer: .withinLastSevenDays, backend: &backend, now: now + 700) == 1)

        var off = Self.app(12)
        off.setTracing(false, at: now)
        #expect(!off.isTracing)
        #expect(off.advertisement(at: now) == nil)
        #expect(off.events.last == .exposureLoggingSwitched(at: now, on: false))
        off.setTracing(true, at: now)
        // E03.03: with Bluetooth off the phone neither advertises nor stores what it scans.
        off.setBluetooth(false)
        #expect(off.advertisement(at: now) == nil)
        off.recordScan(
            at: now, received: [(AdvertisementPayload(rpi: KeyBytes(low: 1, high: 2), aem: AssociatedEncryptedMetadata(raw: 3)), -60)])
        #expect(off.framework.sightings.count == 0)
        #expect(off.isExposureLoggingOn, "Bluetooth off is not exposure logging off")
        off.setBluetooth(true)
        #expect(off.advertisement(at: now) != nil)
        let noConsent = CoronaWarnApp(framework: Self.app(13).framework, consents: .init(exposureLogging: false, notifications: true))
        #expect(!noConsent.isTracing)
    }
}
