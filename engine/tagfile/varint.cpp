#include "engine/tagfile/varint.h"

#include <string>

namespace meshproof::tagfile {

std::uint8_t varint_length(std::uint8_t b) {
    if ((b & 0x80) == 0x00) return 1;
    if ((b & 0xC0) == 0x80) return 2;
    if ((b & 0xE0) == 0xC0) return 3;
    if ((b & 0xF8) == 0xE0) return 4;
    if ((b & 0xF8) == 0xE8) return 5;
    if ((b & 0xF8) == 0xF0) return 8;
    if (b == 0xF8) return 6;
    if (b == 0xF9) return 9;
    return 0;
}

namespace {

// Value bits carried by the first byte for each encoded length (§5.4 table).
std::uint8_t first_byte_mask(std::uint8_t length) {
    switch (length) {
        case 1: return 0x7F;
        case 2: return 0x3F;
        case 3: return 0x1F;
        case 4:
        case 5:
        case 8: return 0x07;
        default: return 0x00;  // 0xF8 / 0xF9: the first byte is a pure marker
    }
}

}  // namespace

Result<Varint> decode_varint(Bytes bytes, std::size_t pos, std::uint64_t base) {
    if (pos >= bytes.size()) return make_error(ErrorCode::kTruncated, base + pos, "truncated varint");
    const std::uint8_t first = bytes[pos];
    const std::uint8_t length = varint_length(first);
    if (length == 0)
        return make_error(ErrorCode::kBadType, base + pos, "invalid varint first byte 0x" + std::to_string(first));
    if (!in_range(pos, length, bytes.size())) return make_error(ErrorCode::kTruncated, base + pos, "truncated varint");
    std::uint64_t value = first & first_byte_mask(length);
    for (std::uint8_t i = 1; i < length; ++i) value = (value << 8) | bytes[pos + i];
    return Varint{value, length};
}

Result<std::uint64_t> read_varint(ByteReader& reader) {
    // ByteReader exposes no raw span; peek byte by byte through take() on a copy.
    ByteReader probe = reader;
    auto first = probe.le<std::uint8_t>();
    if (!first) return reader.truncated("varint");
    const std::uint8_t length = varint_length(*first);
    if (length == 0) return make_error(ErrorCode::kBadType, reader.unit_offset(), "invalid varint first byte");
    probe = reader;
    auto all = probe.take(length);
    if (!all) return reader.truncated("varint");
    MP_TRY_ASSIGN(Varint v, decode_varint(*all, 0, reader.unit_offset()));
    reader = probe;
    return v.value;
}

}  // namespace meshproof::tagfile
