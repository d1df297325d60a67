import CLibCrypto

/// HKDF-SHA256 with a NULL salt and 16-byte outputs, specialised for the
/// batch path: the HMAC pads of the all-zero salt are hashed once, and the pads
/// of each pseudo-random key once per TEK for both the RPIK and the AEMK
/// (RFC 2104 §4 notes this precomputation). That is 8 SHA-256 compressions per
/// TEK instead of 16. The SHA-256 itself is OpenSSL's (SHA-NI where present).
///
/// Tests check it against swift-crypto's `HKDF` on the official vectors and on
/// random keys. Not thread-safe; one instance per thread.
struct ZeroSaltHKDF {
    private var extractInner = SHA256_CTX()
    private var extractOuter = SHA256_CTX()

    init() {
        var pad = [UInt8](repeating: 0x36, count: 64)
        SHA256_Init(&extractInner)
        SHA256_Update(&extractInner, pad, 64)
        pad = [UInt8](repeating: 0x5C, count: 64)
        SHA256_Init(&extractOuter)
        SHA256_Update(&extractOuter, pad, 64)
    }

    /// Writes RPIK (and, if `aemk` is given, AEMK) for the 16-byte `tek`.
    func derive(tek: UnsafeRawPointer, rpik: UnsafeMutableRawPointer, aemk: UnsafeMutableRawPointer?) {
        // Extract: PRK = HMAC(zeros, TEK).
        var digest = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var prk = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &digest) { digestBytes in
            let d = digestBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var inner = extractInner
            SHA256_Update(&inner, tek, 16)
            SHA256_Final(d, &inner)
            withUnsafeMutableBytes(of: &prk) { prkBytes in
                let p = prkBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var outer = extractOuter
                SHA256_Update(&outer, d, 32)
                SHA256_Final(p, &outer)

                // Expand: T(1) = HMAC(PRK, info ‖ 0x01), keeping 16 bytes.
                var keyedInner = SHA256_CTX()
                var keyedOuter = SHA256_CTX()
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { block in
                    for i in 0..<32 { block[i] = p[i] ^ 0x36 }
                    for i in 32..<64 { block[i] = 0x36 }
                    SHA256_Init(&keyedInner)
                    SHA256_Update(&keyedInner, block.baseAddress!, 64)
                    for i in 0..<64 { block[i] ^= 0x36 ^ 0x5C }
                    SHA256_Init(&keyedOuter)
                    SHA256_Update(&keyedOuter, block.baseAddress!, 64)
                }

                expand(keyedInner, keyedOuter, info: ZeroSaltHKDF.rpikMessage, scratch: d, into: rpik)
                if let aemk {
                    expand(keyedInner, keyedOuter, info: ZeroSaltHKDF.aemkMessage, scratch: d, into: aemk)
                }
            }
        }
    }

    private func expand(
        _ keyedInner: SHA256_CTX,
        _ keyedOuter: SHA256_CTX,
        info: [UInt8],
        scratch: UnsafeMutablePointer<UInt8>,
        into output: UnsafeMutableRawPointer
    ) {
        var inner = keyedInner
        SHA256_Update(&inner, info, info.count)
        SHA256_Final(scratch, &inner)
        var outer = keyedOuter
        SHA256_Update(&outer, scratch, 32)
        SHA256_Final(scratch, &outer)
        output.copyMemory(from: scratch, byteCount: 16)
    }

    private static let rpikMessage = KeyDerivation.rpikInfo + [0x01]
    private static let aemkMessage = KeyDerivation.aemkInfo + [0x01]
}
