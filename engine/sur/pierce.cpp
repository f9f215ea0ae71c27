// Pierce pairing (ivp-surface-notes.md §6). The notes are silent on precision; the reading:
// n = (b − a) × (c − a) in f32, normalised in f32 as n · (1 / |n|) with |n| = sqrt of the f32
// sum of squares (IVP_U_Point::normize on IVP_FLOAT), dot products in f32 in x, y, z order.
// A zero-area triangle keeps a zero normal (its dot products are 0, never below −1e-6).
#include "engine/sur/pierce.h"

#include <cmath>
#include <span>

#include <fmt/format.h>

namespace meshproof::sur {

Result<bool> derive_pierce(const SurModel& m, std::uint32_t l, std::vector<std::int32_t>& pierce, std::vector<float>& normals) {
    if (l >= m.ledges.size()) return make_error(ErrorCode::kOutOfBounds, 0, fmt::format("ledge {} outside the model", l));
    const IndexRange f = m.ledges.faces[l];
    if (f.end() < f.first || f.end() > m.faces.size() || std::uint64_t(f.end()) * 3 > m.edges.size())
        return make_error(ErrorCode::kOutOfBounds, 0, fmt::format("ledge {}: faces outside the face column", l));
    const std::size_t n = f.count;
    normals.assign(n * 3, 0.0f);
    pierce.assign(n, -1);
    for (std::size_t t = 0; t < n; ++t) {
        float v[3][3];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t p = m.edges.point[(std::size_t(f.first) + t) * 3 + std::size_t(k)];
            if (p >= m.points.size()) return make_error(ErrorCode::kOutOfBounds, 0, fmt::format("ledge {}: point {} outside the model", l, p));
            v[k][0] = m.points.x[p];
            v[k][1] = m.points.y[p];
            v[k][2] = m.points.z[p];
        }
        const float u[3] = {v[1][0] - v[0][0], v[1][1] - v[0][1], v[1][2] - v[0][2]};
        const float w[3] = {v[2][0] - v[0][0], v[2][1] - v[0][1], v[2][2] - v[0][2]};
        float c[3] = {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
        const float len = std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
        if (len > 0) {
            const float inv = 1.0f / len;
            for (float& x : c) x *= inv;
        }
        for (int i = 0; i < 3; ++i) normals[t * 3 + std::size_t(i)] = c[i];
    }
    const std::span<const float> nv(normals);
    for (std::size_t t = 0; t < n; ++t) {
        if (pierce[t] >= 0) continue;
        std::int32_t best = -1;
        float best_dot = -1e-6f;
        const float a0 = nv[t * 3], a1 = nv[t * 3 + 1], a2 = nv[t * 3 + 2];
        for (std::size_t u = 0; u < n; ++u) {
            const float d = a0 * nv[u * 3] + a1 * nv[u * 3 + 1] + a2 * nv[u * 3 + 2];
            if (d < best_dot) {
                best = std::int32_t(u);
                best_dot = d;
            }
        }
        if (best >= 0) {
            pierce[t] = best;
            pierce[std::size_t(best)] = std::int32_t(t);
        }
    }
    return true;
}

}  // namespace meshproof::sur
