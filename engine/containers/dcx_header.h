// The DCX container header (spec §4): 0x4C bytes, every field big-endian, then the payload.
// Three codecs share the layout: DFLT (zlib), KRAK (Oodle Kraken), ZSTD.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

// Field offsets of the header (§4 table). Modelled as offsets rather than a struct: the
// header is big-endian, so a struct could not be read in place anyway.
namespace dcx_layout {
inline constexpr std::size_t kMagic = 0x00;             // "DCX\0"
inline constexpr std::size_t kVersion = 0x04;           // 0x10000 or 0x11000
inline constexpr std::size_t kField08 = 0x08;           // 0x18
inline constexpr std::size_t kField0C = 0x0C;           // 0x24
inline constexpr std::size_t kField10 = 0x10;           // 0x24 or 0x44
inline constexpr std::size_t kField14 = 0x14;           // 0x2C or 0x4C (paired with 0x10)
inline constexpr std::size_t kDcs = 0x18;               // "DCS\0"
inline constexpr std::size_t kUncompressedSize = 0x1C;  // u32
inline constexpr std::size_t kCompressedSize = 0x20;    // u32
inline constexpr std::size_t kDcp = 0x24;               // "DCP\0"
inline constexpr std::size_t kCodec = 0x28;             // "DFLT" / "KRAK" / "ZSTD"
inline constexpr std::size_t kField2C = 0x2C;           // 0x20
inline constexpr std::size_t kLevel = 0x30;             // u8 level, 3 zero bytes
inline constexpr std::size_t kField34 = 0x34;           // 0
inline constexpr std::size_t kUnk38 = 0x38;             // DFLT: u8 (0 or 15), 3 zero; others u32 0
inline constexpr std::size_t kField3C = 0x3C;           // 0
inline constexpr std::size_t kField40 = 0x40;           // 0x00010100
inline constexpr std::size_t kDca = 0x44;               // "DCA\0"
inline constexpr std::size_t kDcaSize = 0x48;           // 8
inline constexpr std::size_t kPayload = 0x4C;           // the compressed stream
inline constexpr std::size_t kHeaderSize = kPayload;
}  // namespace dcx_layout
static_assert(dcx_layout::kHeaderSize == 0x4C, "DCX header is 0x4C bytes (spec §4)");

struct DcxHeader {
    std::uint32_t version = 0;  // 0x10000 or 0x11000
    std::uint32_t field10 = 0;  // 0x24 or 0x44 (the DFLT "24"/"44" preset variants)
    std::uint32_t field14 = 0;  // 0x2C or 0x4C
    std::uint32_t uncompressed_size = 0;
    std::uint32_t compressed_size = 0;  // payload bytes at 0x4C (KRAK/ZSTD files pad beyond it)
    std::string codec;                  // "DFLT", "KRAK" or "ZSTD"
    std::uint8_t level = 0;             // informational: DFLT 8/9, KRAK 6 (Sekiro/ER) or 9 (AC6)
    std::uint8_t unk38 = 0;             // DFLT only: 0 or 15

    // The payload: bytes [0x4C, 0x4C + compressed_size).
    static constexpr std::uint64_t payload_offset() { return dcx_layout::kPayload; }
};

// True when the bytes start with "DCX\0" (the cheap test; parse_dcx_header validates).
bool is_dcx(Bytes bytes);

// Parses and validates the header: magics (kBadMagic at the magic's offset), fixed fields
// (kBadHeader at the field's offset), a codec other than DFLT/KRAK/ZSTD (kUnsupported at
// 0x28), and that the stated compressed payload lies inside `bytes` (kTruncated).
Result<DcxHeader> parse_dcx_header(Bytes bytes);

}  // namespace meshproof
