#include "engine/tagfile/sections.h"

#include <string>

namespace meshproof::tagfile {

bool is_container_tag(std::string_view tag) { return tag == "TAG0" || tag == "TCM0" || tag == "TYPE" || tag == "INDX"; }

Result<Section> read_section(Bytes unit, std::uint64_t offset, std::uint64_t limit) {
    if (limit > unit.size()) limit = unit.size();
    if (!in_range(offset, kSectionHeaderSize, limit))
        return make_error(ErrorCode::kTruncated, offset, "truncated section header");
    const std::uint32_t word = load_be<std::uint32_t>(unit.data() + offset);
    Section s;
    for (std::size_t i = 0; i < 4; ++i) {
        const std::uint8_t c = unit[offset + 4 + i];
        if (c < 0x20 || c > 0x7E) return make_error(ErrorCode::kBadHeader, offset + 4, "section tag is not ASCII");
        s.tag_chars[i] = static_cast<char>(c);
    }
    if (word & 0x80000000u)  // §5.1: bit 31 never seen set
        return make_error(ErrorCode::kBadHeader, offset, "section " + std::string(s.tag()) + " has bit 31 set");
    s.leaf = (word & kSectionLeafBit) != 0;
    s.size = word & kSectionSizeMask;
    s.offset = offset;
    if (s.size < kSectionHeaderSize)
        return make_error(ErrorCode::kBadHeader, offset,
                          "section " + std::string(s.tag()) + " smaller than its header");
    if (!in_range(offset, s.size, limit))
        return make_error(ErrorCode::kTruncated, offset, "section " + std::string(s.tag()) + " runs past its parent");
    if (s.leaf == is_container_tag(s.tag()))
        return make_error(ErrorCode::kBadHeader, offset, "section " + std::string(s.tag()) + " has the wrong leaf bit");
    s.body = unit.subspan(offset + kSectionHeaderSize, s.size - kSectionHeaderSize);
    return s;
}

Result<Section> read_root_section(Bytes unit) { return read_section(unit, 0, unit.size()); }

Result<std::vector<Section>> read_children(Bytes unit, const Section& container) {
    std::vector<Section> out;
    if (container.leaf) return out;
    const std::uint64_t end = container.offset + container.size;
    std::uint64_t pos = container.body_offset();
    while (pos < end) {
        MP_TRY_ASSIGN(Section child, read_section(unit, pos, end));
        pos += child.size;
        out.push_back(child);
    }
    return out;
}

const Section* find_section(const std::vector<Section>& sections, std::string_view tag) {
    for (const Section& s : sections)
        if (s.tag() == tag) return &s;
    return nullptr;
}

}  // namespace meshproof::tagfile
