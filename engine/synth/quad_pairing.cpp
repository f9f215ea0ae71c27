#include "engine/synth/quad_pairing.h"

#include <cmath>

namespace meshproof::synth {
namespace {

std::array<double, 3> raw_normal(const SourceMesh& m, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const double ux = m.x[b] - m.x[a], uy = m.y[b] - m.y[a], uz = m.z[b] - m.z[a];
    const double vx = m.x[c] - m.x[a], vy = m.y[c] - m.y[a], vz = m.z[c] - m.z[a];
    return {uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
}

bool coplanar(const std::array<double, 3>& n, const std::array<double, 3>& k) {
    const double cx = n[1] * k[2] - n[2] * k[1], cy = n[2] * k[0] - n[0] * k[2], cz = n[0] * k[1] - n[1] * k[0];
    const double dot = n[0] * k[0] + n[1] * k[1] + n[2] * k[2];
    const double ln = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    const double lk = std::sqrt(k[0] * k[0] + k[1] * k[1] + k[2] * k[2]);
    return dot > 0 && std::sqrt(cx * cx + cy * cy + cz * cz) <= 1e-6 * ln * lk;
}

}  // namespace

PrimitiveList pair_quads(const SourceMesh& mesh) {
    const std::size_t rows = mesh.rows.size();
    // Count first, then fill: which rows open a quad.
    std::vector<std::uint8_t> opens(rows, 0);
    std::size_t quads = 0;
    for (std::size_t r = 0; r + 1 < rows; ++r) {
        const auto& t = mesh.rows[r];
        const auto& u = mesh.rows[r + 1];
        if (u[0] != t[0] || u[1] != t[2] || u[2] == t[1] || u[2] == t[0] || u[2] == t[2]) continue;
        if (!coplanar(raw_normal(mesh, t[0], t[1], t[2]), raw_normal(mesh, u[0], u[1], u[2]))) continue;
        opens[r] = 1;
        ++quads;
        ++r;  // the second half is taken
    }
    PrimitiveList out;
    const std::size_t n = rows - quads;
    out.vertex.reserve(n);
    out.first_row.reserve(n);
    out.is_quad.reserve(n);
    out.row_primitive.assign(rows, 0);
    out.row_half.assign(rows, 0);
    // Quads first, in the order the pairing takes them, then the other rows in row order.
    for (std::size_t r = 0; r < rows; ++r) {
        if (!opens[r]) continue;
        const auto& t = mesh.rows[r];
        const auto p = static_cast<std::uint32_t>(out.vertex.size());
        out.vertex.push_back({t[0], t[1], t[2], mesh.rows[r + 1][2]});
        out.first_row.push_back(static_cast<std::uint32_t>(r));
        out.is_quad.push_back(1);
        out.row_primitive[r] = out.row_primitive[r + 1] = p;
        out.row_half[r + 1] = 1;
    }
    for (std::size_t r = 0; r < rows; ++r) {
        if (opens[r] || (r > 0 && opens[r - 1])) continue;
        const auto& t = mesh.rows[r];
        const auto p = static_cast<std::uint32_t>(out.vertex.size());
        out.vertex.push_back({t[0], t[1], t[2], t[2]});
        out.first_row.push_back(static_cast<std::uint32_t>(r));
        out.is_quad.push_back(0);
        out.row_primitive[r] = p;
    }
    return out;
}

}  // namespace meshproof::synth
