// The f-set join's geometry (point_triangle_distance.h, triangle_bvh.h): the point-triangle
// distance against a dense sampling of the triangle and against hand-placed points; the tree's
// nearest distance within a radius against a brute-force scan of every triangle, on random
// triangles (degenerate ones included), in 3D and in the x-z footprint.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "engine/mesh/point_triangle_distance.h"
#include "engine/mesh/triangle_bvh.h"

namespace meshproof::mesh {
namespace {

TriangleCorners random_triangle(std::mt19937_64& rng, float spread, float size) {
    std::uniform_real_distribution<float> c(-spread, spread), e(-size, size);
    const float x = c(rng), y = c(rng) * 0.2f, z = c(rng);
    TriangleCorners t{};
    for (int k = 0; k < 3; ++k) {
        t[3 * k] = x + e(rng);
        t[3 * k + 1] = y + e(rng);
        t[3 * k + 2] = z + e(rng);
    }
    switch (rng() % 8) {  // degenerate shapes: a repeated corner, collinear corners, a point
        case 0: t[6] = t[0], t[7] = t[1], t[8] = t[2]; break;
        case 1:
            for (int a = 0; a < 3; ++a) t[6 + a] = 2 * t[3 + a] - t[a];
            break;
        case 2:
            for (int a = 0; a < 3; ++a) t[3 + a] = t[6 + a] = t[a];
            break;
        default: break;
    }
    return t;
}

// The smallest squared distance to points sampled on the triangle (a bound from above).
double sampled_sq(const Point3d& p, const TriangleCorners& t, bool footprint) {
    double best = 1e300;
    const int n = 200;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; i + j <= n; ++j) {
            const double u = double(i) / n, v = double(j) / n, w = 1 - u - v;
            double q[3];
            for (int a = 0; a < 3; ++a) q[a] = w * t[a] + u * t[3 + a] + v * t[6 + a];
            const double dx = p[0] - q[0], dy = footprint ? 0 : p[1] - q[1], dz = p[2] - q[2];
            best = std::min(best, dx * dx + dy * dy + dz * dz);
        }
    return best;
}

TEST(PointTriangleDistance, HandPlacedPoints) {
    const TriangleCorners t{0, 0, 0, 4, 0, 0, 0, 0, 4};                     // in the y = 0 plane
    EXPECT_DOUBLE_EQ(point_triangle_distance_sq({1, 0.25, 1}, t), 0.0625);  // above the inside
    EXPECT_DOUBLE_EQ(point_triangle_distance_sq({-3, 0, 0}, t), 9.0);       // off corner a
    EXPECT_DOUBLE_EQ(point_triangle_distance_sq({2, 0, -1}, t), 1.0);       // off edge a-b
    EXPECT_DOUBLE_EQ(point_triangle_distance_sq({3, 0, 3}, t), 2.0);        // off the hypotenuse
    EXPECT_DOUBLE_EQ(point_footprint_distance_sq({1, 100, 1}, t), 0.0);     // height ignored
    const TriangleCorners wall{0, 0, 0, 4, 0, 0, 4, 3, 0};                  // vertical: footprint is a segment
    EXPECT_DOUBLE_EQ(point_footprint_distance_sq({2, 9, 0.5}, wall), 0.25);
    EXPECT_DOUBLE_EQ(point_footprint_distance_sq({6, 9, 0}, wall), 4.0);
    const TriangleCorners point{1, 1, 1, 1, 1, 1, 1, 1, 1};
    EXPECT_DOUBLE_EQ(point_triangle_distance_sq({1, 3, 1}, point), 4.0);
}

TEST(PointTriangleDistance, NeverAboveASampledPointNorFarBelow) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> c(-6, 6);
    for (int i = 0; i < 400; ++i) {
        const TriangleCorners t = random_triangle(rng, 2, 3);
        const Point3d p{c(rng), c(rng), c(rng)};
        for (bool fp : {false, true}) {
            const double exact = fp ? point_footprint_distance_sq(p, t) : point_triangle_distance_sq(p, t);
            const double sampled = sampled_sq(p, t, fp);
            ASSERT_LE(exact, sampled + 1e-9) << i;
            // The sampling step is 1/200 of edges up to ~8.5 m: the nearest sample is within ~0.05 m.
            ASSERT_GE(std::sqrt(exact) + 0.06, std::sqrt(sampled)) << i;
        }
    }
}

TEST(TriangleBvh, NearestWithinRadiusIsTheBruteForceScans) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        std::mt19937_64 rng(seed);
        std::vector<TriangleCorners> tris;
        const int n = seed == 1 ? 5 : 3000;  // a single leaf, and a deep tree
        for (int i = 0; i < n; ++i) tris.push_back(random_triangle(rng, 60, 2));
        const TriangleBvh tree(tris);
        EXPECT_EQ(tree.size(), tris.size());
        std::uniform_real_distribution<double> c(-64, 64);
        int found = 0, missed = 0;
        for (int q = 0; q < 2000; ++q) {
            const Point3d p{c(rng), c(rng) * 0.1, c(rng)};
            for (bool fp : {false, true}) {
                for (double radius : {0.5, 4.0}) {
                    double brute = 1e300;
                    for (const auto& t : tris)
                        brute =
                            std::min(brute, fp ? point_footprint_distance_sq(p, t) : point_triangle_distance_sq(p, t));
                    const double got = fp ? tree.nearest_footprint_sq(p, radius) : tree.nearest_sq(p, radius);
                    // The first-found answer is the brute force's comparison with the radius.
                    const bool any = fp ? tree.any_footprint_within(p, radius) : tree.any_within(p, radius);
                    ASSERT_EQ(any, brute <= radius * radius) << "seed " << seed << " query " << q;
                    if (brute <= radius * radius) {
                        ASSERT_EQ(got, brute) << "seed " << seed << " query " << q;  // the same triangle's value
                        ++found;
                    } else {
                        ASSERT_EQ(got, TriangleBvh::kNone) << "seed " << seed << " query " << q;
                        ++missed;
                    }
                }
            }
        }
        if (n > 100) {  // both branches are exercised
            EXPECT_GT(found, 100);
            EXPECT_GT(missed, 100);
        }
    }
}

// ctest-labels: hostile
TEST(TriangleBvh, HostileCornersNaNAndInfinityBuildAndQuery) {
    std::mt19937_64 rng(5);
    std::vector<TriangleCorners> tris;
    for (int i = 0; i < 400; ++i) {
        TriangleCorners t = random_triangle(rng, 20, 1);
        if (i % 3 == 0) t[i % 9] = std::numeric_limits<float>::quiet_NaN();
        if (i % 7 == 0) t[(i + 4) % 9] = std::numeric_limits<float>::infinity();
        tris.push_back(t);
    }
    const TriangleBvh tree(tris);
    EXPECT_EQ(tree.size(), tris.size());
    // A finite triangle is still found: the first one with no NaN or infinity.
    const TriangleCorners& t = tris[1];
    const double got = tree.nearest_sq({t[0], t[1], t[2]}, 1.0);
    EXPECT_EQ(got, 0.0);
}

TEST(TriangleBvh, EmptyTreeFindsNothing) {
    const TriangleBvh tree{std::vector<TriangleCorners>{}};
    EXPECT_EQ(tree.nearest_sq({0, 0, 0}, 4.0), TriangleBvh::kNone);
    EXPECT_EQ(tree.nearest_footprint_sq({0, 0, 0}, 4.0), TriangleBvh::kNone);
    EXPECT_FALSE(tree.any_within({0, 0, 0}, 4.0));
    EXPECT_FALSE(tree.any_footprint_within({0, 0, 0}, 4.0));
}

// A triangle at exactly the radius counts (d <= r², as the pass compares), one a hair beyond does
// not: the rejection by boxes keeps the boundary, in 3D and in the footprint.
TEST(TriangleBvh, AnyWithinKeepsTheBoundary) {
    std::vector<TriangleCorners> tris;
    for (int i = 0; i < 64; ++i) {  // a row of floor squares' halves at y = 0, x from 0 to 64
        const float x = static_cast<float>(i);
        tris.push_back(TriangleCorners{x, 0, 0, x + 1, 0, 0, x, 0, 1});
    }
    const TriangleBvh tree(tris);
    EXPECT_TRUE(tree.any_within({10.25, 1.0, 0.25}, 1.0));  // above the inside, 1 m
    EXPECT_TRUE(tree.any_within({-1.0, 0.0, 0.0}, 1.0));    // off corner (0, 0, 0), 1 m
    EXPECT_FALSE(tree.any_within({10.25, std::nextafter(1.0, 2.0), 0.25}, 1.0));
    EXPECT_FALSE(tree.any_within({std::nextafter(-1.0, -2.0), 0.0, 0.0}, 1.0));
    EXPECT_TRUE(tree.any_footprint_within({10.25, 99.0, -1.0}, 1.0));  // off edge z = 0, height ignored
    EXPECT_TRUE(tree.any_footprint_within({65.0, -99.0, 0.0}, 1.0));   // off corner (64, 0, 0)
    EXPECT_FALSE(tree.any_footprint_within({10.25, 99.0, std::nextafter(-1.0, -2.0)}, 1.0));
    EXPECT_FALSE(tree.any_footprint_within({std::nextafter(65.0, 66.0), 0.0, 0.0}, 1.0));
    EXPECT_EQ(tree.nearest_sq({10.25, 1.0, 0.25}, 1.0), 1.0);
}

TEST(TriangleBvh, SameTrianglesSameTree) {
    std::mt19937_64 rng(11);
    std::vector<TriangleCorners> tris;
    for (int i = 0; i < 500; ++i) tris.push_back(random_triangle(rng, 30, 1));
    tris.push_back(tris[3]);  // a duplicate: ties broken by index
    const TriangleBvh a(tris), b(tris);
    EXPECT_EQ(a.node_count(), b.node_count());
    EXPECT_EQ(a.memory_bytes(), b.memory_bytes());
    EXPECT_LT(a.node_count(), 2 * tris.size());  // a binary tree over leaves of 1 to 4 triangles
}

// The build buffers are kept per thread from one tree to the next: a small tree built after a
// large one is the tree built before it (same nodes, same answers as the brute force's).
TEST(TriangleBvh, BuildAfterALargerTreeIsTheSameTree) {
    std::mt19937_64 rng(13);
    std::vector<TriangleCorners> small, large;
    for (int i = 0; i < 300; ++i) small.push_back(random_triangle(rng, 20, 1));
    for (int i = 0; i < 5000; ++i) large.push_back(random_triangle(rng, 200, 3));
    const TriangleBvh before(small);
    const TriangleBvh big(large);
    const TriangleBvh after(small);
    EXPECT_EQ(before.node_count(), after.node_count());
    EXPECT_GT(big.node_count(), after.node_count());
    std::uniform_real_distribution<double> c(-24, 24);
    for (int q = 0; q < 500; ++q) {
        const Point3d p{c(rng), c(rng) * 0.2, c(rng)};
        double brute = TriangleBvh::kNone;
        for (const auto& t : small) brute = std::min(brute, point_triangle_distance_sq(p, t));
        const double got = after.nearest_sq(p, 3.0);
        ASSERT_EQ(got, brute <= 9.0 ? brute : TriangleBvh::kNone) << q;
        ASSERT_EQ(got, before.nearest_sq(p, 3.0)) << q;
    }
}

// Every centroid in one Morton cell (one code): the ranges are halved, and a query still finds the
// nearest triangle — the one placed a hair nearer among thousands of copies.
TEST(TriangleBvh, OneCodeForEveryTriangleStillFindsTheNearest) {
    std::vector<TriangleCorners> tris(5000, TriangleCorners{0, 0, 0, 1, 0, 0, 0, 0, 1});
    tris[3210] = TriangleCorners{0, 0.25f, 0, 1, 0.25f, 0, 0, 0.25f, 1};
    const TriangleBvh tree(tris);
    EXPECT_DOUBLE_EQ(tree.nearest_sq({0.25, 1.0, 0.25}, 4.0), 0.75 * 0.75);
    EXPECT_DOUBLE_EQ(tree.nearest_sq({0.25, -1.0, 0.25}, 4.0), 1.0);
}

// The indexed form (vertices and corner indices, what the f-set join keeps) builds the tree the
// corners' form builds from the same triangles: same nodes, same answers to every query. Shared
// vertices are used by several triangles, and some vertices by none.
TEST(TriangleBvh, IndexedTrianglesAreTheCornersTree) {
    std::mt19937_64 rng(17);
    std::uniform_real_distribution<float> c(-30, 30);
    std::vector<float> xyz;
    for (int v = 0; v < 700; ++v) xyz.insert(xyz.end(), {c(rng), c(rng) * 0.2f, c(rng)});
    std::vector<std::uint32_t> corners;
    std::vector<TriangleCorners> tris;
    for (int t = 0; t < 900; ++t) {
        TriangleCorners tc;
        for (int k = 0; k < 3; ++k) {
            const auto v = static_cast<std::uint32_t>(rng() % 600);  // vertices 600..699 unused
            corners.push_back(v);
            for (int a = 0; a < 3; ++a) tc[3 * k + a] = xyz[3 * v + a];
        }
        tris.push_back(tc);
    }
    const TriangleBvh by_corners(tris), by_index(xyz, corners);
    ASSERT_EQ(by_index.size(), tris.size());
    EXPECT_EQ(by_index.node_count(), by_corners.node_count());
    std::uniform_real_distribution<double> q(-35, 35);
    for (int i = 0; i < 400; ++i) {
        const Point3d p{q(rng), q(rng) * 0.2, q(rng)};
        ASSERT_EQ(by_index.nearest_sq(p, 4.0), by_corners.nearest_sq(p, 4.0)) << i;
        ASSERT_EQ(by_index.any_within(p, 1.0), by_corners.any_within(p, 1.0)) << i;
        ASSERT_EQ(by_index.nearest_footprint_sq(p, 2.0), by_corners.nearest_footprint_sq(p, 2.0)) << i;
    }
    // An index past the vertices or a partial triangle: an empty tree, nothing read out of range.
    corners.back() = 700;
    EXPECT_EQ(TriangleBvh(xyz, corners).size(), 0u);
    corners.pop_back();
    EXPECT_EQ(TriangleBvh(xyz, corners).size(), 0u);
}

}  // namespace
}  // namespace meshproof::mesh
