#include "engine/tagfile/section_writer.h"

#include <cassert>

#include "engine/tagfile/sections.h"

namespace meshproof::tagfile {

std::size_t open_section(std::vector<std::uint8_t>& out, std::string_view tag) {
    assert(tag.size() == 4);
    const std::size_t pos = out.size();
    out.resize(pos + 4, 0);
    out.insert(out.end(), tag.begin(), tag.end());
    return pos;
}

void close_section(std::vector<std::uint8_t>& out, std::size_t header_pos) {
    pad_to(out, header_pos, 4);
    const std::size_t size = out.size() - header_pos;
    assert(size <= kSectionSizeMask);
    const std::string_view tag(reinterpret_cast<const char*>(out.data() + header_pos + 4), 4);
    std::uint32_t word = static_cast<std::uint32_t>(size);
    if (!is_container_tag(tag)) word |= kSectionLeafBit;
    for (int i = 0; i < 4; ++i) out[header_pos + i] = static_cast<std::uint8_t>(word >> (24 - 8 * i));
}

void append_leaf(std::vector<std::uint8_t>& out, std::string_view tag, std::span<const std::uint8_t> body) {
    const std::size_t pos = open_section(out, tag);
    out.insert(out.end(), body.begin(), body.end());
    close_section(out, pos);
}

void pad_to(std::vector<std::uint8_t>& out, std::size_t base, std::size_t alignment) {
    const std::size_t used = out.size() - base;
    const std::size_t padded = (used + alignment - 1) / alignment * alignment;
    out.resize(base + padded, 0);
}

}  // namespace meshproof::tagfile
