// Recursive byte arrays, block type 5 (spec kraken.md §8): a concatenation of nested blocks
// (§8.1) or the multi-array form that interleaves intervals of several sources (§8.2).
#pragma once

#include <cstdint>
#include <span>

#include "engine/containers/kraken/decode_context.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::kraken {

// Decodes the `payload` (exactly cs bytes) of a type-5 block into `out` (exactly ds bytes).
Status decode_recursive(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, int depth);

}  // namespace meshproof::kraken
