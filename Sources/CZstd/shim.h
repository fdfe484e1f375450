#ifndef CZSTD_SHIM_H
#define CZSTD_SHIM_H

// Zstandard's one-shot API (compression with a reusable context, decompression of whole
// frames): how the care store packs each version's source resources.
#include <zstd.h>

#endif
