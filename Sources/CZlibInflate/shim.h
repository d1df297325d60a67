// zlib's raw inflate (RFC 1951), used to read deflated key-package entries
// in one bounded call (Debian: zlib1g-dev).
#include <zlib.h>
