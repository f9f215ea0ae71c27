// Hand-made point sets for the point-set shape tests (mesh/point_set_shape.h): shapes whose answer
// is known, quantised over a leaf box exactly as a point-set record stores them (11/11/10-bit
// codes, nearest code) and decoded by the decoder's own codec.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <span>
#include <vector>

#include "engine/mesh/decoded_member.h"
#include "engine/mesh/vertex_codec.h"

namespace meshproof::test {

using Point3 = std::array<double, 3>;

struct PointColumns {
    std::vector<float> x, y, z;
    std::span<const float> xs() const { return x; }
    std::span<const float> ys() const { return y; }
    std::span<const float> zs() const { return z; }
};

// The smallest box holding the points, grown by `margin` on every side.
inline mesh::Box box_around(std::span<const Point3> pts, double margin) {
    mesh::Box b{{1e30f, 1e30f, 1e30f}, {-1e30f, -1e30f, -1e30f}};
    for (const Point3& p : pts)
        for (int a = 0; a < 3; ++a) {
            b.min[a] = std::min(b.min[a], static_cast<float>(p[a] - margin));
            b.max[a] = std::max(b.max[a], static_cast<float>(p[a] + margin));
        }
    return b;
}

// Each point to its nearest 11/11/10-bit code over `leaf`, decoded as the decoder does.
inline PointColumns quantised(std::span<const Point3> pts, const mesh::Box& leaf) {
    const double steps[3] = {2047, 2047, 1023};
    PointColumns out;
    for (const Point3& p : pts) {
        std::uint32_t code[3];
        for (int a = 0; a < 3; ++a) {
            const double extent = static_cast<double>(leaf.max[a]) - leaf.min[a];
            const double c = extent > 0 ? std::round((p[a] - leaf.min[a]) / extent * steps[a]) : 0;
            code[a] = static_cast<std::uint32_t>(std::clamp(c, 0.0, steps[a]));
        }
        const auto q = mesh::decode_point_set_vertex(code[0] | code[1] << 11 | code[2] << 22, leaf);
        out.x.push_back(q[0]);
        out.y.push_back(q[1]);
        out.z.push_back(q[2]);
    }
    return out;
}

// `per_circle` points on each circle of radius `r` about the axis along x through (cy, cz), one
// circle at each of `xs`, starting at angle `phase`.
inline std::vector<Point3> x_cylinder(int per_circle, double r, std::span<const double> xs, double cy, double cz,
                                      double phase = 0.3) {
    std::vector<Point3> pts;
    for (const double x : xs)
        for (int i = 0; i < per_circle; ++i) {
            const double a = phase + 2 * std::numbers::pi * i / per_circle;
            pts.push_back({x, cy + r * std::cos(a), cz + r * std::sin(a)});
        }
    return pts;
}

// The corners p + i·a + j·b + k·c, i, j, k ∈ {0, 1}, in an order that is not the generating one.
inline std::vector<Point3> parallelepiped(const Point3& p, const Point3& a, const Point3& b, const Point3& c) {
    std::vector<Point3> pts;
    for (const int corner : {5, 0, 3, 6, 1, 7, 2, 4}) {
        Point3 q = p;
        for (int d = 0; d < 3; ++d) q[d] += (corner & 1 ? a[d] : 0) + (corner & 2 ? b[d] : 0) + (corner & 4 ? c[d] : 0);
        pts.push_back(q);
    }
    return pts;
}

// A 13-gon that is no circle (its corners at three distances from `centre`) on a tilted plane,
// and its translate by (0.1, 0.4, 0.5): 26 points, the copy's points listed first.
inline std::vector<Point3> tilted_prism(const Point3& centre) {
    const Point3 e1{0.8, 0.6, 0}, e2{-0.36, 0.48, 0.8};  // orthonormal
    std::vector<Point3> base, pts;
    for (int i = 0; i < 13; ++i) {
        const double a = 2 * std::numbers::pi * i / 13, r = 0.3 + 0.05 * (i % 3);
        Point3 p{};
        for (int d = 0; d < 3; ++d) p[d] = centre[d] + r * std::cos(a) * e1[d] + r * std::sin(a) * e2[d];
        base.push_back(p);
    }
    for (const Point3& p : base) pts.push_back({p[0] + 0.1, p[1] + 0.4, p[2] + 0.5});
    pts.insert(pts.end(), base.begin(), base.end());
    return pts;
}

}  // namespace meshproof::test
