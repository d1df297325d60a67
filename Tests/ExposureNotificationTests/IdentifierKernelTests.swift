import ExposureNotification
import Foundation
import Testing
import WarnSimCore
import WarnSimTestSupport

/// The `CExposureCrypto` kernel (AES-NI and SHA-NI) against the OpenSSL path
/// and the single path (swift-crypto): the same bytes for every key, rolling
/// period, interval (including the 2^32 wrap) and metadata, and the
/// specification's vector.
@Suite struct IdentifierKernelTests {
    /// Keys with every rolling period 1…144, random bytes and start intervals,
    /// and two starts near the 32-bit end of the interval counter.
    static func keys(_ count: Int, seed: UInt64) -> [TemporaryExposureKey] {
        var stream = RandomStream(seed: seed, subsystem: "test.kernel")
        return (0..<count).map { i in
            let data = KeyBytes(low: stream.next(), high: stream.next())
            let start: UInt32 = i == 3 ? UInt32.max - 5 : i == 4 ? UInt32.max : UInt32(truncatingIfNeeded: stream.next())
            return TemporaryExposureKey(
                keyData: data, rollingStartIntervalNumber: ENIntervalNumber(start), rollingPeriod: UInt32(i % 144 + 1))
        }
    }

    /// Random metadata, one per key.
    static func metadata(for keys: [TemporaryExposureKey], seed: UInt64) -> [BluetoothMetadata] {
        var stream = RandomStream(seed: seed, subsystem: "test.kernel.metadata")
        return keys.map { _ in BluetoothMetadata(bytes: (0..<4).map { _ in UInt8(truncatingIfNeeded: stream.next()) }) }
    }

    /// The CPU's flags as /proc/cpuinfo lists them (empty where it cannot be read).
    static func cpuFlags() -> Set<String> {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        return Set(cpuinfo.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init))
    }

    /// Where the CPU has the instructions (the machines CI runs on do), the
    /// deriver uses the kernel; elsewhere there is nothing to compare.
    @Test func kernelIsUsedWhereAvailable() throws {
        #expect(try IdentifierBatchDeriver().usesKernel == IdentifierBatchDeriver.kernelAvailable)
        #expect(try IdentifierBatchDeriver(kernel: false).usesKernel == false)
        #if arch(x86_64)
            let flags = Self.cpuFlags()
            #expect(
                IdentifierBatchDeriver.kernelAvailable == (flags.contains("aes") && flags.contains("sha_ni")),
                "the kernel's CPU check disagrees with /proc/cpuinfo")
        #endif
    }

    @Test func kernelEqualsOpenSSLForEveryPeriod() throws {
        let keys = Self.keys(300, seed: 1)
        let metadata = Self.metadata(for: keys, seed: 2)
        let kernel = try IdentifierBatchDeriver(kernel: true)
        let openSSL = try IdentifierBatchDeriver(kernel: false)
        for (k, key) in keys.enumerated() {
            let fast = kernel.derive(key, metadata: metadata[k])
            let reference = openSSL.derive(key, metadata: metadata[k])
            #expect(fast.count == Int(key.rollingPeriod))
            #expect(fast.map(\.rpi) == reference.map(\.rpi), "RPIs of key \(k)")
            #expect(fast.map(\.aem) == reference.map(\.aem), "AEMs of key \(k)")
        }
    }

    @Test func kernelEqualsSinglePath() throws {
        let keys = Self.keys(20, seed: 3)
        let metadata = try #require(BluetoothMetadata(hex: "40080000"))
        let kernel = try IdentifierBatchDeriver(kernel: true)
        for key in keys {
            let rpik = KeyDerivation.rollingProximityIdentifierKey(for: key)
            let aemk = KeyDerivation.associatedEncryptedMetadataKey(for: key)
            for (i, pair) in kernel.derive(key, metadata: metadata).enumerated() {
                let interval = ENIntervalNumber(key.rollingStartIntervalNumber.rawValue &+ UInt32(i))
                let rpi = KeyDerivation.rollingProximityIdentifier(rpik: rpik, interval: interval)
                #expect(pair.rpi == rpi)
                #expect(pair.aem == KeyDerivation.associatedEncryptedMetadata(aemk: aemk, rpi: rpi, metadata: metadata))
            }
        }
    }

    /// Groups of keys (the HKDFs and key schedules of up to eight keys run
    /// together, the last group partial) give each key its own identifiers,
    /// with per-key metadata, on 1 and 3 threads, collected and streamed.
    @Test(arguments: [1, 3])
    func groupedDerivationEqualsOneAtATime(threads: Int) throws {
        let keys = Self.keys(45, seed: 4)
        let metadata = Self.metadata(for: keys, seed: 5)
        let openSSL = try IdentifierBatchDeriver(kernel: false)
        let reference = keys.indices.map { openSSL.derive(keys[$0], metadata: metadata[$0]) }
        let batch = try IdentifierBatchDeriver.deriveAll(keys, metadata: metadata, includeMetadata: true, threads: threads)
        for k in keys.indices {
            for (i, pair) in reference[k].enumerated() {
                #expect(batch.rpi(at: batch.keyOffsets[k] + i) == pair.rpi, "key \(k) row \(i)")
                #expect(batch.aem(at: batch.keyOffsets[k] + i) == pair.aem, "key \(k) row \(i)")
            }
        }
        let seen = LockedKeys(count: keys.count)
        try IdentifierBatchDeriver.forEachKey(keys, metadata: metadata, includeMetadata: true, threads: threads) {
            _, k, rpis, aems in
            let rows = reference[k]
            let rpisMatch = rows.indices.allSatisfy { KeyBytes(loadingFrom: rpis.baseAddress! + 16 * $0) == rows[$0].rpi }
            let aemsMatch = rows.indices.allSatisfy {
                AssociatedEncryptedMetadata(bytes: Array(aems![(4 * $0)..<(4 * $0 + 4)])) == rows[$0].aem
            }
            seen.record(k, matches: rpis.count == 16 * rows.count && rpisMatch && aemsMatch)
        }
        #expect(seen.allMatched, "streamed identifiers differ from OpenSSL's for keys \(seen.mismatched)")
    }

    /// The kernel's 256-bit AES path (VAES, where the CPU has it) and its
    /// 128-bit path give the same identifiers and the same ECB blocks as
    /// OpenSSL, for every rolling period (sixteen blocks at a time and the
    /// rest); the CPU check agrees with /proc/cpuinfo.
    @Test func wideAndNarrowAESGiveTheSameBytes() throws {
        #if arch(x86_64)
            let flags = Self.cpuFlags()
            #expect(
                KernelAES128ECB.wideAESAvailable == (flags.contains("vaes") && flags.contains("avx2")),
                "the kernel's VAES check disagrees with /proc/cpuinfo")
        #endif
        let keys = Self.keys(150, seed: 6)
        let metadata = Self.metadata(for: keys, seed: 7)
        let openSSL = try IdentifierBatchDeriver(kernel: false)
        let reference = keys.indices.map { openSSL.derive(keys[$0], metadata: metadata[$0]) }
        defer { KernelAES128ECB.useWideAES(true) }
        for wide in [true, false] {
            KernelAES128ECB.useWideAES(wide)
            let pairs = try IdentifierBatchDeriver.deriveAll(keys, metadata: metadata, includeMetadata: true, threads: 1)
            let rpisOnly = try IdentifierBatchDeriver.deriveAll(keys, includeMetadata: false, threads: 1)
            for k in keys.indices {
                for (i, pair) in reference[k].enumerated() {
                    #expect(pairs.rpi(at: pairs.keyOffsets[k] + i) == pair.rpi, "wide \(wide), key \(k) row \(i)")
                    #expect(pairs.aem(at: pairs.keyOffsets[k] + i) == pair.aem, "wide \(wide), key \(k) row \(i)")
                    #expect(rpisOnly.rpi(at: rpisOnly.keyOffsets[k] + i) == pair.rpi, "wide \(wide), key \(k) row \(i)")
                }
            }
        }
        // ECB against OpenSSL, block counts below, at and past sixteen.
        guard IdentifierBatchDeriver.kernelAvailable else { return }
        let key = KeyBytes(low: 0x0011_2233_4455_6677, high: 0x8899_AABB_CCDD_EEFF)
        let cipher = try AES128ECB()
        cipher.setKey(key)
        let kernel = try #require(KernelAES128ECB(key: key))
        var stream = RandomStream(seed: 8, subsystem: "test.kernel.ecb")
        for blocks in [1, 15, 16, 17, 37, 1000] {
            let input = (0..<(16 * blocks)).map { _ in UInt8(truncatingIfNeeded: stream.next()) }
            var expected = [UInt8](repeating: 0, count: input.count)
            input.withUnsafeBytes { i in
                expected.withUnsafeMutableBytes { cipher.encrypt(i.baseAddress!, to: $0.baseAddress!, blocks: blocks) }
            }
            for wide in [true, false] {
                KernelAES128ECB.useWideAES(wide)
                var output = [UInt8](repeating: 0, count: input.count)
                input.withUnsafeBytes { i in
                    output.withUnsafeMutableBytes { kernel.encrypt(i.baseAddress!, to: $0.baseAddress!, blocks: blocks) }
                }
                #expect(output == expected, "wide \(wide), \(blocks) blocks")
            }
        }
    }

    @Test func noKeys() throws {
        #expect(try IdentifierBatchDeriver.deriveAll([], includeMetadata: true, threads: 2).count == 0)
        var untouched = [UInt8](repeating: 0xA5, count: 16)
        try untouched.withUnsafeMutableBytes { bytes in
            try IdentifierBatchDeriver.derive([], rowOffsets: [0], threads: 2, rpis: bytes.baseAddress!, aems: bytes.baseAddress!)
        }
        #expect(untouched == [UInt8](repeating: 0xA5, count: 16))
    }

    @Test func officialVector() throws {
        let rows = try ReferenceData.csvRows("gaen/crypto-vectors-v1.2.csv")
        let tek = TemporaryExposureKey(
            keyData: try #require(KeyBytes(hex: CryptoVectorTests.officialTEK)),
            rollingStartIntervalNumber: ENIntervalNumber(2_642_976))
        let metadata = try #require(BluetoothMetadata(hex: "40080000"))
        let pairs = try IdentifierBatchDeriver(kernel: true).derive(tek, metadata: metadata)
        #expect(pairs.count == rows.count)
        for (pair, row) in zip(pairs, rows) {
            #expect(pair.rpi.hex == row["rpi_hex"])
            #expect(pair.aem.hex == row["aem_hex"])
        }
    }
}

/// Which keys a streaming derivation delivered, and whether each matched.
private final class LockedKeys: @unchecked Sendable {
    private var matched: [Bool?]
    private let lock = NSLock()

    init(count: Int) { matched = Array(repeating: nil, count: count) }

    func record(_ key: Int, matches: Bool) { lock.withLock { matched[key] = matches } }

    var allMatched: Bool { lock.withLock { matched.allSatisfy { $0 == true } } }
    var mismatched: [Int] { lock.withLock { matched.indices.filter { matched[$0] != true } } }
}
