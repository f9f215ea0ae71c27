#include "engine/mesh/point_set_shape.h"

#include <algorithm>
#include <cmath>

#include "engine/core/portable_trig.h"

namespace meshproof::mesh {
namespace {

using Point = std::array<double, 3>;

Point sub(const Point& a, const Point& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot(const Point& a, const Point& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
double norm(const Point& a) { return std::sqrt(dot(a, a)); }
Point cross(const Point& a, const Point& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// Within `times` tolerances on every axis.
bool near(const Point& a, const Point& b, const std::array<double, 3>& tol, double times) {
    for (int k = 0; k < 3; ++k)
        if (std::abs(a[k] - b[k]) > times * tol[k]) return false;
    return true;
}

// The index of a point within `times` tolerances of `q` not yet used, or -1.
int find_point(std::span<const Point> pts, const Point& q, const std::array<double, 3>& tol, double times,
               const std::vector<char>& used) {
    for (std::size_t i = 0; i < pts.size(); ++i)
        if (!used[i] && near(pts[i], q, tol, times)) return static_cast<int>(i);
    return -1;
}

// Every plane's points on one circle in (y, z) about one axis along x: least-squares fit of
// y² + z² = u·y + v·z + w over centred coordinates, then every point within hypot(tol y, tol z).
void fit_x_circle(std::span<const Point> pts, const std::array<double, 3>& tol, PointSetShape& s) {
    if (s.plane_points.empty()) return;
    for (const std::uint32_t n : s.plane_points)
        if (n < 3) return;
    const double count = static_cast<double>(pts.size());
    double my = 0, mz = 0;
    for (const Point& p : pts) my += p[1], mz += p[2];
    my /= count, mz /= count;
    double yy = 0, zz = 0, yz = 0, ys = 0, zs = 0, ss = 0;
    for (const Point& p : pts) {
        const double y = p[1] - my, z = p[2] - mz, sq = y * y + z * z;
        yy += y * y, zz += z * z, yz += y * z, ys += y * sq, zs += z * sq, ss += sq;
    }
    const double det = yy * zz - yz * yz;
    if (!(det > 1e-12 * (yy + zz) * (yy + zz))) return;  // the points are on a line (or one point)
    const double u = (ys * zz - zs * yz) / det, v = (zs * yy - ys * yz) / det, w = ss / count;
    const double cy = u / 2, cz = v / 2;
    const double r2 = w + cy * cy + cz * cz;
    if (!(r2 > 0)) return;
    const double radius = std::sqrt(r2);
    const double allowed = portable_hypot(tol[1], tol[2]);
    if (radius <= allowed) return;
    for (const Point& p : pts)
        if (std::abs(portable_hypot(p[1] - my - cy, p[2] - mz - cz) - radius) > allowed) return;
    s.on_x_circles = true;
    s.radius = radius;
    s.axis = {my + cy, mz + cz};
}

// Eight distinct points that are a rectangular box's corners (see the header).
bool is_box(std::span<const Point> pts, const std::array<double, 3>& tol) {
    if (pts.size() != 8) return false;
    const double t = norm({tol[0], tol[1], tol[2]});
    std::vector<char> used(8);
    for (std::size_t a = 1; a < 8; ++a)
        for (std::size_t b = a + 1; b < 8; ++b)
            for (std::size_t c = b + 1; c < 8; ++c) {
                const Point e[3] = {sub(pts[a], pts[0]), sub(pts[b], pts[0]), sub(pts[c], pts[0])};
                bool orthogonal = true;
                for (int i = 0; i < 3 && orthogonal; ++i)
                    for (int j = i + 1; j < 3 && orthogonal; ++j)
                        orthogonal = std::abs(dot(e[i], e[j])) <= (norm(e[i]) + norm(e[j])) * t + t * t;
                if (!orthogonal) continue;
                std::fill(used.begin(), used.end(), 0);
                bool all = true;
                for (int corner = 0; corner < 8 && all; ++corner) {
                    Point q = pts[0];
                    int terms = 0;
                    for (int k = 0; k < 3; ++k) {
                        if (!(corner >> k & 1)) continue;
                        ++terms;
                        for (int d = 0; d < 3; ++d) q[d] += e[k][d];
                    }
                    const int found = find_point(pts, q, tol, std::max(1, terms), used);
                    if (found < 0) all = false;
                    else used[static_cast<std::size_t>(found)] = 1;
                }
                if (all) return true;
            }
    return false;
}

// A planar set S and its translate S + t (see the header).
bool is_prism(std::span<const Point> pts, const std::array<double, 3>& tol) {
    const std::size_t n = pts.size();
    if (n < 6 || n % 2 != 0) return false;
    const double t = norm({tol[0], tol[1], tol[2]});
    std::vector<char> used(n);
    std::vector<std::size_t> base;
    for (std::size_t j = 1; j < n; ++j) {
        const Point shift = sub(pts[j], pts[0]);
        // Pair greedily in point order: a point not yet taken has its partner at +shift (it is
        // then in S) or at −shift (its partner is), not taken.
        std::fill(used.begin(), used.end(), 0);
        base.clear();
        bool paired = true;
        for (std::size_t i = 0; i < n && paired; ++i) {
            if (used[i]) continue;
            used[i] = 1;
            Point up = pts[i], down = pts[i];
            for (int d = 0; d < 3; ++d) up[d] += shift[d], down[d] -= shift[d];
            int found = find_point(pts, up, tol, 2, used);
            std::size_t in_base = i;
            if (found < 0) {
                found = find_point(pts, down, tol, 2, used);
                in_base = static_cast<std::size_t>(found);
            }
            if (found < 0) paired = false;
            else used[static_cast<std::size_t>(found)] = 1, base.push_back(in_base);
        }
        if (!paired || base.size() != n / 2) continue;
        // S on a plane: through its first point, the farthest from it, and the farthest from their line.
        const Point& p0 = pts[base[0]];
        std::size_t far = base[0];
        for (const std::size_t i : base)
            if (norm(sub(pts[i], p0)) > norm(sub(pts[far], p0))) far = i;
        const Point along = sub(pts[far], p0);
        Point normal{};
        for (const std::size_t i : base) {
            const Point c = cross(along, sub(pts[i], p0));
            if (norm(c) > norm(normal)) normal = c;
        }
        const double length = norm(normal);
        if (!(length > 0)) continue;
        for (double& c : normal) c /= length;
        bool planar = true;
        for (const std::size_t i : base) planar = planar && std::abs(dot(sub(pts[i], p0), normal)) <= 2 * t;
        if (planar && std::abs(dot(shift, normal)) > 2 * t) return true;
    }
    return false;
}

}  // namespace

std::array<double, 3> point_set_tolerance(const Box& leaf) {
    const double steps[3] = {2047.0, 2047.0, 1023.0};
    std::array<double, 3> tol;
    for (int a = 0; a < 3; ++a) {
        const double extent = static_cast<double>(leaf.max[a]) - static_cast<double>(leaf.min[a]);
        tol[a] = 2 * std::abs(extent) / steps[a] + 1e-6;
    }
    return tol;
}

std::vector<std::uint32_t> x_planes(std::span<const float> x, double tolerance, std::vector<double>* plane_x) {
    std::vector<float> sorted;
    sorted.reserve(x.size());
    for (const float v : x)
        if (std::isfinite(v)) sorted.push_back(v);
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::uint32_t> planes;
    if (plane_x) plane_x->clear();
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        if (i == 0 || static_cast<double>(sorted[i]) - static_cast<double>(sorted[i - 1]) > tolerance) {
            planes.push_back(0);
            if (plane_x) plane_x->push_back(sorted[i]);
        }
        ++planes.back();
    }
    return planes;
}

PointSetShape describe_point_set(std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                 const std::array<double, 3>& tolerance) {
    PointSetShape s;
    s.points = static_cast<std::uint32_t>(x.size());
    std::vector<Point> pts;
    pts.reserve(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!std::isfinite(x[i]) || !std::isfinite(y[i]) || !std::isfinite(z[i])) return s;
        pts.push_back({x[i], y[i], z[i]});
    }
    s.plane_points = x_planes(x, tolerance[0], &s.plane_x);
    fit_x_circle(pts, tolerance, s);
    std::vector<Point> distinct;
    for (const Point& p : pts) {
        bool seen = false;
        for (const Point& q : distinct) seen = seen || near(p, q, tolerance, 1);
        if (!seen) distinct.push_back(p);
    }
    s.distinct_points = static_cast<std::uint32_t>(distinct.size());
    s.box = is_box(distinct, tolerance);
    s.prism = is_prism(distinct, tolerance);
    return s;
}

}  // namespace meshproof::mesh
