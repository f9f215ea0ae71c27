#include "engine/tagfile/varint_writer.h"

namespace meshproof::tagfile {

std::uint8_t varint_width(std::uint64_t v) {
    if (v < (1ull << 7)) return 1;
    if (v < (1ull << 14)) return 2;
    if (v < (1ull << 21)) return 3;
    if (v < (1ull << 27)) return 4;
    if (v < (1ull << 35)) return 5;
    if (v < (1ull << 40)) return 6;
    if (v < (1ull << 59)) return 8;
    return 9;
}

void append_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
    const std::uint8_t width = varint_width(v);
    // The marker bits of the first byte (§5.4 table); value bits follow big-endian.
    std::uint8_t marker = 0;
    int value_bytes = width - 1;  // bytes after the first one
    switch (width) {
        case 1: marker = 0x00; break;
        case 2: marker = 0x80; break;
        case 3: marker = 0xC0; break;
        case 4: marker = 0xE0; break;
        case 5: marker = 0xE8; break;
        case 6: marker = 0xF8; break;  // pure marker: all 40 bits in the 5 bytes after it
        case 8: marker = 0xF0; break;
        default: marker = 0xF9; break;  // 9: pure marker, 64 bits after it
    }
    const bool pure_marker = width == 6 || width == 9;
    const std::uint8_t first = pure_marker ? marker : static_cast<std::uint8_t>(marker | (v >> (8 * value_bytes)));
    out.push_back(first);
    for (int i = value_bytes - 1; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

}  // namespace meshproof::tagfile
