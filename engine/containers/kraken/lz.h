// The Kraken LZ sub-chunk (spec kraken.md §3): literal, command, offset and length streams,
// the bit tail, then the command loop with recent offsets and the two literal modes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/containers/kraken/decode_context.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::kraken {

struct LzTarget {
    std::span<std::uint8_t> out;  // the whole output (also the history)
    std::size_t pos = 0;          // P: first output byte of the sub-chunk
    std::size_t size = 0;         // S: its output size
    std::size_t window_base = 0;  // §2.6
};

// Decodes an LZ sub-chunk occupying exactly `payload` (L bytes) with literal mode `mode`.
Status decode_lz_subchunk(DecodeContext& ctx, Bytes payload, unsigned mode, const LzTarget& target);

}  // namespace meshproof::kraken
