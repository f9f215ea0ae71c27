// Mass properties on hand-built hulls (ivp-surface-notes.md §10; issue 17): the no-volume
// threshold from both sides (it is not scale-free: a cube of side 524 keeps its volume, 525 takes
// the fallback), a flat hull far from the origin whose f32 cross products leave a residue that
// passes the test where IVP's double cancels, and the deviation byte where the deviation equals
// the radius (the quotient sits on 250).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "engine/sur/mass_properties.h"
#include "tests/sur/hull_soup.h"

namespace meshproof::sur {
namespace {

MassProperties props(const SurModel& m) {
    const std::vector<std::uint32_t> ledges = {0};
    auto mp = mass_properties(m, 0, ledges);
    EXPECT_TRUE(mp.ok());
    return mp.ok() ? *mp : MassProperties{};
}

bool no_volume(const SurModel& m, VolumeArithmetic a) {
    const std::vector<std::uint32_t> ledges = {0};
    auto nv = encloses_no_volume(m, ledges, a);
    EXPECT_TRUE(nv.ok());
    return nv.ok() && *nv;
}

TEST(SurMassProperties, CubeThresholdLiesBetweenSide524And525) {
    // Σdet = 6 s³ against (√(12 s⁴))³ · 1e-9: volume while s³ < 1.443e8, i.e. s < 524.8.
    for (const float side : {1.0f, 100.0f, 524.0f}) {
        const MassProperties mp = props(hull_soup(box_points({0, 0, 0}, {side, side, side}), box_triangles()));
        EXPECT_FALSE(mp.fallback) << side;
        EXPECT_EQ(mp.mass_center[0], side / 2) << side;
        // Solid cube: m = s² / 12 per axis, I = √2 · s² / 12.
        EXPECT_NEAR(mp.rotation_inertia[0], std::sqrt(2.0) * side * side / 12, 1e-5 * side * side) << side;
    }
    for (const float side : {525.0f, 1000.0f}) {
        const SurModel m = hull_soup(box_points({0, 0, 0}, {side, side, side}), box_triangles());
        const MassProperties mp = props(m);
        EXPECT_TRUE(mp.fallback) << side;
        EXPECT_TRUE(no_volume(m, VolumeArithmetic::kF32Cross)) << side;
        // Fallback: box centre and 0.5 · r², r = half the diagonal: 0.375 s² on every axis.
        EXPECT_EQ(mp.mass_center[0], side / 2) << side;
        EXPECT_EQ(mp.rotation_inertia[0], mp.rotation_inertia[1]);
        EXPECT_EQ(mp.rotation_inertia[0], mp.rotation_inertia[2]);
        EXPECT_FLOAT_EQ(mp.rotation_inertia[0], 0.375f * side * side) << side;
        EXPECT_EQ(mp.rotation_inertia[0], mp.box_inertia);
    }
}

TEST(SurMassProperties, DoubleSidedPlateTakesTheFallbackInEveryArithmetic) {
    const SurModel m = hull_soup({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}, {{0, 1, 2}, {0, 2, 3}, {0, 2, 1}, {0, 3, 2}});
    EXPECT_TRUE(props(m).fallback);
    EXPECT_TRUE(no_volume(m, VolumeArithmetic::kF32Cross));
    EXPECT_TRUE(no_volume(m, VolumeArithmetic::kF32All));
}

// A flat quadrilateral on the plane z = 1000, its top split along one diagonal and its bottom
// along the other, so the f32 cross products round differently on the two sides.
SurModel far_plate(bool reversed) {
    std::vector<Tri> tris = {{0, 1, 2}, {0, 2, 3}, {1, 0, 3}, {1, 3, 2}};
    if (reversed)
        for (Tri& t : tris) std::swap(t[1], t[2]);
    return hull_soup({{0.1f, 0.3f, 1000}, {1.7f, 0.2f, 1000}, {1.3f, 1.9f, 1000}, {0.2f, 1.1f, 1000}}, tris);
}

TEST(SurMassProperties, FlatHullFarFromTheOriginHasNoVolumeInDoubleOnly) {
    // In double every product of the widened f32 differences is exact and the sum cancels; in f32
    // the top and bottom leave a residue of about ulp(|n|) · 1000 of either sign. With the
    // winding that makes it positive, the f32 reading finds a volume (and would put the mass
    // centre at S_c / S_det, nowhere near the plate).
    bool f32_found_volume = false;
    for (const bool reversed : {false, true}) {
        const SurModel m = far_plate(reversed);
        const MassProperties mp = props(m);
        EXPECT_TRUE(mp.fallback) << reversed;
        EXPECT_TRUE(no_volume(m, VolumeArithmetic::kIvpDouble)) << reversed;
        EXPECT_FLOAT_EQ(mp.mass_center[2], 1000.0f);
        f32_found_volume = f32_found_volume || !no_volume(m, VolumeArithmetic::kF32Cross);
    }
    EXPECT_TRUE(f32_found_volume);
}

TEST(SurMassProperties, DeviationEqualToTheRadiusGivesByte250) {
    // A double-sided square plate around the origin: mass centre (0, 0, 0) (fallback), every
    // corner at the radius √2 and at the same distance from the axis along the plate's normal.
    // deviation / (radius · 0.0040000002f) is just below 250: byte int(1 + 249.99999) = 250.
    const SurModel m = hull_soup({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}, {{0, 1, 2}, {0, 2, 3}, {0, 2, 1}, {0, 3, 2}});
    const MassProperties mp = props(m);
    EXPECT_EQ(mp.deviation, 250);
    EXPECT_FLOAT_EQ(mp.radius, std::sqrt(2.0f));
    // A cube about its centre: the farthest corners are √3 · s/2 away; their distance from the
    // axis along a face normal is √2 · s/2, so the byte is int(1 + 250 · √(2/3) / 1.0000000475) = 205.
    const MassProperties cube = props(hull_soup(box_points({-1, -1, -1}, {1, 1, 1}), box_triangles()));
    EXPECT_FALSE(cube.fallback);
    EXPECT_EQ(cube.deviation, 205);
}

// ctest-labels: hostile
TEST(SurMassProperties, HostileLedgeListsAreRefused) {
    SurModel m = hull_soup({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 2}});
    const std::vector<std::uint32_t> outside = {5};
    EXPECT_FALSE(mass_properties(m, 0, outside).ok());
    EXPECT_FALSE(encloses_no_volume(m, outside, VolumeArithmetic::kIvpDouble).ok());
    EXPECT_FALSE(mass_properties(m, 0, {}).ok());
    m.edges.point[1] = 99;
    const std::vector<std::uint32_t> zero = {0};
    EXPECT_FALSE(mass_properties(m, 0, zero).ok());
    EXPECT_FALSE(encloses_no_volume(m, zero, VolumeArithmetic::kF32All).ok());
}

}  // namespace
}  // namespace meshproof::sur
