// The tagfile variable-length unsigned integer (spec containers-and-tagfiles.md §5.4).
// Big-endian; the leading bits of the first byte select the total length, the remaining
// bits of the first byte are the most significant value bits:
//   0xxxxxxx 1 byte (7 bits)    10xxxxxx 2 (14)    110xxxxx 3 (21)    11100xxx 4 (27)
//   11101xxx 5 (35)             11110xxx 8 (59)    0xF8     6 (40)    0xF9     9 (64)
// 0xFA..0xFF are not valid first bytes. `C3 00 01` is the ordinary 3-byte value 0x30001.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::tagfile {

struct Varint {
    std::uint64_t value = 0;
    std::uint8_t length = 0;  // bytes consumed, 1..9
};

// Total encoded length selected by the first byte, or 0 for an invalid first byte.
std::uint8_t varint_length(std::uint8_t first_byte);

// Decodes the varint starting at bytes[pos]. Errors: kTruncated when it runs past the end,
// kBadType for an invalid first byte; the error offset is `base + pos`.
Result<Varint> decode_varint(Bytes bytes, std::size_t pos, std::uint64_t base = 0);

// Reads a varint at the reader's cursor and advances past it (the cursor is unchanged on error).
Result<std::uint64_t> read_varint(ByteReader& reader);

}  // namespace meshproof::tagfile
