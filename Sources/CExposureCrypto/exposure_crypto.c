// See include/exposure_crypto.h for what this file provides and why.
#include "exposure_crypto.h"

#include <string.h>

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

#define WS_TARGET __attribute__((target("aes,sha,ssse3,sse4.1")))
#define WS_INLINE static inline __attribute__((always_inline))
// The 256-bit AES instructions (VAES: two blocks per instruction), used when
// the CPU has them (`vaes_available`); the 128-bit AES-NI path otherwise.
#define WS_TARGET_VAES __attribute__((target("aes,sha,vaes,avx2,ssse3,sse4.1")))

int ws_en_kernel_available(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const int aes = (c >> 25) & 1, ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const int sha = (b >> 29) & 1;
    return aes && ssse3 && sse41 && sha;
}

// ---------------------------------------------------------------------------
// SHA-256 (FIPS 180-4) on the SHA extensions. A state is kept as the two
// registers the instructions use (ABEF, CDGH); messages are 16 words in
// host order (the big-endian decoding of the block is done by the caller,
// who builds every block of the HKDF from words anyway).

static const uint32_t sha256_k[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static const uint32_t sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

typedef struct {
    __m128i abef, cdgh;
} sha_state;

WS_TARGET WS_INLINE sha_state sha_load(const uint32_t h[8]) {
    __m128i abcd = _mm_loadu_si128((const __m128i *)h);
    __m128i efgh = _mm_loadu_si128((const __m128i *)(h + 4));
    abcd = _mm_shuffle_epi32(abcd, 0xB1);  // B A D C
    efgh = _mm_shuffle_epi32(efgh, 0x1B);  // H G F E
    sha_state s;
    s.abef = _mm_alignr_epi8(abcd, efgh, 8);    // F E B A (lanes 0..3)
    s.cdgh = _mm_blend_epi16(efgh, abcd, 0xF0);  // H G D C
    return s;
}

WS_TARGET WS_INLINE void sha_store(sha_state s, uint32_t h[8]) {
    const __m128i feba = _mm_shuffle_epi32(s.abef, 0x1B);  // A B E F
    const __m128i dchg = _mm_shuffle_epi32(s.cdgh, 0xB1);  // G H C D
    _mm_storeu_si128((__m128i *)h, _mm_blend_epi16(feba, dchg, 0xF0));        // A B C D
    _mm_storeu_si128((__m128i *)(h + 4), _mm_alignr_epi8(dchg, feba, 8));      // E F G H
}

// Four rounds of lane `l` with message words `m` (four words).
#define SHA_ROUNDS(l, m, group)                                                                   \
    do {                                                                                          \
        __m128i t = _mm_add_epi32(m, _mm_load_si128((const __m128i *)(sha256_k + 4 * (group))));  \
        st[l].cdgh = _mm_sha256rnds2_epu32(st[l].cdgh, st[l].abef, t);                            \
        t = _mm_shuffle_epi32(t, 0x0E);                                                           \
        st[l].abef = _mm_sha256rnds2_epu32(st[l].abef, st[l].cdgh, t);                            \
    } while (0)

// Message schedule: the next four words from the previous sixteen.
#define SHA_NEXT(a, b, c, d) \
    a = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(a, b), _mm_alignr_epi8(d, c, 4)), d)

// Compresses one block into each of `lanes` (at most `width`) independent
// states, the lanes' instructions interleaved so that their latencies
// overlap; lanes beyond `lanes` repeat lane 0 and are not stored. Inlined
// with a constant `width` (1 or SHA_LANES), so that the loops over lanes
// unroll.
#define SHA_LANES 4
WS_TARGET WS_INLINE void sha_compress_width(uint32_t state[][8], const uint32_t message[][16], int lanes, const int width) {
    sha_state st[SHA_LANES], saved[SHA_LANES];
    __m128i m0[SHA_LANES], m1[SHA_LANES], m2[SHA_LANES], m3[SHA_LANES];
    for (int l = 0; l < width; l++) {
        const int s = l < lanes ? l : 0;
        st[l] = sha_load(state[s]);
        saved[l] = st[l];
        m0[l] = _mm_loadu_si128((const __m128i *)(message[s]));
        m1[l] = _mm_loadu_si128((const __m128i *)(message[s] + 4));
        m2[l] = _mm_loadu_si128((const __m128i *)(message[s] + 8));
        m3[l] = _mm_loadu_si128((const __m128i *)(message[s] + 12));
    }
    for (int l = 0; l < width; l++) SHA_ROUNDS(l, m0[l], 0);
    for (int l = 0; l < width; l++) SHA_ROUNDS(l, m1[l], 1);
    for (int l = 0; l < width; l++) SHA_ROUNDS(l, m2[l], 2);
    for (int l = 0; l < width; l++) SHA_ROUNDS(l, m3[l], 3);
    for (int group = 4; group < 16; group += 4) {
        for (int l = 0; l < width; l++) {
            SHA_NEXT(m0[l], m1[l], m2[l], m3[l]);
            SHA_ROUNDS(l, m0[l], group);
        }
        for (int l = 0; l < width; l++) {
            SHA_NEXT(m1[l], m2[l], m3[l], m0[l]);
            SHA_ROUNDS(l, m1[l], group + 1);
        }
        for (int l = 0; l < width; l++) {
            SHA_NEXT(m2[l], m3[l], m0[l], m1[l]);
            SHA_ROUNDS(l, m2[l], group + 2);
        }
        for (int l = 0; l < width; l++) {
            SHA_NEXT(m3[l], m0[l], m1[l], m2[l]);
            SHA_ROUNDS(l, m3[l], group + 3);
        }
    }
    for (int l = 0; l < lanes; l++) {
        st[l].abef = _mm_add_epi32(st[l].abef, saved[l].abef);
        st[l].cdgh = _mm_add_epi32(st[l].cdgh, saved[l].cdgh);
        sha_store(st[l], state[l]);
    }
}

// One block into each of `lanes` (1…SHA_LANES) states.
WS_TARGET static void sha_compress_lanes(uint32_t state[][8], const uint32_t message[][16], int lanes) {
    if (lanes == 1)
        sha_compress_width(state, message, 1, 1);
    else
        sha_compress_width(state, message, lanes, SHA_LANES);
}

// The last block of an HMAC half: `count` message words after one 64-byte
// pad block, with SHA-256's padding and length.
static void sha_final_block(uint32_t block[16], const uint32_t *words, int count) {
    memset(block, 0, 64);
    for (int i = 0; i < count; i++) block[i] = words[i];
    block[count] = 0x80000000u;
    block[15] = (uint32_t)((64 + 4 * count) * 8);
}

// HMAC with the empty salt: the key is 64 zero bytes, so the states after its
// pad blocks (64 bytes of 0x36, 64 bytes of 0x5c) are constants. Computed
// with OpenSSL's SHA256_Update; the tests against OpenSSL's HKDF check them.
static const uint32_t extract_inner_state[8] = {
    0xf454dead, 0x9725214f, 0x90daf2a0, 0xdf1228ea, 0x64e5750f, 0xa3924181, 0x824a932b, 0xf8e04e32,
};
static const uint32_t extract_outer_state[8] = {
    0xd385480f, 0x7abb6477, 0x37c9c538, 0x5dd82467, 0x8e043a72, 0x753434b0, 0xdeb82818, 0x361d45a6,
};

static uint32_t load_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void store_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

// HMAC(key, info ‖ 0x01) for the keyed pad states `inner`/`outer`, first 16 bytes.
static void hkdf_expand_lanes(
    uint32_t inner[][8], uint32_t outer[][8], const uint32_t info[2], int lanes, uint8_t *out, size_t stride) {
    uint32_t st[SHA_LANES][8], block[SHA_LANES][16];
    for (int l = 0; l < lanes; l++) {
        memcpy(st[l], inner[l], 32);
        sha_final_block(block[l], info, 2);
    }
    sha_compress_lanes(st, (const uint32_t(*)[16])block, lanes);
    for (int l = 0; l < lanes; l++) {
        sha_final_block(block[l], st[l], 8);
        memcpy(st[l], outer[l], 32);
    }
    sha_compress_lanes(st, (const uint32_t(*)[16])block, lanes);
    for (int l = 0; l < lanes; l++)
        for (int i = 0; i < 4; i++) store_be32(out + stride * l + 4 * i, st[l][i]);
}

void ws_en_derive_keys(const uint8_t *teks, size_t count, uint8_t *rpiks, uint8_t *aemks) {
    static const uint32_t rpik_info[2] = {0x454E2D52u, 0x50494B01u};  // "EN-RPIK" 0x01
    static const uint32_t aemk_info[2] = {0x454E2D41u, 0x454D4B01u};  // "EN-AEMK" 0x01
    for (size_t first = 0; first < count; first += SHA_LANES) {
        const int lanes = count - first < SHA_LANES ? (int)(count - first) : SHA_LANES;
        uint32_t st[SHA_LANES][8], block[SHA_LANES][16];
        // Extract: PRK = HMAC(zeros, TEK).
        for (int l = 0; l < lanes; l++) {
            uint32_t words[4];
            for (int i = 0; i < 4; i++) words[i] = load_be32(teks + 16 * (first + l) + 4 * i);
            memcpy(st[l], extract_inner_state, 32);
            sha_final_block(block[l], words, 4);
        }
        sha_compress_lanes(st, (const uint32_t(*)[16])block, lanes);
        for (int l = 0; l < lanes; l++) {
            sha_final_block(block[l], st[l], 8);
            memcpy(st[l], extract_outer_state, 32);
        }
        sha_compress_lanes(st, (const uint32_t(*)[16])block, lanes);
        // The PRK's HMAC pads.
        uint32_t inner[SHA_LANES][8], outer[SHA_LANES][8];
        for (int l = 0; l < lanes; l++) {
            for (int i = 0; i < 8; i++) block[l][i] = st[l][i] ^ 0x36363636u;
            for (int i = 8; i < 16; i++) block[l][i] = 0x36363636u;
            memcpy(inner[l], sha256_iv, 32);
        }
        sha_compress_lanes(inner, (const uint32_t(*)[16])block, lanes);
        for (int l = 0; l < lanes; l++) {
            for (int i = 0; i < 8; i++) block[l][i] = st[l][i] ^ 0x5c5c5c5cu;
            for (int i = 8; i < 16; i++) block[l][i] = 0x5c5c5c5cu;
            memcpy(outer[l], sha256_iv, 32);
        }
        sha_compress_lanes(outer, (const uint32_t(*)[16])block, lanes);
        hkdf_expand_lanes(inner, outer, rpik_info, lanes, rpiks + 16 * first, 16);
        if (aemks) hkdf_expand_lanes(inner, outer, aemk_info, lanes, aemks + 16 * first, 16);
    }
}

// ---------------------------------------------------------------------------
// AES-128 (FIPS 197) on AES-NI.

// One step of the AES-128 key expansion: SubWord(RotWord(w3)) XOR rcon,
// computed with AESENCLAST on word 3 rotated into every column (ShiftRows is
// then the identity and MixColumns is not applied), so that rcon can be a
// register rather than AESKEYGENASSIST's immediate and several keys can be
// expanded in one loop.
WS_TARGET WS_INLINE __m128i aes_expand_step(__m128i key, __m128i rcon) {
    const __m128i rotated = _mm_shuffle_epi8(key, _mm_set_epi8(12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13, 12, 15, 14, 13));
    const __m128i word = _mm_aesenclast_si128(rotated, rcon);
    key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
    key = _mm_xor_si128(key, _mm_slli_si128(key, 8));
    return _mm_xor_si128(key, word);
}

static const uint8_t aes_rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36};

// Expands `count` keys (16 bytes each, `stride` bytes apart) into `schedules`
// (11 round keys each), the keys' steps interleaved.
WS_TARGET static void aes_expand_many(const uint8_t *keys, size_t stride, size_t count, __m128i (*schedules)[11]) {
    for (size_t k = 0; k < count; k++) schedules[k][0] = _mm_loadu_si128((const __m128i *)(keys + stride * k));
    for (int r = 0; r < 10; r++) {
        const __m128i rcon = _mm_set1_epi32(aes_rcon[r]);
        for (size_t k = 0; k < count; k++) schedules[k][r + 1] = aes_expand_step(schedules[k][r], rcon);
    }
}

WS_TARGET WS_INLINE void aes_expand(const uint8_t *key, __m128i rk[11]) {
    __m128i schedule[1][11];
    aes_expand_many(key, 16, 1, schedule);
    for (int r = 0; r < 11; r++) rk[r] = schedule[0][r];
}

// Encrypts 8 blocks in place.
WS_TARGET WS_INLINE void aes_encrypt8(const __m128i rk[11], __m128i b[8]) {
    for (int i = 0; i < 8; i++) b[i] = _mm_xor_si128(b[i], rk[0]);
    for (int r = 1; r < 10; r++)
        for (int i = 0; i < 8; i++) b[i] = _mm_aesenc_si128(b[i], rk[r]);
    for (int i = 0; i < 8; i++) b[i] = _mm_aesenclast_si128(b[i], rk[10]);
}

WS_TARGET WS_INLINE __m128i aes_encrypt1(const __m128i rk[11], __m128i b) {
    b = _mm_xor_si128(b, rk[0]);
    for (int r = 1; r < 10; r++) b = _mm_aesenc_si128(b, rk[r]);
    return _mm_aesenclast_si128(b, rk[10]);
}

WS_TARGET void ws_aes128_expand(const uint8_t *key, ws_aes128_schedule *schedule) {
    __m128i rk[11];
    aes_expand(key, rk);
    for (int r = 0; r < 11; r++) _mm_storeu_si128((__m128i *)(schedule->round_keys + 16 * r), rk[r]);
}

static int vaes_available(void);
WS_TARGET_VAES static void ecb_vaes(const __m128i rk[11], const uint8_t *input, uint8_t *output, size_t blocks);

WS_TARGET void ws_aes128_ecb(const ws_aes128_schedule *schedule, const uint8_t *input, uint8_t *output, size_t blocks) {
    __m128i rk[11];
    for (int r = 0; r < 11; r++) rk[r] = _mm_loadu_si128((const __m128i *)(schedule->round_keys + 16 * r));
    if (vaes_available()) {
        ecb_vaes(rk, input, output, blocks);
        return;
    }
    size_t i = 0;
    for (; i + 8 <= blocks; i += 8) {
        __m128i b[8];
        for (int j = 0; j < 8; j++) b[j] = _mm_loadu_si128((const __m128i *)(input + 16 * (i + j)));
        aes_encrypt8(rk, b);
        for (int j = 0; j < 8; j++) _mm_storeu_si128((__m128i *)(output + 16 * (i + j)), b[j]);
    }
    for (; i < blocks; i++)
        _mm_storeu_si128((__m128i *)(output + 16 * i), aes_encrypt1(rk, _mm_loadu_si128((const __m128i *)(input + 16 * i))));
}

// The RPIs of `count` intervals from `start` under an expanded RPIK.
WS_TARGET WS_INLINE void rpis_with(const __m128i rk[11], uint32_t start, size_t count, uint8_t *rpis) {
    // PaddedData: "EN-RPI", six zero bytes, ENIN little-endian (lane 3).
    static const uint8_t prefix[16] = {0x45, 0x4E, 0x2D, 0x52, 0x50, 0x49, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    __m128i block = _mm_insert_epi32(_mm_loadu_si128((const __m128i *)prefix), (int)start, 3);
    const __m128i one = _mm_set_epi32(1, 0, 0, 0);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m128i b[8];
        for (int j = 0; j < 8; j++) {
            b[j] = block;
            block = _mm_add_epi32(block, one);
        }
        aes_encrypt8(rk, b);
        for (int j = 0; j < 8; j++) _mm_storeu_si128((__m128i *)(rpis + 16 * (i + j)), b[j]);
    }
    for (; i < count; i++) {
        _mm_storeu_si128((__m128i *)(rpis + 16 * i), aes_encrypt1(rk, block));
        block = _mm_add_epi32(block, one);
    }
}

// The AEMs of `count` RPIs under an expanded AEMK.
WS_TARGET WS_INLINE void aems_with(const __m128i rk[11], const uint8_t *rpis, size_t count, uint32_t metadata, uint8_t *aems) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m128i b[8];
        for (int j = 0; j < 8; j++) b[j] = _mm_loadu_si128((const __m128i *)(rpis + 16 * (i + j)));
        aes_encrypt8(rk, b);
        for (int j = 0; j < 8; j++) {
            const uint32_t word = (uint32_t)_mm_cvtsi128_si32(b[j]) ^ metadata;
            memcpy(aems + 4 * (i + j), &word, 4);
        }
    }
    for (; i < count; i++) {
        const __m128i b = aes_encrypt1(rk, _mm_loadu_si128((const __m128i *)(rpis + 16 * i)));
        const uint32_t word = (uint32_t)_mm_cvtsi128_si32(b) ^ metadata;
        memcpy(aems + 4 * i, &word, 4);
    }
}

WS_TARGET_VAES static void rpis_with_vaes(const __m128i rk[11], uint32_t start, size_t count, uint8_t *rpis);

WS_TARGET void ws_en_rpis(const uint8_t *rpik, uint32_t start, size_t count, uint8_t *rpis) {
    __m128i rk[11];
    aes_expand(rpik, rk);
    if (vaes_available())
        rpis_with_vaes(rk, start, count, rpis);
    else
        rpis_with(rk, start, count, rpis);
}

WS_TARGET void ws_en_aems(const uint8_t *aemk, const uint8_t *rpis, size_t count, uint32_t metadata, uint8_t *aems) {
    __m128i rk[11];
    aes_expand(aemk, rk);
    aems_with(rk, rpis, count, metadata, aems);
}

// RPIs and their AEMs together: each batch of 8 RPIs is encrypted again under
// the AEMK while still in registers.
WS_TARGET WS_INLINE void identifiers_with(
    const __m128i rpi_rk[11], const __m128i aem_rk[11], uint32_t start, size_t count, uint32_t metadata, uint8_t *rpis,
    uint8_t *aems) {
    static const uint8_t prefix[16] = {0x45, 0x4E, 0x2D, 0x52, 0x50, 0x49, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    __m128i block = _mm_insert_epi32(_mm_loadu_si128((const __m128i *)prefix), (int)start, 3);
    const __m128i one = _mm_set_epi32(1, 0, 0, 0);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m128i b[8], k[8];
        for (int j = 0; j < 8; j++) {
            b[j] = block;
            block = _mm_add_epi32(block, one);
        }
        aes_encrypt8(rpi_rk, b);
        for (int j = 0; j < 8; j++) k[j] = b[j];
        aes_encrypt8(aem_rk, k);
        for (int j = 0; j < 8; j++) {
            const uint32_t word = (uint32_t)_mm_cvtsi128_si32(k[j]) ^ metadata;
            _mm_storeu_si128((__m128i *)(rpis + 16 * (i + j)), b[j]);
            memcpy(aems + 4 * (i + j), &word, 4);
        }
    }
    for (; i < count; i++) {
        const __m128i rpi = aes_encrypt1(rpi_rk, block);
        block = _mm_add_epi32(block, one);
        const uint32_t word = (uint32_t)_mm_cvtsi128_si32(aes_encrypt1(aem_rk, rpi)) ^ metadata;
        _mm_storeu_si128((__m128i *)(rpis + 16 * i), rpi);
        memcpy(aems + 4 * i, &word, 4);
    }
}

// Whether the CPU has VAES and AVX2 with the OS saving their registers, and
// whether the 256-bit path is to be used (`ws_en_use_wide_aes`).
static int wide_aes_enabled = 1;

int ws_en_wide_aes_available(void) {
    static int known = -1;
    if (known < 0) known = __builtin_cpu_supports("vaes") && __builtin_cpu_supports("avx2");
    return known;
}

void ws_en_use_wide_aes(int enabled) { __atomic_store_n(&wide_aes_enabled, enabled ? 1 : 0, __ATOMIC_RELAXED); }

static int vaes_available(void) {
    return __atomic_load_n(&wide_aes_enabled, __ATOMIC_RELAXED) && ws_en_wide_aes_available();
}

// Encrypts 16 blocks (8 registers of two) in place under the round keys `rk`
// broadcast to both halves.
WS_TARGET_VAES WS_INLINE void aes_encrypt16(const __m256i rk[11], __m256i b[8]) {
    for (int i = 0; i < 8; i++) b[i] = _mm256_xor_si256(b[i], rk[0]);
    for (int r = 1; r < 10; r++)
        for (int i = 0; i < 8; i++) b[i] = _mm256_aesenc_epi128(b[i], rk[r]);
    for (int i = 0; i < 8; i++) b[i] = _mm256_aesenclast_epi128(b[i], rk[10]);
}

WS_TARGET_VAES WS_INLINE void broadcast_schedule(const __m128i rk[11], __m256i wide[11]) {
    for (int r = 0; r < 11; r++) wide[r] = _mm256_broadcastsi128_si256(rk[r]);
}

// The PaddedData blocks of intervals `start` (low half) and `start` + 1 (high half).
WS_TARGET_VAES WS_INLINE __m256i padded_pair(uint32_t start) {
    static const uint8_t prefix[16] = {0x45, 0x4E, 0x2D, 0x52, 0x50, 0x49, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    const __m128i block = _mm_loadu_si128((const __m128i *)prefix);
    return _mm256_set_m128i(_mm_insert_epi32(block, (int)(start + 1), 3), _mm_insert_epi32(block, (int)start, 3));
}

// `ws_aes128_ecb` sixteen blocks at a time on VAES; the rest on AES-NI.
WS_TARGET_VAES static void ecb_vaes(const __m128i rk[11], const uint8_t *input, uint8_t *output, size_t blocks) {
    __m256i wide[11];
    broadcast_schedule(rk, wide);
    size_t i = 0;
    for (; i + 16 <= blocks; i += 16) {
        __m256i b[8];
        for (int j = 0; j < 8; j++) b[j] = _mm256_loadu_si256((const __m256i *)(input + 16 * (i + 2 * j)));
        aes_encrypt16(wide, b);
        for (int j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(output + 16 * (i + 2 * j)), b[j]);
    }
    for (; i < blocks; i++)
        _mm_storeu_si128((__m128i *)(output + 16 * i), aes_encrypt1(rk, _mm_loadu_si128((const __m128i *)(input + 16 * i))));
}

// The next sixteen PaddedData blocks from `pair` (intervals counted in
// lane 3 of each half), advancing it.
WS_TARGET_VAES WS_INLINE void next_padded16(__m256i *pair, __m256i b[8]) {
    const __m256i two = _mm256_set_epi32(2, 0, 0, 0, 2, 0, 0, 0);
    for (int j = 0; j < 8; j++) {
        b[j] = *pair;
        *pair = _mm256_add_epi32(*pair, two);
    }
}

// `rpis_with` sixteen blocks at a time on VAES; the rest on AES-NI.
WS_TARGET_VAES static void rpis_with_vaes(const __m128i rk[11], uint32_t start, size_t count, uint8_t *rpis) {
    __m256i wide[11];
    broadcast_schedule(rk, wide);
    __m256i pair = padded_pair(start);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m256i b[8];
        next_padded16(&pair, b);
        aes_encrypt16(wide, b);
        for (int j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(rpis + 16 * (i + 2 * j)), b[j]);
    }
    if (i < count) rpis_with(rk, start + (uint32_t)i, count - i, rpis + 16 * i);
}

// `identifiers_with` sixteen at a time on VAES; the rest on AES-NI.
WS_TARGET_VAES static void identifiers_with_vaes(
    const __m128i rpi_rk[11], const __m128i aem_rk[11], uint32_t start, size_t count, uint32_t metadata, uint8_t *rpis,
    uint8_t *aems) {
    __m256i rpi_wide[11], aem_wide[11];
    broadcast_schedule(rpi_rk, rpi_wide);
    broadcast_schedule(aem_rk, aem_wide);
    __m256i pair = padded_pair(start);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m256i b[8], k[8];
        next_padded16(&pair, b);
        aes_encrypt16(rpi_wide, b);
        for (int j = 0; j < 8; j++) k[j] = b[j];
        aes_encrypt16(aem_wide, k);
        for (int j = 0; j < 8; j++) {
            _mm256_storeu_si256((__m256i *)(rpis + 16 * (i + 2 * j)), b[j]);
            const uint32_t low = (uint32_t)_mm256_cvtsi256_si32(k[j]) ^ metadata;
            const uint32_t high = (uint32_t)_mm256_extract_epi32(k[j], 4) ^ metadata;
            memcpy(aems + 4 * (i + 2 * j), &low, 4);
            memcpy(aems + 4 * (i + 2 * j + 1), &high, 4);
        }
    }
    if (i < count) identifiers_with(rpi_rk, aem_rk, start + (uint32_t)i, count - i, metadata, rpis + 16 * i, aems + 4 * i);
}

WS_TARGET void ws_en_derive_group(
    const uint8_t *teks, size_t count, const uint32_t *starts, const uint32_t *periods, const uint32_t *metadata,
    uint8_t *const *rpis, uint8_t *const *aems) {
    uint8_t rpiks[16 * WS_EN_GROUP], aemks[16 * WS_EN_GROUP];
    __m128i rpi_schedules[WS_EN_GROUP][11], aem_schedules[WS_EN_GROUP][11];
    for (size_t first = 0; first < count; first += WS_EN_GROUP) {
        const size_t n = count - first < WS_EN_GROUP ? count - first : WS_EN_GROUP;
        ws_en_derive_keys(teks + 16 * first, n, rpiks, metadata ? aemks : NULL);
        aes_expand_many(rpiks, 16, n, rpi_schedules);
        const int wide = vaes_available();
        if (!metadata) {
            for (size_t k = 0; k < n; k++) {
                if (wide)
                    rpis_with_vaes(rpi_schedules[k], starts[first + k], periods[first + k], rpis[first + k]);
                else
                    rpis_with(rpi_schedules[k], starts[first + k], periods[first + k], rpis[first + k]);
            }
            continue;
        }
        aes_expand_many(aemks, 16, n, aem_schedules);
        for (size_t k = 0; k < n; k++) {
            if (wide)
                identifiers_with_vaes(
                    rpi_schedules[k], aem_schedules[k], starts[first + k], periods[first + k], metadata[first + k],
                    rpis[first + k], aems[first + k]);
            else
                identifiers_with(
                    rpi_schedules[k], aem_schedules[k], starts[first + k], periods[first + k], metadata[first + k],
                    rpis[first + k], aems[first + k]);
        }
    }
}

#else

// Not x86-64: the kernel is absent and callers use OpenSSL.
int ws_en_kernel_available(void) { return 0; }
int ws_en_wide_aes_available(void) { return 0; }
void ws_en_use_wide_aes(int enabled) { (void)enabled; }
void ws_en_derive_keys(const uint8_t *teks, size_t count, uint8_t *rpiks, uint8_t *aemks) { __builtin_trap(); }
void ws_aes128_expand(const uint8_t *key, ws_aes128_schedule *schedule) { __builtin_trap(); }
void ws_aes128_ecb(const ws_aes128_schedule *schedule, const uint8_t *input, uint8_t *output, size_t blocks) {
    __builtin_trap();
}
void ws_en_rpis(const uint8_t *rpik, uint32_t start, size_t count, uint8_t *rpis) { __builtin_trap(); }
void ws_en_aems(const uint8_t *aemk, const uint8_t *rpis, size_t count, uint32_t metadata, uint8_t *aems) {
    __builtin_trap();
}
void ws_en_derive_group(
    const uint8_t *teks, size_t count, const uint32_t *starts, const uint32_t *periods, const uint32_t *metadata,
    uint8_t *const *rpis, uint8_t *const *aems) {
    __builtin_trap();
}

#endif
