#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2 is a macro (it passes the library version and the stream's size),
// which Swift cannot call. This wrapper gives it a fixed signature.

/// Prepares `stream` to inflate gzip members only (window bits 15 + 16).
static inline int czlib_inflate_init_gzip(z_streamp stream) {
  return inflateInit2(stream, 15 + 16);
}

#endif
