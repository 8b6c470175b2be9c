#ifndef EPUBCONTRACT_CLIBZIP_SHIM_H
#define EPUBCONTRACT_CLIBZIP_SHIM_H
#include <zip.h>
/* zlib comes with libzip (libzip-dev depends on zlib1g-dev): the converter deflates entries
   itself, on all cores, and hands libzip the compressed bytes to copy; the HTML report inflates
   PNG pages for their thumbnails. */
#include <zlib.h>

/* deflateInit2 is a macro Swift cannot call: this is it, for raw DEFLATE as ZIP stores it. */
static inline int epubcontract_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
/* inflateInit is a macro too: zlib-wrapped streams, as PNG's image data are. */
static inline int epubcontract_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}
#endif
