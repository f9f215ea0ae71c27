// Binder member names (spec §2, §1.1): UTF-16 (the file's byte order) or Shift-JIS on disk,
// UTF-8 with `/` separators in meshproof.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

// UTF-16 code units (2 bytes each, odd trailing byte ignored) to UTF-8; unpaired surrogates
// become U+FFFD.
std::string utf16_to_utf8(Bytes units, bool big_endian);

// Shift-JIS to UTF-8: ASCII (0x5C stays a backslash: these are Windows paths) and half-width
// katakana (0xA1–0xDF → U+FF61–U+FF9F) are decoded; every double-byte JIS character becomes
// U+FFFD (no JIS X 0208 table here; member names in practice are ASCII).
std::string shift_jis_to_utf8(Bytes bytes);

// UTF-8 to UTF-16 code units (invalid sequences become U+FFFD). Used by the writer and the
// name hash.
std::u16string utf8_to_utf16(std::string_view utf8);

// UTF-8 to Shift-JIS for the writer: ASCII and half-width katakana; anything else becomes '?'.
std::string utf8_to_shift_jis_lossy(std::string_view utf8);

// Backslashes to `/` (Windows paths; compare case-insensitively elsewhere, §1.1).
std::string normalise_binder_name(std::string name);

// What follows the last `/` of a normalised name.
std::string_view last_name_component(std::string_view normalised);

// Reads the NUL-terminated name at `offset` in `header` (UTF-16 in `big_endian` order when
// `unicode`, else Shift-JIS), decoded and normalised. kOutOfBounds when the offset is outside
// `header`, kTruncated when no terminator follows before the end.
Result<std::string> read_binder_name(Bytes header, std::uint64_t offset, bool unicode, bool big_endian);

// The same over the first bytes `head` of a header of `header_size` bytes: true and the same name
// in `name`, or the same error, when the name ends in the head; false when it runs past it (ask
// again with a longer head).
Result<bool> read_binder_name_in_head(Bytes head, std::uint64_t header_size, std::uint64_t offset, bool unicode,
                                      bool big_endian, std::string& name);

}  // namespace meshproof
