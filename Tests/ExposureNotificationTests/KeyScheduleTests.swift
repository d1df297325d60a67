import ExposureNotification
import Foundation
import Testing
import WarnSimCore

@Suite struct KeyScheduleTests {
    @Test func intervalNumbers() {
        #expect(ENIntervalNumber(unixSeconds: 0).rawValue == 0)
        #expect(ENIntervalNumber(unixSeconds: 599).rawValue == 0)
        #expect(ENIntervalNumber(unixSeconds: 600).rawValue == 1)
        // 2020-04-02 10:15 UTC lies in day 18354, interval 61 of that day.
        let enin = ENIntervalNumber(unixSeconds: 1_585_785_600 + 10 * 3600 + 15 * 60)
        #expect(enin.rawValue == 2_642_976 + 61)
        #expect(enin.dayStart.rawValue == 2_642_976)
        #expect(enin.dayNumber == 18_354)
        #expect(ENIntervalNumber(date: Date(timeIntervalSince1970: 1_585_785_600)).rawValue == 2_642_976)
    }

    @Test func seededKeysAreReproducibleAndDayAligned() {
        var a = RandomStream(seed: 7, subsystem: "tek", entity: 42)
        var b = RandomStream(seed: 7, subsystem: "tek", entity: 42)
        var c = RandomStream(seed: 7, subsystem: "tek", entity: 43)
        let at = ENIntervalNumber(2_642_976 + 100)
        let ka = TemporaryExposureKey.generate(at: at, using: &a)
        #expect(ka == TemporaryExposureKey.generate(at: at, using: &b))
        #expect(ka.keyData != TemporaryExposureKey.generate(at: at, using: &c).keyData)
        #expect(ka.rollingStartIntervalNumber.rawValue == 2_642_976)
        #expect(ka.rollingPeriod == 144)
    }

    @Test func secureKeysDiffer() {
        let at = ENIntervalNumber(2_642_976)
        let keys = Set((0..<64).map { _ in TemporaryExposureKey.generateSecure(at: at).keyData })
        #expect(keys.count == 64)
    }

    @Test func rollingAndEmbargo() {
        let key = TemporaryExposureKey(
            keyData: KeyBytes(low: 1, high: 2), rollingStartIntervalNumber: ENIntervalNumber(2_642_976))
        #expect(!key.isExpired(at: ENIntervalNumber(2_642_976 + 143)))
        #expect(key.isExpired(at: ENIntervalNumber(2_642_976 + 144)))
        #expect(key.intervals.count == 144)
        #expect(key.embargoEndUnixSeconds == Int64(2_642_976 + 144 + 12) * 600)
    }

    @Test func metadataFields() throws {
        let v10 = try #require(BluetoothMetadata(hex: "40080000"))
        #expect(v10.majorVersion == 1 && v10.minorVersion == 0 && v10.txPower == 8)
        let live = try #require(BluetoothMetadata(hex: "40f20000"))
        #expect(live.txPower == -14)
        let v11 = BluetoothMetadata(minorVersion: 1, txPower: -20, calibrationConfidence: 3)
        #expect(v11.hex == "5cec0000")
        #expect(v11.calibrationConfidence == 3 && v11.minorVersion == 1 && v11.txPower == -20)
        #expect(!BluetoothMetadata(txPower: -51).hasPlausibleTxPower)
        #expect(BluetoothMetadata(txPower: 20).hasPlausibleTxPower)
        #expect(!BluetoothMetadata(txPower: 21).hasPlausibleTxPower)
    }

    @Test func advertisementPayloadRoundTrip() throws {
        let rpi = try #require(KeyBytes(hex: "8be6cd371c5c891604bfbe49df845096"))
        let aem = try #require(AssociatedEncryptedMetadata(hex: "72033874"))
        let payload = AdvertisementPayload(rpi: rpi, aem: aem)
        let bytes = payload.bytes
        #expect(bytes.count == 31)
        #expect(Array(bytes[3..<7]) == [0x03, 0x03, 0x6F, 0xFD])
        #expect(Array(bytes[7..<11]) == [0x17, 0x16, 0x6F, 0xFD])
        #expect(AdvertisementPayload(bytes: bytes) == payload)
        #expect(AdvertisementPayload(bytes: Array(bytes.prefix(30))) == nil)
    }

    @Test func hexCoding() {
        #expect(HexCoding.encode([0x00, 0xAB, 0xff]) == "00abff")
        #expect(HexCoding.decode("00ABff") == [0x00, 0xAB, 0xFF])
        #expect(HexCoding.decode("abc") == nil)
        #expect(HexCoding.decode("zz") == nil)
        #expect(KeyBytes(hex: "00") == nil)
    }
}
