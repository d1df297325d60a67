// The Exposure Notification key schedule on the x86-64 AES and SHA
// instructions (AES-NI, SHA-NI), for the batch derivation of WarnSim's
// `IdentifierBatchDeriver`.
//
// Why a C kernel beside OpenSSL: per Temporary Exposure Key the derivation is
// one zero-salt HKDF-SHA256 (8 SHA-256 compressions for RPIK and AEMK) and one
// AES-128 key schedule before its 144 blocks. Through OpenSSL each compression
// and each re-keying is a library call with its own bookkeeping, which costs
// more than the 144 blocks themselves; here the compressions of four keys run
// interleaved (their instruction latencies overlap) and the AES key schedule
// is ten instructions. The algorithms are those of FIPS 180-4 (SHA-256),
// RFC 2104 / RFC 5869 (HMAC, HKDF) and FIPS 197 (AES); the inputs are those
// of the Exposure Notification Cryptography Specification v1.2.1. Tests check
// every output against OpenSSL and swift-crypto and the specification's
// vectors.
//
// Call `ws_en_kernel_available()` first: every other function may be called
// only when it returns 1 (on other CPUs and architectures they trap).
#ifndef WARNSIM_EXPOSURE_CRYPTO_H
#define WARNSIM_EXPOSURE_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

/// 1 if this CPU has AES-NI, SHA-NI, SSSE3 and SSE4.1 (x86-64), else 0.
int ws_en_kernel_available(void);

/// 1 if this CPU also has VAES and AVX2: the AES work then runs on 256-bit
/// registers, two blocks per instruction (sixteen blocks in flight), else 0.
int ws_en_wide_aes_available(void);

/// With 0, every function uses the 128-bit AES-NI path even where VAES is
/// available; with 1 (the default), VAES where available. The outputs are the
/// same either way (tests compare the two paths).
void ws_en_use_wide_aes(int enabled);

/// RPIK (and, if `aemks` is not NULL, AEMK) of `count` 16-byte TEKs:
/// HKDF-SHA256 with no salt, info "EN-RPIK" / "EN-AEMK", 16 bytes out.
/// `teks`, `rpiks` and `aemks` hold `16 * count` bytes each.
void ws_en_derive_keys(const uint8_t *teks, size_t count, uint8_t *rpiks, uint8_t *aemks);

/// The expanded AES-128 encryption key (11 round keys, 176 bytes).
typedef struct {
    uint8_t round_keys[176];
} ws_aes128_schedule;

/// Expands a 16-byte AES-128 key.
void ws_aes128_expand(const uint8_t *key, ws_aes128_schedule *schedule);

/// Encrypts `blocks` 16-byte blocks in ECB mode (`input` may equal `output`).
void ws_aes128_ecb(const ws_aes128_schedule *schedule, const uint8_t *input, uint8_t *output, size_t blocks);

/// The `count` RPIs from interval `start` under `rpik`: AES-128 of the
/// PaddedData "EN-RPI" ‖ 6 zero bytes ‖ ENIN (little-endian), the ENIN
/// counting up from `start` (mod 2^32). `rpis` holds `16 * count` bytes.
void ws_en_rpis(const uint8_t *rpik, uint32_t start, size_t count, uint8_t *rpis);

/// The AEMs of `count` RPIs under `aemk`: the first 4 bytes of AES-128(AEMK,
/// RPI) XOR `metadata` (its 4 bytes in memory order), which is AES-128-CTR
/// with the RPI as the counter block. `aems` holds `4 * count` bytes.
void ws_en_aems(const uint8_t *aemk, const uint8_t *rpis, size_t count, uint32_t metadata, uint8_t *aems);

/// Keys whose HKDFs and AES key schedules `ws_en_derive_group` computes together.
#define WS_EN_GROUP 8

/// The identifiers of `count` keys: for key `k`, its `periods[k]` (1…144)
/// RPIs from interval `starts[k]` to `rpis[k]` (16 bytes each) and, if
/// `metadata` is not NULL, their AEMs of `metadata[k]` to `aems[k]` (4 bytes
/// each). The keys' HKDFs and key schedules run interleaved, in groups of
/// `WS_EN_GROUP`, and each batch of RPIs is encrypted under the AEMK while
/// still in registers.
void ws_en_derive_group(
    const uint8_t *teks, size_t count, const uint32_t *starts, const uint32_t *periods, const uint32_t *metadata,
    uint8_t *const *rpis, uint8_t *const *aems);

#endif
