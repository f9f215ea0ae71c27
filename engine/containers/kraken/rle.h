// RLE byte arrays, block type 3 (spec kraken.md §7): literal bytes taken from the front of a
// command buffer, commands from its back.
#pragma once

#include <cstdint>
#include <span>

#include "engine/containers/kraken/decode_context.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::kraken {

// Decodes the `payload` (exactly cs bytes) of a type-3 block into `out` (exactly ds bytes).
Status decode_rle(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, int depth);

}  // namespace meshproof::kraken
