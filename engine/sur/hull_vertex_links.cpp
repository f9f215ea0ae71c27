#include "engine/sur/hull_vertex_links.h"

#include <algorithm>

namespace meshproof::sur {

void index_links(const ConvexHull& hull, std::size_t points, HullVertexLinks& links) {
    links.first.assign(points + 1, 0);
    for (const auto& f : hull.faces)
        for (std::uint32_t v : f) ++links.first[v + 1];
    for (std::size_t v = 0; v < points; ++v) links.first[v + 1] += links.first[v];
    links.from.resize(links.first[points]);
    links.to.resize(links.first[points]);
    links.ring.assign(links.first.begin(), links.first.end() - 1);  // fill cursors
    for (const auto& f : hull.faces)
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t at = links.ring[f[k]]++;
            links.from[at] = f[(k + 1) % 3];
            links.to[at] = f[(k + 2) % 3];
        }
}

std::span<const std::uint32_t> ring_of(HullVertexLinks& links, std::uint32_t v) {
    links.ring.clear();
    const std::uint32_t lo = links.first[v], hi = links.first[v + 1];
    if (hi - lo < 3) return {};
    // Each face around v gives the edge from -> to; the ring follows them end to start.
    links.ring.push_back(links.from[lo]);
    std::uint32_t at = links.to[lo];
    for (std::uint32_t step = 1; step < hi - lo; ++step) {
        const std::uint32_t* next = std::find(links.from.data() + lo, links.from.data() + hi, at);
        if (next == links.from.data() + hi) return {};
        links.ring.push_back(at);
        at = links.to[std::size_t(next - links.from.data())];
    }
    if (at != links.ring.front()) return {};
    return links.ring;
}

}  // namespace meshproof::sur
