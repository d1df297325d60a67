import ExposureNotification
import Foundation
import Testing
import WarnSimCore

/// One phone's framework: keys per UTC day, advertisements, scans, upload
/// history, reset, and detection end to end between two phones.
@Suite struct FrameworkTests {
    static let dayStart: Int64 = 1_618_358_400  // 2021-04-14 00:00 UTC

    static func phone(_ id: UInt64, tx: Int8 = -24, rssiCorrection: Int = 3) -> ExposureNotificationFramework {
        ExposureNotificationFramework(
            keyStream: RandomStream(seed: 5, subsystem: "tek", entity: id),
            metadata: BluetoothMetadata(minorVersion: 1, txPower: tx, calibrationConfidence: 1),
            rssiCorrection: rssiCorrection)
    }

    @Test func oneKeyPerUTCDayAndAdvertisementsFollowTheSchedule() throws {
        var phone = Self.phone(1)
        let first = phone.advertisement(at: Self.dayStart + 3600)
        let morning = try #require(first)
        let key = try #require(phone.keyRing.keys.last)
        #expect(key.rollingStartIntervalNumber.unixSeconds == Self.dayStart)
        #expect(
            morning.rpi == KeyDerivation.rollingProximityIdentifier(for: key, interval: ENIntervalNumber(unixSeconds: Self.dayStart + 3600))
        )
        // Same interval, same identifiers; next interval, new ones; next day, new key.
        let sameInterval = phone.advertisement(at: Self.dayStart + 3600 + 599)
        let nextInterval = phone.advertisement(at: Self.dayStart + 4200)
        #expect(sameInterval == morning)
        #expect(nextInterval?.rpi != morning.rpi)
        _ = phone.advertisement(at: Self.dayStart + 86_400)
        #expect(phone.keyRing.keys.count == 2)
        let aemk = KeyDerivation.associatedEncryptedMetadataKey(for: key)
        #expect(KeyDerivation.decryptMetadata(aem: morning.aem, aemk: aemk, rpi: morning.rpi).txPower == -24)
    }

    @Test func keysAreKeptFourteenDaysAndUploadedWithTodayShortened() {
        var phone = Self.phone(2)
        for day in 0..<20 { _ = phone.advertisement(at: Self.dayStart + Int64(day) * 86_400 + 60) }
        let now = Self.dayStart + 19 * 86_400 + 10 * 3600  // 10:00 on day 19
        #expect(phone.keyRing.keys.count == 15)  // days 5…19
        let history = phone.keyHistory(at: now)
        #expect(history.count == 15)
        #expect(history.last?.rollingPeriod == 60)  // 10 h elapsed today
        #expect(history.dropLast().allSatisfy { $0.rollingPeriod == 144 })
        #expect(phone.keyHistory(at: now, includeCurrent: false).count == 14)
    }

    @Test func disabledPhonesNeitherAdvertiseNorRecord() throws {
        var phone = Self.phone(3)
        phone.isEnabled = false
        let none = phone.advertisement(at: Self.dayStart)
        #expect(none == nil)
        var other = Self.phone(4)
        let advertised = other.advertisement(at: Self.dayStart)
        let payload = try #require(advertised)
        phone.recordScan(at: Self.dayStart, received: [(payload, -70)])
        #expect(phone.sightings.count == 0)
        phone.isEnabled = true
        phone.recordScan(at: Self.dayStart + 250, received: [(payload, -70)])
        #expect(phone.sightings.sightings.first?.calibratedRSSI == -67)
        #expect(phone.sightings.sightings.first?.previousScanTime == nil)
        phone.reset()
        #expect(phone.sightings.count == 0 && phone.keyRing.keys.isEmpty && phone.lastScanTime == nil)
    }

    @Test func scansAreEvery210To300Seconds() {
        var stream = RandomStream(seed: 9, subsystem: "scan")
        var t: Int64 = 0
        var gaps = Set<Int64>()
        for _ in 0..<5000 {
            let next = ScanSchedule.nextScan(after: t, using: &stream)
            gaps.insert(next - t)
            t = next
        }
        #expect(gaps.min() == 211 && gaps.max() == 300)
        #expect(gaps.count == 90)
    }

    /// Two phones near each other for 25 minutes: the receiver finds one window
    /// for the sender's uploaded key, with the attenuation the radio gave.
    @Test func endToEndDetection() throws {
        var sender = Self.phone(10, tx: -20)
        var receiver = Self.phone(11, rssiCorrection: -2)
        var scans = RandomStream(seed: 1, subsystem: "scan", entity: 11)
        var t = Self.dayStart + 14 * 3600 + ScanSchedule.firstScan(from: 0, using: &scans)
        let end = Self.dayStart + 14 * 3600 + 25 * 60
        var count = 0
        while t < end {
            let advertised = sender.advertisement(at: t)
            let payload = try #require(advertised)
            receiver.recordScan(at: t, received: [(payload, -68)])  // calibrated −70 → attenuation 50
            count += 1
            t = ScanSchedule.nextScan(after: t, using: &scans)
        }
        let uploadTime = Self.dayStart + 86_400 + 3600
        _ = sender.advertisement(at: uploadTime)
        let keys = sender.keyHistory(at: uploadTime, includeCurrent: false).map {
            DiagnosisKey(
                keyData: $0.keyData, rollingStartIntervalNumber: $0.rollingStartIntervalNumber,
                rollingPeriod: $0.rollingPeriod, reportType: .confirmedTest, daysSinceOnsetOfSymptoms: 1)
        }
        let windows = try receiver.detectExposures(keys, matcher: ExposureMatcher())
        #expect(windows.count == 1)
        let window = try #require(windows.first)
        #expect(window.window.scanInstances.count == count)
        #expect(window.window.scanInstances.allSatisfy { $0.minAttenuation == 50 })
        #expect(window.window.infectiousness == .standard)
        #expect(window.window.calibrationConfidence == .low)
        // A stranger's keys match nothing.
        var stranger = Self.phone(12)
        _ = stranger.advertisement(at: Self.dayStart)
        let strangerKeys = stranger.keyHistory(at: uploadTime, includeCurrent: true).map {
            DiagnosisKey(keyData: $0.keyData, rollingStartIntervalNumber: $0.rollingStartIntervalNumber, daysSinceOnsetOfSymptoms: 1)
        }
        #expect(try receiver.detectExposures(strangerKeys, matcher: ExposureMatcher()).isEmpty)
    }
}
