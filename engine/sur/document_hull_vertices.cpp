// The generator-free vertex reading (sur-document-readings.md §3); see the header.
#include "engine/sur/document_hull_vertices.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "engine/sur/document_hull_flat.h"
#include "engine/sur/double3.h"

namespace meshproof::sur {
namespace {

// The tolerance the measuring hulls are built with: far below eps, a power of two below it.
float build_tolerance(double eps) { return static_cast<float>(eps / 1024); }

using double3::cross;
using double3::dot;
using double3::norm;
using double3::sub;
using double3::widen;

// The others (all but the last of `all`) hold no tetrahedron: the last point's height is its
// distance from their plane, their line or their spot (the seed steps of the document's test,
// at the build tolerance, say which). A rebuilt hull's others are degenerate only when this
// point alone lifts the set off their plane, so the in-plane side walls never decide.
double height_above_degenerate(std::span<const HullPoint> all, float build_tol) {
    std::vector<DocPoint> others;
    for (std::size_t j = 0; j + 1 < all.size(); ++j) others.push_back(widen(all[j]));
    const DocPoint p = widen(all.back());
    if (others.empty()) return std::numeric_limits<double>::infinity();
    const DocumentSeed seed = document_seed(others, build_tol);
    const DocPoint& a = others[seed.a];
    if (seed.stage == DocumentSeed::Stage::kPair) return norm(sub(p, a));
    const DocPoint ab = sub(others[seed.b], a);
    if (seed.stage == DocumentSeed::Stage::kLine) return norm(cross(ab, sub(p, a))) / norm(ab);
    const DocPoint n = cross(ab, sub(others[seed.c], a));
    return std::abs(dot(n, sub(p, a))) / norm(n);
}

// The kept points' hull `h` (over a prefix of `all`): how far its own vertices and every point of
// `all` stand above its faces.
void measure_kept_hull(DocumentVertexReading& r, std::span<const HullPoint> all, const ConvexHull& h,
                       std::vector<std::uint32_t>& which) {
    r.kept_hull = true;
    r.convex_excess = hull_excess(all, h, h.indices);
    which.resize(all.size());
    std::iota(which.begin(), which.end(), 0u);
    r.contains_excess = hull_excess(all, h, which);
}

}  // namespace

double document_height_above_others(std::span<const HullPoint> points, std::size_t i, float build_tol,
                                    DocumentVertexScratch& s) {
    // The others first, points[i] last: the hull is built over all but the last.
    s.arranged.clear();
    for (std::size_t j = 0; j < points.size(); ++j)
        if (j != i) s.arranged.push_back(points[j]);
    s.arranged.push_back(points[i]);
    HullOptions o;
    o.fixed_tolerance = build_tol;
    const std::span<const HullPoint> all(s.arranged);
    const HullResult others = convex_hull(all.first(all.size() - 1), o, s.ws);
    if (!others.ok()) return height_above_degenerate(all, build_tol);
    const std::uint32_t last[1] = {std::uint32_t(all.size() - 1)};
    return hull_excess(all, *others, last);
}

DocumentVertexReading document_vertex_reading(std::span<const HullPoint> points, double eps, DocumentVertexScratch& s,
                                              DocumentVertexTest test) {
    DocumentVertexReading r;
    const float tol = build_tolerance(eps);
    HullOptions o;
    o.fixed_tolerance = tol;
    // A point that is no vertex of the hull of all stands at most that hull's build tolerance
    // above the hull of the others (the same hull): dropped without a hull of its own.
    const HullResult whole = convex_hull(points, o, s.ws);
    s.vertex.assign(points.size(), whole.ok() ? 0 : 1);
    s.inner.clear();
    if (whole.ok()) {
        for (std::uint32_t v : whole->indices) s.vertex[v] = 1;
        for (std::uint32_t i = 0; i < points.size(); ++i)
            if (!s.vertex[i]) s.inner.push_back(i);
        if (test == DocumentVertexTest::kCertifyFirst) index_links(*whole, points.size(), s.links);
    }
    const bool certify = whole.ok() && test == DocumentVertexTest::kCertifyFirst;
    s.kept.clear();
    for (std::uint32_t i = 0; i < points.size(); ++i) {
        if (!s.vertex[i]) continue;
        const bool kept =
            (certify && document_vertex_certified(points, i, ring_of(s.links, i), s.inner, eps, tol, s.certificate)) ||
            document_height_above_others(points, i, tol, s) > eps;
        if (kept) s.kept.push_back(points[i]);
    }
    r.kept = std::uint32_t(s.kept.size());

    // Convex and contains: the hull of the kept points against themselves and every input point.
    // Every point kept: the kept points are the input, in order, so their hull is the whole one.
    const std::size_t k = s.kept.size();
    if (k == points.size() && test == DocumentVertexTest::kCertifyFirst) {
        if (whole.ok()) measure_kept_hull(r, points, *whole, s.which);
        return r;
    }
    s.arranged = s.kept;
    s.arranged.insert(s.arranged.end(), points.begin(), points.end());
    const std::span<const HullPoint> all(s.arranged);
    if (const HullResult h = convex_hull(all.first(k), o, s.ws); h.ok()) measure_kept_hull(r, all, *h, s.which);
    return r;
}

}  // namespace meshproof::sur
