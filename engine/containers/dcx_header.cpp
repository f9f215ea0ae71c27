#include "engine/containers/dcx_header.h"

#include <cstring>
#include <initializer_list>

#include <fmt/format.h>

namespace meshproof {
namespace {

using namespace dcx_layout;

Status expect_magic(Bytes b, std::size_t at, std::string_view magic) {
    if (std::memcmp(b.data() + at, magic.data(), magic.size()) != 0)
        return make_error(ErrorCode::kBadMagic, at,
                          fmt::format("DCX: expected \"{}\\0\" at 0x{:X}", magic.substr(0, 3), at));
    return ok_status();
}

Status expect_u32(Bytes b, std::size_t at, std::initializer_list<std::uint32_t> allowed, std::string_view what) {
    const std::uint32_t v = load_be<std::uint32_t>(b.data() + at);
    for (std::uint32_t a : allowed)
        if (v == a) return ok_status();
    return make_error(ErrorCode::kBadHeader, at, fmt::format("DCX: {} at 0x{:X} is 0x{:X}", what, at, v));
}

Status expect_zero_bytes(Bytes b, std::size_t at, std::size_t n, std::string_view what) {
    for (std::size_t i = 0; i < n; ++i)
        if (b[at + i] != 0)
            return make_error(ErrorCode::kBadHeader, at + i,
                              fmt::format("DCX: {} byte at 0x{:X} is 0x{:02X}, expected 0", what, at + i, b[at + i]));
    return ok_status();
}

}  // namespace

bool is_dcx(Bytes bytes) { return has_prefix(bytes, std::string_view("DCX\0", 4)); }

Result<DcxHeader> parse_dcx_header(Bytes b) {
    // Check what is there before reporting truncation, so a wrong file type reads as bad-magic.
    if (b.size() < 4) return make_error(ErrorCode::kTruncated, b.size(), "DCX: truncated before the magic");
    MP_TRY(expect_magic(b, kMagic, std::string_view("DCX\0", 4)));
    if (b.size() < kHeaderSize)
        return make_error(ErrorCode::kTruncated, b.size(),
                          fmt::format("DCX: header is 0x4C bytes, the file has {}", b.size()));

    DcxHeader h;
    MP_TRY(expect_magic(b, kDcs, std::string_view("DCS\0", 4)));
    MP_TRY(expect_magic(b, kDcp, std::string_view("DCP\0", 4)));
    MP_TRY(expect_magic(b, kDca, std::string_view("DCA\0", 4)));
    h.codec.assign(reinterpret_cast<const char*>(b.data() + kCodec), 4);
    const bool dflt = h.codec == "DFLT";
    if (!dflt && h.codec != "KRAK" && h.codec != "ZSTD") {
        std::string printable;
        for (char c : h.codec) printable += (c >= 0x20 && c < 0x7f) ? c : '?';
        return make_error(
            ErrorCode::kUnsupported, kCodec,
            fmt::format("unsupported DCX container DCP \"{}\" (only DFLT, KRAK and ZSTD are read)", printable));
    }

    h.version = load_be<std::uint32_t>(b.data() + kVersion);
    h.field10 = load_be<std::uint32_t>(b.data() + kField10);
    h.field14 = load_be<std::uint32_t>(b.data() + kField14);
    h.uncompressed_size = load_be<std::uint32_t>(b.data() + kUncompressedSize);
    h.compressed_size = load_be<std::uint32_t>(b.data() + kCompressedSize);
    h.level = b[kLevel];
    h.unk38 = b[kUnk38];

    // 0x10000 and the 0x24/0x2C variant only occur with DFLT (DS1/DS2/BB/DS3 presets).
    if (dflt) {
        MP_TRY(expect_u32(b, kVersion, {0x10000, 0x11000}, "version"));
        MP_TRY(expect_u32(b, kField10, {0x24, 0x44}, "field 0x10"));
        MP_TRY(expect_u32(b, kField14, {h.field10 == 0x24 ? 0x2Cu : 0x4Cu}, "field 0x14 (paired with 0x10)"));
    } else {
        MP_TRY(expect_u32(b, kVersion, {0x11000}, "version"));
        MP_TRY(expect_u32(b, kField10, {0x44}, "field 0x10"));
        MP_TRY(expect_u32(b, kField14, {0x4C}, "field 0x14"));
    }
    MP_TRY(expect_u32(b, kField08, {0x18}, "field 0x08"));
    MP_TRY(expect_u32(b, kField0C, {0x24}, "field 0x0C"));
    MP_TRY(expect_u32(b, kField2C, {0x20}, "field 0x2C"));
    MP_TRY(expect_zero_bytes(b, kLevel + 1, 3, "padding after the level"));
    MP_TRY(expect_u32(b, kField34, {0}, "field 0x34"));
    if (dflt) {
        if (h.unk38 != 0 && h.unk38 != 15)
            return make_error(ErrorCode::kBadHeader, kUnk38,
                              fmt::format("DCX: DFLT byte 0x38 is {}, expected 0 or 15", h.unk38));
        MP_TRY(expect_zero_bytes(b, kUnk38 + 1, 3, "padding after 0x38"));
    } else {
        MP_TRY(expect_u32(b, kUnk38, {0}, "field 0x38"));
    }
    MP_TRY(expect_u32(b, kField3C, {0}, "field 0x3C"));
    MP_TRY(expect_u32(b, kField40, {0x00010100}, "field 0x40"));
    MP_TRY(expect_u32(b, kDcaSize, {8}, "DCA size"));

    if (!in_range(kPayload, h.compressed_size, b.size()))
        return make_error(ErrorCode::kTruncated, b.size(),
                          fmt::format("DCX: header states a {}-byte payload at 0x4C, the file has {} bytes",
                                      h.compressed_size, b.size()));
    return h;
}

}  // namespace meshproof
