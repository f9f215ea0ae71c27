#include "engine/builder/primitive_list.h"

#include <bit>

#include "engine/core/free_vectors.h"

namespace meshproof::builder {

PrimitiveList pair_rows(const PairingInput& in, rules::QuadPairingWorkspace& ws) {
    const std::size_t n = in.kept.size();
    // The rule numbers names (position bits) in the order the corners first use them. Numbering
    // the source vertices in the order the corners first use them, by their names, gives every
    // corner the same number (a name's first corner is the first corner of the first vertex of
    // that name), and hashes each vertex once instead of each corner.
    const std::size_t nv = in.x.size();
    std::vector<std::uint32_t> vertex_number(nv, kNoPrimitive), first_used;
    first_used.reserve(nv);
    std::vector<mesh::Box> box(n);
    std::vector<std::uint32_t> data(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& row = in.rows[in.kept[i]];
        mesh::Box& b = box[i];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = row[k];
            if (vertex_number[v] == kNoPrimitive) {
                vertex_number[v] = 0;
                first_used.push_back(v);
            }
            const float p[3] = {in.x[v], in.y[v], in.z[v]};
            for (int a = 0; a < 3; ++a) {
                b.min[a] = k == 0 ? p[a] : std::min(b.min[a], p[a]);
                b.max[a] = k == 0 ? p[a] : std::max(b.max[a], p[a]);
            }
        }
        if (!in.row_primitive_data.empty()) data[i] = in.row_primitive_data[in.kept[i]];
    }
    std::vector<rules::VertexName> names(first_used.size());
    for (std::size_t j = 0; j < first_used.size(); ++j) {
        const std::uint32_t v = first_used[j];
        names[j] = {std::bit_cast<std::uint32_t>(in.x[v]), std::bit_cast<std::uint32_t>(in.y[v]),
                    std::bit_cast<std::uint32_t>(in.z[v])};
    }
    std::vector<std::uint32_t> numbers(names.size());
    rules::number_by_first_use(names, ws, numbers);
    free_vectors(names);
    for (std::size_t j = 0; j < first_used.size(); ++j) vertex_number[first_used[j]] = numbers[j];
    free_vectors(first_used, numbers);
    std::vector<std::array<std::uint32_t, 3>> numbered(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& row = in.rows[in.kept[i]];
        numbered[i] = {vertex_number[row[0]], vertex_number[row[1]], vertex_number[row[2]]};
    }
    free_vectors(vertex_number);
    std::vector<rules::QuadPair> pairs;
    rules::pair_quads(rules::QuadPairingRows{numbered, box, data}, rules::CandidateRule::kFirstFit, ws, pairs);
    // Every array of the numbering is freed once read, and the rows' once paired, so that
    // pair_quads' arrays and the list's do not come on top of them (with the workspace's
    // release_scratch, the pairing's memory peak is its dearest step's, not the sum).
    free_vectors(numbered, box, data);

    PrimitiveList out;
    out.vertex.reserve(n - pairs.size());
    out.is_quad.reserve(n - pairs.size());
    out.row_primitive.assign(in.rows.size(), kNoPrimitive);
    out.row_half.assign(in.rows.size(), 0);
    for (const rules::QuadPair& q : pairs) {
        const std::uint32_t r1 = in.kept[q.first], r2 = in.kept[q.second];
        const auto& a = in.rows[r1];
        const auto& b = in.rows[r2];
        const auto prim = static_cast<std::uint32_t>(out.vertex.size());
        out.vertex.push_back({a[0], a[1], a[2], b[2]});
        out.is_quad.push_back(1);
        out.row_primitive[r1] = prim;
        out.row_primitive[r2] = prim;
        out.row_half[r2] = 1;
    }
    for (const std::uint32_t r : in.kept) {
        if (out.row_primitive[r] != kNoPrimitive) continue;
        const auto& a = in.rows[r];
        out.row_primitive[r] = static_cast<std::uint32_t>(out.vertex.size());
        out.vertex.push_back({a[0], a[1], a[2], a[2]});
        out.is_quad.push_back(0);
    }
    return out;
}

}  // namespace meshproof::builder
