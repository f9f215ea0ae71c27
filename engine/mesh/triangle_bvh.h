// A bounding-volume hierarchy over triangles for nearest-distance queries within a radius: the
// f-set join's "each against the nearest triangle of the h file of its model, exact to 4 m"
// (havok-compressed-mesh.txt). Corners are stored as float (what the decoders give: 36 bytes a
// triangle) and boxes as the float minimum and maximum of their triangles' corners, so a box holds
// its triangles exactly; every distance is worked out in double (point_triangle_distance.h).
//
// Build: the triangles sorted by the Morton code of their centroids (10 bits an axis over the
// centroids' box, ties in triangle order, so the tree is the same on every run), then each node's
// range split where the highest bit its codes differ in turns on (halved when they are one code),
// down to at most kLeafSize triangles a leaf; a node's two children side by side.
// Query: depth first, nearer child first, pruning every box farther than the best so far, which
// starts at the radius: a triangle within the radius is always found, and the distance returned is
// the nearest one's (exact up to double rounding); beyond the radius nothing is measured.
// any_within asks only whether a triangle lies within the radius (the f-set join's 1 m controls):
// the same walk, the bound fixed at the radius, each leaf triangle's own box tested before its
// exact distance, and the answer at the first triangle the exact comparison accepts.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "engine/mesh/point_triangle_distance.h"

namespace meshproof::mesh {

class TriangleBvh {
public:
    static constexpr std::uint32_t kLeafSize = 4;
    static constexpr double kNone = std::numeric_limits<double>::infinity();

    TriangleBvh() = default;
    explicit TriangleBvh(std::span<const TriangleCorners> triangles);
    // The same tree over triangles given by corner indices into vertices (x y z each): triangle
    // t's corner k is vertex corners[3t + k]. The caller keeps 12 bytes a triangle and 12 a vertex
    // instead of laying out 36 a triangle (the f-set join holds a whole map's h files at once).
    // An index past the vertices, or a corner count not a multiple of 3, makes an empty tree.
    TriangleBvh(std::span<const float> xyz, std::span<const std::uint32_t> corners);

    // The squared distance from `p` to the nearest triangle when one lies within `radius`, else kNone.
    double nearest_sq(const Point3d& p, double radius) const;
    // The same in the x-z plane: the nearest triangle footprint, height ignored.
    double nearest_footprint_sq(const Point3d& p, double radius) const;
    // Whether a triangle lies within `radius` of `p`: nearest_sq(p, r) <= r * r, answered at the
    // first triangle found (a count within a distance needs no nearest one).
    bool any_within(const Point3d& p, double radius) const;
    // The same for the footprints: nearest_footprint_sq(p, r) <= r * r.
    bool any_footprint_within(const Point3d& p, double radius) const;

    std::size_t size() const { return triangles_.size(); }
    std::size_t node_count() const { return nodes_.size(); }
    // What the tree holds: triangles and nodes.
    std::size_t memory_bytes() const {
        return triangles_.capacity() * sizeof(TriangleCorners) + nodes_.capacity() * sizeof(Node);
    }

private:
    struct Node {
        float lo[3], hi[3];
        std::uint32_t first = 0;  // leaf: first triangle; inner: the first child (the second follows it)
        std::uint32_t count = 0;  // leaf: triangles (≥ 1); inner: 0
    };
    template <class Triangle>
    void build(std::uint32_t n, const Triangle& triangle);
    template <bool kFootprint>
    double query(const Point3d& p, double radius) const;
    template <bool kFootprint>
    bool query_any(const Point3d& p, double radius) const;

    std::vector<TriangleCorners> triangles_;  // in leaf order
    std::vector<Node> nodes_;
};

}  // namespace meshproof::mesh
