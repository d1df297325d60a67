import Dispatch
import ExposureNotification
import WarnSimCore

/// The practical AES ceiling of this machine: AES-128-ECB over a 64 KiB
/// buffer per thread, each thread with its own cipher, all threads at once,
/// through OpenSSL's EVP and through WarnSim's own kernel
/// (``KernelAES128ECB``: AES-NI, and VAES where the CPU has it; OpenSSL's
/// ECB does not use VAES); each measurement is the faster of the two.
/// `bench crypto` and `bench simulate` report their identifier rates
/// against it (one AES block per RPI).
package final class AESBulkCeiling: @unchecked Sendable {
    /// Blocks per buffer and passes over it per ``encrypt()``.
    static let blocksPerBuffer = 4096
    static let passes = 64

    /// Threads encrypting at once.
    package let threads: Int
    private let ciphers: [AES128ECB]
    /// The kernel's ciphers, one per thread; empty where it is not available.
    private let kernels: [KernelAES128ECB]
    private let buffers: [UnsafeMutableRawPointer]
    /// The best rate each engine reached so far (blocks per second).
    package private(set) var bestOpenSSL = 0.0
    package private(set) var bestKernel = 0.0

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
        kernels = (0..<self.threads).compactMap { _ in KernelAES128ECB(key: key) }
        buffers = (0..<self.threads).map { _ in
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 16 * Self.blocksPerBuffer, alignment: 64)
            buffer.initializeMemory(as: UInt8.self, repeating: 0x5A, count: 16 * Self.blocksPerBuffer)
            return buffer
        }
    }

    deinit { for buffer in buffers { buffer.deallocate() } }

    /// Blocks encrypted by one ``encrypt()``, over all threads.
    package var blocksPerCall: Double { Double(Self.blocksPerBuffer * Self.passes * threads) }

    /// Encrypts every thread's buffer in place ``passes`` times, through
    /// OpenSSL or through the kernel.
    package func encrypt(kernel: Bool = false) {
        if threads == 1 {
            pass(0, kernel: kernel)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { pass($0, kernel: kernel) }
        }
    }

    private func pass(_ worker: Int, kernel: Bool) {
        for _ in 0..<Self.passes {
            if kernel {
                kernels[worker].encrypt(buffers[worker], to: buffers[worker], blocks: Self.blocksPerBuffer)
            } else {
                ciphers[worker].encrypt(buffers[worker], to: buffers[worker], blocks: Self.blocksPerBuffer)
            }
        }
    }

    /// Blocks per second of one measurement lasting at least `seconds`: the
    /// faster of OpenSSL and the kernel, each measured for half of it.
    package func measure(atLeast seconds: Double) -> Double {
        guard !kernels.isEmpty else {
            let rate = RepeatedRates.measure(units: blocksPerCall, atLeast: seconds) { encrypt() }
            bestOpenSSL = max(bestOpenSSL, rate)
            return rate
        }
        let openSSL = RepeatedRates.measure(units: blocksPerCall, atLeast: seconds / 2) { encrypt() }
        let kernel = RepeatedRates.measure(units: blocksPerCall, atLeast: seconds / 2) { encrypt(kernel: true) }
        bestOpenSSL = max(bestOpenSSL, openSSL)
        bestKernel = max(bestKernel, kernel)
        return max(openSSL, kernel)
    }

    /// `repetitions` measurements in a row after a warm-up, `seconds` in all.
    package func measure(repetitions: Int, seconds: Double) -> RepeatedRates {
        encrypt()  // warm-up: page in the buffers
        if !kernels.isEmpty { encrypt(kernel: true) }
        var rates = RepeatedRates()
        let count = max(repetitions, 1)
        for _ in 0..<count { rates.append(measure(atLeast: seconds / Double(count))) }
        return rates
    }
}
