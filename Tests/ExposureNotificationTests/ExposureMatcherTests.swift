import ExposureNotification
import Foundation
import Testing
import WarnSimCore

/// Matching rules of Tests/Reference/gaen/PROTOCOL.md §4, on hand-built sightings.
@Suite struct ExposureMatcherTests {
    /// 2021-04-14 00:00 UTC.
    static let dayStart: Int64 = 1_618_358_400
    static let day = Int(dayStart / 86_400)

    struct Phone {
        var tek: TemporaryExposureKey
        var metadata: BluetoothMetadata
        var rpik: KeyBytes
        var aemk: KeyBytes

        init(seed: UInt64, txPower: Int8 = -20, confidence: UInt8 = 2) {
            var stream = RandomStream(seed: seed, subsystem: "matcher-test")
            tek = TemporaryExposureKey.generate(at: ENIntervalNumber(unixSeconds: ExposureMatcherTests.dayStart), using: &stream)
            metadata = BluetoothMetadata(minorVersion: 1, txPower: txPower, calibrationConfidence: confidence)
            rpik = KeyDerivation.rollingProximityIdentifierKey(for: tek)
            aemk = KeyDerivation.associatedEncryptedMetadataKey(for: tek)
        }

        /// What a scanner receives at `time` if the phone advertises its current RPI.
        func sighting(at time: Int64, rssi: Int8, previousScan: Int64?, advertisedAt: Int64? = nil) -> Sighting {
            let rpi = KeyDerivation.rollingProximityIdentifier(rpik: rpik, interval: ENIntervalNumber(unixSeconds: advertisedAt ?? time))
            let aem = KeyDerivation.associatedEncryptedMetadata(aemk: aemk, rpi: rpi, metadata: metadata)
            return Sighting(time: time, rpi: rpi, aem: aem, calibratedRSSI: rssi, previousScanTime: previousScan)
        }

        func diagnosisKey(dsos: Int32? = 2, reportType: DiagnosisKey.ReportType? = nil) -> DiagnosisKey {
            DiagnosisKey(
                keyData: tek.keyData, rollingStartIntervalNumber: tek.rollingStartIntervalNumber,
                reportType: reportType, daysSinceOnsetOfSymptoms: dsos)
        }
    }

    /// Scans every 4 minutes from `start` for `minutes`.
    static func store(_ phone: Phone, from start: Int64, minutes: Int, rssi: Int8 = -70) -> SightingStore {
        var store = SightingStore()
        var previous: Int64?
        var t = start
        while t < start + Int64(minutes * 60) {
            store.record(phone.sighting(at: t, rssi: rssi, previousScan: previous))
            previous = t
            t += 240
        }
        return store
    }

    @Test func oneContactGivesOneWindowWithItsScans() throws {
        let phone = Phone(seed: 1)
        let start = Self.dayStart + 10 * 3600
        let store = Self.store(phone, from: start, minutes: 20)
        let windows = try ExposureMatcher().match([phone.diagnosisKey()], in: store)
        #expect(windows.count == 1)
        let window = try #require(windows.first).window
        #expect(window.dayNumber == Self.day)
        #expect(window.reportType == .confirmedTest)  // missing → reportTypeWhenMissing
        #expect(window.infectiousness == .high)  // DSOS 2 → HIGH
        #expect(window.calibrationConfidence == .medium)
        #expect(window.scanInstances.count == 5)
        #expect(window.scanInstances.allSatisfy { $0.minAttenuation == 50 && $0.typicalAttenuation == 50 })
        #expect(window.scanInstances.map(\.secondsSinceLastScan) == [120, 240, 240, 240, 240])
    }

    @Test func windowsAreCutEveryThirtyMinutes() throws {
        let phone = Phone(seed: 2)
        let store = Self.store(phone, from: Self.dayStart + 8 * 3600, minutes: 70)
        let windows = try ExposureMatcher().match([phone.diagnosisKey()], in: store)
        #expect(windows.map { $0.window.scanInstances.count } == [8, 8, 2])
        for window in windows { #expect(window.lastScanTime - window.firstScanTime < 1800) }
    }

    @Test func sightingsOutsideTheTwoHourToleranceAreDropped() throws {
        let phone = Phone(seed: 3)
        let advertised = Self.dayStart + 6 * 3600
        var store = SightingStore()
        // Received 2 h 5 min after the RPI's interval started: 12 intervals later is the limit.
        store.record(phone.sighting(at: advertised + 12 * 600 + 5, rssi: -60, previousScan: nil, advertisedAt: advertised))
        store.record(phone.sighting(at: advertised + 13 * 600 + 5, rssi: -60, previousScan: nil, advertisedAt: advertised))
        let windows = try ExposureMatcher().match([phone.diagnosisKey()], in: store)
        #expect(windows.count == 1)
        #expect(windows.first?.window.scanInstances.count == 1)
        #expect(windows.first?.firstScanTime == advertised + 12 * 600 + 5)
    }

    @Test func replaysLaterThanTwentyMinutesAreDropped() throws {
        let phone = Phone(seed: 4)
        let advertised = Self.dayStart + 7 * 3600
        var store = SightingStore()
        for minutes in [0, 10, 20, 21, 25] as [Int64] {
            store.record(phone.sighting(at: advertised + minutes * 60, rssi: -65, previousScan: nil, advertisedAt: advertised))
        }
        let windows = try ExposureMatcher().match([phone.diagnosisKey()], in: store)
        // 0, 10 and 20 minutes are kept (20 min is not *more* than 20 min after the first).
        #expect(windows.flatMap { $0.window.scanInstances }.count == 3)
    }

    @Test func sightingsOfOneScanAreAggregatedToTheStrongest() throws {
        let phone = Phone(seed: 5)
        let t = Self.dayStart + 9 * 3600 + 30
        var store = SightingStore()
        store.record(phone.sighting(at: t, rssi: -80, previousScan: t - 200))
        store.record(phone.sighting(at: t + 10, rssi: -62, previousScan: t - 200))
        store.record(phone.sighting(at: t + 25, rssi: -75, previousScan: t - 200))
        store.record(phone.sighting(at: t + 60, rssi: -90, previousScan: t + 25))
        let scans = try #require(try ExposureMatcher().match([phone.diagnosisKey()], in: store).first).window.scanInstances
        #expect(scans.count == 2)
        #expect(scans[0].minAttenuation == 42 && scans[0].typicalAttenuation == 42)
        #expect(scans[1].minAttenuation == 70)
        // Without aggregation the first scan's typical attenuation is the rounded mean.
        var rules = ExposureMatcher.Rules()
        rules.aggregateSightingsFromSingleScan = false
        let raw = try #require(try ExposureMatcher(rules: rules).match([phone.diagnosisKey()], in: store).first).window.scanInstances
        #expect(raw[0].minAttenuation == 42)
        #expect(raw[0].typicalAttenuation == 52)  // mean of 60, 42, 55 = 52.33
    }

    @Test func secondsSinceLastScanAreWholeMinutesCappedAtFive() throws {
        let phone = Phone(seed: 6)
        let t = Self.dayStart + 11 * 3600
        var store = SightingStore()
        store.record(phone.sighting(at: t + 10, rssi: -70, previousScan: t - 150))  // minute 0 − minute(−2.5) = 3
        store.record(phone.sighting(at: t + 600, rssi: -70, previousScan: t + 10))  // 10 − 0 = 10 → capped at 5
        let scans = try #require(try ExposureMatcher().match([phone.diagnosisKey()], in: store).first).window.scanInstances
        #expect(scans.map(\.secondsSinceLastScan) == [180, 300])
    }

    @Test func attenuationIsTxMinusRSSIFlooredAtZero() throws {
        let phone = Phone(seed: 7, txPower: -10)
        let t = Self.dayStart + 12 * 3600
        var store = SightingStore()
        store.record(phone.sighting(at: t, rssi: -5, previousScan: nil))
        let scans = try #require(try ExposureMatcher().match([phone.diagnosisKey()], in: store).first).window.scanInstances
        #expect(scans.first?.minAttenuation == 0)
    }

    @Test func implausibleTxPowerAndIneligibleKeysGiveNoWindows() throws {
        let loud = Phone(seed: 8, txPower: -51)
        let store = Self.store(loud, from: Self.dayStart + 3600, minutes: 10)
        #expect(try ExposureMatcher().match([loud.diagnosisKey()], in: store).isEmpty)

        let phone = Phone(seed: 9)
        let seen = Self.store(phone, from: Self.dayStart + 3600, minutes: 10)
        #expect(try ExposureMatcher().match([phone.diagnosisKey(dsos: nil)], in: seen).isEmpty)  // NONE
        #expect(try ExposureMatcher().match([phone.diagnosisKey(dsos: 5)], in: seen).isEmpty)  // unmapped → NONE
        #expect(try ExposureMatcher().match([phone.diagnosisKey(reportType: .revoked)], in: seen).isEmpty)
        let standard = try ExposureMatcher().match([phone.diagnosisKey(dsos: 1, reportType: .selfReport)], in: seen)
        #expect(standard.first?.window.infectiousness == .standard)
        #expect(standard.first?.window.reportType == .selfReport)
    }

    /// Property: among many phones, only the uploaded keys that were really
    /// sighted produce windows, and every window comes from a real sighting.
    @Test func onlySightedUploadedKeysMatch() throws {
        let phones = (0..<40).map { Phone(seed: 100 + UInt64($0)) }
        var stream = RandomStream(seed: 77, subsystem: "matcher-property")
        var store = SightingStore()
        var sighted = Set<Int>()
        var times = [(Int64, Int)]()
        for index in phones.indices where stream.next() % 2 == 0 {
            sighted.insert(index)
            let start = Self.dayStart + Int64(stream.next() % 80_000)
            for scan in 0..<3 { times.append((start + Int64(scan) * 250, index)) }
        }
        times.sort { $0 < $1 }
        for (time, index) in times {
            store.record(phones[index].sighting(at: time, rssi: -70, previousScan: nil))
        }
        let uploaded = phones.indices.filter { $0 % 3 != 0 }
        let windows = try ExposureMatcher().match(uploaded.map { phones[$0].diagnosisKey() }, in: store)
        let matchedPhones = Set(windows.map { uploaded[$0.keyIndex] })
        #expect(matchedPhones == sighted.intersection(uploaded))
        for window in windows {
            let phone = uploaded[window.keyIndex]
            #expect(times.contains { $0.1 == phone && $0.0 == window.firstScanTime })
        }
    }

    @Test func storeKeepsFourteenDays() {
        let phone = Phone(seed: 10)
        var store = SightingStore()
        store.record(phone.sighting(at: Self.dayStart, rssi: -70, previousScan: nil))
        store.record(phone.sighting(at: Self.dayStart + 5 * 86_400, rssi: -70, previousScan: nil))
        store.expire(now: Self.dayStart + 15 * 86_400)
        #expect(store.count == 1)
        store.expire(now: Self.dayStart + 30 * 86_400)
        #expect(store.count == 0)
        #expect(
            Sighting(
                time: 0, rpi: KeyBytes(low: 0, high: 0), aem: AssociatedEncryptedMetadata(bytes: [0, 0, 0, 0]),
                rawRSSI: -130, rssiCorrection: -5, previousScanTime: nil
            ).calibratedRSSI == -127)
    }
}

@Suite struct DiagnosisKeyIndexTests {
    /// The indexed path gives exactly the windows of the direct path.
    @Test func indexedMatchingEqualsDirectMatching() throws {
        let phones = (0..<30).map { ExposureMatcherTests.Phone(seed: 500 + UInt64($0)) }
        var stream = RandomStream(seed: 8, subsystem: "index-test")
        var times = [(Int64, Int, Int8)]()
        for index in phones.indices where stream.next() % 3 != 0 {
            let start = ExposureMatcherTests.dayStart + Int64(stream.next() % 80_000)
            for scan in 0..<Int(2 + stream.next() % 12) {
                times.append((start + Int64(scan) * Int64(200 + stream.next() % 100), index, Int8(-50 - Int(stream.next() % 40))))
            }
        }
        times.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var store = SightingStore()
        var previous: Int64?
        for (time, index, rssi) in times {
            store.record(phones[index].sighting(at: time, rssi: rssi, previousScan: previous))
            previous = time
        }
        let keys = phones.enumerated().map { i, phone in phone.diagnosisKey(dsos: i % 5 == 0 ? nil : Int32(1 + i % 2)) }
        let matcher = ExposureMatcher()
        let direct = try matcher.match(keys, in: store)
        let indexed = matcher.match(try DiagnosisKeyIndex(keys: keys, matcher: matcher, threads: 2), in: store)
        #expect(!direct.isEmpty)
        #expect(indexed == direct)
    }
}
