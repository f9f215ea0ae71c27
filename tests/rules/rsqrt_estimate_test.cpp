// The emulated reciprocal-square-root table of havok-compressed-mesh.txt ("the reciprocal square
// root of the middle of a cell of 2¹³ units in the last place of s ..., rounded to the nearest
// multiple of 2¹¹ units in the last place of the result") as a pure function.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "engine/rules/rsqrt_estimate.h"

namespace meshproof::rules {
namespace {

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
float from_bits(std::uint32_t u) { return std::bit_cast<float>(u); }

// Every cell of both parities over a spread of exponents: first, middle and last value of a cell.
template <class Fn>
void for_cells(Fn fn) {
    for (std::uint32_t exponent : {1u, 2u, 60u, 101u, 126u, 127u, 128u, 129u, 200u, 253u, 254u})
        for (std::uint32_t top = 0; top < 1024; ++top) {
            const std::uint32_t base = (exponent << 23) | (top << 13);
            fn(base, base + 0x1000u, base + 0x1FFFu);
        }
}

TEST(RsqrtTable, ConstantOnEachCellOf8192Ulps) {
    for_cells([](std::uint32_t first, std::uint32_t middle, std::uint32_t last) {
        const float r = rsqrt_table_estimate(from_bits(first));
        ASSERT_EQ(bits(r), bits(rsqrt_table_estimate(from_bits(middle)))) << std::hex << first;
        ASSERT_EQ(bits(r), bits(rsqrt_table_estimate(from_bits(last)))) << std::hex << first;
    });
}

TEST(RsqrtTable, LookupEqualsTheDefinition) {
    for_cells([](std::uint32_t first, std::uint32_t middle, std::uint32_t) {
        ASSERT_EQ(bits(rsqrt_table_estimate(from_bits(first))), bits(rsqrt_table_definition(from_bits(first))))
            << std::hex << first;
        ASSERT_EQ(bits(rsqrt_table_estimate(from_bits(middle))), bits(rsqrt_table_definition(from_bits(middle))));
    });
    // A hand check of one cell: s = 1 lies in the cell [1, 1 + 2¹³ ulps); its middle is
    // 1 + 2⁻¹¹; 1 ⁄ √(1 + 2⁻¹¹) = 0.999755889… rounded to 13 significant bits (a step of 2⁻¹³
    // in [0.5, 1)) is 8190 × 2⁻¹³.
    EXPECT_EQ(rsqrt_table_estimate(1.0f), 8190.0f / 8192.0f);
}

TEST(RsqrtTable, ResultsAreMultiplesOf2048Ulps) {
    for_cells([](std::uint32_t first, std::uint32_t, std::uint32_t) {
        ASSERT_EQ(bits(rsqrt_table_estimate(from_bits(first))) & 0x7FFu, 0u) << std::hex << first;
    });
}

TEST(RsqrtTable, MonotoneNonIncreasing) {
    // Over every cell from the smallest normal to the largest finite value, in order.
    float previous = std::numeric_limits<float>::infinity();
    for (std::uint32_t u = 0x00800000u; u < 0x7F800000u; u += 0x2000u) {
        const float r = rsqrt_table_estimate(from_bits(u));
        ASSERT_LE(r, previous) << std::hex << u;
        previous = r;
    }
}

TEST(RsqrtTable, RelativeErrorBelow2ToMinus11) {
    double worst = 0;
    for (std::uint32_t u = 0x00800000u; u < 0x7F800000u; u += 0x7FFu) {  // a stride prime to the cell width
        const float s = from_bits(u);
        const double exact = 1.0 / std::sqrt(static_cast<double>(s));
        const double err = std::abs(static_cast<double>(rsqrt_table_estimate(s)) - exact) / exact;
        worst = std::max(worst, err);
        ASSERT_LT(err, 0x1p-11) << std::hex << u;
    }
    // The estimate is coarse on purpose: more than a float's exactness, less than the bound.
    EXPECT_GT(worst, 0x1p-14);
}

TEST(RsqrtTable, ScalesByPowersOfFourAcrossExponentsOfOneParity) {
    for (float s : {1.0f, 1.37f, 2.5f, 3.999f, 0.3f, 12345.678f}) {
        EXPECT_EQ(rsqrt_table_estimate(s * 4.0f), rsqrt_table_estimate(s) * 0.5f) << s;
        EXPECT_EQ(rsqrt_table_estimate(s * 0x1p-40f), rsqrt_table_estimate(s) * 0x1p20f) << s;
    }
}

TEST(RsqrtTable, EdgeValues) {
    EXPECT_EQ(rsqrt_table_estimate(0.0f), std::numeric_limits<float>::infinity());
    EXPECT_EQ(rsqrt_table_estimate(std::numeric_limits<float>::infinity()), 0.0f);
    EXPECT_TRUE(std::isnan(rsqrt_table_estimate(-1.0f)));
    EXPECT_TRUE(std::isnan(rsqrt_table_estimate(std::numeric_limits<float>::quiet_NaN())));
    const float sub = from_bits(0x00012345u);  // subnormal: lifted, estimated, scaled back
    EXPECT_EQ(rsqrt_table_estimate(sub), rsqrt_table_definition(sub));
    const double exact = 1.0 / std::sqrt(static_cast<double>(sub));
    EXPECT_LT(std::abs(rsqrt_table_estimate(sub) - exact) / exact, 0x1p-11);
}

TEST(RsqrtEstimate, ModesAndNewtonStep) {
    EXPECT_EQ(rsqrt_exact(4.0f), 0.5f);
    EXPECT_EQ(rsqrt_estimate(2.0f, RsqrtMode::kTable), rsqrt_table_estimate(2.0f));
    EXPECT_EQ(rsqrt_estimate(2.0f, RsqrtMode::kExact), rsqrt_exact(2.0f));
    if (host_rsqrtps_available()) {
        const float h = rsqrt_host(2.0f);
        EXPECT_LT(std::abs(h - 0.70710678f), 0.70710678f * 0x1p-11f);  // rsqrtss: 1.5 × 2⁻¹² relative
    }
    // One Newton step takes the 2⁻¹¹-accurate table to within a few float ulps.
    for (float s : {0.001f, 1.0f, 2.0f, 3.3f, 97.5f, 1e6f}) {
        const float r = newton_refine(rsqrt_table_estimate(s), s);
        const double exact = 1.0 / std::sqrt(static_cast<double>(s));
        EXPECT_LT(std::abs(r - exact) / exact, 16 * 0x1p-24) << s;
    }
    const Vec3f u = unit_vector({3.0f, 0.0f, 4.0f}, RsqrtMode::kTable);
    EXPECT_NEAR(u.x, 0.6f, 1e-6f);
    EXPECT_NEAR(u.z, 0.8f, 1e-6f);
    EXPECT_EQ(rsqrt_mode_name(RsqrtMode::kHostRsqrtps), "host-rsqrtps");
}

}  // namespace
}  // namespace meshproof::rules
