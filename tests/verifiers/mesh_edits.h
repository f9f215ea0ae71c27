// Hand edits of a decoded member for the defect-injection tests (header-only).
#pragma once

#include <set>

#include "engine/mesh/decoded_member.h"

namespace meshproof::test {

// Appends a copy of section `from` (its columns and its vertex slots, moved by dx in x) as a new
// last section without primitives or tree: a stand-in for the page-0 entries of sharedVertices.
inline std::uint32_t append_section_copy(mesh::DecodedMesh& m, std::uint32_t from, float dx) {
    mesh::DecodedSections& s = m.sections;
    const std::uint32_t sec = static_cast<std::uint32_t>(s.size());
    auto dup = [&](auto& v) { v.push_back(v[from]); };
    dup(s.first_packed);
    dup(s.num_packed);
    dup(s.first_shared);
    dup(s.num_shared);
    dup(s.first_primitive);
    dup(s.first_data_run);
    dup(s.num_data_runs);
    dup(s.shared_word_low);
    dup(s.page);
    dup(s.flags);
    dup(s.layer_data);
    dup(s.unused_data);
    dup(s.leaf_index);
    dup(s.domain);
    dup(s.domain_w);
    dup(s.codec_parms);
    s.num_primitives.push_back(0);
    s.first_slot.push_back(static_cast<std::uint32_t>(m.vertices.size()));
    s.primitive_base.push_back(static_cast<std::uint32_t>(m.primitives.size()));
    mesh::DecodedVertices& v = m.vertices;
    const std::uint32_t first = s.first_slot[from], count = s.num_packed[from] + s.num_shared[from];
    for (std::uint32_t k = first; k < first + count; ++k) {
        v.x.push_back(v.x[k] + dx);
        v.y.push_back(v.y[k]);
        v.z.push_back(v.z[k]);
        v.kind.push_back(v.kind[k]);
        v.section.push_back(sec);
        v.slot.push_back(v.slot[k]);
        v.source.push_back(v.source[k]);
        v.shared_entry.push_back(v.shared_entry[k]);
        v.packed_word.push_back(v.packed_word[k]);
        v.identity.push_back(v.identity[k]);
    }
    return sec;
}

// Triangles and quads that use any of `slots` (global vertex slots), counted independently of
// the passes from the stored indices.
inline std::uint64_t primitives_using(const mesh::DecodedMesh& m, const std::set<std::uint32_t>& slots) {
    std::uint64_t n = 0;
    for (std::uint32_t p = 0; p < m.primitives.size(); ++p) {
        const auto k = m.primitives.kind[p];
        if (k != mesh::PrimitiveKind::kTriangle && k != mesh::PrimitiveKind::kQuad) continue;
        const std::uint32_t base = m.sections.first_slot[m.primitives.section[p]];
        bool uses = false;
        for (int c = 0; c < 4; ++c) uses = uses || slots.count(base + m.primitives.indices[c][p]) > 0;
        n += uses;
    }
    return n;
}

}  // namespace meshproof::test
