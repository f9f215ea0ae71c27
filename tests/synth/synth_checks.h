// Independent checks of the rules the synthetic writer promises, over a decoded mesh
// (mesh::DecodedMesh): the tests count violations here and compare them with what was built
// and injected. Written from the documents, not from the writer's code.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/mesh/decoded_member.h"
#include "engine/rules/havok_quicksort.h"
#include "engine/rules/interior_bits.h"
#include "engine/rules/floor_rule.h"

namespace meshproof::synth {

struct MeshCheck {
    std::uint64_t vertices_outside_leaf = 0;  // primitives with a vertex outside their leaf box
    std::vector<std::uint32_t> sections_with_outside;
    std::uint64_t sections_outside_mesh_leaf = 0;
    std::uint64_t nibbles_off_rule = 0;            // nodes whose stored nibbles are not the floor rule's
    std::vector<std::uint32_t> off_rule_sections;  // per node off the rule: its section
    std::uint64_t run_gaps = 0;                    // sections whose runs do not start where the previous end
    std::uint64_t interior_on_missing_key = 0;
    std::uint64_t simd_leaf_box_mismatch = 0, simd_child_box_mismatch = 0;
    std::uint64_t key_width_mismatch = 0;
    std::uint64_t sections_over_limits = 0;
    std::uint64_t row_key_mismatch = 0;
    std::uint64_t numbering_mismatch = 0;
    std::uint64_t paged_sections = 0;
};

// triangleIsInterior against the interior-bit pass run on the decoded mesh (every mesh, those
// storing no bit included): keys whose stored bit differs from the computed one.
struct InteriorCheck {
    std::uint64_t keys = 0, stored = 0, computed = 0, wrong = 0, set_not_stored = 0, stored_not_set = 0;
    bool refused = false;
};

inline InteriorCheck check_interior(const mesh::DecodedMesh& m) {
    InteriorCheck c;
    rules::InteriorWorkspace ws;
    std::vector<std::uint8_t> bits;
    c.refused = !rules::interior_bits(m, rules::InteriorOptions{}, ws, bits).ok();
    if (c.refused) return c;
    for (std::size_t i = 0; i < bits.size(); ++i) {
        const bool mine = bits[i] != 0, theirs = m.triangles.interior[i] != 0;
        ++c.keys;
        c.stored += theirs, c.computed += mine;
        c.wrong += mine != theirs;
        c.set_not_stored += mine && !theirs;
        c.stored_not_set += theirs && !mine;
    }
    return c;
}

namespace check_detail {
inline bool inside(float v, float lo, float hi, float domain_mag) {
    const float mag = std::max({std::fabs(v), std::fabs(lo), std::fabs(hi), domain_mag});
    const float tol = 16.0f * (std::nextafter(mag, INFINITY) - mag);
    return v >= lo - tol && v <= hi + tol;
}
}  // namespace check_detail

inline MeshCheck check_mesh(const mesh::DecodedMesh& m) {
    using check_detail::inside;
    MeshCheck c;
    const auto& S = m.sections;
    const auto& P = m.primitives;
    const auto& V = m.vertices;
    const std::size_t ns = S.size();
    const float r = m.convex_radius;
    auto slot_of = [&](std::uint32_t s, std::uint8_t idx) { return S.first_slot[s] + idx; };
    auto corners = [&](std::uint32_t p) { return P.kind[p] == mesh::PrimitiveKind::kQuad ? 4u : 3u; };
    float dmag[3];
    for (int a = 0; a < 3; ++a) dmag[a] = std::max(std::fabs(m.domain.min[a]), std::fabs(m.domain.max[a]));

    for (std::size_t s = 0; s < ns; ++s) {
        if (S.page[s] > 0) ++c.paged_sections;
        if (S.num_primitives[s] > 127 || S.num_packed[s] + S.num_shared[s] > 255) ++c.sections_over_limits;
        if (s > 0) {
            const bool gap = S.first_packed[s] != S.first_packed[s - 1] + S.num_packed[s - 1] ||
                             S.first_primitive[s] != S.first_primitive[s - 1] + S.num_primitives[s - 1];
            if (gap) ++c.run_gaps;
        }
    }
    // vertices inside their leaf boxes
    for (std::size_t p = 0; p < P.size(); ++p) {
        if (P.kind[p] != mesh::PrimitiveKind::kTriangle && P.kind[p] != mesh::PrimitiveKind::kQuad) continue;
        const std::uint32_t s = P.section[p];
        const std::uint32_t leaf = P.leaf_node[p];
        if (leaf == mesh::kNone) {
            ++c.vertices_outside_leaf;
            continue;
        }
        const mesh::Box& b = m.section_trees.box[leaf];
        bool ok = true;
        for (std::uint32_t k = 0; k < corners(static_cast<std::uint32_t>(p)); ++k) {
            const std::uint32_t v = slot_of(s, P.indices[k][p]);
            const float pos[3] = {V.x[v], V.y[v], V.z[v]};
            for (int a = 0; a < 3; ++a) ok = ok && inside(pos[a], b.min[a], b.max[a], dmag[a]);
        }
        if (!ok) {
            ++c.vertices_outside_leaf;
            if (c.sections_with_outside.empty() || c.sections_with_outside.back() != s)
                c.sections_with_outside.push_back(s);
        }
    }
    // section domains inside their mesh-tree leaves
    for (std::size_t s = 0; s < ns; ++s) {
        const std::uint32_t leaf = S.leaf_index[s];
        if (leaf >= m.mesh_tree.size()) {
            ++c.sections_outside_mesh_leaf;
            continue;
        }
        const mesh::Box& b = m.mesh_tree.box[leaf];
        bool ok = true;
        for (int a = 0; a < 3; ++a)
            ok = ok && inside(S.domain[s].min[a], b.min[a], b.max[a], dmag[a]) &&
                 inside(S.domain[s].max[a], b.min[a], b.max[a], dmag[a]);
        if (!ok) ++c.sections_outside_mesh_leaf;
    }
    // the floor rule, on the stored topology, from the decoded vertices (section trees)
    const auto& T = m.section_trees;
    std::vector<mesh::Box> below(T.size());
    for (std::size_t t = 0; t < T.first_node.size(); ++t) {
        const std::uint32_t first = T.first_node[t], count = T.node_count[t];
        for (std::uint32_t i = first + count; i-- > first;) {
            if (T.is_leaf[i]) {
                const std::uint32_t p = S.primitive_base[t] + T.payload[i];
                mesh::Box b{{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
                for (std::uint32_t k = 0; k < corners(p); ++k) {
                    const std::uint32_t v = slot_of(static_cast<std::uint32_t>(t), P.indices[k][p]);
                    const float pos[3] = {V.x[v], V.y[v], V.z[v]};
                    for (int a = 0; a < 3; ++a)
                        b.min[a] = std::min(b.min[a], pos[a]), b.max[a] = std::max(b.max[a], pos[a]);
                }
                for (int a = 0; a < 3; ++a) b.min[a] = b.min[a] - r, b.max[a] = b.max[a] + r;
                below[i] = b;
            } else {
                below[i] = below[i + 1];
                const mesh::Box& o = below[T.second_child[i]];
                for (int a = 0; a < 3; ++a)
                    below[i].min[a] = std::min(below[i].min[a], o.min[a]),
                    below[i].max[a] = std::max(below[i].max[a], o.max[a]);
            }
        }
        for (std::uint32_t i = first; i < first + count; ++i) {
            const mesh::Box& parent = T.parent[i] == mesh::kNone ? T.domain[t] : T.box[T.parent[i]];
            bool ok = true;
            for (int a = 0; a < 3; ++a)
                ok = ok && T.xyz[a][i] == rules::floor_nibbles_searched_up(parent.min[a], parent.max[a],
                                                                           below[i].min[a], below[i].max[a])
                                              .byte;
            if (!ok) {
                ++c.nibbles_off_rule;
                c.off_rule_sections.push_back(static_cast<std::uint32_t>(t));
            }
        }
        // numbering: leaf payloads in pre-order are leaf_payloads_in_preorder(n)
        std::vector<std::uint32_t> payloads;
        for (std::uint32_t i = first; i < first + count; ++i)
            if (T.is_leaf[i]) payloads.push_back(T.payload[i]);
        if (payloads != rules::leaf_payloads_in_preorder(static_cast<std::uint32_t>(payloads.size())))
            ++c.numbering_mismatch;
    }
    // interior bits only on triangle keys
    std::vector<std::uint8_t> has_key(static_cast<std::size_t>(m.max_key_value) + 2, 0);
    for (std::uint32_t k : m.triangles.key)
        if (k < has_key.size()) has_key[k] = 1;
    for (std::int64_t b = 0; b < m.interior_num_bits; ++b) {
        const bool set = (m.interior_words[static_cast<std::size_t>(b >> 5)] >> (b & 31)) & 1u;
        if (set && (static_cast<std::size_t>(b) >= has_key.size() || !has_key[static_cast<std::size_t>(b)]))
            ++c.interior_on_missing_key;
    }
    // key widths
    if (m.num_shape_key_bits != m.bits_per_key ||
        m.bits_per_key != static_cast<std::int64_t>(std::bit_width(m.max_key_value + 1)))
        ++c.key_width_mismatch;
    for (std::uint32_t t : m.row_triangle)
        if (t == mesh::kNone) ++c.row_key_mismatch;
    // simd boxes
    const auto& st = m.simd_tree;
    std::vector<std::uint32_t> prim_of_key(has_key.size(), mesh::kNone);
    for (std::size_t p = 0; p < P.size(); ++p)
        if (P.key[p] < prim_of_key.size()) prim_of_key[P.key[p]] = static_cast<std::uint32_t>(p);
    for (std::size_t lane = 0; lane < st.lane_kind.size(); ++lane) {
        const mesh::Box& lb = st.lane_box[lane];
        if (st.lane_kind[lane] == mesh::LaneKind::kLeaf) {
            const std::uint32_t key = st.lane_target[lane];
            const std::uint32_t p = key < prim_of_key.size() ? prim_of_key[key] : mesh::kNone;
            if (p == mesh::kNone) {
                ++c.simd_leaf_box_mismatch;
                continue;
            }
            mesh::Box b{{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
            for (std::uint32_t k = 0; k < corners(p); ++k) {
                const std::uint32_t v = slot_of(P.section[p], P.indices[k][p]);
                const float pos[3] = {V.x[v], V.y[v], V.z[v]};
                for (int a = 0; a < 3; ++a)
                    b.min[a] = std::min(b.min[a], pos[a]), b.max[a] = std::max(b.max[a], pos[a]);
            }
            if (b.min != lb.min || b.max != lb.max) ++c.simd_leaf_box_mismatch;
        } else if (st.lane_kind[lane] == mesh::LaneKind::kChild) {
            const std::uint32_t child = st.lane_target[lane];
            mesh::Box u{{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
            for (std::uint32_t l = 0; l < 4; ++l) {
                const std::size_t cl = static_cast<std::size_t>(child) * 4 + l;
                if (st.lane_kind[cl] == mesh::LaneKind::kEmpty) continue;
                for (int a = 0; a < 3; ++a)
                    u.min[a] = std::min(u.min[a], st.lane_box[cl].min[a]),
                    u.max[a] = std::max(u.max[a], st.lane_box[cl].max[a]);
            }
            if (u.min != lb.min || u.max != lb.max) ++c.simd_child_box_mismatch;
        }
    }
    return c;
}

}  // namespace meshproof::synth
