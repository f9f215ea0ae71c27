// Incremental QuickHull (freelancer-surface.md "Convex hull", "Two fixes to the original").
//
// Outline: validate, drop coordinate duplicates, derive the tolerance; take an initial
// tetrahedron from the extreme points (none: flat, line or spot); give every other point to the
// first face it is more than the tolerance above. Then, face by face in creation order, while a
// face holds outside points: take its farthest one (a tie cluster of three or more settled by a
// 2D QuickHull), find the faces it sees, replace them by a cone from the point over their
// horizon, and hand their outside points to the new faces (or drop them: inside, or within the
// tolerance of the new point).
#include "engine/sur/convex_hull.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "engine/sur/double3.h"

namespace meshproof::sur {
namespace {

using V3 = std::array<double, 3>;
using Face = HullWorkspace::Face;
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr int kMaxSweeps = 8;  // final containment sweeps (see the main loop)

using double3::cross;
using double3::dot;
using double3::norm;
using double3::sub;
using double3::widen;

// Signed distance of q above the face's plane (through its first vertex).
double distance(const HullWorkspace& ws, const Face& f, const V3& q) { return dot(f.n, sub(q, ws.p[f.v[0]])); }

// A new face a, b, c; its normal falls back to `fallback` when the triangle has no area.
std::uint32_t add_face(HullWorkspace& ws, std::uint32_t a, std::uint32_t b, std::uint32_t c, const V3& fallback) {
    Face f;
    f.v = {a, b, c};
    f.adj = {kNone, kNone, kNone};
    const V3 n = cross(sub(ws.p[b], ws.p[a]), sub(ws.p[c], ws.p[a]));
    const double len = norm(n);
    f.n = len > 0 ? V3{n[0] / len, n[1] / len, n[2] / len} : fallback;
    ws.faces.push_back(f);
    return std::uint32_t(ws.faces.size() - 1);
}

// Gives face g (already standing, its outside run somewhere in ws.outside) one more outside
// point: its run moves to the end of ws.outside.
void reopen(HullWorkspace& ws, std::uint32_t g, std::uint32_t q) {
    Face& face = ws.faces[g];
    const std::uint32_t first = std::uint32_t(ws.outside.size());
    for (std::uint32_t s = 0; s < face.outside_count; ++s) ws.outside.push_back(ws.outside[face.outside_first + s]);
    face.outside_first = first;
    ws.outside.push_back(q);
    ++face.outside_count;
    ws.reopened = std::min(ws.reopened, g);
}

// Hands each of `pts` to the first face of `candidates` it is more than tol above. A point
// within tol of every candidate's plane is also tested against every other face still standing:
// a face computed from nearly coplanar points tilts, so a point level with the new faces can
// still stand out of an old one; it joins that face's outside points (its run moves to the end
// of ws.outside). The rest are inside: dropped. Each candidate's points are appended to
// ws.outside as one contiguous run.
void distribute(HullWorkspace& ws, std::span<const std::uint32_t> pts, std::span<const std::uint32_t> candidates,
                double tol, std::vector<std::uint32_t>& assign) {
    assign.assign(pts.size(), kNone);
    ++ws.mark;
    for (std::uint32_t f : candidates) ws.faces[f].mark = ws.mark;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const V3& q = ws.p[pts[i]];
        double best = -std::numeric_limits<double>::infinity();
        for (std::uint32_t f : candidates) {
            const double d = distance(ws, ws.faces[f], q);
            if (d > tol) {
                assign[i] = f;
                break;
            }
            best = std::max(best, d);
        }
        if (assign[i] != kNone || best < -tol) continue;
        for (std::uint32_t g = 0; g < ws.faces.size(); ++g)
            if (ws.faces[g].alive && ws.faces[g].mark != ws.mark && distance(ws, ws.faces[g], q) > tol) {
                reopen(ws, g, pts[i]);  // an old face: the candidates carry the current mark
                break;
            }
    }
    for (std::uint32_t f : candidates) {
        Face& face = ws.faces[f];
        face.outside_first = std::uint32_t(ws.outside.size());
        for (std::size_t i = 0; i < pts.size(); ++i)
            if (assign[i] == f) ws.outside.push_back(pts[i]);
        face.outside_count = std::uint32_t(ws.outside.size()) - face.outside_first;
    }
}

// 2D QuickHull over ws.flat2 (the cluster's projection): appends, between a and b, the vertices
// strictly left of a -> b (by more than tol) of idx[lo, hi), farthest first, recursively.
void quick2(HullWorkspace& ws, std::uint32_t a, std::uint32_t b, std::uint32_t* lo, std::uint32_t* hi, double tol) {
    const auto& P = ws.flat2;
    const double ex = P[b][0] - P[a][0], ey = P[b][1] - P[a][1];
    const double len = std::sqrt(ex * ex + ey * ey);
    if (len == 0) return;
    auto left = [&](std::uint32_t i) { return (ex * (P[i][1] - P[a][1]) - ey * (P[i][0] - P[a][0])) / len; };
    std::uint32_t* end = std::partition(lo, hi, [&](std::uint32_t i) { return left(i) > tol; });
    if (end == lo) return;
    std::uint32_t c = *lo;
    double best = left(c);
    for (std::uint32_t* it = lo + 1; it != end; ++it) {
        const double d = left(*it);
        if (d > best || (d == best && *it < c)) {
            best = d;
            c = *it;
        }
    }
    // Points left of a -> c, then those left of c -> b; everything else is inside a, c, b.
    std::uint32_t* mid = std::partition(lo, end, [&](std::uint32_t i) {
        const double fx = P[c][0] - P[a][0], fy = P[c][1] - P[a][1];
        return i != c && fx * (P[i][1] - P[a][1]) - fy * (P[i][0] - P[a][0]) > 0;
    });
    std::uint32_t* mid2 = std::partition(mid, end, [&](std::uint32_t i) {
        const double gx = P[b][0] - P[c][0], gy = P[b][1] - P[c][1];
        return i != c && gx * (P[i][1] - P[c][1]) - gy * (P[i][0] - P[c][0]) > 0;
    });
    quick2(ws, a, c, lo, mid, tol);
    ws.hull2.push_back(c);
    quick2(ws, c, b, mid, mid2, tol);
}

// Settles a tie cluster (ws.cluster, distinct-point indices tied for farthest above face f):
// the 2D hull of the cluster in f's plane; returns the boundary point farthest above f (first
// in cluster order on a tie).
std::uint32_t settle_tie(HullWorkspace& ws, const Face& f, double tol) {
    const V3& a = ws.p[f.v[0]];
    V3 u = sub(ws.p[f.v[1]], a);
    const double ul = norm(u);
    u = {u[0] / ul, u[1] / ul, u[2] / ul};
    const V3 w = cross(f.n, u);
    const std::size_t k = ws.cluster.size();
    ws.flat2.resize(k);
    for (std::size_t i = 0; i < k; ++i) {
        const V3 d = sub(ws.p[ws.cluster[i]], a);
        ws.flat2[i] = {dot(d, u), dot(d, w)};
    }
    // Extremes along the first axis (the second when the first is degenerate).
    std::uint32_t lo = 0, hi = 0;
    for (std::uint32_t i = 1; i < k; ++i) {
        if (ws.flat2[i][0] < ws.flat2[lo][0]) lo = i;
        if (ws.flat2[i][0] > ws.flat2[hi][0]) hi = i;
    }
    if (ws.flat2[hi][0] - ws.flat2[lo][0] <= tol) {
        lo = hi = 0;
        for (std::uint32_t i = 1; i < k; ++i) {
            if (ws.flat2[i][1] < ws.flat2[lo][1]) lo = i;
            if (ws.flat2[i][1] > ws.flat2[hi][1]) hi = i;
        }
    }
    ws.hull2.clear();
    ws.hull2.push_back(lo);
    if (hi != lo) {
        ws.stack.resize(k);
        std::iota(ws.stack.begin(), ws.stack.end(), 0u);
        std::uint32_t* b = ws.stack.data();
        std::uint32_t* e = b + k;
        std::uint32_t* upper = std::partition(b, e, [&](std::uint32_t i) { return i != lo && i != hi; });
        std::uint32_t* first_side = std::partition(b, upper, [&](std::uint32_t i) {
            const double ex = ws.flat2[hi][0] - ws.flat2[lo][0], ey = ws.flat2[hi][1] - ws.flat2[lo][1];
            return ex * (ws.flat2[i][1] - ws.flat2[lo][1]) - ey * (ws.flat2[i][0] - ws.flat2[lo][0]) > 0;
        });
        quick2(ws, lo, hi, b, first_side, tol);
        ws.hull2.push_back(hi);
        quick2(ws, hi, lo, first_side, upper, tol);
    }
    std::uint32_t best = kNone;
    double best_d = 0;
    for (std::uint32_t i : ws.hull2) {
        const double d = std::abs(distance(ws, f, ws.p[ws.cluster[i]]));
        if (best == kNone || d > best_d || (d == best_d && i < best)) {
            best = i;
            best_d = d;
        }
    }
    return ws.cluster[best];
}

// Horizon of the visible faces (ws.visible, marked with ws.mark): one loop per visible region.
// False when a vertex starts or ends two horizon edges (a pinched or inconsistent region).
bool find_horizon(HullWorkspace& ws) {
    ws.horizon_from.clear();
    ws.horizon_to.clear();
    ws.horizon_face.clear();
    for (std::uint32_t f : ws.visible)
        for (int e = 0; e < 3; ++e) {
            const std::uint32_t nb = ws.faces[f].adj[e];
            if (ws.faces[nb].mark == ws.mark) continue;
            ws.horizon_from.push_back(ws.faces[f].v[e]);
            ws.horizon_to.push_back(ws.faces[f].v[(e + 1) % 3]);
            ws.horizon_face.push_back(nb);
        }
    bool ok = !ws.horizon_from.empty();
    for (std::uint32_t u : ws.horizon_from) {
        if (ws.start_of[u] != kNone) ok = false;
        ws.start_of[u] = 0;
    }
    for (std::uint32_t v : ws.horizon_to) ok = ok && ws.start_of[v] == 0;
    for (std::uint32_t u : ws.horizon_from) ws.start_of[u] = kNone;
    return ok;
}

void mark_visible(HullWorkspace& ws) {
    ++ws.mark;
    for (std::uint32_t f : ws.visible) ws.faces[f].mark = ws.mark;
}

// Keeps only the visible faces connected to `seed` through visible neighbours.
void keep_connected(HullWorkspace& ws, std::uint32_t seed) {
    const std::uint32_t vis = ws.mark;
    ++ws.mark;
    ws.stack.clear();
    ws.stack.push_back(seed);
    ws.faces[seed].mark = ws.mark;
    ws.visible.clear();
    while (!ws.stack.empty()) {
        const std::uint32_t f = ws.stack.back();
        ws.stack.pop_back();
        ws.visible.push_back(f);
        for (std::uint32_t nb : ws.faces[f].adj)
            if (ws.faces[nb].mark == vis) {
                ws.faces[nb].mark = ws.mark;
                ws.stack.push_back(nb);
            }
    }
    std::sort(ws.visible.begin(), ws.visible.end());
}

void link_initial(HullWorkspace& ws) {
    for (std::uint32_t f = 0; f < 4; ++f)
        for (int e = 0; e < 3; ++e) {
            const std::uint32_t a = ws.faces[f].v[e], b = ws.faces[f].v[(e + 1) % 3];
            for (std::uint32_t g = 0; g < 4; ++g)
                for (int k = 0; k < 3; ++k)
                    if (g != f && ws.faces[g].v[k] == b && ws.faces[g].v[(k + 1) % 3] == a) ws.faces[f].adj[e] = g;
        }
}

}  // namespace

std::string_view hull_error_name(HullError e) {
    switch (e) {
        case HullError::kTooFewPoints: return "fewer than four distinct points";
        case HullError::kNonFinite: return "a coordinate is not finite";
        case HullError::kFlat: return "no tetrahedron: every point on one plane";
        case HullError::kLine: return "no tetrahedron: every point on one line";
        case HullError::kSpot: return "no tetrahedron: every point on one spot";
    }
    return "unknown hull error";
}

float hull_tolerance(std::span<const HullPoint> points, HullTolerance reading) {
    double m = 0;
    for (const HullPoint& p : points) {
        if (!std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2])) continue;
        m = std::max(m, norm(widen(p)));
    }
    if (m == 0) return 0;
    if (m >= double(std::numeric_limits<float>::max())) return std::numeric_limits<float>::infinity();
    if (reading == HullTolerance::kEpsilonTimesMagnitude)
        return static_cast<float>(double(std::numeric_limits<float>::epsilon()) * m);
    const float f = static_cast<float>(m);
    return std::nextafter(f, std::numeric_limits<float>::infinity()) - f;
}

HullResult convex_hull(std::span<const HullPoint> points, const HullOptions& options) {
    HullWorkspace ws;
    return convex_hull(points, options, ws);
}

HullResult convex_hull(std::span<const HullPoint> points, const HullOptions& options, HullWorkspace& ws) {
    for (const HullPoint& q : points)
        if (!std::isfinite(q[0]) || !std::isfinite(q[1]) || !std::isfinite(q[2])) return HullError::kNonFinite;
    if (points.size() >= kNone) return HullError::kTooFewPoints;  // cannot be indexed; never a real cloud

    // Coordinate duplicates: the first of each (input order) survives.
    ws.order.resize(points.size());
    std::iota(ws.order.begin(), ws.order.end(), 0u);
    std::sort(ws.order.begin(), ws.order.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (points[a] != points[b]) return points[a] < points[b];
        return a < b;
    });
    ws.distinct.clear();
    for (std::size_t i = 0; i < ws.order.size(); ++i)
        if (i == 0 || points[ws.order[i]] != points[ws.order[i - 1]]) ws.distinct.push_back(ws.order[i]);
    std::sort(ws.distinct.begin(), ws.distinct.end());
    const std::uint32_t n = std::uint32_t(ws.distinct.size());
    if (n < 4) return HullError::kTooFewPoints;

    const double tol = options.fixed_tolerance > 0 ? double(options.fixed_tolerance)
                                                   : double(hull_tolerance(points, options.tolerance));
    ws.p.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) ws.p[i] = widen(points[ws.distinct[i]]);

    // Initial tetrahedron. The farthest pair among the six axis extremes.
    std::array<std::uint32_t, 6> ext{};
    for (int k = 0; k < 3; ++k)
        for (std::uint32_t i = 1; i < n; ++i) {
            if (ws.p[i][k] < ws.p[ext[2 * k]][k]) ext[2 * k] = i;
            if (ws.p[i][k] > ws.p[ext[2 * k + 1]][k]) ext[2 * k + 1] = i;
        }
    std::uint32_t i0 = 0, i1 = 0;
    double far = -1;
    for (int a = 0; a < 6; ++a)
        for (int b = a + 1; b < 6; ++b) {
            const double d = norm(sub(ws.p[ext[a]], ws.p[ext[b]]));
            if (d > far) {
                far = d;
                i0 = ext[a];
                i1 = ext[b];
            }
        }
    if (far <= tol) return HullError::kSpot;
    const V3 dir = sub(ws.p[i1], ws.p[i0]);
    const double dir_len = norm(dir);
    std::uint32_t i2 = kNone;
    far = -1;
    for (std::uint32_t i = 0; i < n; ++i) {
        const double d = norm(cross(sub(ws.p[i], ws.p[i0]), dir)) / dir_len;
        if (d > far) {
            far = d;
            i2 = i;
        }
    }
    if (far <= tol) return HullError::kLine;
    V3 base = cross(dir, sub(ws.p[i2], ws.p[i0]));
    const double base_len = norm(base);
    base = {base[0] / base_len, base[1] / base_len, base[2] / base_len};
    std::uint32_t i3 = kNone;
    far = -1;
    double side = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
        const double d = dot(base, sub(ws.p[i], ws.p[i0]));
        if (std::abs(d) > far) {  // fix 1: magnitudes, not signed values
            far = std::abs(d);
            side = d;
            i3 = i;
        }
    }
    if (far <= tol) return HullError::kFlat;

    ws.faces.clear();
    ws.outside.clear();
    ws.mark = 0;
    ws.start_of.assign(n, kNone);
    ws.taken.assign(n, 0);
    std::uint32_t a = i0, b = i1, c = i2;
    if (side > 0) std::swap(b, c);  // the base's normal must point away from the fourth point
    const V3 zero{0, 0, 0};
    add_face(ws, a, b, c, zero);
    add_face(ws, b, a, i3, zero);
    add_face(ws, c, b, i3, zero);
    add_face(ws, a, c, i3, zero);
    link_initial(ws);
    ConvexHull hull;
    hull.tolerance = static_cast<float>(tol);
    std::vector<std::uint32_t>& taken_order = ws.taken_order;
    taken_order = {i0, i1, i2, i3};
    for (std::uint32_t v : taken_order) ws.taken[v] = 1;
    ws.orphans.clear();
    for (std::uint32_t i = 0; i < n; ++i)
        if (!ws.taken[i]) ws.orphans.push_back(i);
    ws.created = {0, 1, 2, 3};
    distribute(ws, ws.orphans, ws.created, tol, ws.assign);

    std::uint32_t cursor = 0;
    ws.reopened = kNone;
    for (int sweep = 0;;) {
        cursor = std::min(cursor, ws.reopened);
        ws.reopened = kNone;
        while (cursor < ws.faces.size() && (!ws.faces[cursor].alive || ws.faces[cursor].outside_count == 0)) ++cursor;
        if (cursor >= ws.faces.size()) {
            // Done, unless a point dropped as level with the faces of its time stands more than the
            // tolerance out of a face of the finished hull (nearly coplanar faces tilt as they are
            // re-triangulated): such points go back to that face and the loop resumes. Bounded.
            if (sweep++ == kMaxSweeps) break;
            for (std::uint32_t i = 0; i < n; ++i) {
                if (ws.taken[i]) continue;
                for (std::uint32_t g = 0; g < ws.faces.size(); ++g)
                    if (ws.faces[g].alive && distance(ws, ws.faces[g], ws.p[i]) > tol) {
                        reopen(ws, g, i);
                        break;
                    }
            }
            if (ws.reopened == kNone) break;
            continue;
        }
        if (taken_order.size() >= options.max_points) {
            hull.stopped_early = true;
            break;
        }
        const std::uint32_t fi = cursor;
        // The farthest outside point (fix 1: by magnitude) and the points tied with it.
        const Face& f = ws.faces[fi];
        double dmax = -1;
        std::uint32_t pick = kNone, pick_slot = 0;
        for (std::uint32_t s = 0; s < f.outside_count; ++s) {
            const std::uint32_t q = ws.outside[f.outside_first + s];
            if (ws.taken[q]) continue;
            const double d = std::abs(distance(ws, f, ws.p[q]));
            if (d > dmax) {
                dmax = d;
                pick = q;
            }
        }
        if (pick == kNone) {
            ws.faces[fi].outside_count = 0;
            continue;
        }
        ws.cluster.clear();
        for (std::uint32_t s = 0; s < f.outside_count; ++s) {
            const std::uint32_t q = ws.outside[f.outside_first + s];
            if (!ws.taken[q] && std::abs(distance(ws, f, ws.p[q])) >= dmax - tol) ws.cluster.push_back(q);
        }
        if (ws.cluster.size() >= 3) pick = settle_tie(ws, f, tol);
        for (std::uint32_t s = 0; s < f.outside_count; ++s)
            if (ws.outside[f.outside_first + s] == pick) pick_slot = s;
        const V3 p = ws.p[pick];

        // The faces the point sees (fix 2): every face still standing, against the plane itself.
        ws.visible.clear();
        for (std::uint32_t g = 0; g < ws.faces.size(); ++g)
            if (ws.faces[g].alive && distance(ws, ws.faces[g], p) > 0) ws.visible.push_back(g);
        mark_visible(ws);
        bool ok = find_horizon(ws);
        if (!ok) {
            keep_connected(ws, fi);
            ok = find_horizon(ws);
        }
        if (!ok) {
            // No consistent horizon: the point cannot be added; drop it.
            Face& ff = ws.faces[fi];
            std::swap(ws.outside[ff.outside_first + pick_slot], ws.outside[ff.outside_first + ff.outside_count - 1]);
            --ff.outside_count;
            continue;
        }

        // Orphans: the visible faces' outside points, the new one excepted.
        ws.orphans.clear();
        for (std::uint32_t g : ws.visible) {
            Face& vf = ws.faces[g];
            for (std::uint32_t s = 0; s < vf.outside_count; ++s) {
                const std::uint32_t q = ws.outside[vf.outside_first + s];
                if (q == pick || ws.taken[q]) continue;
                ws.taken[q] = 2;  // listed once
                ws.orphans.push_back(q);
            }
            vf.alive = false;
            vf.outside_count = 0;
        }
        for (std::uint32_t q : ws.orphans) ws.taken[q] = 0;
        // The cone over the horizon.
        ws.created.clear();
        for (std::size_t h = 0; h < ws.horizon_from.size(); ++h) {
            const std::uint32_t u = ws.horizon_from[h], v = ws.horizon_to[h], nb = ws.horizon_face[h];
            const V3 fallback = ws.faces[nb].n;
            const std::uint32_t g = add_face(ws, u, v, pick, fallback);
            ws.faces[g].adj[0] = nb;
            Face& nf = ws.faces[nb];
            for (int e = 0; e < 3; ++e)
                if (nf.v[e] == v && nf.v[(e + 1) % 3] == u) nf.adj[e] = g;
            ws.start_of[u] = g;
            ws.created.push_back(g);
        }
        for (std::uint32_t g : ws.created) {
            const std::uint32_t next = ws.start_of[ws.faces[g].v[1]];
            ws.faces[g].adj[1] = next;
            ws.faces[next].adj[2] = g;
        }
        for (std::uint32_t g : ws.created) ws.start_of[ws.faces[g].v[0]] = kNone;
        ws.taken[pick] = 1;
        taken_order.push_back(pick);

        // Points within the tolerance of the new one go; the rest go to the new faces or are inside.
        std::size_t keep = 0;
        for (std::uint32_t q : ws.orphans)
            if (norm(sub(ws.p[q], p)) > tol) ws.orphans[keep++] = q;
        ws.orphans.resize(keep);
        distribute(ws, ws.orphans, ws.created, tol, ws.assign);
    }

    // The hull: points used by faces still standing, in the order taken; faces as input indices.
    std::fill(ws.taken.begin(), ws.taken.end(), 0);
    for (const Face& g : ws.faces)
        if (g.alive) {
            for (std::uint32_t v : g.v) ws.taken[v] = 1;
            hull.faces.push_back({ws.distinct[g.v[0]], ws.distinct[g.v[1]], ws.distinct[g.v[2]]});
        }
    for (std::uint32_t v : taken_order)
        if (ws.taken[v]) hull.indices.push_back(ws.distinct[v]);
    return hull;
}

double hull_excess(std::span<const HullPoint> points, const ConvexHull& hull, std::span<const std::uint32_t> which) {
    double worst = -std::numeric_limits<double>::infinity();
    for (const auto& t : hull.faces) {
        const V3 a = widen(points[t[0]]);
        const V3 n = cross(sub(widen(points[t[1]]), a), sub(widen(points[t[2]]), a));
        const double len = norm(n);
        if (!(len > 0)) continue;
        for (std::uint32_t i : which) worst = std::max(worst, dot(n, sub(widen(points[i]), a)) / len);
    }
    return worst;
}

}  // namespace meshproof::sur
