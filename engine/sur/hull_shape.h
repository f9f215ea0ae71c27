// One source hull of the .sur builder (surface_build.h) as IVP can store it: a closed, convex,
// triangulated surface over its own vertices, V = 2 + F / 2 (ivp-surface-notes.md §3).
//   - four or more points with a tetrahedron among them: convex_hull.h's QuickHull;
//   - three points: IVP's two-sided triangle (sur-document-readings.md §2), one face per side;
//   - points on one plane (QuickHull's kFlat): their 2D convex hull as a two-sided polygon, the
//     front fanned from one corner and the back from the next (the flat multi-point hulls retail
//     holds);
//   - fewer than three distinct points, every point on one line or within the tolerance of one
//     spot, a coordinate that is not finite: an error (the message says which).
// Triangles are counter-clockwise seen from outside, the outward normal (b − a) × (c − a).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "engine/sur/convex_hull.h"
#include "engine/sur/surface_build.h"

namespace meshproof::sur {

struct ShapedHull {
    std::vector<HullPoint> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;  // indices into vertices
    HullNote note;
};

// The error: what is wrong with the points, e.g. "every point lies on one line".
using HullShapeResult = std::variant<ShapedHull, std::string>;

HullShapeResult shape_hull(std::span<const HullPoint> points, HullWorkspace& ws);

}  // namespace meshproof::sur
