import Dispatch
import ExposureNotification
import WarnSimCore

/// The practical AES ceiling of this machine: OpenSSL EVP AES-128-ECB over a
/// 64 KiB buffer per thread, each thread with its own cipher, all threads at
/// once. `bench crypto` and `bench simulate` report their identifier rates
/// against it (one AES block per RPI).
package final class AESBulkCeiling: @unchecked Sendable {
    /// Blocks per buffer and passes over it per ``encrypt()``.
    static let blocksPerBuffer = 4096
    static let passes = 64

    /// Threads encrypting at once.
    package let threads: Int
    private let ciphers: [AES128ECB]
    private let buffers: [UnsafeMutableRawPointer]

    /// One cipher keyed with `key` and one buffer per thread.
    ///
    /// - Throws: ``BatchCryptoError`` if libcrypto cannot provide AES-128-ECB.
    package init(threads: Int, key: KeyBytes = KeyBytes(low: 0x0123_4567_89AB_CDEF, high: 0xFEDC_BA98_7654_3210)) throws {
        self.threads = max(threads, 1)
        var ciphers: [AES128ECB] = []
        for _ in 0..<self.threads {
            let cipher = try AES128ECB()
            cipher.setKey(key)
            ciphers.append(cipher)
        }
        self.ciphers = ciphers
        buffers = (0..<self.threads).map { _ in
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 16 * Self.blocksPerBuffer, alignment: 64)
            buffer.initializeMemory(as: UInt8.self, repeating: 0x5A, count: 16 * Self.blocksPerBuffer)
            return buffer
        }
    }

    deinit { for buffer in buffers { buffer.deallocate() } }

    /// Blocks encrypted by one ``encrypt()``, over all threads.
    package var blocksPerCall: Double { Double(Self.blocksPerBuffer * Self.passes * threads) }

    /// Encrypts every thread's buffer in place ``passes`` times.
    package func encrypt() {
        if threads == 1 {
            pass(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { pass($0) }
        }
    }

    private func pass(_ worker: Int) {
        for _ in 0..<Self.passes {
            ciphers[worker].encrypt(buffers[worker], to: buffers[worker], blocks: Self.blocksPerBuffer)
        }
    }

    /// Blocks per second of one measurement lasting at least `seconds`.
    package func measure(atLeast seconds: Double) -> Double {
        RepeatedRates.measure(units: blocksPerCall, atLeast: seconds) { encrypt() }
    }

    /// `repetitions` measurements in a row after a warm-up, `seconds` in all.
    package func measure(repetitions: Int, seconds: Double) -> RepeatedRates {
        encrypt()  // warm-up: page in the buffers
        var rates = RepeatedRates()
        let count = max(repetitions, 1)
        for _ in 0..<count { rates.append(measure(atLeast: seconds / Double(count))) }
        return rates
    }
}
