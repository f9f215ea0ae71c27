// Huffman byte arrays, block types 2 and 4 (spec kraken.md §5): a code-length table in one
// of three forms (gamma §5.2, sparse §5.3, Golomb-Rice §5.4), a canonical 11-bit code (§5.5)
// and three (type 2) or six (type 4) interleaved symbol streams (§5.6, §5.7).
#pragma once

#include <cstdint>
#include <span>

#include "engine/containers/kraken/decode_context.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::kraken {

// Decodes the `payload` (exactly cs bytes) of a type-2 (`two_sets` false) or type-4 block
// into `out` (exactly ds bytes).
Status decode_huffman(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, bool two_sets);

}  // namespace meshproof::kraken
