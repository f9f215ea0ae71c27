// engine/sur/document_hull_vertices: the generator-free reading of the exact vertex count
// (sur-document-readings.md §3) on hand-built hulls: a vertex raised above the hull of the
// others by less and by more than eps, an interior point, a lone apex, and convex / contains.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "engine/sur/document_hull_vertices.h"

namespace meshproof::sur {
namespace {

using Cloud = std::vector<HullPoint>;
const double kEps1 = std::ldexp(1.0, -23);  // the document's eps for the unit cube (M = 1)

// The unit cube's corners and one more point below the centre of its z = 0 face by h (near
// zero, where float32 resolves far below eps).
Cloud cube_with_dimple(float h) {
    Cloud c;
    for (int i = 0; i < 8; ++i) c.push_back({float(i & 1), float((i >> 1) & 1), float((i >> 2) & 1)});
    c.push_back({0.5f, 0.5f, -h});
    return c;
}

// The triangle (0,0,0), (1,0,0), (0,1,0) and an apex over its centroid by h.
Cloud tetra_over_centroid(double h) { return {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1.0f / 3, 1.0f / 3, float(h)}}; }

TEST(DocumentHullVertices, AVertexIsKeptOnlyMoreThanEpsAboveTheOthers) {
    DocumentVertexScratch s;
    const float within = float(0.5 * kEps1), beyond = float(2 * kEps1);
    EXPECT_NEAR(document_height_above_others(cube_with_dimple(within), 8, float(kEps1 / 1024), s), 0.5 * kEps1, 1e-12);
    const DocumentVertexReading low = document_vertex_reading(cube_with_dimple(within), kEps1, s);
    EXPECT_EQ(low.kept, 8u);  // the dimple goes
    EXPECT_TRUE(low.convex(kEps1));
    EXPECT_TRUE(low.contains(kEps1));  // it stands within eps of the kept hull
    EXPECT_GT(low.contains_excess, 0.25 * kEps1);
    const DocumentVertexReading high = document_vertex_reading(cube_with_dimple(beyond), kEps1, s);
    EXPECT_EQ(high.kept, 9u);
    EXPECT_TRUE(high.convex(kEps1));
    EXPECT_TRUE(high.contains(kEps1));
    // The dimple at exactly eps stays (kept only when more than eps above).
    EXPECT_EQ(document_vertex_reading(cube_with_dimple(float(kEps1)), kEps1, s).kept, 8u);
}

TEST(DocumentHullVertices, InteriorPointsGoAndContainmentFailsPastEps) {
    DocumentVertexScratch s;
    Cloud c = cube_with_dimple(0);
    c.back() = {0.5f, 0.5f, 0.5f};
    const DocumentVertexReading r = document_vertex_reading(c, kEps1, s);
    EXPECT_EQ(r.kept, 8u);
    EXPECT_LT(document_height_above_others(c, 8, float(kEps1 / 1024), s), -0.4);
    // Contains measures against the eps it is given: a dimple of 2 eps is kept, so a reading with
    // a larger eps (4 eps) drops it and still holds it within that eps.
    const DocumentVertexReading wide = document_vertex_reading(cube_with_dimple(float(2 * kEps1)), 4 * kEps1, s);
    EXPECT_EQ(wide.kept, 8u);
    EXPECT_TRUE(wide.contains(4 * kEps1));
    EXPECT_FALSE(wide.contains(kEps1));
}

TEST(DocumentHullVertices, OverDegenerateOthersTheHeightIsTheDistanceFromTheirPlane) {
    DocumentVertexScratch s;
    const Cloud pyramid = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5f, 0.5f, 1}};
    EXPECT_DOUBLE_EQ(document_height_above_others(pyramid, 4, float(kEps1 / 1024), s), 1.0);  // off the base's plane
    EXPECT_EQ(document_vertex_reading(pyramid, kEps1, s).kept, 5u);
    // A tetrahedron: each vertex's others are a triangle. Its apex over the base's centroid by h:
    // the apex stands h above the base, each base corner about 3 h above the opposite face.
    EXPECT_NEAR(document_height_above_others(tetra_over_centroid(2 * kEps1), 3, float(kEps1 / 1024), s), 2 * kEps1,
                1e-12);
    EXPECT_NEAR(document_height_above_others(tetra_over_centroid(2 * kEps1), 0, float(kEps1 / 1024), s), 6 * kEps1,
                1e-8);
    EXPECT_EQ(document_vertex_reading(tetra_over_centroid(2 * kEps1), kEps1, s).kept, 4u);
}

TEST(DocumentHullVertices, TooFewKeptPointsHoldNoHull) {
    DocumentVertexScratch s;
    // Apex 0.5 eps up: it goes (0.5 eps), the corners stay (1.5 eps); three points hold no
    // tetrahedron, so neither convex nor contains is claimed. At 0.25 eps every point goes.
    const DocumentVertexReading r = document_vertex_reading(tetra_over_centroid(0.5 * kEps1), kEps1, s);
    EXPECT_EQ(r.kept, 3u);
    EXPECT_FALSE(r.kept_hull);
    EXPECT_FALSE(r.convex(kEps1));
    EXPECT_FALSE(r.contains(kEps1));
    EXPECT_EQ(document_vertex_reading(tetra_over_centroid(0.25 * kEps1), kEps1, s).kept, 0u);
}

}  // namespace
}  // namespace meshproof::sur
