// A one-surface, one-hull SurModel from a point list and triangles (issue 17's hand-built
// derivation tests): what derive_pierce and mass_properties read (points, the hull's faces and
// edges, the surface's point range, one leaf node). Faces carry tri_index = position, pierce 0;
// opposites are not derived (no derivation under test reads them).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/sur/sur_model.h"

namespace meshproof::sur {

using Xyz = std::array<float, 3>;
using Tri = std::array<std::uint32_t, 3>;

// Appends one terminal hull (its own points, its triangles with point indices local to `pts`) to
// surface 0 of `m`, creating the surface on the first call. Returns the hull's ledge index.
inline std::uint32_t add_hull(SurModel& m, const std::vector<Xyz>& pts, const std::vector<Tri>& tris) {
    if (m.surfaces.empty()) m.surfaces.emplace_back();
    Surface& s = m.surfaces[0];
    const auto base = static_cast<std::uint32_t>(m.points.size());
    for (const Xyz& p : pts) {
        m.points.x.push_back(p[0]);
        m.points.y.push_back(p[1]);
        m.points.z.push_back(p[2]);
        m.points.client_data.push_back(0);
    }
    const auto first = static_cast<std::uint32_t>(m.faces.size());
    for (const Tri& t : tris) {
        m.faces.tri_index.push_back(static_cast<std::uint16_t>(m.faces.size() - first));
        m.faces.pierce.push_back(0);
        m.faces.material.push_back(0);
        m.faces.is_virtual.push_back(0);
        for (const std::uint32_t p : t) {
            m.edges.point.push_back(base + p);
            m.edges.opposite.push_back(-1);
            m.edges.opposite_delta.push_back(0);
            m.edges.is_virtual.push_back(0);
        }
    }
    const auto l = static_cast<std::uint32_t>(m.ledges.size());
    m.ledges.client_data.push_back(0);
    m.ledges.flags.push_back(4);
    m.ledges.size_div_16.push_back(0);
    m.ledges.reserved.push_back(0);
    m.ledges.faces.push_back({first, static_cast<std::uint32_t>(tris.size())});
    m.ledges.surface.push_back(0);
    m.ledges.node.push_back(-1);
    m.ledges.inline_points.push_back({});
    s.ledges.count = l + 1;
    s.points.count = static_cast<std::uint32_t>(m.points.size());
    return l;
}

inline SurModel hull_soup(const std::vector<Xyz>& pts, const std::vector<Tri>& tris) {
    SurModel m;
    add_hull(m, pts, tris);
    return m;
}

// An axis-aligned box [lo, hi] as twelve outward triangles (eight points).
inline std::vector<Tri> box_triangles() {
    // Points: index bit 0 = x, bit 1 = y, bit 2 = z (0 = lo, 1 = hi).
    return {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
            {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
}
inline std::vector<Xyz> box_points(const Xyz& lo, const Xyz& hi) {
    std::vector<Xyz> out;
    for (int i = 0; i < 8; ++i) out.push_back({i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]});
    return out;
}

}  // namespace meshproof::sur
