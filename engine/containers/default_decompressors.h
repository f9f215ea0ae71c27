// The decompressors meshproof always has: DFLT (libdeflate), ZSTD (libzstd) and KRAK (our own
// Kraken decoder, engine/containers/kraken, written from spec/kraken.md).
#pragma once

#include "engine/containers/decompressor.h"

namespace meshproof {

DecompressorRegistry default_decompressors();

}  // namespace meshproof
