// The f-set join's trees over the triangles its queries reach (verifiers/fset_reach.h): on random
// h files scattered far beyond a cluster of f points, the tree over the reached triangles answers
// every query the join asks (the nearest within 2 m, the swapped and other-file controls within
// 1 m, the footprint within 1 m) exactly as the whole file's tree, and holds fewer triangles;
// a corner that is not finite or an index past the vertices keeps the whole file.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "engine/mesh/triangle_bvh.h"
#include "verifiers/fset_reach.h"

namespace meshproof::verifiers {
namespace {

using mesh::Point3d;
using mesh::TriangleBvh;

struct HFile {
    std::vector<float> xyz;
    std::vector<std::uint32_t> corners;
};

// Small triangles over a 200 m square and 40 m of height, some long and thin across it.
HFile random_h(std::mt19937& rng, std::size_t triangles) {
    std::uniform_real_distribution<float> at(-100.0f, 100.0f), up(-20.0f, 20.0f), step(-1.5f, 1.5f);
    HFile h;
    for (std::size_t t = 0; t < triangles; ++t) {
        const float x = at(rng), y = up(rng), z = at(rng);
        const float reach = t % 50 == 0 ? 60.0f : 1.0f;
        for (int k = 0; k < 3; ++k) {
            h.xyz.insert(h.xyz.end(), {x + reach * step(rng), y + step(rng), z + reach * step(rng)});
            h.corners.push_back(static_cast<std::uint32_t>(h.corners.size()));
        }
    }
    return h;
}

// f points in a box of 12 m about (10, 2, -5) with y and z spread unevenly, so the swapped box differs.
std::vector<float> random_f(std::mt19937& rng, std::size_t n) {
    std::uniform_real_distribution<float> dx(4.0f, 16.0f), dy(-1.0f, 5.0f), dz(-20.0f, 0.0f);
    std::vector<float> f;
    for (std::size_t v = 0; v < n; ++v) f.insert(f.end(), {dx(rng), dy(rng), dz(rng)});
    return f;
}

TEST(FsetReach, TheReachedTrianglesAnswerEveryQueryAsTheWholeFile) {
    std::mt19937 rng(7);
    for (int round = 0; round < 6; ++round) {
        const HFile h = random_h(rng, 20000);
        const std::vector<float> own = random_f(rng, 400), control = random_f(rng, 400);
        const bool tiles = round % 2 == 1;
        std::vector<ReachBox> reach = {*reach_of(own, 4.0, false, false), *reach_of(own, 4.0, true, false),
                                       *reach_of(control, 4.0, false, false)};
        if (tiles) {
            reach.push_back(*reach_of(own, 4.0, false, true));
            reach.push_back(*reach_of(control, 4.0, false, true));
        }
        const std::vector<std::uint32_t> kept = corners_within_reach(h.xyz, h.corners, reach);
        EXPECT_LT(kept.size(), h.corners.size() / 2);
        EXPECT_GT(kept.size(), 0u);
        const TriangleBvh whole(h.xyz, h.corners), part(h.xyz, kept);
        std::size_t found = 0;
        for (const std::vector<float>* f : {&own, &control})
            for (std::size_t v = 0; v < f->size() / 3; ++v) {
                const Point3d p{(*f)[3 * v], (*f)[3 * v + 1], (*f)[3 * v + 2]};
                const Point3d swapped{p[0], p[2], p[1]};
                if (f == &own) {
                    const double d = whole.nearest_sq(p, 2.0);
                    EXPECT_EQ(part.nearest_sq(p, 2.0), d);
                    found += d != TriangleBvh::kNone;
                    EXPECT_EQ(part.any_within(swapped, 1.0), whole.any_within(swapped, 1.0));
                }
                EXPECT_EQ(part.any_within(p, 1.0), whole.any_within(p, 1.0));
                if (tiles) {
                    EXPECT_EQ(part.any_footprint_within(p, 1.0), whole.any_footprint_within(p, 1.0));
                }
            }
        EXPECT_GT(found, 0u);  // the comparison saw triangles within reach, not only misses
    }
}

TEST(FsetReach, TrianglesOutsideEveryBoxAreDropped) {
    HFile h;
    h.xyz = {0, 0, 0, 1, 0, 0, 0, 0, 1, 50, 0, 50, 51, 0, 50, 50, 0, 51};
    h.corners = {0, 1, 2, 3, 4, 5};
    const std::vector<float> f = {0.5f, 3.0f, 0.5f};
    const ReachBox near = *reach_of(f, 4.0, false, false);
    EXPECT_EQ(corners_within_reach(h.xyz, h.corners, std::vector<ReachBox>{near}),
              (std::vector<std::uint32_t>{0, 1, 2}));
    // The footprint box ignores the height: a point 30 m above still reaches the first triangle.
    const std::vector<float> high = {0.5f, 30.0f, 0.5f};
    EXPECT_EQ(corners_within_reach(h.xyz, h.corners, std::vector<ReachBox>{*reach_of(high, 4.0, false, true)}),
              (std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_TRUE(
        corners_within_reach(h.xyz, h.corners, std::vector<ReachBox>{*reach_of(high, 4.0, false, false)}).empty());
}

TEST(FsetReach, WhatIsNotFiniteKeepsTheWholeFile) {
    HFile h;
    h.xyz = {0, 0, 0, 1, 0, 0, 0, 0, 1, 50, 0, 50, 51, 0, 50, 50, 0, 51};
    h.corners = {0, 1, 2, 3, 4, 5};
    const std::vector<ReachBox> near = {*reach_of(std::vector<float>{0.5f, 0, 0.5f}, 4.0, false, false)};
    HFile nan = h;
    nan.xyz[12] = std::nanf("");
    EXPECT_EQ(corners_within_reach(nan.xyz, nan.corners, near), nan.corners);
    HFile past = h;
    past.corners[5] = 99;
    EXPECT_EQ(corners_within_reach(past.xyz, past.corners, near), past.corners);
    EXPECT_FALSE(reach_of(std::vector<float>{0, INFINITY, 0}, 4.0, false, false).has_value());
    EXPECT_FALSE(reach_of(std::vector<float>{}, 4.0, false, false).has_value());
}

}  // namespace
}  // namespace meshproof::verifiers
