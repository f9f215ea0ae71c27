// Pieces shared by the Golomb-Rice Huffman table (spec kraken.md §5.4) and the Golomb-Rice
// tANS weights (§6.2): the truncated binary code (§1.3), the strict unary section and the
// symbol ranges (§5.4.1).
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/containers/kraken/bit_reader.h"
#include "engine/containers/kraken/decode_context.h"

namespace meshproof::kraken {

// §1.3: a value in [0, x), x >= 2, read MSB-first.
std::uint32_t read_truncated_binary(MsbForward& reader, std::uint32_t x);

// §5.4 / §6.2: P = 0 when n == 256, else a truncated binary value in [0, 2*min(n, 257-n)).
std::uint32_t read_range_parameter_count(MsbForward& reader, std::uint32_t n);

// §5.4 step 1: `count` unary values (zeros before a 1), each < 256. Strict: the caller checks
// afterwards that the reader did not run past its bytes (strict_section_ok).
bool read_unary_values(MsbForward& reader, std::size_t count, std::uint16_t* out);
inline bool strict_section_ok(const MsbForward& reader) {
    return reader.consumed_bits() <= std::uint64_t{reader.size()} * 8;
}

struct SymbolRange {
    std::uint16_t start = 0;
    std::uint16_t count = 0;
};
// At most P/2 + 1 ranges with P < 256.
inline constexpr std::size_t kMaxSymbolRanges = 130;

// §5.4.1: builds the ranges of `n` symbols from the P parameters q[0..P) and further MF bits.
// Returns the number of ranges, or 0 on a reject.
std::size_t read_symbol_ranges(MsbForward& reader, std::uint32_t n, std::uint32_t p, const std::uint16_t* q,
                               SymbolRange* ranges);

}  // namespace meshproof::kraken
