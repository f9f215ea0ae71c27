// A fast way to show a vertex kept by the generator-free vertex reading (document_hull_vertices)
// without building the hull of the others: a plane through three of the others with every other
// point at most the build tolerance above it is the plane of a face of the others' hull (up to
// that tolerance), so a vertex more than twice eps above such a plane stands more than eps above
// that hull. Where the plane can be found: taking the vertex away changes the hull only over its
// ring of neighbours, so the new faces are spanned by the ring (and the points that were inside
// the whole hull); the ring's ears are tried first, then the faces of the hull of the ring and
// those points. A vertex no plane shows kept is measured the straightforward way, so the reading
// counts the same: this only skips rebuilds whose answer is far from the threshold.
//
// The margin (twice eps; a plane whose triangle is not too thin for the vertex's distance) keeps
// the answer away from eps by far more than the build tolerance (eps / 1024) can tilt a face.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/sur/convex_hull.h"

namespace meshproof::sur {

struct DocumentCertificateScratch {
    std::vector<HullPoint> local;  // the ring and the inner points
    HullWorkspace ws;
};

// True when a plane through three of `points` other than i, every other point at most
// `build_tol` above it, has points[i] more than 2 · eps above it. `ring`: i's neighbours on the
// hull of all points, in order; `inner`: the points that are no vertex of that hull.
bool document_vertex_certified(std::span<const HullPoint> points, std::uint32_t i, std::span<const std::uint32_t> ring,
                               std::span<const std::uint32_t> inner, double eps, float build_tol,
                               DocumentCertificateScratch& s);

}  // namespace meshproof::sur
