// The tagfile section tree (spec containers-and-tagfiles.md §5.1, §5.2).
// Every section starts with an 8-byte header: a big-endian u32 word w, then a 4-character
// ASCII tag. size = w & 0x3FFFFFFF counts the header; bit 30 set = leaf (raw body), clear =
// container of back-to-back sub-sections. Containers are TAG0, TCM0, TYPE and INDX; all
// other tags are leaves, and a header whose leaf bit disagrees with its tag is rejected.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::tagfile {

inline constexpr std::size_t kSectionHeaderSize = 8;
inline constexpr std::uint32_t kSectionSizeMask = 0x3FFFFFFF;  // §5.9: not 0xFFFFFF
inline constexpr std::uint32_t kSectionLeafBit = 0x40000000;

struct Section {
    std::array<char, 4> tag_chars{};
    bool leaf = false;
    std::uint64_t offset = 0;  // of the header, relative to the start of the unit
    std::uint32_t size = 0;    // total, header included
    Bytes body;                // the size - 8 bytes after the header

    std::string_view tag() const { return {tag_chars.data(), tag_chars.size()}; }
    std::uint64_t body_offset() const { return offset + kSectionHeaderSize; }
};

// True for the four container tags of §5.1.
bool is_container_tag(std::string_view tag);

// Reads the section header at `offset` in `unit`; the whole section must end at or before
// `limit` (the end of the enclosing body). Offsets in errors are unit-relative.
Result<Section> read_section(Bytes unit, std::uint64_t offset, std::uint64_t limit);

// Reads the root section of a unit (e.g. TAG0 or TCM0 at offset 0). Trailing bytes after
// the root are allowed (binder members may be padded).
Result<Section> read_root_section(Bytes unit);

// The direct children of a container: they must tile its body exactly.
Result<std::vector<Section>> read_children(Bytes unit, const Section& container);

// First child with the given tag, if any.
const Section* find_section(const std::vector<Section>& sections, std::string_view tag);

}  // namespace meshproof::tagfile
