#include "engine/mesh/extern_shape_geometry.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "engine/core/portable_trig.h"

namespace meshproof::mesh {

std::array<float, 3> place_extern_point(const std::array<float, 16>& t, const std::array<float, 4>& scale, float x,
                                        float y, float z) {
    const float sx = scale[0] * x, sy = scale[1] * y, sz = scale[2] * z;
    std::array<float, 3> p{};
    for (int a = 0; a < 3; ++a) {
        float v = t[a] * sx;
        v = v + t[4 + a] * sy;
        v = v + t[8 + a] * sz;
        p[a] = v + t[12 + a];
    }
    return p;
}

std::optional<Box> placed_shape_box(const std::array<float, 16>& transform, const std::array<float, 4>& scale,
                                    std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                    float convex_radius) {
    if (x.empty() || y.size() != x.size() || z.size() != x.size()) return std::nullopt;
    Box b{{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
    for (std::size_t i = 0; i < x.size(); ++i) {
        const auto p = place_extern_point(transform, scale, x[i], y[i], z[i]);
        for (int a = 0; a < 3; ++a) b.min[a] = std::min(b.min[a], p[a]), b.max[a] = std::max(b.max[a], p[a]);
    }
    const float grow = convex_radius * std::max({std::fabs(scale[0]), std::fabs(scale[1]), std::fabs(scale[2])});
    for (int a = 0; a < 3; ++a) b.min[a] = b.min[a] - grow, b.max[a] = b.max[a] + grow;
    return b;
}

std::optional<Box> extern_instance_box(const DecodedExternShapes& e, std::size_t instance) {
    if (instance >= e.instance_count()) return std::nullopt;
    const std::uint32_t s = e.shape[instance];
    if (s == kNone || s >= e.shape_count()) return std::nullopt;
    const std::size_t first = e.first_vertex[s], n = e.vertex_count[s];
    return placed_shape_box(e.transform[instance], e.scale[instance], std::span(e.vertex_x).subspan(first, n),
                            std::span(e.vertex_y).subspan(first, n), std::span(e.vertex_z).subspan(first, n),
                            e.convex_radius[s]);
}

namespace {

// Two unit vectors perpendicular to d (unit) and to each other.
void basis(const std::array<double, 3>& d, std::array<double, 3>& u, std::array<double, 3>& v) {
    const std::array<double, 3> h =
        std::fabs(d[0]) < 0.9 ? std::array<double, 3>{1, 0, 0} : std::array<double, 3>{0, 1, 0};
    u = {d[1] * h[2] - d[2] * h[1], d[2] * h[0] - d[0] * h[2], d[0] * h[1] - d[1] * h[0]};
    const double n = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    for (double& c : u) c /= n;
    v = {d[1] * u[2] - d[2] * u[1], d[2] * u[0] - d[0] * u[2], d[0] * u[1] - d[1] * u[0]};
}

// Rings of `sides` points round the segment a–b (shape space): for a capsule, hemispheres of
// `caps` rings at each end and a pole; for a tube, the two end rings and two cap centres.
void round_surface(const std::array<float, 4>& a4, const std::array<float, 4>& b4, float radius, bool capsule,
                   ShapeSurface& s) {
    constexpr int kSides = 12, kCaps = 4;
    const std::array<double, 3> a{a4[0], a4[1], a4[2]}, b{b4[0], b4[1], b4[2]};
    std::array<double, 3> d{b[0] - a[0], b[1] - a[1], b[2] - a[2]};
    const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (len > 0) {
        for (double& c : d) c /= len;
    } else {
        d = {0, 1, 0};
    }
    std::array<double, 3> u, v;
    basis(d, u, v);
    const double pi = 3.141592653589793;  // the double nearest π
    // Rings from a's pole to b's pole: each ring (centre, offset along d, ring radius).
    struct Ring {
        const std::array<double, 3>* end;
        double along, r;
    };
    std::vector<Ring> rings;
    if (capsule) {
        for (int k = kCaps - 1; k >= 1; --k) {
            const double phi = 0.5 * pi * k / kCaps;
            rings.push_back({&a, -radius * portable_sin(phi), radius * portable_cos(phi)});
        }
        rings.push_back({&a, 0, radius});
        rings.push_back({&b, 0, radius});
        for (int k = 1; k < kCaps; ++k) {
            const double phi = 0.5 * pi * k / kCaps;
            rings.push_back({&b, radius * portable_sin(phi), radius * portable_cos(phi)});
        }
    } else {
        rings.push_back({&a, 0, radius});
        rings.push_back({&b, 0, radius});
    }
    auto point = [&](const std::array<double, 3>& c, double along, double r, double angle) {
        const double cos_a = portable_cos(angle), sin_a = portable_sin(angle);
        std::array<float, 3> p{};
        for (int i = 0; i < 3; ++i) p[i] = static_cast<float>(c[i] + along * d[i] + r * (cos_a * u[i] + sin_a * v[i]));
        return p;
    };
    const auto base = static_cast<std::uint32_t>(s.vertices.size());
    const auto pole_a = base;
    s.vertices.push_back(point(a, capsule ? -radius : 0, 0, 0));
    for (const Ring& ring : rings)
        for (int k = 0; k < kSides; ++k)
            s.vertices.push_back(point(*ring.end, ring.along, ring.r, 2 * pi * k / kSides));
    const auto pole_b = static_cast<std::uint32_t>(s.vertices.size());
    s.vertices.push_back(point(b, capsule ? radius : 0, 0, 0));
    auto at = [&](std::size_t ring, int k) {
        return base + 1 + static_cast<std::uint32_t>(ring * kSides + (k % kSides));
    };
    // u × v = d: counter-clockwise about d seen from b's side.
    for (int k = 0; k < kSides; ++k) {
        s.triangles.push_back({pole_a, at(0, k + 1), at(0, k)});
        for (std::size_t r = 0; r + 1 < rings.size(); ++r) {
            s.triangles.push_back({at(r, k), at(r, k + 1), at(r + 1, k + 1)});
            s.triangles.push_back({at(r, k), at(r + 1, k + 1), at(r + 1, k)});
        }
        s.triangles.push_back({pole_b, at(rings.size() - 1, k), at(rings.size() - 1, k + 1)});
    }
}

}  // namespace

ShapeSurface extern_instance_surface(const DecodedExternShapes& e, std::size_t instance) {
    ShapeSurface s;
    if (instance >= e.instance_count()) return s;
    const std::uint32_t sh = e.shape[instance];
    if (sh == kNone || sh >= e.shape_count()) return s;
    const auto& t = e.transform[instance];
    const auto& scale = e.scale[instance];
    const bool sphere = e.type[sh] == tagfile::ShapeType::kSphere && e.vertex_count[sh] > 0;
    const bool capsule = e.type[sh] == tagfile::ShapeType::kCapsule || sphere;
    const bool segment = capsule || e.type[sh] == tagfile::ShapeType::kCylinder;
    if (!capsule && e.face_count[sh] > 0) {
        const std::uint32_t fv = e.first_vertex[sh];
        for (std::uint32_t k = 0; k < e.vertex_count[sh]; ++k)
            s.vertices.push_back(
                place_extern_point(t, scale, e.vertex_x[fv + k], e.vertex_y[fv + k], e.vertex_z[fv + k]));
        for (std::uint32_t f = e.first_face[sh]; f < e.first_face[sh] + e.face_count[sh]; ++f) {
            const std::uint32_t first = e.first_index[sh] + e.face_first_index[f];
            const std::uint32_t n = e.face_num_indices[f];
            for (std::uint32_t k = 1; k + 1 < n; ++k)
                s.triangles.push_back({e.index[first], e.index[first + k], e.index[first + k + 1]});
        }
        if (!s.triangles.empty() || !segment) return s;
        s.vertices.clear();  // faces of fewer than three indices draw nothing: the segment's tube instead
    }
    if (segment) {
        ShapeSurface local;
        const std::uint32_t v0 = e.first_vertex[sh];
        const std::array<float, 4> centre{sphere ? e.vertex_x[v0] : 0, sphere ? e.vertex_y[v0] : 0,
                                          sphere ? e.vertex_z[v0] : 0, 0};
        round_surface(sphere ? centre : e.a[sh], sphere ? centre : e.b[sh], e.convex_radius[sh], capsule, local);
        for (const auto& p : local.vertices) s.vertices.push_back(place_extern_point(t, scale, p[0], p[1], p[2]));
        s.triangles = std::move(local.triangles);
    }
    return s;
}

}  // namespace meshproof::mesh
