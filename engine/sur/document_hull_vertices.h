// The generator-free reading of the document's exact-vertex-count figure
// (sur-document-readings.md §3: "Rebuilt hulls with retail's exact vertex count 4,925, 309 with
// fewer"). The document's count is what its own incremental QuickHull keeps (farthest point
// first; a point within eps of a face plane or of a point already taken is dropped), which
// depends on the order it takes points in; the note does not give that generator in full, so it
// cannot be replayed exactly. This reading has no order: a vertex is kept iff it stands more
// than eps above the convex hull of the other vertices — the largest signed distance above the
// planes of that hull's faces. The note puts it about one hull in five thousand from the
// document's count.
//
// The hulls it measures against are built by convex_hull with a tolerance 1/1024 of eps, so
// that their own culling stays far below the threshold under test.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/sur/convex_hull.h"
#include "engine/sur/document_vertex_certificate.h"
#include "engine/sur/hull_vertex_links.h"

namespace meshproof::sur {

struct DocumentVertexReading {
    std::uint32_t kept = 0;      // points more than eps above the hull of the others
    bool kept_hull = false;      // the kept points hold a tetrahedron (convex and contains need one)
    double convex_excess = 0;    // how far a kept point stands above the kept points' hull
    double contains_excess = 0;  // how far any input point stands above it
    bool convex(double eps) const { return kept_hull && convex_excess <= eps; }
    bool contains(double eps) const { return kept_hull && contains_excess <= eps; }
};

// Scratch reused from hull to hull.
struct DocumentVertexScratch {
    std::vector<HullPoint> arranged;
    std::vector<std::uint32_t> which;
    HullWorkspace ws;
    std::vector<std::uint8_t> vertex;  // per point: a vertex of the hull of all
    std::vector<std::uint32_t> inner;  // the points that are not
    std::vector<HullPoint> kept;
    HullVertexLinks links;
    DocumentCertificateScratch certificate;
};

// How each vertex is measured. kCertifyFirst: a vertex a supporting plane of the others shows
// kept (document_vertex_certificate) is kept without a hull of its own, the rest are measured
// as kRebuildEach does, against the hull of the others built for it: the same counts, the
// second written plainly (what the tests hold the first to).
enum class DocumentVertexTest : std::uint8_t { kCertifyFirst, kRebuildEach };

// How far points[i] stands above the convex hull of the other points (the largest signed plane
// distance; negative inside). When the others hold no tetrahedron at `build_tol`: its distance
// from their plane (or line, or spot).
double document_height_above_others(std::span<const HullPoint> points, std::size_t i, float build_tol,
                                    DocumentVertexScratch& s);

// The reading over one hull's distinct points (exact duplicates already dropped), with the
// document's eps (document_hull_eps).
DocumentVertexReading document_vertex_reading(std::span<const HullPoint> points, double eps, DocumentVertexScratch& s,
                                              DocumentVertexTest test = DocumentVertexTest::kCertifyFirst);

}  // namespace meshproof::sur
