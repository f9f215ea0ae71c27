// tANS byte arrays, block type 1 (spec kraken.md §6): symbol weights (Golomb-Rice §6.2 or
// explicit §6.3), the four-lane state table (§6.4) and five interleaved states (§6.5).
#pragma once

#include <cstdint>
#include <span>

#include "engine/containers/kraken/decode_context.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::kraken {

// Decodes the `payload` (exactly cs bytes) of a type-1 block into `out` (exactly ds bytes).
Status decode_tans(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out);

}  // namespace meshproof::kraken
