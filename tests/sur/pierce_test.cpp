// IVP's pierce pairing (ivp-surface-notes.md §6; issue 17) on hand-built hulls: the −1e-6
// threshold from both sides, the overwrite (not an involution), double-sided flat triangles,
// ties (first minimum), zero-area faces, and a tie that the double and f32 readings break
// differently. The retail-sample figure (37,758 of 43,586) is in tests/pipeline/sur_derive_run_test.
#include <gtest/gtest.h>

#include "engine/sur/pierce.h"
#include "tests/sur/hull_soup.h"

namespace meshproof::sur {
namespace {

std::vector<std::int32_t> pierce_of(const SurModel& m, PierceArithmetic a = PierceArithmetic::kIvpDouble) {
    std::vector<std::int32_t> out;
    std::vector<double> scratch;
    auto ok = derive_pierce(m, 0, out, scratch, a);
    EXPECT_TRUE(ok.ok());
    return out;
}

// Face 0 faces +z; face 1 has the normal (1, 0, −e): dot = −e / sqrt(1 + e²).
SurModel near_perpendicular(float e) {
    return hull_soup({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {e, 0, 1}}, {{0, 1, 2}, {0, 2, 3}});
}

TEST(SurPierce, ThresholdIsStrictlyBelowMinusOneMillionth) {
    // e = 2e-6: dot ≈ −2e-6 < −1e-6, the two pair.
    EXPECT_EQ(pierce_of(near_perpendicular(2e-6f)), (std::vector<std::int32_t>{1, 0}));
    // e = 5e-7: dot ≈ −5e-7 is above −1e-6, no partner.
    EXPECT_EQ(pierce_of(near_perpendicular(5e-7f)), (std::vector<std::int32_t>{-1, -1}));
    // e = 0: perpendicular, dot 0.
    EXPECT_EQ(pierce_of(near_perpendicular(0)), (std::vector<std::int32_t>{-1, -1}));
}

TEST(SurPierce, DoubleSidedFlatTrianglesPierceEachOther) {
    EXPECT_EQ(pierce_of(hull_soup({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 2}, {0, 2, 1}})),
              (std::vector<std::int32_t>{1, 0}));
}

TEST(SurPierce, FirstMinimumWinsAndALaterPairingOverwrites) {
    // Face 0 up, faces 1 and 2 both exactly down. Face 0 takes 1 (first of the tie), 1 takes 0;
    // face 2 is still unpaired, takes 0 (its first minimum) and 0 is overwritten to 2: 0 ↔ 2, 1 → 0.
    const SurModel m = hull_soup({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}},
                                 {{0, 1, 2}, {3, 5, 4}, {0, 2, 1}});
    EXPECT_EQ(pierce_of(m), (std::vector<std::int32_t>{2, 0, 0}));
}

TEST(SurPierce, PairedFacesAreSkippedAsSeekersNotAsCandidates) {
    // Faces 0 and 2 face up, face 1 down: 0 → 1 and 1 → 0; face 2 is unpaired and takes 1 again,
    // which now points at 2 while 0 still points at 1.
    const SurModel m = hull_soup({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}},
                                 {{0, 1, 2}, {0, 2, 1}, {3, 4, 5}});
    EXPECT_EQ(pierce_of(m), (std::vector<std::int32_t>{1, 2, 1}));
}

TEST(SurPierce, ZeroAreaFaceIsNeitherSeekerNorCandidate) {
    const SurModel m = hull_soup({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}}, {{0, 1, 3}, {0, 1, 2}, {0, 2, 1}});
    EXPECT_EQ(pierce_of(m), (std::vector<std::int32_t>{-1, 2, 1}));
}

TEST(SurPierce, DoubleAndF32BreakAnExactTieDifferently) {
    // Face 0 faces +z; faces 1 and 2 are mirror images (x ↔ y, winding kept by rotating the
    // corners), so in exact arithmetic both are equally opposite to face 0 and the first would
    // win. The rounding of each reading decides: IVP's double normals make face 2 the more
    // opposite, the f32 reading face 1. (Found by a search over 0.1-grid triangles.)
    const Xyz a{0x1p-1f, -0x1p-1f, 0x1.e66666p+0f}, b{-0x1.99999ap-4f, -0x1.333334p-1f, -0x1p-1f},
        c{-0x1.cccccep-1f, 0x1.666666p+0f, -0x1.99999ap-3f};
    const SurModel m = hull_soup(
        {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, a, b, c, {a[1], a[0], a[2]}, {c[1], c[0], c[2]}, {b[1], b[0], b[2]}},
        {{0, 1, 2}, {3, 4, 5}, {7, 8, 6}});
    EXPECT_EQ(pierce_of(m), (std::vector<std::int32_t>{2, 0, 0}));
    EXPECT_EQ(pierce_of(m, PierceArithmetic::kFloat), (std::vector<std::int32_t>{1, 0, 0}));
}

// ctest-labels: hostile
TEST(SurPierce, HostileIndicesAreRefused) {
    SurModel m = hull_soup({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 2}});
    std::vector<std::int32_t> out;
    std::vector<double> scratch;
    EXPECT_FALSE(derive_pierce(m, 1, out, scratch).ok());
    m.edges.point[2] = 99;
    EXPECT_FALSE(derive_pierce(m, 0, out, scratch).ok());
    m.ledges.faces[0].count = 5;
    EXPECT_FALSE(derive_pierce(m, 0, out, scratch).ok());
}

}  // namespace
}  // namespace meshproof::sur
