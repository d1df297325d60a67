import CLibCrypto

/// Bulk AES-128 in ECB mode through OpenSSL's EVP interface.
///
/// Why OpenSSL: deriving identifiers encrypts 144 independent blocks per key,
/// which EVP processes in one call with pipelined AES-NI (or VAES, or the ARMv8
/// crypto extensions), about 540 million blocks per second per core on the
/// reference machine, where swift-crypto offers only one call per block. One
/// instance owns one cipher context and is not thread-safe; give each thread
/// its own.
public final class AES128ECB {
    private let context: OpaquePointer
    private let cipher: OpaquePointer
    private var keyed = false

    /// Creates a context; fails only if libcrypto cannot provide AES-128-ECB.
    ///
    /// - Throws: ``BatchCryptoError/openSSL(_:)`` naming the libcrypto call that failed.
    public init() throws(BatchCryptoError) {
        guard let cipher = EVP_CIPHER_fetch(nil, "AES-128-ECB", nil) else {
            throw .openSSL("EVP_CIPHER_fetch(AES-128-ECB)")
        }
        guard let context = EVP_CIPHER_CTX_new() else {
            EVP_CIPHER_free(cipher)
            throw .openSSL("EVP_CIPHER_CTX_new")
        }
        self.cipher = cipher
        self.context = context
    }

    deinit {
        EVP_CIPHER_CTX_free(context)
        EVP_CIPHER_free(cipher)
    }

    /// Sets the 16-byte key (cheap: only the key schedule is recomputed).
    ///
    /// - Parameter key: 16 readable bytes of AES-128 key.
    public func setKey(_ key: UnsafeRawPointer) {
        let ok: Int32
        if keyed {
            ok = EVP_EncryptInit_ex2(context, nil, key.assumingMemoryBound(to: UInt8.self), nil, nil)
        } else {
            ok = EVP_EncryptInit_ex2(context, cipher, key.assumingMemoryBound(to: UInt8.self), nil, nil)
            if ok == 1 { EVP_CIPHER_CTX_set_padding(context, 0) }
            keyed = true
        }
        precondition(ok == 1, "EVP_EncryptInit_ex2 failed for AES-128-ECB")
    }

    /// Sets the key from a ``KeyBytes`` value.
    ///
    /// - Parameter key: the AES-128 key.
    public func setKey(_ key: KeyBytes) {
        key.withUnsafeBytes { setKey($0.baseAddress!) }
    }

    /// Encrypts `blocks` consecutive 16-byte blocks from `input` to `output`
    /// (which may be the same buffer).
    ///
    /// - Parameters:
    ///   - input: `16 × blocks` readable bytes.
    ///   - output: `16 × blocks` writable bytes.
    ///   - blocks: the number of blocks (≥ 0).
    public func encrypt(_ input: UnsafeRawPointer, to output: UnsafeMutableRawPointer, blocks: Int) {
        precondition(keyed, "AES128ECB used before a key was set")
        var written: Int32 = 0
        let ok = EVP_EncryptUpdate(
            context,
            output.assumingMemoryBound(to: UInt8.self),
            &written,
            input.assumingMemoryBound(to: UInt8.self),
            Int32(blocks * 16)
        )
        precondition(ok == 1 && Int(written) == blocks * 16, "EVP_EncryptUpdate failed")
    }
}

/// A failure of the native crypto library (not of the input).
public enum BatchCryptoError: Error, CustomStringConvertible {
    case openSSL(String)

    public var description: String {
        switch self {
        case .openSSL(let call): return "OpenSSL call failed: \(call)"
        }
    }
}
