// Pierce pairing (ivp-surface-notes.md §6). The notes are silent on precision; the stored bytes
// decide it (issue 17). IVP_Poly_Point is an IVP_U_Point, whose coordinates are IVP_DOUBLE, so
// the builder's normals are double: the f32 points widen exactly, n = (b − a) × (c − a) in
// double, normalised by dividing each component by |n| (not by multiplying with 1 / |n|: on the
// retail sample the division reproduces more of the stored indices than the reciprocal), dot
// products in double in x, y, z order. A zero-area triangle keeps a zero normal (its dot
// products are 0, never below −1e-6). Why it matters: symmetric hulls have faces whose dot
// products tie in exact arithmetic, and the first minimum wins, so the last bit of each dot
// product decides which tied face is taken.
#include "engine/sur/pierce.h"

#include <cmath>
#include <span>

#include <fmt/format.h>

namespace meshproof::sur {
namespace {

// One unit normal in T; returned widened to double (exact for float).
template <class T>
void unit_normal(const T v[3][3], bool divide, double out[3]) {
    const T u[3] = {v[1][0] - v[0][0], v[1][1] - v[0][1], v[1][2] - v[0][2]};
    const T w[3] = {v[2][0] - v[0][0], v[2][1] - v[0][1], v[2][2] - v[0][2]};
    T c[3] = {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
    const T len = std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
    if (len > 0) {
        if (divide) {
            for (T& x : c) x = x / len;
        } else {
            const T inv = T(1) / len;
            for (T& x : c) x *= inv;
        }
    }
    for (int i = 0; i < 3; ++i) out[i] = double(c[i]);
}

// The pairing itself; T is the type the dot products are formed and compared in.
template <class T>
void pair_faces(std::span<const double> nv, std::vector<std::int32_t>& pierce) {
    const std::size_t n = pierce.size();
    for (std::size_t t = 0; t < n; ++t) {
        if (pierce[t] >= 0) continue;  // already paired: skipped as a seeker, never as a candidate
        std::int32_t best = -1;
        T best_dot = T(-1e-6);
        const T a0 = T(nv[t * 3]), a1 = T(nv[t * 3 + 1]), a2 = T(nv[t * 3 + 2]);
        for (std::size_t u = 0; u < n; ++u) {
            const T d = a0 * T(nv[u * 3]) + a1 * T(nv[u * 3 + 1]) + a2 * T(nv[u * 3 + 2]);
            if (d < best_dot) {  // strict: the first minimum wins a tie
                best = std::int32_t(u);
                best_dot = d;
            }
        }
        if (best >= 0) {
            pierce[t] = best;
            pierce[std::size_t(best)] = std::int32_t(t);  // may overwrite best's earlier partner
        }
    }
}

}  // namespace

Result<bool> derive_pierce(const SurModel& m, std::uint32_t l, std::vector<std::int32_t>& pierce,
                           std::vector<double>& normals, PierceArithmetic arithmetic) {
    if (l >= m.ledges.size())
        return make_error(ErrorCode::kOutOfBounds, 0, fmt::format("ledge {} outside the model", l));
    const IndexRange f = m.ledges.faces[l];
    if (f.end() < f.first || f.end() > m.faces.size() || std::uint64_t(f.end()) * 3 > m.edges.size())
        return make_error(ErrorCode::kOutOfBounds, 0, fmt::format("ledge {}: faces outside the face column", l));
    const std::size_t n = f.count;
    normals.assign(n * 3, 0.0);
    pierce.assign(n, -1);
    const bool ivp = arithmetic == PierceArithmetic::kIvpDouble;
    for (std::size_t t = 0; t < n; ++t) {
        float v[3][3];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t p = m.edges.point[(std::size_t(f.first) + t) * 3 + std::size_t(k)];
            if (p >= m.points.size())
                return make_error(ErrorCode::kOutOfBounds, 0,
                                  fmt::format("ledge {}: point {} outside the model", l, p));
            v[k][0] = m.points.x[p];
            v[k][1] = m.points.y[p];
            v[k][2] = m.points.z[p];
        }
        if (ivp) {
            const double d[3][3] = {
                {v[0][0], v[0][1], v[0][2]}, {v[1][0], v[1][1], v[1][2]}, {v[2][0], v[2][1], v[2][2]}};
            unit_normal<double>(d, true, &normals[t * 3]);
        } else {
            unit_normal<float>(v, false, &normals[t * 3]);
        }
    }
    if (ivp) {
        pair_faces<double>(normals, pierce);
    } else {
        pair_faces<float>(normals, pierce);
    }
    return true;
}

}  // namespace meshproof::sur
