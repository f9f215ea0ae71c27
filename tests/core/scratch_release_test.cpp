#include <gtest/gtest.h>

#include <vector>

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

}  // namespace
}  // namespace meshproof
