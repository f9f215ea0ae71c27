#include "engine/rules/merge_representatives.h"

#include <algorithm>

#include "engine/mesh/decoded_member.h"
#include "engine/rules/havok_quicksort.h"

namespace meshproof::rules {

void sort_merge_vertices(std::span<const std::uint32_t> corner_index, std::span<const std::uint32_t> corner_position,
                         std::span<const float> x, VertexMergeWorkspace& ws) {
    const std::size_t corners = std::min(corner_index.size(), corner_position.size());
    ws.vertex_key.clear();
    for (std::size_t c = 0; c < corners; ++c)
        if (corner_position[c] < x.size())
            ws.vertex_key.push_back(static_cast<std::uint64_t>(corner_index[c]) << 32 | corner_position[c]);
    std::sort(ws.vertex_key.begin(), ws.vertex_key.end());
    ws.vertex_key.erase(std::unique(ws.vertex_key.begin(), ws.vertex_key.end()), ws.vertex_key.end());

    // The unstable sort by x of the vertex array (its order is the procedure's on the array itself:
    // the quicksort's permutation depends only on how the keys compare).
    const std::size_t n = ws.vertex_key.size();
    ws.order.resize(n);
    for (std::size_t v = 0; v < n; ++v) ws.order[v] = static_cast<std::uint32_t>(v);
    const std::span<const std::uint64_t> key = ws.vertex_key;
    auto x_of = [&](std::uint32_t v) { return x[static_cast<std::uint32_t>(key[v])]; };
    havok_quicksort(std::span<std::uint32_t>(ws.order),
                    [&](std::uint32_t a, std::uint32_t b) { return x_of(a) < x_of(b); });

    ws.first_vertex.assign(x.size(), mesh::kNone);
    ws.position_order.clear();
    for (const std::uint32_t v : ws.order) {
        const auto p = static_cast<std::uint32_t>(key[v]);
        if (ws.first_vertex[p] != mesh::kNone) continue;
        ws.first_vertex[p] = v;
        ws.position_order.push_back(p);
    }
}

void name_by_representative(double distance, std::span<const float> x, std::span<const float> y,
                            std::span<const float> z, VertexMergeWorkspace& ws) {
    const std::size_t positions = ws.first_vertex.size();
    ws.position_name.assign(positions, mesh::kNone);
    if (x.size() < positions || y.size() < positions || z.size() < positions) return;
    if (distance <= 0) {
        for (std::size_t p = 0; p < positions; ++p) ws.position_name[p] = ws.first_vertex[p];
        return;
    }
    const double d2 = distance * distance;
    const std::size_t k = ws.position_order.size();
    for (std::size_t i = 0; i < k; ++i) {
        const std::uint32_t a = ws.position_order[i];
        if (ws.position_name[a] != mesh::kNone) continue;
        const std::uint32_t name = ws.first_vertex[a];
        ws.position_name[a] = name;
        // Later positions in the sort have x ≥ x[a] (NaN last or anywhere: the window ends there).
        for (std::size_t j = i + 1; j < k; ++j) {
            const std::uint32_t b = ws.position_order[j];
            const double dx = static_cast<double>(x[b]) - x[a];
            if (!(dx <= distance)) break;
            if (ws.position_name[b] != mesh::kNone) continue;
            const double dy = static_cast<double>(y[b]) - y[a], dz = static_cast<double>(z[b]) - z[a];
            if (dx * dx + dy * dy + dz * dz <= d2) ws.position_name[b] = name;
        }
    }
}

}  // namespace meshproof::rules
