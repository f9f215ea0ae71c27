// Mass properties on hand-built hulls (ivp-surface-notes.md §10; issue 17): the no-volume
// threshold from both sides (it is not scale-free: a cube of side 524 keeps its volume, 525 takes
// the fallback), a flat hull far from the origin whose f32 cross products leave a residue that
// passes the test where IVP's double cancels, and the deviation byte where the deviation equals
// the radius (the quotient sits on 250); the two readings of sur-document-readings.md §1 (IVP's
// and the document's: the order of the sums, the small-mass ε) and the uniform-inertia test.
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
    const SurModel m =
        hull_soup({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}, {{0, 1, 2}, {0, 2, 3}, {0, 2, 1}, {0, 3, 2}});
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
    const SurModel m =
        hull_soup({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}, {{0, 1, 2}, {0, 2, 3}, {0, 2, 1}, {0, 3, 2}});
    const MassProperties mp = props(m);
    EXPECT_EQ(mp.deviation, 250);
    EXPECT_FLOAT_EQ(mp.radius, std::sqrt(2.0f));
    // A cube about its centre: the farthest corners are √3 · s/2 away; their distance from the
    // axis along a face normal is √2 · s/2, so the byte is int(1 + 250 · √(2/3) / 1.0000000475) = 205.
    const MassProperties cube = props(hull_soup(box_points({-1, -1, -1}, {1, 1, 1}), box_triangles()));
    EXPECT_FALSE(cube.fallback);
    EXPECT_EQ(cube.deviation, 205);
}

TEST(SurMassProperties, DeviationQuotientIsTheByteBeforeTruncation) {
    // The plate of DeviationEqualToTheRadiusGivesByte250: 1 + 250 / 1.0000000475, one float32
    // spacing below the step 251 (the retail misses that "sit on a step").
    const SurModel m =
        hull_soup({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}, {{0, 1, 2}, {0, 2, 3}, {0, 2, 1}, {0, 3, 2}});
    const MassProperties mp = props(m);
    EXPECT_LT(mp.deviation_quotient, 251.0);
    EXPECT_GT(mp.deviation_quotient, 251.0 - 0x1p-16);
    EXPECT_EQ(mp.deviation, static_cast<std::int64_t>(mp.deviation_quotient));
}

TEST(SurMassProperties, AnAxisOfTooLittleMassTakesOne) {
    // find_center_given_xyz: a volume below P_DOUBLE_EPS (1e-10) gives every axis the moment 1.0,
    // so I = √2 on each; the document's ε = 2⁻⁵² keeps the true moments of the same cube.
    // A cube of side 4e-4 has the volume 6.4e-11, one of side 5e-4 1.25e-10.
    const std::vector<std::uint32_t> ledges = {0};
    const SurModel small = hull_soup(box_points({0, 0, 0}, {4e-4f, 4e-4f, 4e-4f}), box_triangles());
    const SurModel large = hull_soup(box_points({0, 0, 0}, {5e-4f, 5e-4f, 5e-4f}), box_triangles());
    const MassProperties ivp_small = props(small), ivp_large = props(large);
    ASSERT_FALSE(ivp_small.fallback);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(ivp_small.rotation_inertia[i], static_cast<float>(std::sqrt(2.0))) << i;
        EXPECT_NEAR(ivp_large.rotation_inertia[i], std::sqrt(2.0) * 25e-8 / 12, 1e-12) << i;
    }
    auto doc = mass_properties(small, 0, ledges, kDocumentReading);
    ASSERT_TRUE(doc.ok());
    EXPECT_NEAR(doc->rotation_inertia[0], std::sqrt(2.0) * 16e-8 / 12, 1e-12);
}

TEST(SurMassProperties, TheDocumentReadingSumsInTreeOrder) {
    // IVP sums the mass centre from the last ledge to the first, the document from the first to
    // the last. Ledge 0 is a flat plate at z = 1e14, whose huge terms cancel; ledge 1 a small box.
    // Summed cube first, the cube's terms are lost in the plate's; plate first, they are kept.
    // Each reading must equal its order's sum written plainly, and the two must differ.
    SurModel m;
    const std::vector<std::uint32_t> ledges = {
        add_hull(m, {{0.1f, 0.3f, 1e14f}, {1.7f, 0.2f, 1e14f}, {1.3f, 1.9f, 1e14f}, {0.2f, 1.1f, 1e14f}},
                 {{0, 1, 2}, {0, 2, 3}, {1, 0, 3}, {1, 3, 2}}),
        add_hull(m, box_points({0.1f, 0.3f, 0.7f}, {1.37f, 1.91f, 1.13f}), box_triangles())};
    auto plain = [&](bool forward) {
        double s_det = 0, s_c = 0;
        for (std::size_t k = 0; k < ledges.size(); ++k) {
            const IndexRange f = m.ledges.faces[ledges[forward ? k : ledges.size() - 1 - k]];
            for (std::uint32_t t = f.first; t < f.end(); ++t) {
                double p[3][3];
                for (int v = 0; v < 3; ++v) {
                    const std::uint32_t i = m.edges.point[3 * t + v];
                    p[v][0] = m.points.x[i], p[v][1] = m.points.y[i], p[v][2] = m.points.z[i];
                }
                const double u[3] = {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
                const double w[3] = {p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
                const double n[3] = {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
                const double det = n[0] * p[0][0] + n[1] * p[0][1] + n[2] * p[0][2];
                s_det += det;
                s_c += det * ((p[0][0] + p[1][0] + p[2][0]) / 4.0);
            }
        }
        return static_cast<float>(s_c / s_det);
    };
    auto ivp = mass_properties(m, 0, ledges);
    auto doc = mass_properties(m, 0, ledges, kDocumentReading);
    ASSERT_TRUE(ivp.ok() && doc.ok());
    ASSERT_FALSE(ivp->fallback);
    EXPECT_EQ(ivp->mass_center[0], plain(false));
    EXPECT_EQ(doc->mass_center[0], plain(true));
    EXPECT_NE(ivp->mass_center[0], doc->mass_center[0]);
}

TEST(SurMassProperties, UniformInertiaIsWithinOnePartInTenThousand) {
    EXPECT_TRUE(uniform_inertia({10000.0f, 10001.0f, 10000.5f}));  // max = 1.0001 × min exactly
    EXPECT_FALSE(uniform_inertia({10000.0f, 10001.001f, 10000.5f}));
    EXPECT_TRUE(uniform_inertia({2.0f, 2.0f, 2.0f}));
    // A cube's derived inertia is uniform, a 1 × 1 × 2 box's is not.
    EXPECT_TRUE(uniform_inertia(props(hull_soup(box_points({0, 0, 0}, {1, 1, 1}), box_triangles())).rotation_inertia));
    EXPECT_FALSE(uniform_inertia(props(hull_soup(box_points({0, 0, 0}, {1, 1, 2}), box_triangles())).rotation_inertia));
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
