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
// Two readings, each counted (sur-document-readings.md §2, §3): the document generator's
// (document_*: its flat tests, engine/sur/document_hull_flat; the vertex count by the
// generator-free reading, a vertex kept iff more than eps above the hull of the others,
// engine/sur/document_hull_vertices; document_qh_*: this QuickHull at the document's eps) and
// meshproof's own scale-aware one (the counters without a prefix).
//
// Not computed: the document's figures for the original's activeFaces walk (68 of 5,234 hulls
// dented, the worst by 192 % of its size). The document describes that walk too loosely to
// replay it: the readings tried (outside sets exclusive or shared, the walk over all active
// faces or through neighbours, visibility by the plane, above -tol or above tol) dent about 90 %
// of the sample's rebuilt hulls, 4 % to 13 %, or none, never the 1.3 % it counts
// (corpus-manifests/counters.tsv #why rows).
//
// Violations: a rebuilt hull that is not convex, misses a point, or has more vertices than
// retail (which would mean a point invented or an interior one kept): those are claims about
// the builder that hold on any input, mod-built files included.
#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/sur/convex_hull.h"
#include "engine/sur/document_hull_flat.h"
#include "engine/sur/document_hull_vertices.h"
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
            {"duplicate_points", "terminal hulls of four or more points with fewer than four distinct coordinates",
             false},
            {"non_finite", "terminal hulls with a coordinate that is not finite", false},
            {"rebuilt", "terminal hulls rebuilt", false},
            {"rebuilt_stopped_early", "rebuilt hulls that reached the 2,050-point budget with points still outside",
             false},
            {"rebuilt_convex",
             "rebuilt hulls that are convex (every rebuilt vertex on or below every face plane within the tolerance)",
             false},
            {"rebuilt_not_convex", "rebuilt hulls with a vertex above a face plane by more than the tolerance", true},
            {"rebuilt_contains_points",
             "rebuilt hulls containing every point they were built from (within the tolerance)", false},
            {"rebuilt_misses_points",
             "rebuilt hulls with a point they were built from above a face plane by more than the tolerance", true},
            {"exact_vertex_count",
             "rebuilt hulls with retail's exact vertex count (the distinct points the hull's faces use)", false},
            {"fewer_vertices", "rebuilt hulls with fewer vertices than retail", false},
            {"more_vertices", "rebuilt hulls with more vertices than retail (a point invented or an interior one kept)",
             true},
            {"fewer_coplanar",
             "of the fewer, hulls where every vertex retail keeps and the rebuild drops lies on a rebuilt face's plane (it does not corner it)",
             false},
            {"fewer_interior", "of the fewer, hulls where a vertex retail keeps lies strictly inside the rebuilt hull",
             false},
            {"document_too_few_points",
             "the document generator's reading: hulls of four or more point indices with fewer than four distinct coordinates",
             false},
            {"document_flat",
             "the document generator's reading: flat hulls (the axis test with its absolute 1e-5 tie holds, or the seed test fails)",
             false},
            {"document_flat_axis", "the document generator's reading: of the flat, those the axis test finds", false},
            {"document_rebuilt", "the document generator's reading: hulls rebuilt", false},
            {"document_convex",
             "the document generator's reading: rebuilt hulls whose kept vertices' hull is convex within eps", false},
            {"document_contains_points",
             "the document generator's reading: rebuilt hulls whose kept vertices' hull holds every point within eps",
             false},
            {"document_exact_vertex_count",
             "generator-free vertex reading: rebuilt hulls keeping every retail vertex (each more than eps above the hull of the others)",
             false},
            {"document_fewer_vertices",
             "generator-free vertex reading: rebuilt hulls keeping fewer vertices than retail", false},
            {"document_qh_no_tetrahedron",
             "the document's rebuilt hulls that meshproof's QuickHull at the document's eps finds no tetrahedron in",
             false},
            {"document_qh_convex",
             "the document's rebuilt hulls whose QuickHull at the document's eps is convex within eps", false},
            {"document_qh_contains_points",
             "the document's rebuilt hulls whose QuickHull at the document's eps holds every point within eps", false},
            {"document_qh_exact_vertex_count",
             "the document's rebuilt hulls whose QuickHull at the document's eps keeps every retail vertex", false},
            {"document_qh_fewer_vertices",
             "the document's rebuilt hulls whose QuickHull at the document's eps keeps fewer vertices than retail",
             false},
            {"flat_eps",
             "alternative tolerance FLT_EPSILON · m (m: the largest distance from the origin; up to twice the float spacing): hulls of four or more points with no tetrahedron",
             false},
            {"rebuilt_eps", "alternative tolerance: hulls rebuilt", false},
            {"exact_vertex_count_eps", "alternative tolerance: rebuilt hulls with retail's exact vertex count", false},
            {"fewer_vertices_eps", "alternative tolerance: rebuilt hulls with fewer vertices than retail", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.sur == nullptr || unit.sur->format != sur::SurFormat::kVers2) return;
        const SurModel& m = *unit.sur;
        Walk w{{unit, m, tally, UnitCounts(info_)}, {}, {}, {}, {}, {}, {}, {}, 0};
        w.counts.add("files");
        w.stamp.assign(m.points.size(), 0);
        for (std::size_t p = 0; p < m.parts.size(); ++p) {
            const std::int32_t s = m.parts[p].surface;
            if (s < 0 || std::size_t(s) >= m.surfaces.size()) continue;
            const IndexRange ledges = m.surfaces[std::size_t(s)].ledges;
            for (std::uint32_t i = 0; i < ledges.count && ledges.first + i < m.ledges.size(); ++i) {
                const std::uint32_t l = ledges.first + i;
                if (!m.ledges.terminal(l)) continue;
                hull(w, std::size_t(s), l,
                     [&] { return fmt::format("part {} (id 0x{:08x}) / hull {}", p, m.parts[p].id, i); });
            }
        }
        w.counts.flush(tally);
    }

private:
    struct Walk : SurWalk {
        std::vector<std::uint32_t> stamp;  // per model point: the hull that last used it (+1)
        std::vector<HullPoint> buffer;     // the hull's points, first-use order
        std::vector<std::uint32_t> all;    // 0 .. buffer.size() - 1
        std::vector<std::uint8_t> kept;    // per buffer point: a rebuilt vertex
        sur::HullWorkspace ws;
        std::vector<HullPoint> distinct;  // the document reading's input (exact duplicates dropped)
        sur::DocumentVertexScratch doc;
        std::uint32_t hull_no = 0;
    };

    // How far a rebuilt hull's own vertices and every point it was built from stand above its faces.
    struct Excess {
        double convex = 0, contains = 0;
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
                w.fail("hull_index_errors", where,
                       [&] { return fmt::format("edge {} indexes point {} outside the part", e, p); });
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
        const sur::HullResult built = sur::convex_hull(w.buffer, {}, w.ws);
        Excess excess;
        if (built.ok()) {
            w.all.resize(n);
            std::iota(w.all.begin(), w.all.end(), 0u);
            excess.convex = sur::hull_excess(w.buffer, *built, built->indices);
            excess.contains = sur::hull_excess(w.buffer, *built, w.all);
        }
        document_reading(w, n, built, excess);
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
        if (!built.ok()) {
            const sur::HullError e = built.error();
            w.counts.add(sur::no_tetrahedron(e)            ? "flat"
                         : e == sur::HullError::kNonFinite ? "non_finite"
                                                           : "duplicate_points");
            return;
        }
        const sur::ConvexHull& h = *built;
        const double tol = h.tolerance;
        w.counts.add("rebuilt");
        if (h.stopped_early) w.counts.add("rebuilt_stopped_early");
        const double convex = excess.convex;
        if (convex <= tol) {
            w.counts.add("rebuilt_convex");
        } else {
            w.fail("rebuilt_not_convex", where,
                   [&] { return fmt::format("a vertex {:.9g} above a face plane (tolerance {:.9g})", convex, tol); });
        }
        const double contains = excess.contains;
        if (contains <= tol) {
            w.counts.add("rebuilt_contains_points");
        } else {
            w.fail("rebuilt_misses_points", where,
                   [&] { return fmt::format("a point {:.9g} above a face plane (tolerance {:.9g})", contains, tol); });
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
                w.fail("fewer_interior", where, [&] {
                    return fmt::format("{} vertices, retail {}; a dropped vertex {:.9g} below every face plane", v, n,
                                       -deepest);
                });
            }
        }
    }

    // The document generator's reading (sur-document-readings.md §2 and §3), beside meshproof's own
    // (`built`, meshproof's QuickHull of the same points, and its excess).
    void document_reading(Walk& w, std::size_t n, const sur::HullResult& built, const Excess& excess) const {
        for (const HullPoint& p : w.buffer)  // counted as non_finite by meshproof's reading, once
            if (!std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2])) return;
        const std::vector<sur::DocPoint> pts = sur::document_hull_input(w.buffer);
        const sur::DocumentHullClass c = sur::document_hull_class(pts);
        if (c == sur::DocumentHullClass::kTooFewPoints) {
            w.counts.add("document_too_few_points");
            return;
        }
        if (sur::document_flat(c)) {
            w.counts.add("document_flat");
            if (c == sur::DocumentHullClass::kFlatAxis) w.counts.add("document_flat_axis");
            return;
        }
        w.counts.add("document_rebuilt");
        const double eps = sur::document_hull_eps(pts);
        w.distinct.clear();
        for (const sur::DocPoint& p : pts) w.distinct.push_back({float(p[0]), float(p[1]), float(p[2])});
        const sur::DocumentVertexReading r = sur::document_vertex_reading(w.distinct, eps, w.doc);
        if (r.convex(eps)) w.counts.add("document_convex");
        if (r.contains(eps)) w.counts.add("document_contains_points");
        w.counts.add(r.kept == n ? "document_exact_vertex_count" : "document_fewer_vertices");
        // The incremental QuickHull as the note sketches the generator (farthest point first; a
        // point within eps of a face plane or of a point taken is dropped): convex_hull with eps.
        sur::HullOptions at_eps;
        at_eps.fixed_tolerance = float(eps);  // a power of two in float range: exact
        if (sur::hull_tolerance(w.buffer) == at_eps.fixed_tolerance) {
            // meshproof's own hull is that one: the same points (convex_hull drops the exact
            // duplicates, the first kept, as document_hull_input does) at the same tolerance.
            document_qh(w, n, built.ok() ? built->indices.size() : 0, excess, eps);
            return;
        }
        const sur::HullResult q = sur::convex_hull(w.distinct, at_eps, w.ws);
        Excess at;
        if (q.ok()) {
            w.all.resize(w.distinct.size());
            std::iota(w.all.begin(), w.all.end(), 0u);
            at.convex = sur::hull_excess(w.distinct, *q, q->indices);
            at.contains = sur::hull_excess(w.distinct, *q, w.all);
        }
        document_qh(w, n, q.ok() ? q->indices.size() : 0, at, eps);
    }

    // The counts of the QuickHull at the document's eps; `vertices` 0: it found no tetrahedron.
    static void document_qh(Walk& w, std::size_t n, std::size_t vertices, const Excess& excess, double eps) {
        if (vertices == 0) {
            w.counts.add("document_qh_no_tetrahedron");
            return;
        }
        if (excess.convex <= eps) w.counts.add("document_qh_convex");
        if (excess.contains <= eps) w.counts.add("document_qh_contains_points");
        w.counts.add(vertices == n ? "document_qh_exact_vertex_count" : "document_qh_fewer_vertices");
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(SurHullPass);

}  // namespace
}  // namespace meshproof
