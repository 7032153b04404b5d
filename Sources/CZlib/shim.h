#ifndef WEBACTION_CZLIB_SHIM_H
#define WEBACTION_CZLIB_SHIM_H
// next_in as a const pointer: zlib never writes to its input.
#define ZLIB_CONST
#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (passing zlib's version and the stream's size), which Swift cannot import.
static inline int webaction_inflate_init2(z_streamp stream, int window_bits) {
  return inflateInit2(stream, window_bits);
}
static inline int webaction_deflate_init2(z_streamp stream, int level, int window_bits) {
  return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
