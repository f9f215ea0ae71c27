#include "engine/synth/custom_section.h"

#include <algorithm>
#include <cmath>

#include "engine/rules/havok_quicksort.h"
#include "engine/mesh/vertex_codec.h"
#include "engine/synth/prng.h"
#include "engine/core/portable_trig.h"
#include "engine/builder/static_tree_build.h"
#include "engine/mesh/vertex_codec.h"

namespace meshproof::synth {

namespace {

constexpr std::uint16_t kPointSetTag = 0x52;
constexpr std::uint16_t kExternTag = 0x92;
constexpr float kSteps[3] = {2047.0f, 2047.0f, 1023.0f};

// A balanced pre-order tree over `n` leaves, leaf j (in pre-order) carrying payload[j].
void balanced(builder::PreorderTree& t, const std::vector<std::uint32_t>& payload, std::uint32_t lo, std::uint32_t hi) {
    const auto at = static_cast<std::uint32_t>(t.size());
    if (hi - lo == 1) {
        t.payload.push_back(payload[lo]);
        t.second_child.push_back(kNoNode);
        return;
    }
    t.payload.push_back(kNoNode);
    t.second_child.push_back(kNoNode);
    const std::uint32_t mid = lo + (hi - lo) / 2;
    balanced(t, payload, lo, mid);
    t.second_child[at] = static_cast<std::uint32_t>(t.size());
    balanced(t, payload, mid, hi);
}

// Point set p: an 8-corner box (even p) or a 12-point hexagonal prism (odd p), inside `inside`.
std::vector<std::array<float, 3>> shape_points(std::uint32_t p, std::uint32_t count, const mesh::Box& inside,
                                               SplitMix64& rng) {
    float centre[3], half[3];
    for (int a = 0; a < 3; ++a) {
        const float extent = inside.max[a] - inside.min[a];
        half[a] = std::min(0.5f, 0.04f * extent);
        const float span = extent - 2.0f * half[a];
        const float slot = span / static_cast<float>(count);
        centre[a] = a == 0 ? inside.min[a] + half[a] + slot * (static_cast<float>(p) + 0.5f)
                           : inside.min[a] + 0.5f * extent + 0.1f * span * (rng.unit() - 0.5f);
    }
    std::vector<std::array<float, 3>> pts;
    if (p % 2 == 0) {
        for (int c = 0; c < 8; ++c)
            pts.push_back({centre[0] + ((c & 1) ? half[0] : -half[0]), centre[1] + ((c & 2) ? half[1] : -half[1]),
                           centre[2] + ((c & 4) ? half[2] : -half[2])});
    } else {
        for (int ring = 0; ring < 2; ++ring)
            for (int k = 0; k < 6; ++k) {
                const float angle = 1.04719755f * static_cast<float>(k);
                pts.push_back({centre[0] + (ring ? half[0] : -half[0]), centre[1] + half[1] * portable_cosf(angle),
                               centre[2] + half[2] * portable_sinf(angle)});
            }
    }
    return pts;
}

}  // namespace

CustomSection append_custom_section(CompressedMesh& m, std::uint32_t point_sets, std::span<const ExternRecord> externs,
                                    const mesh::Box& inside, std::uint64_t seed, bool sekiro) {
    CustomSection out;
    const float r = m.convex_radius;
    const auto s = static_cast<std::uint32_t>(m.page.size());
    const auto count = static_cast<std::uint32_t>(point_sets + externs.size());
    SplitMix64 rng(seed);

    // Geometry, primitive by primitive; the tree's leaves numbered by the rank permutation.
    std::vector<std::vector<std::array<float, 3>>> points(point_sets);
    std::vector<mesh::Box> below(count);
    for (std::uint32_t p = 0; p < point_sets; ++p) {
        points[p] = shape_points(p, point_sets, inside, rng);
        mesh::Box b = mesh::unfilled_box();
        for (const auto& q : points[p]) mesh::extend(b, q[0], q[1], q[2]);
        below[p] = mesh::grown_by(b, r);
    }
    for (std::size_t e = 0; e < externs.size(); ++e) below[point_sets + e] = externs[e].box;
    const std::vector<std::uint32_t> rank = rules::ranks(count);
    std::vector<std::uint32_t> payload_at(count);
    for (std::uint32_t p = 0; p < count; ++p) payload_at[rank[p]] = p;
    balanced(out.tree, payload_at, 0, count);
    mesh::Box domain = mesh::unfilled_box();
    for (const mesh::Box& b : below) mesh::extend(domain, b);
    const builder::BuiltStaticTree enc = builder::build_static_tree(out.tree, below, domain, mesh::TreeCodec::kAxis4);
    std::vector<std::uint32_t> leaf_of(count, 0);
    for (std::size_t n = 0; n < out.tree.size(); ++n)
        if (out.tree.second_child[n] == kNoNode) leaf_of[out.tree.payload[n]] = static_cast<std::uint32_t>(n);

    // The section's runs: no packed vertices, the records' words, the primitives.
    m.first_packed.push_back(static_cast<std::uint32_t>(m.packed_vertices.size()));
    m.num_packed.push_back(0);
    m.first_shared.push_back(static_cast<std::uint32_t>(m.shared_vertices_index.size()));
    m.num_shared.push_back(static_cast<std::uint32_t>(3 * point_sets + 4 * externs.size()));
    m.first_primitive.push_back(static_cast<std::uint32_t>(m.primitives.size()));
    m.num_primitives.push_back(count);
    m.page.push_back(0);
    m.flags.resize(s, 0);
    m.flags.push_back(1);
    m.leaf_index.push_back(0);  // set with the mesh tree
    m.section_domain.push_back(domain);
    m.codec_parms.push_back(mesh::packed_codec_parms(mesh::unfilled_box()));
    m.first_node_byte.push_back(static_cast<std::uint32_t>(m.section_node_bytes.size()));
    m.node_byte_count.push_back(static_cast<std::uint32_t>(enc.bytes.size()));
    m.section_node_bytes.insert(m.section_node_bytes.end(), enc.bytes.begin(), enc.bytes.end());
    m.section_tree_nodes += out.tree.size();

    out.leaf_exact.resize(count, mesh::unfilled_box());
    for (std::uint32_t p = 0; p < point_sets; ++p) {
        const mesh::Box& leaf = enc.decoded[leaf_of[p]];
        const auto slot = static_cast<std::uint16_t>(m.shared_vertices.size());
        const auto n = static_cast<std::uint32_t>(points[p].size());
        // Codes over the leaf box; the decoded points (the decoder's own arithmetic) give the simd box.
        std::vector<std::uint32_t> codes(n);
        for (std::uint32_t j = 0; j < n; ++j) {
            std::uint32_t c[3];
            for (int a = 0; a < 3; ++a) {
                const float extent = leaf.max[a] - leaf.min[a];
                const float scale = extent / kSteps[a];
                const float v = scale > 0 ? std::round((points[p][j][a] - leaf.min[a]) / scale) : 0.0f;
                c[a] = static_cast<std::uint32_t>(std::clamp(v, 0.0f, kSteps[a]));
            }
            codes[j] = c[0] | (c[1] << 11) | (c[2] << 22);
            const auto q = mesh::decode_point_set_vertex(codes[j], leaf);
            mesh::extend(out.leaf_exact[p], q[0], q[1], q[2]);
        }
        for (std::uint32_t j = 0; j < n; j += 2) {
            const std::uint64_t hi = codes[j], lo = j + 1 < n ? codes[j + 1] : 0u;
            m.shared_vertices.push_back((hi << 32) | lo);
        }
        const auto k = static_cast<std::uint8_t>(3 * p);  // numPackedVertices (0) + the record's first word
        const auto leaf_n = static_cast<std::uint8_t>(leaf_of[p]);
        m.primitives.push_back({k, leaf_n, sekiro ? leaf_n : std::uint8_t{3}, leaf_n});
        m.shared_vertices_index.push_back(static_cast<std::uint16_t>((n << 8) | kPointSetTag));
        m.shared_vertices_index.push_back(slot);
        m.shared_vertices_index.push_back(sekiro ? std::uint16_t{0x3D4D} : std::uint16_t{0x3C24});
    }
    for (std::size_t e = 0; e < externs.size(); ++e) {
        const auto k = static_cast<std::uint8_t>(3 * point_sets + 4 * e);
        m.primitives.push_back({k, k, 4, k});
        m.shared_vertices_index.push_back(kExternTag);
        m.shared_vertices_index.push_back(externs[e].w);
        m.shared_vertices_index.push_back(static_cast<std::uint16_t>(externs[e].index & 0xFFFFu));
        m.shared_vertices_index.push_back(static_cast<std::uint16_t>(externs[e].index >> 16));
        out.leaf_exact[point_sets + e] = externs[e].box;
    }
    m.point_sets += point_sets;
    return out;
}

}  // namespace meshproof::synth
