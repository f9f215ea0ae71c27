// The bit tail of a Kraken LZ sub-chunk (spec kraken.md §3.2): two interleaved MSB-first
// streams carrying the new match distances and the extended lengths, and the length table
// built from the length block.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/containers/kraken/decode_context.h"
#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::kraken {

struct OffsetCodes {
    std::span<const std::uint8_t> codes;  // OFS
    std::span<const std::uint8_t> low;    // LOW (empty unless scale > 1)
    unsigned scale = 0;                   // 0 classic, 1..128 scaled
};

// Reads the bit tail `tail` = [T, E): fills `distances` (|OFS| entries) and `lengths`
// (LENV, |LEN| entries) from the length block `len_codes`. `scratch` holds >= 512 extended
// lengths.
Status read_lz_tail(const DecodeContext& ctx, Bytes tail, const OffsetCodes& offsets,
                    std::span<const std::uint8_t> len_codes, std::uint64_t* distances, std::uint32_t* lengths);

}  // namespace meshproof::kraken
