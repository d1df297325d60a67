import ExposureNotification
import Foundation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The key schedule against Tests/Reference/gaen/crypto-vectors-*.csv, through the
/// single path (swift-crypto) and the batch path (OpenSSL).
@Suite struct CryptoVectorTests {
    static let officialTEK = "75c734c6dd1a782de7a965da5eb93125"

    @Test func officialVectorKeys() throws {
        let rows = try ReferenceData.csvRows("gaen/crypto-vectors-v1.2.csv")
        #expect(rows.count == 144)
        let tek = TemporaryExposureKey(
            keyData: try #require(KeyBytes(hex: Self.officialTEK)),
            rollingStartIntervalNumber: ENIntervalNumber(2_642_976))
        #expect(KeyDerivation.rollingProximityIdentifierKey(for: tek).hex == "185ad91db69ec7dd048960f1f3ba6175")
        #expect(KeyDerivation.associatedEncryptedMetadataKey(for: tek).hex == "d57c46af7a1d83965b9bed8bd152936a")
        // Key generation time 1585785600 s lies in the interval that starts the day.
        #expect(ENIntervalNumber(unixSeconds: 1_585_785_600).rawValue == 2_642_976)
        #expect(ENIntervalNumber(unixSeconds: 1_585_785_600).dayStart.rawValue == 2_642_976)
    }

    @Test func officialVectorSinglePath() throws {
        let rows = try ReferenceData.csvRows("gaen/crypto-vectors-v1.2.csv")
        let tek = TemporaryExposureKey(
            keyData: try #require(KeyBytes(hex: Self.officialTEK)),
            rollingStartIntervalNumber: ENIntervalNumber(2_642_976))
        let metadata = try #require(BluetoothMetadata(hex: "40080000"))
        let rpik = KeyDerivation.rollingProximityIdentifierKey(for: tek)
        let aemk = KeyDerivation.associatedEncryptedMetadataKey(for: tek)
        for row in rows {
            let enin = ENIntervalNumber(try #require(UInt32(row["en_interval_number"]!)))
            #expect(HexCoding.encode(KeyDerivation.paddedData(for: enin)) == row["padded_data_hex"])
            let rpi = KeyDerivation.rollingProximityIdentifier(rpik: rpik, interval: enin)
            #expect(rpi.hex == row["rpi_hex"], "RPI at \(enin)")
            let aem = KeyDerivation.associatedEncryptedMetadata(aemk: aemk, rpi: rpi, metadata: metadata)
            #expect(aem.hex == row["aem_hex"], "AEM at \(enin)")
            #expect(KeyDerivation.decryptMetadata(aem: aem, aemk: aemk, rpi: rpi) == metadata)
        }
    }

    @Test(arguments: [1, 2])
    func officialVectorBatchPath(threads: Int) throws {
        let rows = try ReferenceData.csvRows("gaen/crypto-vectors-v1.2.csv")
        let tek = TemporaryExposureKey(
            keyData: try #require(KeyBytes(hex: Self.officialTEK)),
            rollingStartIntervalNumber: ENIntervalNumber(2_642_976))
        let metadata = try #require(BluetoothMetadata(hex: "40080000"))
        // The vector's key among others, so that offsets and threads are exercised.
        var stream = RandomStream(seed: 11, subsystem: "test")
        let others = (0..<5).map { _ in TemporaryExposureKey.generate(at: ENIntervalNumber(2_700_000), using: &stream) }
        let batch = try IdentifierBatchDeriver.deriveAll(
            others + [tek] + others, metadata: [metadata], includeMetadata: true, threads: threads)
        let base = batch.keyOffsets[others.count]
        #expect(batch.count == 144 * 11)
        for (offset, row) in rows.enumerated() {
            #expect(batch.interval(at: base + offset).rawValue == UInt32(row["en_interval_number"]!))
            #expect(batch.rpi(at: base + offset).hex == row["rpi_hex"])
            #expect(batch.aem(at: base + offset)?.hex == row["aem_hex"])
        }
        let single = try IdentifierBatchDeriver().derive(tek, metadata: metadata)
        #expect(single.map(\.rpi.hex) == rows.map { $0["rpi_hex"]! })
        #expect(single.map(\.aem.hex) == rows.map { $0["aem_hex"]! })
    }

    @Test func realDeviceVectors() throws {
        let rows = try ReferenceData.csvRows("gaen/crypto-vectors-real-devices.csv")
        #expect(rows.count == 3)
        for row in rows {
            let label = row["label"]!
            let enin = ENIntervalNumber(try #require(UInt32(row["en_interval_number"]!)))
            let tek = TemporaryExposureKey(
                keyData: try #require(KeyBytes(hex: row["tek_hex"]!)),
                rollingStartIntervalNumber: enin.dayStart)
            let rpik = KeyDerivation.rollingProximityIdentifierKey(for: tek)
            let aemk = KeyDerivation.associatedEncryptedMetadataKey(for: tek)
            #expect(rpik.hex == row["rpik_hex"], "\(label) RPIK")
            #expect(aemk.hex == row["aemk_hex"], "\(label) AEMK")
            let rpi = KeyDerivation.rollingProximityIdentifier(rpik: rpik, interval: enin)
            #expect(rpi.hex == row["rpi_hex"], "\(label) RPI")

            // The batch path covers the key's whole day; pick the vector's interval.
            let batch = try IdentifierBatchDeriver.deriveAll(
                [tek], metadata: row["metadata_hex"]!.isEmpty ? [] : [try #require(BluetoothMetadata(hex: row["metadata_hex"]!))],
                includeMetadata: !row["metadata_hex"]!.isEmpty, threads: 1)
            let index = Int(enin.rawValue - tek.rollingStartIntervalNumber.rawValue)
            #expect(batch.rpi(at: index).hex == row["rpi_hex"], "\(label) batch RPI")

            guard let metaHex = row["metadata_hex"], !metaHex.isEmpty else { continue }
            let metadata = try #require(BluetoothMetadata(hex: metaHex))
            #expect(Int(metadata.txPower) == Int(row["tx_power_dbm"]!))
            let aem = KeyDerivation.associatedEncryptedMetadata(aemk: aemk, rpi: rpi, metadata: metadata)
            #expect(aem.hex == row["aem_hex"], "\(label) AEM")
            #expect(batch.aem(at: index)?.hex == row["aem_hex"], "\(label) batch AEM")
            let seen = try #require(AssociatedEncryptedMetadata(hex: row["aem_hex"]!))
            let decrypted = KeyDerivation.decryptMetadata(aem: seen, aemk: aemk, rpi: rpi)
            #expect(decrypted == metadata)
            #expect(decrypted.hasPlausibleTxPower)
        }
    }

    @Test func firstRealDeviceKeystream() throws {
        // PROTOCOL.md §2b: AES-ECB(AEMK, RPI) of the first row.
        let aemk = try #require(KeyBytes(hex: "e01962eba7d4b5f40226e91ef9f6c050"))
        let rpi = try #require(KeyBytes(hex: "31fc2cf219fe6dc6765d860e979ba9e5"))
        let zero = BluetoothMetadata(bytes: [0, 0, 0, 0])
        let keystream = KeyDerivation.associatedEncryptedMetadata(aemk: aemk, rpi: rpi, metadata: zero)
        #expect(keystream.hex == "50b33a43")
    }

    @Test func batchMatchesSinglePathOnRandomKeys() throws {
        var stream = RandomStream(seed: 2024, subsystem: "test-batch")
        var keys = [TemporaryExposureKey]()
        for i in 0..<200 {
            var key = TemporaryExposureKey.generate(at: ENIntervalNumber(UInt32(2_650_000 + i * 37)), using: &stream)
            key.rollingPeriod = UInt32(1 + Int(stream.next() % 144))
            keys.append(key)
        }
        let metadata = (0..<keys.count).map { i in
            BluetoothMetadata(minorVersion: 1, txPower: Int8(i % 40) - 30, calibrationConfidence: UInt8(i % 4))
        }
        let one = try IdentifierBatchDeriver.deriveAll(keys, metadata: metadata, includeMetadata: true, threads: 1)
        let two = try IdentifierBatchDeriver.deriveAll(keys, metadata: metadata, includeMetadata: true, threads: 2)
        let three = try IdentifierBatchDeriver.deriveAll(keys, metadata: metadata, includeMetadata: true, threads: 3)
        #expect(one.withRPIBytes { Array($0) } == two.withRPIBytes { Array($0) })
        #expect(one.withRPIBytes { Array($0) } == three.withRPIBytes { Array($0) })
        for (k, key) in keys.enumerated() {
            let rpik = KeyDerivation.rollingProximityIdentifierKey(for: key)
            let aemk = KeyDerivation.associatedEncryptedMetadataKey(for: key)
            // Check the first, last and one middle interval of every key.
            for offset in Set([0, Int(key.rollingPeriod) / 2, Int(key.rollingPeriod) - 1]) {
                let row = one.keyOffsets[k] + offset
                let enin = key.rollingStartIntervalNumber.advanced(by: offset)
                let rpi = KeyDerivation.rollingProximityIdentifier(rpik: rpik, interval: enin)
                #expect(one.rpi(at: row) == rpi)
                #expect(one.interval(at: row) == enin)
                #expect(one.aem(at: row) == KeyDerivation.associatedEncryptedMetadata(aemk: aemk, rpi: rpi, metadata: metadata[k]))
            }
        }
    }

    @Test func streamingDerivationSeesEveryKeyOnce() throws {
        var stream = RandomStream(seed: 5, subsystem: "test-stream")
        let keys = (0..<50).map { _ in TemporaryExposureKey.generate(at: ENIntervalNumber(2_650_000), using: &stream) }
        let expected = try IdentifierBatchDeriver.deriveAll(keys, threads: 1)
        let seen = SeenKeys(count: keys.count)
        try IdentifierBatchDeriver.forEachKey(keys, threads: 2) { _, k, rpis, aems in
            #expect(aems == nil)
            seen.record(k, Array(rpis))
        }
        for k in keys.indices {
            let rows = expected.keyOffsets[k]..<expected.keyOffsets[k + 1]
            let bytes = expected.withRPIBytes { Array($0[(16 * rows.lowerBound)..<(16 * rows.upperBound)]) }
            #expect(seen.bytes(k) == bytes)
        }
    }
}

/// Thread-safe collector for the streaming test.
final class SeenKeys: @unchecked Sendable {
    private var store: [[UInt8]?]
    private let lock = NSLock()
    init(count: Int) { store = Array(repeating: nil, count: count) }
    func record(_ k: Int, _ bytes: [UInt8]) {
        lock.lock()
        precondition(store[k] == nil, "key \(k) delivered twice")
        store[k] = bytes
        lock.unlock()
    }
    func bytes(_ k: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return store[k]
    }
}
