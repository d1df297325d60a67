// OpenBLAS' C interface to the BLAS (Debian package libopenblas-dev).
#include <cblas.h>
