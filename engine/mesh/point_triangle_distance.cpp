#include "engine/mesh/point_triangle_distance.h"

#include <algorithm>

namespace meshproof::mesh {
namespace {

struct V {
    double x, y, z;
};
V sub(V a, V b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
double dot(V a, V b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
V cross(V a, V b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
V corner(const TriangleCorners& t, int k) { return {t[3 * k], t[3 * k + 1], t[3 * k + 2]}; }

// Squared distance from p to the segment a-b (a point when a == b).
double segment_sq(V p, V a, V b) {
    const V ab = sub(b, a), ap = sub(p, a);
    const double len = dot(ab, ab);
    double s = len > 0 ? dot(ap, ab) / len : 0.0;
    s = std::clamp(s, 0.0, 1.0);
    const V d = sub(ap, V{ab.x * s, ab.y * s, ab.z * s});
    return dot(d, d);
}

double edges_sq(V p, V a, V b, V c) {
    return std::min({segment_sq(p, a, b), segment_sq(p, b, c), segment_sq(p, c, a)});
}

}  // namespace

double point_triangle_distance_sq(const Point3d& pp, const TriangleCorners& t) {
    const V p{pp[0], pp[1], pp[2]}, a = corner(t, 0), b = corner(t, 1), c = corner(t, 2);
    const V n = cross(sub(b, a), sub(c, a));
    const double nn = dot(n, n);
    if (nn > 0) {
        // The projection lies inside when p is on the inner side of each edge's plane along n.
        const bool inside = dot(cross(sub(b, a), sub(p, a)), n) >= 0 && dot(cross(sub(c, b), sub(p, b)), n) >= 0 &&
                            dot(cross(sub(a, c), sub(p, c)), n) >= 0;
        if (inside) {
            const double h = dot(sub(p, a), n);
            return h * h / nn;
        }
    }
    return edges_sq(p, a, b, c);
}

double point_footprint_distance_sq(const Point3d& pp, const TriangleCorners& t) {
    // The footprint in (x, z): y set to 0 everywhere, then the same plane test with n along y.
    const V p{pp[0], 0, pp[2]};
    const V a{t[0], 0, t[2]}, b{t[3], 0, t[5]}, c{t[6], 0, t[8]};
    auto side = [](V u, V v, V q) { return (v.x - u.x) * (q.z - u.z) - (v.z - u.z) * (q.x - u.x); };
    const double area = side(a, b, c);
    if (area != 0) {
        const double s0 = side(a, b, p), s1 = side(b, c, p), s2 = side(c, a, p);
        const bool inside = area > 0 ? (s0 >= 0 && s1 >= 0 && s2 >= 0) : (s0 <= 0 && s1 <= 0 && s2 <= 0);
        if (inside) return 0.0;
    }
    return edges_sq(p, a, b, c);
}

}  // namespace meshproof::mesh
