// Sine, cosine and hypotenuse of our own (engine/core/portable_trig.h): close to the C library's,
// and the same bits on every platform, so that a seed writes one install everywhere and a shape's
// geometry is the same on every build.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include <gtest/gtest.h>

#include "engine/core/portable_trig.h"

namespace meshproof {
namespace {

double ulp(double v) {
    const double a = std::fabs(v);
    return std::nextafter(a, std::numeric_limits<double>::infinity()) - a;
}

// The C libraries' own sin and cos are not all correctly rounded (mingw-w64's are off by more
// than glibc's near their zeros), so the measure is absolute: within two units in the last place
// of 1 over |x| <= 8, where every angle the writer uses lies, and where the value is at least 1/2
// in size within two of its own units in the last place; within 2e-15 far out, where the
// reduction's digits run short (and the C libraries' own results differ by about that much).
TEST(PortableTrig, CloseToTheCLibraryOverTheWritersAngles) {
    double worst = 0, worst_ulps = 0;
    for (int i = -400000; i <= 400000; ++i) {
        const double x = 8.0 * i / 400000.0 + 1e-7 * (i % 7);
        for (const auto& [mine, theirs] :
             {std::pair{portable_sin(x), std::sin(x)}, std::pair{portable_cos(x), std::cos(x)}}) {
            worst = std::max(worst, std::fabs(mine - theirs));
            if (std::fabs(theirs) >= 0.5) worst_ulps = std::max(worst_ulps, std::fabs(mine - theirs) / ulp(theirs));
        }
    }
    EXPECT_LE(worst, 2 * ulp(1.0));
    EXPECT_LE(worst_ulps, 2.0);
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
    EXPECT_LE(worst, 2e-15);
}

TEST(PortableTrig, HypotenuseWithinTwoUlpsOfTheCLibrarys) {
    EXPECT_EQ(portable_hypot(3.0, 4.0), 5.0);
    EXPECT_EQ(portable_hypot(-3.0, 0.0), 3.0);
    double worst = 0;
    for (int i = 1; i <= 20000; ++i) {
        const double x = std::ldexp(1.0, i % 40 - 20) * (1.0 + i * 1e-4), y = (i % 3 - 1) * 0.37 * x + 1e-3 * i;
        const double h = std::hypot(x, y);
        worst = std::max(worst, std::fabs(portable_hypot(x, y) - h) / ulp(h));
    }
    EXPECT_LE(worst, 2.0);
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
}  // namespace meshproof
