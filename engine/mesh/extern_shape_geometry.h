// Where an externShapes entry lies in compressed-mesh space (havok-compressed-mesh.txt: "The
// transform supplies three rotation columns and a translation in compressed-mesh space"; the
// stored scale; containers-and-tagfiles.md §7.3 hknpShapeInstance): one arithmetic, in f32 in a
// fixed order, shared by the synthetic writer (which builds the records' leaf boxes with it), the
// custom_prims pass (which checks them) and the OBJ export (which draws the shapes).
//
//   p' = c0 · (sx · x) + c1 · (sy · y) + c2 · (sz · z) + t,  summed left to right per axis,
//
// with c0..c2 the transform's rotation columns (floats 0–2, 4–6, 8–10), t its translation
// (12–14) and (sx, sy, sz) the stored scale. A convex shape's box is that of its vertices so
// placed, grown by its convexRadius times the largest |scale| component (an hknp convex shape
// is its vertices' hull with the radius around it).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/mesh/decoded_member.h"

namespace meshproof::mesh {

std::array<float, 3> place_extern_point(const std::array<float, 16>& transform, const std::array<float, 4>& scale,
                                        float x, float y, float z);

// The box of vertices (x, y, z each) placed by the transform and scale, grown by radius × the
// largest |scale|; nullopt without a vertex.
std::optional<Box> placed_shape_box(const std::array<float, 16>& transform, const std::array<float, 4>& scale,
                                    std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                    float convex_radius);

// The box of externShapes entry `instance` (placed_shape_box of its shape); nullopt when it has
// no shape or its shape no vertex.
std::optional<Box> extern_instance_box(const DecodedExternShapes& e, std::size_t instance);

// A triangle surface of entry `instance` in compressed-mesh space, for viewing: a polytope's
// faces (each a fan), a capsule tessellated round its segment a–b with the convex radius (two
// hemispheres and a tube), a cylinder whose faces draw nothing (fewer than three indices each)
// as a 12-sided tube of its convex radius round a–b, a sphere round its vertex; nothing for
// other shapes without faces.
// Triangles index `vertices`; counter-clockwise seen from outside where the faces are.
struct ShapeSurface {
    std::vector<std::array<float, 3>> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;
};
ShapeSurface extern_instance_surface(const DecodedExternShapes& e, std::size_t instance);

}  // namespace meshproof::mesh
