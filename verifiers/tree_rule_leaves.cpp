// See tree_rule_leaves.h.
#include "verifiers/tree_rule_leaves.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "verifiers/mesh_walk.h"

namespace meshproof::verifiers {

using mesh::DecodedMesh;
using mesh::kNone;
using rules::kNoNode;

namespace {

mesh::Box grown(mesh::Box b, float r) {
    for (int a = 0; a < 3; ++a) b.min[a] = b.min[a] - r, b.max[a] = b.max[a] + r;
    return b;
}

std::uint64_t mix(std::uint64_t z) {  // splitmix64's finaliser
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

constexpr std::uint64_t kClassShift = 40;     // sort key: class << 40 | place (< 2^32)
constexpr std::uint64_t kPrimitiveBits = 22;  // a key (class ≤ 2: below 2^42) and a primitive in one word
constexpr std::uint64_t kPackedPrimitives = std::uint64_t{1} << kPrimitiveBits;
static_assert(kClassShift + 2 + kPrimitiveBits <= 64);

// The rule's leaf order from the rows (tree_rule_leaves.h); `rows` is the pairing of all rows.
void order_from_rows(const DecodedMesh& m, const rules::RowPairing& rows, TreeRuleLeaves& out) {
    const mesh::DecodedTriangles& t = m.triangles;
    const mesh::DecodedPrimitives& P = m.primitives;
    const auto n_prims = static_cast<std::uint32_t>(P.size());
    out.sort_key.assign(n_prims, std::uint64_t{2} << kClassShift);  // no row: last
    for (std::uint32_t p = 0; p < n_prims; ++p) {
        const std::uint32_t tri = P.first_triangle[p];
        if (tri == kNone || tri >= t.size()) continue;
        std::uint32_t row = t.source_row[tri];
        if (P.kind[p] == mesh::PrimitiveKind::kQuad && tri + 1 < t.size()) row = std::min(row, t.source_row[tri + 1]);
        if (row != kNone) out.sort_key[p] = std::uint64_t{1} << kClassShift | row;
    }
    out.from_rows = m.has_triangle_index_to_shape_key;
    if (out.from_rows) {
        std::uint32_t taken = 0;
        for (const rules::QuadPair& pair : rows.pairs) {
            const std::uint32_t a = m.row_triangle[rows.used[pair.first]], b = m.row_triangle[rows.used[pair.second]];
            const std::uint32_t p = t.primitive[a];
            if (a == b || p != t.primitive[b] || p >= n_prims || P.kind[p] != mesh::PrimitiveKind::kQuad) continue;
            if ((out.sort_key[p] >> kClassShift) == 0) continue;  // taken already (a copy of a row)
            out.sort_key[p] = taken++;
        }
    } else {
        for (std::uint32_t p = 0; p < n_prims; ++p) out.sort_key[p] = std::uint64_t{2} << kClassShift;
    }
    if (order_by_rule_key(out.sort_key, out.key_buckets, out.rule_order)) return;
    out.rule_order.resize(n_prims);
    // The order is (key, primitive), a total order: with the primitive below the key in one word
    // (a key is below 2^42 and, up to 2^22 primitives, the primitive fits the other 22 bits) the
    // words sort in the same order, and a sort of plain words reads no key through an index.
    if (n_prims <= kPackedPrimitives) {
        for (std::uint32_t p = 0; p < n_prims; ++p) out.sort_key[p] = out.sort_key[p] << kPrimitiveBits | p;
        std::sort(out.sort_key.begin(), out.sort_key.end());
        for (std::uint32_t i = 0; i < n_prims; ++i)
            out.rule_order[i] = static_cast<std::uint32_t>(out.sort_key[i] & (kPackedPrimitives - 1));
        return;
    }
    for (std::uint32_t p = 0; p < n_prims; ++p) out.rule_order[p] = p;
    std::sort(out.rule_order.begin(), out.rule_order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return out.sort_key[a] != out.sort_key[b] ? out.sort_key[a] < out.sort_key[b] : a < b;
    });
}

}  // namespace

// A stable counting sort: a key's bucket is its place plus the room of the classes before its own
// (each class the room for its greatest place), which grows with the key (class first, then place),
// so the buckets read in order and each in primitive order give (key, primitive) order.
bool order_by_rule_key(std::span<const std::uint64_t> keys, std::vector<std::uint32_t>& buckets,
                       std::vector<std::uint32_t>& order) {
    const std::size_t n = keys.size();
    std::uint64_t greatest[3] = {0, 0, 0};
    bool present[3] = {false, false, false};
    for (const std::uint64_t k : keys) {
        const std::uint64_t c = k >> kClassShift;
        if (c > 2) return false;
        present[c] = true;
        greatest[c] = std::max(greatest[c], k & ((std::uint64_t{1} << kClassShift) - 1));
    }
    std::uint64_t first[3], room = 0;
    for (int c = 0; c < 3; ++c) {
        first[c] = room;
        if (present[c]) room += greatest[c] + 1;
    }
    if (room > 4 * std::uint64_t{n} + 1024) return false;  // sparse places: more buckets than the sort saves
    auto bucket = [&](std::uint64_t k) {
        return static_cast<std::size_t>(first[k >> kClassShift] + (k & ((std::uint64_t{1} << kClassShift) - 1)));
    };
    buckets.assign(static_cast<std::size_t>(room) + 1, 0);
    for (const std::uint64_t k : keys) ++buckets[bucket(k) + 1];
    for (std::size_t b = 1; b < buckets.size(); ++b) buckets[b] += buckets[b - 1];
    order.resize(n);
    for (std::uint32_t p = 0; p < n; ++p) order[buckets[bucket(keys[p])]++] = p;
    return true;
}

bool tree_rule_leaves(const DecodedMesh& m, TreeRuleLeaves& out, const rules::MeshProducts& products) {
    const mesh::DecodedPrimitives& P = m.primitives;
    const auto n_prims = static_cast<std::uint32_t>(P.size());
    const mesh::DecodedSections& S = m.sections;
    const mesh::StaticTreeNodes& st = m.section_trees;
    if (st.first_node.size() < S.size() || st.node_count.size() < S.size()) return false;

    // Boxes and vertex ids per primitive.
    out.box.resize(n_prims);
    out.vertex_first.resize(std::size_t{n_prims} + 1);
    out.corner_slots.clear();
    for (std::uint32_t p = 0; p < n_prims; ++p) {
        if (!has_geometry(P.kind[p]) || P.section[p] >= S.size()) return false;
        const PrimitiveCorners c = corners_of(m, p);
        out.vertex_first[p] = static_cast<std::uint32_t>(out.corner_slots.size());
        mesh::Box b = empty_box();
        for (int k = 0; k < c.count; ++k) {
            const float x = m.vertices.x[c.slot[k]], y = m.vertices.y[c.slot[k]], z = m.vertices.z[c.slot[k]];
            // A vertex that decodes to no number (grow() would drop a NaN silently): no box.
            if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return false;
            grow(b, x, y, z);
            out.corner_slots.push_back(c.slot[k]);
        }
        out.box[p] = grown(b, m.convex_radius);
    }
    out.vertex_first[n_prims] = static_cast<std::uint32_t>(out.corner_slots.size());
    out.vertex_ids.resize(out.corner_slots.size());
    rules::number_positions_by_first_use(m.vertices, out.corner_slots, out.numbering, out.pairing, out.vertex_ids);

    if (m.has_triangle_index_to_shape_key) order_from_rows(m, products.row_pairing(m), out);
    else order_from_rows(m, rules::RowPairing{}, out);

    // The stored trees (section-tree links are indices into st's arrays already).
    out.section_first.assign(st.first_node.begin(), st.first_node.begin() + static_cast<long>(S.size()));
    out.section_count.assign(st.node_count.begin(), st.node_count.begin() + static_cast<long>(S.size()));
    out.second_child.assign(st.second_child.begin(), st.second_child.end());
    out.leaf_primitive.assign(st.size(), kNoNode);
    for (std::size_t n = 0; n < st.size(); ++n) {
        if (!st.is_leaf[n] || st.tree[n] >= S.size()) continue;
        out.leaf_primitive[n] = S.primitive_base[st.tree[n]] + st.payload[n];
    }
    const mesh::StaticTreeNodes& mt = m.mesh_tree;
    out.mesh_second_child.clear();
    out.mesh_leaf_section.clear();
    if (!mt.first_node.empty() && std::uint64_t{mt.first_node[0]} + mt.node_count[0] <= mt.size()) {
        const std::uint32_t f = mt.first_node[0];
        for (std::uint32_t n = f; n < f + mt.node_count[0]; ++n) {
            const std::uint32_t b = mt.second_child[n];
            out.mesh_second_child.push_back(mt.is_leaf[n] || b == kNone || b < f ? kNoNode : b - f);
            out.mesh_leaf_section.push_back(mt.is_leaf[n] ? mt.payload[n] : kNoNode);
        }
    }
    return true;
}

void jitter_leaf_boxes(const DecodedMesh& m, std::uint64_t seed, TreeRuleLeaves& out) {
    const mesh::DecodedPrimitives& P = m.primitives;
    for (std::uint32_t p = 0; p < P.size() && p < out.box.size(); ++p) {
        const std::array<float, 6>& codec = m.sections.codec_parms[P.section[p]];
        const PrimitiveCorners c = corners_of(m, p);
        mesh::Box b = empty_box();
        for (int k = 0; k < c.count; ++k) {
            const float xyz[3] = {m.vertices.x[c.slot[k]], m.vertices.y[c.slot[k]], m.vertices.z[c.slot[k]]};
            std::uint64_t h = mix(seed);
            for (int a = 0; a < 3; ++a) h = mix(h ^ std::bit_cast<std::uint32_t>(xyz[a]));
            float moved[3];
            for (int a = 0; a < 3; ++a) {
                const std::uint64_t ha = mix(h + static_cast<std::uint64_t>(a) + 1);
                const float u = static_cast<float>(ha >> 40) * 0x1p-24f - 0.5f;  // [−½, ½)
                moved[a] = xyz[a] + u * codec[3 + a];
            }
            grow(b, moved[0], moved[1], moved[2]);
        }
        out.box[p] = grown(b, m.convex_radius);
    }
}

}  // namespace meshproof::verifiers
