import CExposureCrypto

/// AES-128 in ECB mode on the `CExposureCrypto` kernel: AES-NI, and VAES (two
/// blocks per instruction) where the CPU has it. `bench crypto` measures it
/// beside OpenSSL's ``AES128ECB`` so that the AES ceiling is the faster of the
/// two on the machine at hand: the identifier derivation runs on the same
/// instructions and would otherwise be measured against a slower cipher.
public final class KernelAES128ECB {
    private let schedule: UnsafeMutablePointer<ws_aes128_schedule>

    /// Whether this CPU runs the kernel at all (``IdentifierBatchDeriver/kernelAvailable``).
    public static var isAvailable: Bool { IdentifierBatchDeriver.kernelAvailable }

    /// Whether the kernel's AES runs on 256-bit registers (VAES and AVX2).
    public static let wideAESAvailable = ws_en_wide_aes_available() == 1

    /// Makes the kernel use its 256-bit AES path where the CPU has it (`true`,
    /// the default) or only its 128-bit path (`false`). Both give the same
    /// bytes; tests compare them. Affects every user of the kernel.
    public static func useWideAES(_ enabled: Bool) { ws_en_use_wide_aes(enabled ? 1 : 0) }

    /// A cipher with the expanded `key`; nil where the kernel is not available.
    public init?(key: KeyBytes) {
        guard Self.isAvailable else { return nil }
        schedule = .allocate(capacity: 1)
        key.withUnsafeBytes { ws_aes128_expand($0.baseAddress!.assumingMemoryBound(to: UInt8.self), schedule) }
    }

    deinit { schedule.deallocate() }

    /// Encrypts `blocks` 16-byte blocks from `input` to `output` (which may be the same).
    public func encrypt(_ input: UnsafeRawPointer, to output: UnsafeMutableRawPointer, blocks: Int) {
        ws_aes128_ecb(
            schedule, input.assumingMemoryBound(to: UInt8.self), output.assumingMemoryBound(to: UInt8.self), blocks)
    }
}
