// Pass "sur_hull" (family sur): every terminal (type-4) hull of every vers 2.0 part rebuilt from
// its own points by engine/sur/convex_hull (freelancer-surface.md "Regenerating the corpus's own
// hulls"; "Convex hull"; "Two fixes to the original"). A terminal hull is a convex polyhedron
// given as exactly its own vertices, so rebuilding it is a fixed point the generator either
// reaches or visibly misses.
//
// Per hull, the vertex buffer is the points its faces use, in first-use order (notes §4: never
// filter on the trailing word, points are shared between hulls). Counted: hulls of three points
// or fewer (no tetrahedron), flat hulls (four or more points, every one on one plane, line or
// spot), rebuilt hulls; of those, convex (every rebuilt vertex on or below every face plane
// within the hull's tolerance), containing every point they were built from, and the vertex
// count against retail's (the distinct points the hull's faces use): exact, fewer, more. Of the
// fewer, hulls where every point the rebuild drops lies on the plane of a rebuilt face (a
// vertex retail keeps on a face plane it does not corner).
//
// Not computed: the document's figures for the original's activeFaces walk (68 of 5,234 hulls
// dented, the worst by 192 % of its size). The document describes that walk too loosely to
// replay it: the readings tried (outside sets exclusive or shared, the walk over all active
// faces or through neighbours) dent most of the sample's rebuilt hulls, not the few it counts.
//
// Violations: a rebuilt hull that is not convex, misses a point, or has more vertices than
// retail (which would mean a point invented or an interior one kept): those are claims about
// the builder that hold on any input, mod-built files included.
#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/sur/convex_hull.h"
#include "engine/sur/sur_model.h"
#include "verifiers/sur_walk.h"

namespace meshproof {
namespace {

using namespace verifiers;
using sur::HullPoint;
using sur::IndexRange;
using sur::SurModel;

class SurHullPass final : public Pass {
public:
    SurHullPass() {
        info_.name = "sur_hull";
        info_.family = "sur";
        info_.claims = {
            "Terminal hulls 9,111 — of three points or fewer, so holding no tetrahedron 3,843 — flat: every point on one "
            "plane 34 — rebuilt 5,234 (freelancer-surface.md \"Regenerating the corpus's own hulls\")",
            "Rebuilt hulls that are convex 5,234 of 5,234; rebuilt hulls containing every point they were built from "
            "5,234 of 5,234",
            "Rebuilt hulls with retail's exact vertex count 4,925 — with fewer 309 — with more 0; \"The 309 are retail "
            "keeping a vertex that lies on the plane of a face it does not corner\"",
            "tolerance: one float32 ULP at the data's own magnitude, its distance from the origin; coordinate "
            "duplicates first, interior points and points within tolerance of one taken during the loop; coplanar "
            "tie-clusters settled by a nested 2D QuickHull (\"Convex hull\")",
            "visibility is tested here against every face still standing, and against the plane directly rather "
            "than through the tolerance-widened above set (\"Two fixes to the original\")",
            "per-hull vertex buffers from the point indices the hull's faces use, never by the trailing word (notes §4)",
        };
        info_.counters = {
            {"files", "vers 2.0 files the reader accepts", false},
            {"terminal_hulls", "terminal (type-4) hulls of vers 2.0 parts", false},
            {"hull_index_errors", "terminal hulls whose faces index a point outside their part (not rebuilt)", false},
            {"le3_points", "terminal hulls of three points or fewer, so holding no tetrahedron", false},
            {"flat", "terminal hulls of four or more points, every one on one plane (or line, or spot)", false},
            {"duplicate_points", "terminal hulls of four or more points with fewer than four distinct coordinates", false},
            {"non_finite", "terminal hulls with a coordinate that is not finite", false},
            {"rebuilt", "terminal hulls rebuilt", false},
            {"rebuilt_stopped_early", "rebuilt hulls that reached the 2,050-point budget with points still outside", false},
            {"rebuilt_convex", "rebuilt hulls that are convex (every rebuilt vertex on or below every face plane within the tolerance)", false},
            {"rebuilt_not_convex", "rebuilt hulls with a vertex above a face plane by more than the tolerance", true},
            {"rebuilt_contains_points", "rebuilt hulls containing every point they were built from (within the tolerance)", false},
            {"rebuilt_misses_points", "rebuilt hulls with a point they were built from above a face plane by more than the tolerance", true},
            {"exact_vertex_count", "rebuilt hulls with retail's exact vertex count (the distinct points the hull's faces use)", false},
            {"fewer_vertices", "rebuilt hulls with fewer vertices than retail", false},
            {"more_vertices", "rebuilt hulls with more vertices than retail (a point invented or an interior one kept)", true},
            {"fewer_coplanar", "of the fewer, hulls where every vertex retail keeps and the rebuild drops lies on a rebuilt face's plane (it does not corner it)", false},
            {"fewer_interior", "of the fewer, hulls where a vertex retail keeps lies strictly inside the rebuilt hull", false},
            {"flat_eps", "alternative tolerance FLT_EPSILON · m (m: the largest distance from the origin; up to twice the float spacing): hulls of four or more points with no tetrahedron", false},
            {"rebuilt_eps", "alternative tolerance: hulls rebuilt", false},
            {"exact_vertex_count_eps", "alternative tolerance: rebuilt hulls with retail's exact vertex count", false},
            {"fewer_vertices_eps", "alternative tolerance: rebuilt hulls with fewer vertices than retail", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.sur == nullptr || unit.sur->format != sur::SurFormat::kVers2) return;
        const SurModel& m = *unit.sur;
        Walk w{{unit, m, tally, UnitCounts(info_)}, {}, {}, {}, {}, {}, 0};
        w.counts.add("files");
        w.stamp.assign(m.points.size(), 0);
        for (std::size_t p = 0; p < m.parts.size(); ++p) {
            const std::int32_t s = m.parts[p].surface;
            if (s < 0 || std::size_t(s) >= m.surfaces.size()) continue;
            const IndexRange ledges = m.surfaces[std::size_t(s)].ledges;
            for (std::uint32_t i = 0; i < ledges.count && ledges.first + i < m.ledges.size(); ++i) {
                const std::uint32_t l = ledges.first + i;
                if (!m.ledges.terminal(l)) continue;
                hull(w, std::size_t(s), l, [&] { return fmt::format("part {} (id 0x{:08x}) / hull {}", p, m.parts[p].id, i); });
            }
        }
        w.counts.flush(tally);
    }

private:
    struct Walk : SurWalk {
        std::vector<std::uint32_t> stamp;      // per model point: the hull that last used it (+1)
        std::vector<HullPoint> buffer;         // the hull's points, first-use order
        std::vector<std::uint32_t> all;        // 0 .. buffer.size() - 1
        std::vector<std::uint8_t> kept;        // per buffer point: a rebuilt vertex
        sur::HullWorkspace ws;
        std::uint32_t hull_no = 0;
    };

    template <class Where>
    void hull(Walk& w, std::size_t s, std::uint32_t l, Where&& where) const {
        const SurModel& m = w.m;
        const IndexRange pts = m.surfaces[s].points;
        const IndexRange f = m.ledges.faces[l];
        w.counts.add("terminal_hulls");
        ++w.hull_no;
        w.buffer.clear();
        if (f.end() < f.first || std::uint64_t(f.end()) * 3 > m.edges.size()) {
            w.fail("hull_index_errors", where, [&] { return std::string("faces outside the edge column"); });
            return;
        }
        for (std::uint64_t e = std::uint64_t(f.first) * 3; e < std::uint64_t(f.end()) * 3; ++e) {
            const std::uint32_t p = m.edges.point[e];
            if (p < pts.first || p >= pts.end() || p >= m.points.size()) {
                w.fail("hull_index_errors", where, [&] { return fmt::format("edge {} indexes point {} outside the part", e, p); });
                return;
            }
            if (w.stamp[p] == w.hull_no) continue;
            w.stamp[p] = w.hull_no;
            w.buffer.push_back({m.points.x[p], m.points.y[p], m.points.z[p]});
        }
        const std::size_t n = w.buffer.size();
        if (n <= 3) {
            w.counts.add("le3_points");
            return;
        }
        // Issue 17: the document calls 3 more hulls flat (34 against 31) and drops 6 more vertices;
        // the unrounded FLT_EPSILON · m is the reading counted beside ours.
        sur::HullOptions eps;
        eps.tolerance = sur::HullTolerance::kEpsilonTimesMagnitude;
        if (const sur::HullResult alt = sur::convex_hull(w.buffer, eps, w.ws); !alt.ok()) {
            if (sur::no_tetrahedron(alt.error())) w.counts.add("flat_eps");
        } else {
            w.counts.add("rebuilt_eps");
            const std::size_t v = alt->indices.size();
            if (v == n) w.counts.add("exact_vertex_count_eps");
            if (v < n) w.counts.add("fewer_vertices_eps");
        }
        const sur::HullResult built = sur::convex_hull(w.buffer, {}, w.ws);
        if (!built.ok()) {
            const sur::HullError e = built.error();
            w.counts.add(sur::no_tetrahedron(e) ? "flat" : e == sur::HullError::kNonFinite ? "non_finite" : "duplicate_points");
            return;
        }
        const sur::ConvexHull& h = *built;
        const double tol = h.tolerance;
        w.counts.add("rebuilt");
        if (h.stopped_early) w.counts.add("rebuilt_stopped_early");
        w.all.resize(n);
        std::iota(w.all.begin(), w.all.end(), 0u);
        const double convex = sur::hull_excess(w.buffer, h, h.indices);
        if (convex <= tol) {
            w.counts.add("rebuilt_convex");
        } else {
            w.fail("rebuilt_not_convex", where, [&] { return fmt::format("a vertex {:.9g} above a face plane (tolerance {:.9g})", convex, tol); });
        }
        const double contains = sur::hull_excess(w.buffer, h, w.all);
        if (contains <= tol) {
            w.counts.add("rebuilt_contains_points");
        } else {
            w.fail("rebuilt_misses_points", where, [&] { return fmt::format("a point {:.9g} above a face plane (tolerance {:.9g})", contains, tol); });
        }
        const std::size_t v = h.indices.size();
        if (v == n) {
            w.counts.add("exact_vertex_count");
        } else if (v > n) {
            w.fail("more_vertices", where, [&] { return fmt::format("{} vertices, retail {}", v, n); });
        } else {
            w.counts.add("fewer_vertices");
            // Every point the rebuild drops: on a rebuilt face's plane (within the tolerance) or inside.
            w.kept.assign(n, 0);
            for (std::uint32_t i : h.indices) w.kept[i] = 1;
            bool coplanar = true;
            double deepest = 0;
            for (std::uint32_t i = 0; i < n && coplanar; ++i) {
                if (w.kept[i]) continue;
                const std::uint32_t one[1] = {i};
                const double d = sur::hull_excess(w.buffer, h, one);
                if (d < -tol) {
                    coplanar = false;
                    deepest = d;
                }
            }
            if (coplanar) {
                w.counts.add("fewer_coplanar");
            } else {
                w.fail("fewer_interior", where,
                       [&] { return fmt::format("{} vertices, retail {}; a dropped vertex {:.9g} below every face plane", v, n, -deepest); });
            }
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(SurHullPass);

}  // namespace
}  // namespace meshproof
