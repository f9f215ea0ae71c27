// Mass properties (ivp-surface-notes.md §10; issue 17: the precision and order of IVP's
// insert_radius_in_compact_surface). Arithmetic, in the notes' order:
//   per triangle (a, b, c) in edge order: n = (b − a) × (c − a) in double (IVP_U_Point: the f32
//   points widen exactly); det = n · a, |n|² and det · (a + b + c) / 4 accumulated in double,
//   over the ledges from last to first (§10.1; the document's reading: first to last),
//   triangles in storage order.
//   S_det > sqrt(S_n2)³ · 1e-9 → mass_center = f32(S_c / S_det); else the box fallback. The
//   threshold is not scale-free (length³ against length⁶): a closed cube of side 524 keeps its
//   volume, one of side 525 takes the fallback; and on a flat hull far from the origin an f32
//   cross product leaves a rounding residue in S_det that passes the test (the reading before
//   issue 17 did, and took a volume centroid nowhere near the hull), where double cancels.
//   radius: max over the ledges' vertices of |p − mc|, in double, rounded to f32.
//   deviation: max over triangles and their vertices of sqrt(|(p − mc) × n|² / |n|²) (double),
//   the byte int(1 + deviation / (radius · IVP_COMPACT_SURFACE_DEVIATION_STEP_SIZE)) with the
//   unrounded double radius and the step the f32 constant 1.0f / 250.0f widened to double
//   (retail sample 349 of 351; the f32 quotient radius / 250.0f gives 347: the misses are parts
//   whose deviation equals their radius, where the quotient sits exactly on 250).
//   rotation inertia (§10.4): exact tetrahedral second moments (the notes' own replication,
//   not IVP's polynomial scheme), points shifted by −mc in f32, sums in double;
//   m_a = ∫a² dV / V, 1 when V < P_DOUBLE_EPS (find_center_given_xyz; the document's reading:
//   2⁻⁵²); I_x = sqrt(m_y² + m_z²) etc., rounded to f32.
#include "engine/sur/mass_properties.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace meshproof::sur {
namespace {

using V3 = std::array<float, 3>;

V3 sub(const V3& a, const V3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
V3 cross(const V3& a, const V3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

using D3 = std::array<double, 3>;

D3 widen(const V3& a) { return {a[0], a[1], a[2]}; }
D3 sub(const D3& a, const D3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
D3 cross(const D3& a, const D3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// Every index the sums read, checked once, so the loops read without checks. `pr`: the points
// allowed (the surface's), or none to allow every point of the model.
Result<bool> check_ledges(const SurModel& m, std::span<const std::uint32_t> ledges, IndexRange pr) {
    for (const std::uint32_t l : ledges) {
        if (l >= m.ledges.size())
            return make_error(ErrorCode::kOutOfBounds, 0, fmt::format("ledge {} outside the model", l));
        const IndexRange f = m.ledges.faces[l];
        if (f.end() < f.first || f.end() > m.faces.size() || std::uint64_t(f.end()) * 3 > m.edges.size())
            return make_error(ErrorCode::kOutOfBounds, 0, fmt::format("ledge {}: faces outside the face column", l));
        for (std::uint64_t e = std::uint64_t(f.first) * 3; e < std::uint64_t(f.end()) * 3; ++e) {
            const std::uint32_t p = m.edges.point[e];
            if (p < pr.first || p >= pr.end() || p >= m.points.size())
                return make_error(ErrorCode::kOutOfBounds, 0,
                                  fmt::format("ledge {}: point {} outside its surface", l, p));
        }
    }
    return true;
}

// Calls fn(a, b, c) for every triangle of the ledges, last ledge first (§10.1), or first ledge
// first in tree order.
template <class Fn>
void for_each_triangle(const SurModel& m, std::span<const std::uint32_t> ledges, Fn&& fn, bool tree_order = false) {
    const std::span<const std::uint32_t> ep(m.edges.point);
    auto point = [&](std::uint32_t p) { return V3{m.points.x[p], m.points.y[p], m.points.z[p]}; };
    for (std::size_t i = 0; i < ledges.size(); ++i) {
        const IndexRange f = m.ledges.faces[ledges[tree_order ? i : ledges.size() - 1 - i]];
        for (std::uint32_t t = f.first; t < f.end(); ++t)
            fn(point(ep[std::size_t(t) * 3]), point(ep[std::size_t(t) * 3 + 1]), point(ep[std::size_t(t) * 3 + 2]));
    }
}

template <class T>
bool below_threshold(T s_det, T s_n2) {
    const T root = std::sqrt(s_n2);
    return !(s_det > root * root * root * T(1e-9));
}

bool no_volume(const SurModel& m, std::span<const std::uint32_t> ledges, VolumeArithmetic arithmetic) {
    if (arithmetic == VolumeArithmetic::kF32All) {
        float s_det = 0, s_n2 = 0;
        for_each_triangle(m, ledges, [&](const V3& a, const V3& b, const V3& c) {
            const V3 n = cross(sub(b, a), sub(c, a));
            s_det += n[0] * a[0] + n[1] * a[1] + n[2] * a[2];
            s_n2 += n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
        });
        return below_threshold(s_det, s_n2);
    }
    double s_det = 0, s_n2 = 0;
    for_each_triangle(m, ledges, [&](const V3& a, const V3& b, const V3& c) {
        const D3 n = arithmetic == VolumeArithmetic::kF32Cross
                         ? widen(cross(sub(b, a), sub(c, a)))
                         : cross(sub(widen(b), widen(a)), sub(widen(c), widen(a)));
        s_det += n[0] * a[0] + n[1] * a[1] + n[2] * a[2];
        s_n2 += n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    });
    return below_threshold(s_det, s_n2);
}

}  // namespace

Result<bool> encloses_no_volume(const SurModel& m, std::span<const std::uint32_t> ledges, VolumeArithmetic arithmetic) {
    auto ok = check_ledges(m, ledges, {0, static_cast<std::uint32_t>(m.points.size())});
    if (!ok.ok()) return ok;
    return no_volume(m, ledges, arithmetic);
}

bool uniform_inertia(const std::array<float, 3>& inertia) {
    const auto [lo, hi] = std::minmax({double(inertia[0]), double(inertia[1]), double(inertia[2])});
    return hi <= 1.0001 * lo;
}

Result<MassProperties> mass_properties(const SurModel& m, std::size_t s, std::span<const std::uint32_t> ledges,
                                       const MassReading& reading) {
    if (s >= m.surfaces.size()) return make_error(ErrorCode::kOutOfBounds, 0, "surface index outside the model");
    if (ledges.empty()) return make_error(ErrorCode::kBadObject, 0, "surface without a terminal ledge");
    if (auto ok = check_ledges(m, ledges, m.surfaces[s].points); !ok.ok()) return ok.error();
    auto each = [&](auto&& fn) { for_each_triangle(m, ledges, fn, reading.tree_order); };

    MassProperties out;
    double s_det = 0, s_n2 = 0, s_c[3] = {0, 0, 0};
    each([&](const V3& a, const V3& b, const V3& c) {
        const D3 n = cross(sub(widen(b), widen(a)), sub(widen(c), widen(a)));
        const double det = n[0] * a[0] + n[1] * a[1] + n[2] * a[2];
        s_det += det;
        s_n2 += n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
        for (int i = 0; i < 3; ++i) s_c[i] += det * ((double(a[i]) + b[i] + c[i]) / 4.0);
    });
    // The bounding box of the ledges' vertices: the fallback's centre and 0.5 · r² (r = half its
    // diagonal), computed always so that a stored value can be recognised as the fallback's.
    V3 lo{}, hi{};
    bool first = true;
    each([&](const V3& a, const V3& b, const V3& c) {
        for (const V3* v : {&a, &b, &c})
            for (int i = 0; i < 3; ++i) {
                lo[i] = first ? (*v)[i] : std::min(lo[i], (*v)[i]);
                hi[i] = first ? (*v)[i] : std::max(hi[i], (*v)[i]);
            }
        first = false;
    });
    double d2 = 0;
    for (int i = 0; i < 3; ++i) {
        out.box_center[i] = (lo[i] + hi[i]) * 0.5f;
        const double d = double(hi[i]) - lo[i];
        d2 += d * d;
    }
    out.box_inertia = static_cast<float>(d2 / 4.0 * 0.5);  // r = |max − min| / 2
    out.fallback = below_threshold(s_det, s_n2);
    if (!out.fallback) {
        for (int i = 0; i < 3; ++i) out.mass_center[i] = static_cast<float>(s_c[i] / s_det);
    } else {
        out.mass_center = out.box_center;
    }
    const V3 mc = out.mass_center;

    double r2max = 0, dev2max = 0;
    each([&](const V3& a, const V3& b, const V3& c) {
        const D3 n = cross(sub(widen(b), widen(a)), sub(widen(c), widen(a)));
        const double nn = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
        for (const V3* v : {&a, &b, &c}) {
            const double d[3] = {double((*v)[0]) - mc[0], double((*v)[1]) - mc[1], double((*v)[2]) - mc[2]};
            r2max = std::max(r2max, d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            if (nn > 0) {
                const double x[3] = {d[1] * n[2] - d[2] * n[1], d[2] * n[0] - d[0] * n[2], d[0] * n[1] - d[1] * n[0]};
                dev2max = std::max(dev2max, (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) / nn);
            }
        }
    });
    const double radius = std::sqrt(r2max);
    out.radius = static_cast<float>(radius);
    constexpr float kDeviationStep = 1.0f / 250.0f;  // IVP_COMPACT_SURFACE_DEVIATION_STEP_SIZE
    const double step = radius * double(kDeviationStep);
    out.deviation_quotient = step > 0 ? 1.0 + std::sqrt(dev2max) / step : 1.0;
    out.deviation = static_cast<std::int64_t>(out.deviation_quotient);

    if (out.fallback) {
        out.rotation_inertia = {out.box_inertia, out.box_inertia, out.box_inertia};
        return out;
    }
    double vol = 0, sq[3] = {0, 0, 0};
    each([&](const V3& a0, const V3& b0, const V3& c0) {
        const V3 a = sub(a0, mc), b = sub(b0, mc), c = sub(c0, mc);
        const V3 n = cross(sub(b, a), sub(c, a));
        const double v6 = double(n[0]) * a[0] + double(n[1]) * a[1] + double(n[2]) * a[2];  // 6 × signed volume
        vol += v6;
        for (int i = 0; i < 3; ++i) {
            const double x = a[i], y = b[i], z = c[i];
            sq[i] += v6 * (x * x + y * y + z * z + x * y + x * z + y * z);  // × 60 of ∫x² dV
        }
    });
    double mom[3];
    // The exact moments integrate one volume for every axis; IVP's scheme integrates each axis's
    // own, which is why retail has parts with the 1.0 on one axis only (not reproduced here).
    for (int i = 0; i < 3; ++i) mom[i] = vol / 6.0 < reading.small_mass ? 1.0 : (sq[i] / 60.0) / (vol / 6.0);
    out.rotation_inertia = {static_cast<float>(std::sqrt(mom[1] * mom[1] + mom[2] * mom[2])),
                            static_cast<float>(std::sqrt(mom[0] * mom[0] + mom[2] * mom[2])),
                            static_cast<float>(std::sqrt(mom[0] * mom[0] + mom[1] * mom[1]))};
    return out;
}

}  // namespace meshproof::sur
