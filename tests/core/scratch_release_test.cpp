#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/scratch_release.h"

namespace meshproof {
namespace {

struct Scratch {
    std::vector<int> a, b;
};

void use(Scratch& s, std::uint64_t triangles) {
    const ReleaseAfterLargeUnit release(s, triangles);
    s.a.assign(1000, 1);
    s.b.assign(10, 2);
}

TEST(ReleaseAfterLargeUnit, KeepsTheArraysOverOrdinaryUnits) {
    Scratch s;
    use(s, 3000);
    EXPECT_GE(s.a.capacity(), 1000u);
    EXPECT_EQ(s.a.size(), 1000u);  // left as the unit left it
    use(s, kLargeUnitTriangles);   // the bound itself is not large
    EXPECT_GE(s.a.capacity(), 1000u);
}

TEST(ReleaseAfterLargeUnit, HandsTheArraysBackAfterALargeUnit) {
    Scratch s;
    use(s, kLargeUnitTriangles + 1);
    EXPECT_EQ(s.a.capacity(), 0u);
    EXPECT_EQ(s.b.capacity(), 0u);
    use(s, 10);  // and grows them again for the next unit
    EXPECT_EQ(s.a.size(), 1000u);
}

TEST(ScratchBoundForThreads, SharesTheBoundOutOverTheThreads) {
    EXPECT_EQ(large_unit_triangles_for(1), kLargeUnitTriangles);
    EXPECT_EQ(large_unit_triangles_for(kScratchThreads), kLargeUnitTriangles);
    EXPECT_EQ(large_unit_triangles_for(16), kLargeUnitTriangles * kScratchThreads / 16);
    EXPECT_LT(large_unit_triangles_for(16), large_unit_triangles_for(4));
}

TEST(ScratchBoundForThreads, ManyThreadsReleaseAfterSmallerUnitsUntilTheRunEnds) {
    const std::uint64_t between = kLargeUnitTriangles / 2;  // large at 16 threads, not at 2
    Scratch s;
    {
        const ScratchBoundForThreads run(16);
        EXPECT_EQ(large_unit_triangles(), large_unit_triangles_for(16));
        use(s, between);
        EXPECT_EQ(s.a.capacity(), 0u);
    }
    EXPECT_EQ(large_unit_triangles(), kLargeUnitTriangles);  // restored
    use(s, between);
    EXPECT_GE(s.a.capacity(), 1000u);
    {
        const ScratchBoundForThreads run(kScratchThreads);  // a run of few threads keeps as before
        use(s, between);
        EXPECT_GE(s.a.capacity(), 1000u);
    }
}

// Runs that overlap in one process: the least bound of those going on is in force, whatever order
// they end in, and the bound of no run once all have ended.
TEST(ScratchBoundForThreads, OverlappingRunsKeepTheLeastBoundOfThoseGoingOn) {
    auto eight = std::make_unique<ScratchBoundForThreads>(8);
    EXPECT_EQ(large_unit_triangles(), large_unit_triangles_for(8));
    auto sixteen = std::make_unique<ScratchBoundForThreads>(16);
    EXPECT_EQ(large_unit_triangles(), large_unit_triangles_for(16));
    auto four = std::make_unique<ScratchBoundForThreads>(4);
    EXPECT_EQ(large_unit_triangles(), large_unit_triangles_for(16));
    sixteen.reset();  // ended first of the three, though begun after the eight
    EXPECT_EQ(large_unit_triangles(), large_unit_triangles_for(8));
    eight.reset();
    EXPECT_EQ(large_unit_triangles(), large_unit_triangles_for(4));
    four.reset();
    EXPECT_EQ(large_unit_triangles(), kLargeUnitTriangles);
}

}  // namespace
}  // namespace meshproof
