// The synthetic writer's sine and cosine (engine/synth/portable_trig.h): close to the C library's,
// and the same bits on every platform, so that a seed writes one install everywhere.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

#include "engine/synth/portable_trig.h"

namespace meshproof::synth {
namespace {

double ulp(double v) {
    const double a = std::fabs(v);
    return std::nextafter(a, std::numeric_limits<double>::infinity()) - a;
}

TEST(PortableTrig, WithinTwoUlpsOfTheCLibraryOverTheWritersAngles) {
    double worst = 0;
    for (int i = -400000; i <= 400000; ++i) {
        const double x = 8.0 * i / 400000.0 + 1e-7 * (i % 7);
        const double s = std::sin(x), c = std::cos(x);
        worst = std::max({worst, std::fabs(portable_sin(x) - s) / ulp(s), std::fabs(portable_cos(x) - c) / ulp(c)});
    }
    EXPECT_LE(worst, 2.0);
    EXPECT_EQ(portable_sin(0.0), 0.0);
    EXPECT_EQ(portable_cos(0.0), 1.0);
}

TEST(PortableTrig, CloseToTheCLibraryFarOut) {
    double worst = 0;
    for (int i = 0; i <= 100000; ++i) {
        const double x = std::ldexp(1.0, 20) * i / 100000.0;
        worst = std::max({worst, std::fabs(portable_sin(x) - std::sin(x)), std::fabs(portable_cos(x) - std::cos(x)),
                          std::fabs(portable_sin(-x) + std::sin(x))});
    }
    EXPECT_LE(worst, 1e-15);
}

TEST(PortableTrig, NotANumberInNotANumberOut) {
    EXPECT_TRUE(std::isnan(portable_sin(std::numeric_limits<double>::infinity())));
    EXPECT_TRUE(std::isnan(portable_cos(-std::numeric_limits<double>::infinity())));
    EXPECT_TRUE(std::isnan(portable_sinf(std::numeric_limits<float>::quiet_NaN())));
}

// The float forms the writer calls, on its own angles: within a float unit of the double result,
// and these bits on every platform (the Windows build runs this test too). The values were the
// Linux build's when the writer moved to these functions.
TEST(PortableTrig, TheWritersFloatAnglesGiveTheseBitsEverywhere) {
    for (int k = 0; k < 8; ++k) {
        const float a = 0.78539816f * static_cast<float>(k);
        EXPECT_LE(std::fabs(portable_sinf(a) - static_cast<float>(std::sin(double{a}))), 1.2e-7f) << k;
        EXPECT_LE(std::fabs(portable_cosf(a) - static_cast<float>(std::cos(double{a}))), 1.2e-7f) << k;
    }
    EXPECT_EQ(std::bit_cast<std::uint32_t>(portable_sinf(1.04719755f)), 0x3F5DB3D8u);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(portable_cosf(5.0f * 1.04719755f)), 0x3EFFFFFDu);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(portable_sinf(6.2831853f * 0.3f)), 0x3F737870u);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(portable_cos(6.283185307179586 * 5.0 / 12.0)), 0xBFEBB67AE8584CABull);
}

}  // namespace
}  // namespace meshproof::synth
