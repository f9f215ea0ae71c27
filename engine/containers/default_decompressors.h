// The decompressors meshproof always has: DFLT (libdeflate) and ZSTD (libzstd). Kraken is
// added by its own module with registry.add(...) when it is built in.
#pragma once

#include "engine/containers/decompressor.h"

namespace meshproof {

DecompressorRegistry default_decompressors();

}  // namespace meshproof
