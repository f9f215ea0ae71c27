// The ring of neighbours of every vertex of a convex hull (its link): the vertices of the faces
// around it, in order around it. What a reading that asks about one vertex against the others
// looks at first: taking the vertex away changes the hull only over its ring.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/sur/convex_hull.h"

namespace meshproof::sur {

struct HullVertexLinks {
    std::vector<std::uint32_t> first;     // per input point: its entries at [first[v], first[v + 1])
    std::vector<std::uint32_t> from, to;  // per face around v: the edge opposite v, v's face counter-clockwise
    std::vector<std::uint32_t> ring;      // scratch of ring_of
};

// Indexes `hull`'s faces by vertex (`points` input points; the faces' indices below it).
void index_links(const ConvexHull& hull, std::size_t points, HullVertexLinks& links);

// v's neighbours in order around it (counter-clockwise seen from outside), in links.ring. Empty
// when the faces around v do not close into one simple ring (v is no vertex, or the hull is not
// a closed surface there).
std::span<const std::uint32_t> ring_of(HullVertexLinks& links, std::uint32_t v);

}  // namespace meshproof::sur
