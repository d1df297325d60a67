import CExposureCrypto
import Foundation
import WarnSimCore

/// Derives every Rolling Proximity Identifier (and optionally every Associated
/// Encrypted Metadata) of many Temporary Exposure Keys at once.
///
/// Per key: one zero-salt HKDF pass yields RPIK and AEMK, one pass of AES-128
/// encrypts all `rolling_period` PaddedData blocks under the RPIK, and one
/// more encrypts the RPIs under the AEMK to give the AEM keystream
/// (AES-128-CTR with the RPI as IV uses exactly `AES(AEMK, RPI)` for its first
/// and only block).
///
/// Two engines give the same bytes: on x86-64 CPUs with the AES and SHA
/// instructions, the `CExposureCrypto` kernel (the HKDFs of several keys
/// interleaved, the AES key schedule inline); elsewhere OpenSSL's EVP AES and
/// SHA-256 (``ZeroSaltHKDF``, ``AES128ECB``). An instance holds OpenSSL
/// contexts and scratch buffers and is not thread-safe;
/// ``deriveAll(_:metadata:includeMetadata:threads:)`` runs one per thread.
public final class IdentifierBatchDeriver {
    /// Whether this CPU runs the `CExposureCrypto` kernel.
    public static let kernelAvailable = ws_en_kernel_available() == 1
    /// Whether this instance uses the kernel (else OpenSSL).
    public let usesKernel: Bool
    private let rpiCipher: AES128ECB
    private let aemCipher: AES128ECB
    private let hkdf = ZeroSaltHKDF()
    /// 144 PaddedData blocks; the ENIN tails are rewritten per key.
    private let padded: UnsafeMutableRawPointer
    /// Keystream scratch for the AEMs of one key.
    private let keystream: UnsafeMutableRawPointer
    static let maxBlocks = Int(TemporaryExposureKey.validRollingPeriods.upperBound)
    /// Keys whose HKDFs and AES key schedules the kernel computes together.
    static let keysPerGroup = Int(WS_EN_GROUP)

    /// Creates a deriver with its own OpenSSL contexts.
    ///
    /// - Parameter kernel: use the `CExposureCrypto` kernel where the CPU
    ///   allows it (`true`, the default), or OpenSSL only (`false`; tests
    ///   compare the two).
    /// - Throws: ``BatchCryptoError`` if libcrypto cannot provide AES-128-ECB.
    public init(kernel: Bool = true) throws(BatchCryptoError) {
        usesKernel = kernel && Self.kernelAvailable
        rpiCipher = try AES128ECB()
        aemCipher = try AES128ECB()
        padded = .allocate(byteCount: 16 * Self.maxBlocks, alignment: 64)
        keystream = .allocate(byteCount: 16 * Self.maxBlocks, alignment: 64)
        let prefix: [UInt8] = [0x45, 0x4E, 0x2D, 0x52, 0x50, 0x49, 0, 0, 0, 0, 0, 0]
        for block in 0..<Self.maxBlocks {
            (padded + 16 * block).copyMemory(from: prefix, byteCount: 12)
        }
    }

    deinit {
        padded.deallocate()
        keystream.deallocate()
    }

    /// RPIK (and, if `aemks` is given, AEMK) of `count` keys: 16 bytes each,
    /// read from `teks` and written to `rpiks` and `aemks`.
    func deriveKeys(
        teks: UnsafeRawPointer, count: Int, rpiks: UnsafeMutableRawPointer, aemks: UnsafeMutableRawPointer?
    ) {
        if usesKernel {
            ws_en_derive_keys(
                teks.assumingMemoryBound(to: UInt8.self), count, rpiks.assumingMemoryBound(to: UInt8.self),
                aemks?.assumingMemoryBound(to: UInt8.self))
            return
        }
        for k in 0..<count {
            hkdf.derive(tek: teks + 16 * k, rpik: rpiks + 16 * k, aemk: aemks.map { $0 + 16 * k })
        }
    }

    /// The `count` RPIs from interval `start` under `rpik` (16 bytes) into `rpis`.
    func encryptRPIs(rpik: UnsafeRawPointer, start: UInt32, count: Int, into rpis: UnsafeMutableRawPointer) {
        if usesKernel {
            ws_en_rpis(rpik.assumingMemoryBound(to: UInt8.self), start, count, rpis.assumingMemoryBound(to: UInt8.self))
            return
        }
        for i in 0..<count {
            (padded + 16 * i + 12).storeBytes(of: (start &+ UInt32(i)).littleEndian, as: UInt32.self)
        }
        rpiCipher.setKey(rpik)
        rpiCipher.encrypt(padded, to: rpis, blocks: count)
    }

    /// The AEMs of `count` RPIs under `aemk` (16 bytes): the keystream's first
    /// word XOR `plain` (the metadata's 4 bytes as loaded from memory).
    func encryptAEMs(aemk: UnsafeRawPointer, rpis: UnsafeRawPointer, count: Int, plain: UInt32, into aems: UnsafeMutableRawPointer) {
        if usesKernel {
            ws_en_aems(
                aemk.assumingMemoryBound(to: UInt8.self), rpis.assumingMemoryBound(to: UInt8.self), count, plain,
                aems.assumingMemoryBound(to: UInt8.self))
            return
        }
        aemCipher.setKey(aemk)
        aemCipher.encrypt(rpis, to: keystream, blocks: count)
        for i in 0..<count {
            let word = (keystream + 16 * i).loadUnaligned(as: UInt32.self)
            (aems + 4 * i).storeBytes(of: word ^ plain, toByteOffset: 0, as: UInt32.self)
        }
    }

    /// The metadata's 4 bytes as a word loaded from memory (v1.0 `40 00 00 00` when `nil`).
    static func plainWord(_ metadata: BluetoothMetadata?) -> UInt32 {
        metadata.map { $0.raw.littleEndian } ?? UInt32(0x40).littleEndian
    }

    /// Writes the RPIs of `tek` for its whole rolling period to `rpis`
    /// (16 × `rollingPeriod` bytes) and, if `aems` is given, the AEMs of
    /// `metadata` to `aems` (4 × `rollingPeriod` bytes).
    ///
    /// - Parameters:
    ///   - tek: the key; its rolling period must be 1…144.
    ///   - metadata: the metadata to encrypt into the AEMs; `nil` uses the v1.0
    ///     metadata `40 00 00 00` (version byte only).
    ///   - rpis: writable memory for `16 × rollingPeriod` bytes.
    ///   - aems: writable memory for `4 × rollingPeriod` bytes, or `nil` to skip
    ///     the AEMs.
    public func derive(
        _ tek: TemporaryExposureKey,
        metadata: BluetoothMetadata? = nil,
        rpis: UnsafeMutableRawPointer,
        aems: UnsafeMutableRawPointer? = nil
    ) {
        let count = Int(tek.rollingPeriod)
        precondition(TemporaryExposureKey.validRollingPeriods.contains(tek.rollingPeriod))
        var keys = (rpik: KeyBytes(low: 0, high: 0), aemk: KeyBytes(low: 0, high: 0))
        var key = tek.keyData
        withUnsafeMutableBytes(of: &keys) { derived in
            withUnsafeBytes(of: &key) { tekBytes in
                deriveKeys(
                    teks: tekBytes.baseAddress!, count: 1, rpiks: derived.baseAddress!,
                    aemks: aems == nil ? nil : derived.baseAddress! + 16)
            }
            encryptRPIs(rpik: derived.baseAddress!, start: tek.rollingStartIntervalNumber.rawValue, count: count, into: rpis)
            if let aems {
                encryptAEMs(aemk: derived.baseAddress! + 16, rpis: rpis, count: count, plain: Self.plainWord(metadata), into: aems)
            }
        }
    }

    /// Writes the RPIs of `count` intervals from `start` under an already derived
    /// RPIK: the AES part of ``derive(_:metadata:rpis:aems:)`` alone.
    ///
    /// - Parameters:
    ///   - rpik: the key's RPIK.
    ///   - start: the interval of the first RPI.
    ///   - count: the number of intervals, 1…144.
    ///   - rpis: writable memory for `16 × count` bytes.
    public func deriveRPIs(rpik: KeyBytes, start: ENIntervalNumber, count: Int, into rpis: UnsafeMutableRawPointer) {
        precondition((1...Self.maxBlocks).contains(count))
        var key = rpik
        withUnsafeBytes(of: &key) { encryptRPIs(rpik: $0.baseAddress!, start: start.rawValue, count: count, into: rpis) }
    }

    /// Derives keys `range` of `keys` in groups of ``keysPerGroup`` (their
    /// HKDFs and key schedules together on the kernel), writing each key's
    /// RPIs (and AEMs) where `destination(k, slot)` says (`slot`: the key's
    /// place in its group), then calling `derived(k, slot)` for each key of
    /// the group, in key order.
    func derive(
        _ keys: [TemporaryExposureKey], _ range: Range<Int>, metadata: [BluetoothMetadata], includeMetadata: Bool,
        destination: (_ key: Int, _ slot: Int) -> (rpis: UnsafeMutableRawPointer, aems: UnsafeMutableRawPointer?),
        derived: (_ key: Int, _ slot: Int) -> Void
    ) {
        let group = Self.keysPerGroup
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 7 * group) { words in
            withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt8>?.self, capacity: 2 * group) { pointers in
                let teks = UnsafeMutableRawPointer(words.baseAddress!)  // 4 words per key
                let starts = words.baseAddress! + 4 * group
                let periods = starts + group
                let plain = periods + group
                let rpiOut = pointers.baseAddress!
                let aemOut = rpiOut + group
                var first = range.lowerBound
                while first < range.upperBound {
                    let n = Swift.min(group, range.upperBound - first)
                    for j in 0..<n {
                        let key = keys[first + j]
                        precondition(TemporaryExposureKey.validRollingPeriods.contains(key.rollingPeriod))
                        teks.storeBytes(of: key.keyData, toByteOffset: 16 * j, as: KeyBytes.self)
                        starts[j] = key.rollingStartIntervalNumber.rawValue
                        periods[j] = key.rollingPeriod
                        plain[j] = Self.plainWord(metadata.isEmpty ? nil : metadata[metadata.count == 1 ? 0 : first + j])
                        let (rpis, aems) = destination(first + j, j)
                        rpiOut[j] = rpis.assumingMemoryBound(to: UInt8.self)
                        aemOut[j] = includeMetadata ? aems!.assumingMemoryBound(to: UInt8.self) : nil
                    }
                    if usesKernel {
                        ws_en_derive_group(
                            teks.assumingMemoryBound(to: UInt8.self), n, starts, periods, includeMetadata ? plain : nil,
                            rpiOut, aemOut)
                    } else {
                        withUnsafeTemporaryAllocation(byteCount: 32, alignment: 16) { derivedKeys in
                            let rpik = derivedKeys.baseAddress!
                            for j in 0..<n {
                                deriveKeys(teks: teks + 16 * j, count: 1, rpiks: rpik, aemks: includeMetadata ? rpik + 16 : nil)
                                encryptRPIs(rpik: rpik, start: starts[j], count: Int(periods[j]), into: rpiOut[j]!)
                                if includeMetadata {
                                    encryptAEMs(
                                        aemk: rpik + 16, rpis: rpiOut[j]!, count: Int(periods[j]), plain: plain[j], into: aemOut[j]!)
                                }
                            }
                        }
                    }
                    for j in 0..<n { derived(first + j, j) }
                    first += n
                }
            }
        }
    }

    /// The RPIs and AEMs of one key, as values.
    ///
    /// - Parameters:
    ///   - tek: the key; its rolling period must be 1…144.
    ///   - metadata: the metadata the phone broadcast with the key.
    /// - Returns: one pair per interval of the key's period, in interval order.
    public func derive(_ tek: TemporaryExposureKey, metadata: BluetoothMetadata) -> [(rpi: KeyBytes, aem: AssociatedEncryptedMetadata)] {
        var batch = DerivedIdentifiers.allocate(keys: [tek], includeMetadata: true)
        batch.rpiStorage.withUnsafeMutableBytes { rpis in
            batch.aemStorage.withUnsafeMutableBytes { aems in
                derive(tek, metadata: metadata, rpis: rpis.baseAddress!, aems: aems.baseAddress!)
            }
        }
        return (0..<batch.count).map { (batch.rpi(at: $0), batch.aem(at: $0)!) }
    }

    /// Derives the identifiers of many keys on `threads` threads without
    /// collecting them: `body(worker, keyIndex, rpis, aems)` receives each key's
    /// RPIs (16 bytes per interval) and, if `includeMetadata`, its AEMs (4 bytes
    /// per interval) in a scratch buffer valid only during the call. Keys are
    /// assigned to workers in fixed contiguous chunks, each worker in key order.
    /// This is the shape matching needs: derive, look up, discard.
    ///
    /// - Parameters:
    ///   - keys: the keys; rolling periods must be 1…144.
    ///   - metadata: one per key, one for all, or empty (the v1.0 metadata
    ///     `40 00 00 00`).
    ///   - includeMetadata: whether to compute the AEMs (`aems` is `nil` otherwise).
    ///   - threads: worker threads (at most one per key); which worker sees a key
    ///     is fixed by the arguments.
    ///   - body: receives the worker, the key's index in `keys`, its RPIs and AEMs.
    /// - Throws: ``BatchCryptoError`` if OpenSSL fails in any worker.
    public static func forEachKey(
        _ keys: [TemporaryExposureKey],
        metadata: [BluetoothMetadata] = [],
        includeMetadata: Bool = false,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ body: @Sendable (_ worker: Int, _ keyIndex: Int, _ rpis: UnsafeRawBufferPointer, _ aems: UnsafeRawBufferPointer?) -> Void
    ) throws(BatchCryptoError) {
        precondition(metadata.isEmpty || metadata.count == 1 || metadata.count == keys.count)
        try eachWorker(keys: keys.count, threads: threads) { worker, range, deriver in
            // One group's identifiers, L1-sized: 8 keys × 144 × 20 bytes.
            let rpis = UnsafeMutableRawPointer.allocate(byteCount: 16 * maxBlocks * keysPerGroup, alignment: 64)
            let aems = UnsafeMutableRawPointer.allocate(byteCount: 4 * maxBlocks * keysPerGroup, alignment: 64)
            defer {
                rpis.deallocate()
                aems.deallocate()
            }
            deriver.derive(
                keys, range, metadata: metadata, includeMetadata: includeMetadata,
                destination: { _, slot in (rpis + 16 * maxBlocks * slot, includeMetadata ? aems + 4 * maxBlocks * slot : nil) }
            ) { k, slot in
                let count = Int(keys[k].rollingPeriod)
                body(
                    worker, k,
                    UnsafeRawBufferPointer(start: rpis + 16 * maxBlocks * slot, count: 16 * count),
                    includeMetadata ? UnsafeRawBufferPointer(start: aems + 4 * maxBlocks * slot, count: 4 * count) : nil
                )
            }
        }
    }

    /// The identifiers of many keys, split across `threads` threads.
    ///
    /// - Parameters:
    ///   - keys: the keys; each contributes `rollingPeriod` rows in order.
    ///   - metadata: the metadata each key's phone broadcast (one per key, or one
    ///     for all). Ignored unless `includeMetadata`.
    ///   - includeMetadata: whether to compute AEMs as well as RPIs. Matching
    ///     needs only RPIs; advertisements need both.
    ///   - threads: worker threads (1 = the calling thread only). The result does
    ///     not depend on it.
    /// - Returns: the identifiers, one row per interval of each key, keys in order.
    /// - Throws: ``BatchCryptoError`` if OpenSSL fails in any worker.
    public static func deriveAll(
        _ keys: [TemporaryExposureKey],
        metadata: [BluetoothMetadata] = [],
        includeMetadata: Bool = false,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(BatchCryptoError) -> DerivedIdentifiers {
        var batch = DerivedIdentifiers.allocate(keys: keys, includeMetadata: includeMetadata)
        guard !keys.isEmpty else { return batch }
        let offsets = batch.keyOffsets
        var failure: BatchCryptoError?
        batch.rpiStorage.withUnsafeMutableBytes { rpis in
            batch.aemStorage.withUnsafeMutableBytes { aems in
                do throws(BatchCryptoError) {
                    try derive(
                        keys, metadata: metadata, rowOffsets: offsets, threads: threads, rpis: rpis.baseAddress!,
                        aems: includeMetadata ? aems.baseAddress! : nil)
                } catch { failure = error }
            }
        }
        if let failure { throw failure }
        return batch
    }

    /// The identifiers of many keys written into the caller's memory, split
    /// across `threads` threads: key `k`'s RPIs at `rpis + 16 × rowOffsets[k]`
    /// and, if `aems` is given, its AEMs at `aems + 4 × rowOffsets[k]`, one row
    /// per interval of its rolling period.
    ///
    /// - Parameters:
    ///   - keys: the keys; rolling periods must be 1…144.
    ///   - metadata: one per key, one for all, or empty (the v1.0 metadata
    ///     `40 00 00 00`); used only with `aems`.
    ///   - rowOffsets: the prefix sums of the keys' rolling periods
    ///     (`keys.count + 1` entries, the first 0).
    ///   - threads: worker threads; the bytes written do not depend on it.
    ///   - rpis: writable memory for `16 × rowOffsets.last!` bytes.
    ///   - aems: writable memory for `4 × rowOffsets.last!` bytes, or `nil` to
    ///     skip the AEMs.
    /// - Throws: ``BatchCryptoError`` if OpenSSL fails in any worker.
    public static func derive(
        _ keys: [TemporaryExposureKey], metadata: [BluetoothMetadata] = [], rowOffsets: [Int],
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        rpis: UnsafeMutableRawPointer, aems: UnsafeMutableRawPointer?
    ) throws(BatchCryptoError) {
        precondition(metadata.isEmpty || metadata.count == 1 || metadata.count == keys.count)
        precondition(rowOffsets.count == keys.count + 1, "one row offset per key and the total")
        nonisolated(unsafe) let rpiBase = rpis
        nonisolated(unsafe) let aemBase = aems
        try eachWorker(keys: keys.count, threads: threads) { _, range, deriver in
            deriver.derive(
                keys, range, metadata: metadata, includeMetadata: aemBase != nil,
                destination: { k, _ in
                    precondition(rowOffsets[k + 1] - rowOffsets[k] == Int(keys[k].rollingPeriod), "row offsets of key \(k)")
                    return (rpiBase + 16 * rowOffsets[k], aemBase.map { $0 + 4 * rowOffsets[k] })
                }
            ) { _, _ in }
        }
    }

    /// Splits `keys` keys into fixed contiguous chunks, one per worker (at
    /// most one per key), and calls `body(worker, range, deriver)` on each
    /// worker with its own deriver.
    ///
    /// - Throws: ``BatchCryptoError`` if OpenSSL fails to make a worker's
    ///   deriver (the first such error; that worker's keys are not derived).
    private static func eachWorker(
        keys: Int, threads: Int, _ body: @Sendable (_ worker: Int, _ range: Range<Int>, _ deriver: IdentifierBatchDeriver) -> Void
    ) throws(BatchCryptoError) {
        let workers = max(1, min(threads, keys))
        let failure = FirstErrorBox<BatchCryptoError>()
        Parallel.run(workers: workers) { worker in
            let range = Parallel.chunk(worker, of: workers, count: keys)
            guard !range.isEmpty else { return }
            let deriver: IdentifierBatchDeriver
            do throws(BatchCryptoError) { deriver = try IdentifierBatchDeriver() } catch {
                failure.record(error)
                return
            }
            body(worker, range, deriver)
        }
        if let error = failure.error { throw error }
    }
}

/// The identifiers of a batch of keys: key `k` owns rows
/// `keyOffsets[k] ..< keyOffsets[k + 1]`, one per interval of its rolling period.
public struct DerivedIdentifiers: Sendable {
    /// The keys, in input order.
    public let keys: [TemporaryExposureKey]
    /// Prefix sums of the rolling periods; `keyOffsets.count == keys.count + 1`.
    public let keyOffsets: [Int]
    /// 16 bytes per row.
    var rpiStorage: [UInt8]
    /// 4 bytes per row, empty unless metadata was included.
    var aemStorage: [UInt8]

    static func allocate(keys: [TemporaryExposureKey], includeMetadata: Bool) -> DerivedIdentifiers {
        var offsets = [0]
        offsets.reserveCapacity(keys.count + 1)
        for key in keys { offsets.append(offsets.last! + Int(key.rollingPeriod)) }
        let rows = offsets.last!
        return DerivedIdentifiers(
            keys: keys,
            keyOffsets: offsets,
            rpiStorage: [UInt8](repeating: 0, count: 16 * rows),
            aemStorage: includeMetadata ? [UInt8](repeating: 0, count: 4 * rows) : []
        )
    }

    /// The number of rows (identifiers).
    public var count: Int { keyOffsets.last! }

    /// The key index a row belongs to.
    ///
    /// - Parameter row: a row, 0 ..< `count`.
    /// - Returns: the index of the key in the derived batch.
    public func keyIndex(ofRow row: Int) -> Int {
        var low = 0
        var high = keys.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if keyOffsets[mid] <= row { low = mid } else { high = mid }
        }
        return low
    }

    /// The interval a row stands for.
    ///
    /// - Parameter row: a row, 0 ..< `count`.
    /// - Returns: the key's start interval advanced by the row's offset in the key.
    public func interval(at row: Int) -> ENIntervalNumber {
        let k = keyIndex(ofRow: row)
        return keys[k].rollingStartIntervalNumber.advanced(by: row - keyOffsets[k])
    }

    /// The RPI of a row.
    ///
    /// - Parameter row: a row, 0 ..< `count`.
    /// - Returns: the row's RPI.
    public func rpi(at row: Int) -> KeyBytes {
        rpiStorage.withUnsafeBytes { KeyBytes(loadingFrom: $0.baseAddress! + 16 * row) }
    }

    /// The AEM of a row, if metadata was included.
    ///
    /// - Parameter row: a row, 0 ..< `count`.
    /// - Returns: the row's AEM, or `nil` if the batch was derived without metadata.
    public func aem(at row: Int) -> AssociatedEncryptedMetadata? {
        guard !aemStorage.isEmpty else { return nil }
        return AssociatedEncryptedMetadata(bytes: Array(aemStorage[(4 * row)..<(4 * row + 4)]))
    }

    /// Calls `body` with the packed RPI bytes (16 per row).
    ///
    /// - Parameter body: receives `16 × count` bytes, valid only during the call.
    /// - Returns: what `body` returns.
    /// - Throws: whatever `body` throws.
    public func withRPIBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try rpiStorage.withUnsafeBytes(body)
    }
}
