// The simple orders against a section's numbering: see simple_orders.h.
#include "verifiers/simple_orders.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace meshproof::verifiers {

std::uint32_t simple_orders_matching(const mesh::DecodedMesh& m, std::uint32_t t,
                                     std::span<const std::uint32_t> first_row, SimpleOrderScratch& scratch) {
    const mesh::StaticTreeNodes& st = m.section_trees;
    const mesh::DecodedSections& sec = m.sections;
    if (t >= st.first_node.size() || t >= sec.size()) return 0;
    const std::uint64_t first = st.first_node[t], end = first + st.node_count[t];
    if (end > st.size()) return 0;
    // Leaves in file order (pre-order) with their depth; rank[p]: the pre-order rank of payload p.
    const std::uint32_t n = sec.num_primitives[t];
    if (n < 2) return 0;
    std::vector<std::uint32_t>& rank = scratch.rank;
    std::vector<std::uint32_t>& depth = scratch.depth;
    rank.assign(n, mesh::kNone);
    depth.assign(st.node_count[t], 0);
    auto& by_rank = scratch.by_rank;  // (payload, depth) of each leaf, in pre-order
    by_rank.resize(n);
    std::vector<std::uint32_t>& per_depth = scratch.per_depth;  // leaves per depth, then where each depth starts
    per_depth.assign(1, 0);
    std::uint32_t leaves = 0;
    for (std::uint64_t g = first; g < end; ++g) {
        const std::uint32_t parent = st.parent[g];
        const std::uint32_t d = parent >= first && parent < g ? depth[parent - first] + 1 : 0;
        depth[g - first] = d;
        if (!st.is_leaf[g]) continue;
        const std::uint32_t p = st.payload[g];
        if (p >= n || rank[p] != mesh::kNone) return 0;  // not 0 … n − 1 each once
        rank[p] = leaves;
        by_rank[leaves] = {p, d};
        if (d + 1 >= per_depth.size()) per_depth.resize(d + 2, 0);
        ++per_depth[d + 1];
        ++leaves;
    }
    if (leaves != n) return 0;
    // The breadth-first position of each payload: ordered by (depth, pre-order rank), i.e. the
    // leaves of each depth in pre-order, depth after depth (a counting sort by depth).
    for (std::size_t d = 1; d < per_depth.size(); ++d) per_depth[d] += per_depth[d - 1];
    std::vector<std::uint32_t>& bfs_order = scratch.bfs_order;
    bfs_order.resize(n);
    for (std::uint32_t r = 0; r < n; ++r) {
        const auto [p, d] = by_rank[r];
        bfs_order[per_depth[d]++] = p;
    }

    const std::uint64_t base = sec.primitive_base[t];
    if (base == mesh::kNone || base + n > m.primitives.size()) return 0;
    std::vector<std::uint32_t>& bfs_position = scratch.bfs_position;
    bfs_position.resize(n);
    for (std::uint32_t k = 0; k < n; ++k) bfs_position[bfs_order[k]] = k;

    // Each order is decided primitive by primitive: it fails at the first key that is missing
    // (NaN) or that does not sort above the one before (equal keys by pre-order rank). Nearly
    // every order fails within the first few primitives of a section, so the keys are made one
    // primitive at a time, only for the orders still standing, and the walk ends when none is.
    const double nan = std::nan("");
    constexpr std::uint32_t kBoxOrders = 0x3Fu;  // min x, y, z, max x, y, z
    constexpr std::uint32_t kCornerOrders = kBoxOrders | (1u << static_cast<int>(SimpleOrder::kSmallestCorner));
    std::uint32_t standing = (1u << kSimpleOrderCount) - 1;
    std::array<double, kSimpleOrderCount> key{}, previous{};
    for (std::uint32_t p = 0; p < n && standing != 0; ++p) {
        const std::uint64_t g = base + p;
        const mesh::PrimitiveKind kind = m.primitives.kind[g];
        const bool quad = kind == mesh::PrimitiveKind::kQuad;
        key.fill(nan);
        if ((standing & kCornerOrders) != 0 && (quad || kind == mesh::PrimitiveKind::kTriangle)) {
            std::array<float, 3> lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
            bool ok = true;
            double smallest = 256;
            for (int c = 0; c < (quad ? 4 : 3); ++c) {
                const std::uint32_t slot = mesh::corner_slot(m, static_cast<std::uint32_t>(g), c);
                smallest = std::min<double>(smallest, m.primitives.indices[c][g]);  // up to a corner out of range
                if (slot >= m.vertices.size()) {
                    ok = false;
                    break;
                }
                const float v[3] = {m.vertices.x[slot], m.vertices.y[slot], m.vertices.z[slot]};
                for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], v[a]), hi[a] = std::max(hi[a], v[a]);
            }
            if (ok)
                for (int a = 0; a < 3; ++a) key[a] = lo[a], key[3 + a] = hi[a];
            key[static_cast<int>(SimpleOrder::kSmallestCorner)] = smallest;
        }
        if (g < first_row.size() && first_row[g] != mesh::kNone)
            key[static_cast<int>(SimpleOrder::kFirstRow)] = first_row[g];
        key[static_cast<int>(SimpleOrder::kQuadsFirst)] = quad ? 0 : kind == mesh::PrimitiveKind::kTriangle ? 1 : 2;
        key[static_cast<int>(SimpleOrder::kPreorder)] = rank[p];
        key[static_cast<int>(SimpleOrder::kReversePreorder)] = -static_cast<double>(rank[p]);
        key[static_cast<int>(SimpleOrder::kBreadthFirst)] = bfs_position[p];
        for (std::size_t k = 0; k < kSimpleOrderCount; ++k) {
            if ((standing >> k & 1u) == 0) continue;
            const bool above = p == 0 || previous[k] < key[k] || (previous[k] == key[k] && rank[p - 1] < rank[p]);
            if (std::isnan(key[k]) || !above) standing &= ~(1u << k);
        }
        previous = key;
    }
    return standing;
}

}  // namespace meshproof::verifiers
