// OpenSSL libcrypto (Debian package libssl-dev).
//
// WarnSim uses two parts of it on the batch-derivation hot path:
// - the EVP cipher interface, which runs AES-128 on AES-NI/VAES on x86-64 and on
//   the ARMv8 crypto extensions on arm64;
// - the SHA-256 block interface (SHA256_Init/Update/Final on a copyable
//   SHA256_CTX), so that HMAC pads can be hashed once and reused.
// The block interface is marked deprecated in OpenSSL 3 in favour of EVP_MD, whose
// contexts cannot be copied cheaply; it remains part of the 3.x ABI.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/sha.h>
#include <openssl/crypto.h>
