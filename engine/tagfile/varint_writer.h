// Encoding side of the tagfile varint (spec containers-and-tagfiles.md §5.4; the decoder is
// varint.h). Writers always choose the shortest width that holds the value, as Havok does:
//   < 2^7 → 1 byte, < 2^14 → 2, < 2^21 → 3, < 2^27 → 4, < 2^35 → 5, < 2^40 → 6 (0xF8),
//   < 2^59 → 8, otherwise 9 (0xF9).
// The 6-byte form (40 bits) is shorter than the 8-byte one, so it is preferred between 2^35
// and 2^40 even though its marker byte sorts after the 8-byte marker.
#pragma once

#include <cstdint>
#include <vector>

namespace meshproof::tagfile {

// Bytes append_varint would write for `value` (1..9, never 7).
std::uint8_t varint_width(std::uint64_t value);

// Appends the shortest encoding of `value`.
void append_varint(std::vector<std::uint8_t>& out, std::uint64_t value);

}  // namespace meshproof::tagfile
