// The distance from a point to a triangle, in three dimensions and in the horizontal (x, z)
// plane (a triangle's footprint, height ignored), worked out in double precision from float
// corners (what the decoders give). Used by the f-set join (verifiers/fset_join_pass.cpp) through
// triangle_bvh.h; havok-compressed-mesh.txt, "The f meshes lie in the same frame as the h
// collision beside them".
//
// Exact up to double rounding: the nearest point is the projection onto the triangle's plane when
// that projection lies inside the triangle (a sign test against each edge), else the nearest point
// of one of the three edges (segment clamping). A degenerate triangle (zero normal: collinear or
// repeated corners) is its edges, so no division by a zero area ever happens.
#pragma once

#include <array>

namespace meshproof::mesh {

using Point3d = std::array<double, 3>;
// Corners a, b, c as x y z each: the float corners of one triangle.
using TriangleCorners = std::array<float, 9>;

// Squared Euclidean distance from `p` to the triangle.
double point_triangle_distance_sq(const Point3d& p, const TriangleCorners& t);

// Squared distance in the x-z plane from (p.x, p.z) to the triangle's footprint (its corners with
// y dropped): 0 inside the footprint.
double point_footprint_distance_sq(const Point3d& p, const TriangleCorners& t);

}  // namespace meshproof::mesh
