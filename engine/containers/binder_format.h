// The BND4 / BHF4 / BDF4 header layout and the "format" byte (spec §2, §3).
// Modelled as field offsets, not structs: the byte order is chosen by a header byte.
#pragma once

#include <cstddef>
#include <cstdint>

namespace meshproof {

// BND4 / BHF4 header, 0x40 bytes (spec §2 table).
namespace bnd4_layout {
inline constexpr std::size_t kMagic = 0x00;            // "BND4" / "BHF4"
inline constexpr std::size_t kUnk04 = 0x04;            // bool
inline constexpr std::size_t kUnk05 = 0x05;            // bool
inline constexpr std::size_t kZero06 = 0x06;           // 3 zero bytes
inline constexpr std::size_t kBigEndian = 0x09;        // bool: later multi-byte fields big-endian
inline constexpr std::size_t kBitLittleEndian = 0x0A;  // bool b; BitBigEndian = (b == 0)
inline constexpr std::size_t kZero0B = 0x0B;
inline constexpr std::size_t kEntryCount = 0x0C;       // i32
inline constexpr std::size_t kHeaderSize = 0x10;       // i64 0x40
inline constexpr std::size_t kVersion = 0x18;          // char[8], NUL-padded
inline constexpr std::size_t kEntryHeaderSize = 0x20;  // i64, must equal entry_header_size(format)
inline constexpr std::size_t kHeadersEnd = 0x28;       // i64 (BHF4: 0)
inline constexpr std::size_t kUnicode = 0x30;          // bool
inline constexpr std::size_t kFormat = 0x31;           // u8, see decode_format_byte
inline constexpr std::size_t kExtended = 0x32;         // 0, 1, 4, 0x80 (BHF4: 0, 4)
inline constexpr std::size_t kZero33 = 0x33;
inline constexpr std::size_t kZero34 = 0x34;           // i32 0
inline constexpr std::size_t kHashTableOffset = 0x38;  // i64 when extended == 4, else 0
inline constexpr std::size_t kEntries = 0x40;
inline constexpr std::size_t kSize = 0x40;
}  // namespace bnd4_layout
static_assert(bnd4_layout::kSize == 0x40, "BND4 header is 0x40 bytes (spec §2)");

// BDF4 header, 0x30 bytes (spec §3).
namespace bdf4_layout {
inline constexpr std::size_t kMagic = 0x00;  // "BDF4"
inline constexpr std::size_t kBigEndian = 0x09;
inline constexpr std::size_t kBitLittleEndian = 0x0A;
inline constexpr std::size_t kZero0C = 0x0C;      // i32 0
inline constexpr std::size_t kHeaderSize = 0x10;  // i64 0x30 (0x40 tolerated)
inline constexpr std::size_t kVersion = 0x18;     // char[8]
inline constexpr std::size_t kZero20 = 0x20;      // i64 0
inline constexpr std::size_t kZero28 = 0x28;      // i64 0
inline constexpr std::size_t kSize = 0x30;
}  // namespace bdf4_layout
static_assert(bdf4_layout::kSize == 0x30, "BDF4 header is 0x30 bytes (spec §3)");

// Format bits after decoding (spec §2).
namespace binder_format {
inline constexpr std::uint8_t kBigEndian = 0x01;
inline constexpr std::uint8_t kIds = 0x02;
inline constexpr std::uint8_t kNames1 = 0x04;
inline constexpr std::uint8_t kNames2 = 0x08;
inline constexpr std::uint8_t kLongOffsets = 0x10;
inline constexpr std::uint8_t kCompression = 0x20;
inline constexpr std::uint8_t kNames = kNames1 | kNames2;
// What ER/Sekiro binders use: IDs | Names1 | Names2 | Compression, stored as raw 0x74.
inline constexpr std::uint8_t kEldenRing = kIds | kNames1 | kNames2 | kCompression;
static_assert(kEldenRing == 0x2E);
}  // namespace binder_format

// Entry flag bits after decoding (spec §2).
namespace binder_entry_flags {
inline constexpr std::uint8_t kCompressed = 0x01;
inline constexpr std::uint8_t kOrdinary = 0x02;  // set on ordinary files (raw 0x40)
}  // namespace binder_entry_flags

constexpr std::uint8_t reverse_bits(std::uint8_t b) {
    b = static_cast<std::uint8_t>((b & 0xF0) >> 4 | (b & 0x0F) << 4);
    b = static_cast<std::uint8_t>((b & 0xCC) >> 2 | (b & 0x33) << 2);
    b = static_cast<std::uint8_t>((b & 0xAA) >> 1 | (b & 0x55) << 1);
    return b;
}
static_assert(reverse_bits(0x74) == 0x2E && reverse_bits(0x40) == 0x02);

// §2: the raw byte is taken as-is if BitBigEndian, or if (raw & 0x01) and not (raw & 0x80);
// otherwise its 8 bits are reversed.
constexpr std::uint8_t decode_format_byte(std::uint8_t raw, bool bit_big_endian) {
    const bool as_is = bit_big_endian || ((raw & 0x01) != 0 && (raw & 0x80) == 0);
    return as_is ? raw : reverse_bits(raw);
}
// The inverse used by writers. Formats with 0x80 set and 0x01 clear cannot round-trip when
// BitBigEndian is false (the reader's heuristic takes them as-is); writers refuse them.
constexpr std::uint8_t encode_format_byte(std::uint8_t format, bool bit_big_endian) {
    return bit_big_endian ? format : reverse_bits(format);
}
static_assert(decode_format_byte(0x74, false) == 0x2E);
static_assert(decode_format_byte(encode_format_byte(0x2E, false), false) == 0x2E);

// Entry flags: bit-reversed unless BitBigEndian (no heuristic, unlike the format byte).
constexpr std::uint8_t decode_entry_flags(std::uint8_t raw, bool bit_big_endian) {
    return bit_big_endian ? raw : reverse_bits(raw);
}

// §2 entry header size: 0x10 + (LongOffsets ? 8 : 4) + (Compression ? 8 : 0) + (IDs ? 4 : 0)
// + (Names ? 4 : 0) + (format == Names1 exactly ? 8 : 0).
constexpr std::uint64_t entry_header_size(std::uint8_t format) {
    using namespace binder_format;
    return 0x10 + ((format & kLongOffsets) ? 8 : 4) + ((format & kCompression) ? 8 : 0) + ((format & kIds) ? 4 : 0) +
           ((format & kNames) ? 4 : 0) + (format == kNames1 ? 8 : 0);
}
static_assert(entry_header_size(binder_format::kEldenRing) == 36, "ER/Sekiro entry header is 36 bytes (§2)");

}  // namespace meshproof
