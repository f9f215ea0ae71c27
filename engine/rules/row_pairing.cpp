// See row_pairing.h.
#include "engine/rules/row_pairing.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace meshproof::rules {

void pair_rows_by_position(const mesh::DecodedMesh& m, RowPairingWorkspace& ws, RowPairing& out) {
    const mesh::DecodedTriangles& t = m.triangles;
    out.used.clear();
    if (m.has_triangle_index_to_shape_key) {
        const std::size_t rows = std::min(m.row_key.size(), m.row_triangle.size());
        const std::size_t param_rows = m.row_primitive_data_index.size();
        for (std::size_t r = 0; r < rows && r < param_rows; ++r) {
            const std::uint32_t tri = m.row_triangle[r];
            if (tri != mesh::kNone && tri < t.size()) out.used.push_back(static_cast<std::uint32_t>(r));
        }
    }
    const std::size_t n = out.used.size();

    // Corners numbered by first use of their positions (position_numbering.h).
    ws.corner_slots.resize(n * 3);
    for (std::size_t i = 0; i < n; ++i)
        for (int k = 0; k < 3; ++k) ws.corner_slots[i * 3 + k] = t.vertex[k][m.row_triangle[out.used[i]]];
    ws.corner_numbers.resize(n * 3);
    out.positions =
        number_positions_by_first_use(m.vertices, ws.corner_slots, ws.numbering, ws.pairing, ws.corner_numbers);
    out.vertex.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        for (int k = 0; k < 3; ++k) out.vertex[i][k] = ws.corner_numbers[i * 3 + k];

    // Boxes and primitive data per used row.
    out.box.resize(n);
    out.data.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t r = out.used[i], tri = m.row_triangle[r];
        mesh::Box b;
        for (int a = 0; a < 3; ++a)
            b.min[a] = std::numeric_limits<float>::infinity(), b.max[a] = -std::numeric_limits<float>::infinity();
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = t.vertex[k][tri];
            const float p[3] = {m.vertices.x[v], m.vertices.y[v], m.vertices.z[v]};
            for (int a = 0; a < 3; ++a) b.min[a] = std::min(b.min[a], p[a]), b.max[a] = std::max(b.max[a], p[a]);
        }
        out.box[i] = b;
        out.data[i] = m.row_primitive_data_index[r];
    }

    const QuadPairingRows rows{out.vertex, out.box, out.data};
    ws.pairing.edge_uses_read = false;  // the product keeps no edge uses
    sort_pairing_records(rows, ws.pairing);
    pair_sorted_records(rows, CandidateRule::kFirstFit, ws.pairing, out.pairs);
    // Copied out, not swapped: the workspace keeps its grown arrays for the next mesh (swapped, it
    // grew and zero-filled fresh ones every mesh), and the product holds the candidates at their
    // count rather than at the 2 × rows step 2 reserves.
    const QuadPairingWorkspace::SortedRecords& sorted = ws.pairing.sorted;
    out.records.words.assign(sorted.words.begin(), sorted.words.end());
    out.records.records.assign(sorted.records.begin(), sorted.records.end());
    out.records.key_shift = sorted.key_shift;
    out.records.vertices = sorted.vertices;
    out.candidates.assign(ws.pairing.candidates.begin(), ws.pairing.candidates.end());
}

}  // namespace meshproof::rules
