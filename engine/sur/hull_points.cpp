#include "engine/sur/hull_points.h"

#include <algorithm>

namespace meshproof::sur {

void hull_points(const SurModel& m, std::uint32_t l, std::vector<std::uint32_t>& out) {
    out.clear();
    const IndexRange f = m.ledges.faces[l];
    for (std::uint64_t e = 3ull * f.first; e < 3ull * f.end(); ++e) out.push_back(m.edges.point[e]);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace meshproof::sur
