// The two-sided polygon: the points are projected on the plane through the three that span the
// largest triangle (the first point, the one farthest from it, the one farthest from their line),
// and Andrew's monotone chain keeps the strictly convex corners in double. A point counts as
// inside (the source was not convex) when it lies further inside every edge line (in the plane),
// or every face plane (solid), than the hull's tolerance.
#include "engine/sur/hull_shape.h"

#include <algorithm>
#include <cmath>

#include "engine/core/portable_trig.h"
#include "engine/sur/double3.h"

namespace meshproof::sur {
namespace {

using D3 = double3::Vec;
using double3::cross;
using double3::dot;
using double3::norm;
using double3::sub;
using double3::widen;

// The distinct points, the first of each in input order.
std::vector<HullPoint> distinct_points(std::span<const HullPoint> points) {
    std::vector<HullPoint> sorted(points.begin(), points.end());
    std::vector<std::uint32_t> order(points.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return points[a] < points[b]; });
    std::vector<std::uint8_t> keep(points.size(), 0);
    for (std::size_t k = 0; k < order.size(); ++k)
        if (k == 0 || points[order[k]] != points[order[k - 1]]) keep[order[k]] = 1;
    std::vector<HullPoint> out;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (keep[i]) out.push_back(points[i]);
    return out;
}

// Both windings of a convex polygon (corners counter-clockwise about its normal): the front fanned
// from corner 0, then the back fanned from corner 1, so that no diagonal of one side runs as a
// diagonal of the other in the same direction and every half-edge has exactly one reverse (the
// opposites, notes §5). Three corners: (0 1 2) and (1 0 2), IVP's two-sided triangle.
void two_sided(std::uint32_t corners, ShapedHull& out) {
    for (std::uint32_t i = 1; i + 1 < corners; ++i) out.triangles.push_back({0, i, i + 1});
    for (std::uint32_t i = 2; i < corners; ++i) out.triangles.push_back({1, (i + 1) % corners, i});
}

HullShapeResult flat(const std::vector<HullPoint>& pts, float tolerance) {
    const D3 o = widen(pts[0]);
    std::size_t a = 0, b = 0;
    double far = -1, wide = -1;
    for (std::size_t i = 0; i < pts.size(); ++i)
        if (const double d = norm(sub(widen(pts[i]), o)); d > far) far = d, a = i;
    const D3 oa = sub(widen(pts[a]), o);
    for (std::size_t i = 0; i < pts.size(); ++i)
        if (const double d = norm(cross(oa, sub(widen(pts[i]), o))); d > wide) wide = d, b = i;
    if (!(wide > 0)) return std::string("every point lies on one line");
    const D3 n = cross(oa, sub(widen(pts[b]), o));
    const double ln = norm(oa);
    const D3 u = {oa[0] / ln, oa[1] / ln, oa[2] / ln};
    D3 v = cross(n, u);
    const double lv = norm(v);
    v = {v[0] / lv, v[1] / lv, v[2] / lv};
    struct P2 {
        double x, y;
        std::uint32_t i;
    };
    std::vector<P2> q(pts.size());
    for (std::uint32_t i = 0; i < pts.size(); ++i) {
        const D3 d = sub(widen(pts[i]), o);
        q[i] = {dot(d, u), dot(d, v), i};
    }
    std::sort(q.begin(), q.end(), [](const P2& l, const P2& r) { return l.x != r.x ? l.x < r.x : l.y < r.y; });
    auto turn = [](const P2& p, const P2& s, const P2& t) {
        return (s.x - p.x) * (t.y - p.y) - (s.y - p.y) * (t.x - p.x);
    };
    std::vector<P2> h(2 * q.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < q.size(); ++i) {
        while (k >= 2 && turn(h[k - 2], h[k - 1], q[i]) <= 0) --k;
        h[k++] = q[i];
    }
    for (std::size_t i = q.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && turn(h[k - 2], h[k - 1], q[i]) <= 0) --k;
        h[k++] = q[i];
    }
    h.resize(k - 1);  // the last repeats the first
    if (h.size() < 3) return std::string("every point lies on one line");
    ShapedHull out;
    for (const P2& c : h) out.vertices.push_back(pts[c.i]);
    two_sided(std::uint32_t(h.size()), out);
    out.note.shape = h.size() == 3 && pts.size() == 3 ? HullShape::kTriangle : HullShape::kFlat;
    // Inside: further than the tolerance inside every edge line (counter-clockwise: inside is left).
    for (const P2& p : q) {
        double worst = -INFINITY;
        for (std::size_t e = 0; e < h.size(); ++e) {
            const P2& s = h[e];
            const P2& t = h[(e + 1) % h.size()];
            const double len = portable_hypot(t.x - s.x, t.y - s.y);
            worst = std::max(worst, -turn(s, t, p) / len);
        }
        if (worst < -double(tolerance)) ++out.note.inside;
    }
    return out;
}

}  // namespace

HullShapeResult shape_hull(std::span<const HullPoint> points, HullWorkspace& ws) {
    for (const HullPoint& p : points)
        for (const float c : p)
            if (!std::isfinite(c)) return std::string("a coordinate is not finite");
    const std::vector<HullPoint> pts = distinct_points(points);
    if (pts.size() == 1) return std::string("all its points are equal");
    if (pts.size() < 3)
        return std::string("it has " + std::to_string(pts.size()) + " distinct points, and a hull needs 3");
    HullResult hull = pts.size() == 3 ? HullResult(HullError::kTooFewPoints) : convex_hull(pts, HullOptions{}, ws);
    const float tolerance = hull_tolerance(pts);
    HullShapeResult made = std::string();
    if (hull.ok()) {
        ShapedHull out;
        std::vector<std::uint32_t> local(pts.size(), 0xFFFFFFFFu);
        for (const auto& f : hull->faces) {
            std::array<std::uint32_t, 3> t{};
            for (int k = 0; k < 3; ++k) {
                if (local[f[k]] == 0xFFFFFFFFu) {
                    local[f[k]] = std::uint32_t(out.vertices.size());
                    out.vertices.push_back(pts[f[k]]);
                }
                t[k] = local[f[k]];
            }
            out.triangles.push_back(t);
        }
        out.note.stopped_early = hull->stopped_early;
        for (std::uint32_t i = 0; i < pts.size(); ++i)
            if (local[i] == 0xFFFFFFFFu && hull_excess(pts, *hull, std::span(&i, 1)) < -double(tolerance))
                ++out.note.inside;
        made = std::move(out);
    } else if (hull.error() == HullError::kTooFewPoints || hull.error() == HullError::kFlat) {
        made = flat(pts, tolerance);
    } else if (hull.error() == HullError::kLine) {
        return std::string("every point lies on one line");
    } else if (hull.error() == HullError::kSpot) {
        return std::string("all its points lie within " + std::to_string(tolerance) + " of one spot");
    } else {
        return std::string(hull_error_name(hull.error()));
    }
    if (ShapedHull* s = std::get_if<ShapedHull>(&made)) {
        s->note.distinct_points = std::uint32_t(pts.size());
        s->note.vertices = std::uint32_t(s->vertices.size());
        s->note.faces = std::uint32_t(s->triangles.size());
    }
    return made;
}

}  // namespace meshproof::sur
