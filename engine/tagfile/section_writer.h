// Writing the tagfile section tree (spec containers-and-tagfiles.md §5.1): an 8-byte header
// (big-endian u32 size | leaf bit 0x40000000, then the 4-character tag) and a body padded
// with zeros to a multiple of 4. The size counts the header and the padding. Containers
// (TAG0, TCM0, TYPE, INDX) nest by opening a child before closing the parent.
//
//   std::vector<std::uint8_t> out;
//   const std::size_t tag0 = open_section(out, "TAG0");
//   append_leaf(out, "SDKV", sdk_digits);
//   close_section(out, tag0);
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace meshproof::tagfile {

// Appends a placeholder header; returns its position for close_section.
std::size_t open_section(std::vector<std::uint8_t>& out, std::string_view tag);

// Pads the body to 4 bytes (§5.1) and fills in the header opened at `header_pos`. The leaf
// bit follows the tag (is_container_tag in sections.h), so it cannot disagree with it.
void close_section(std::vector<std::uint8_t>& out, std::size_t header_pos);

// A whole leaf section with the given body.
void append_leaf(std::vector<std::uint8_t>& out, std::string_view tag, std::span<const std::uint8_t> body);

// Appends zero bytes until out.size() - base is a multiple of `alignment` (a power of two).
void pad_to(std::vector<std::uint8_t>& out, std::size_t base, std::size_t alignment);

}  // namespace meshproof::tagfile
