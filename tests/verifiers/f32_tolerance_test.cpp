// verifiers::f32_ulp reads the ulp off the double's exponent bits: the same as the spacing of f32
// values at the magnitude written with frexp and ldexp, on random magnitudes over the whole range
// and the edges (FLT_MIN, powers of two and their neighbours, subnormals, zero, ±inf, NaN, f32
// overflow).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "verifiers/f32_tolerance.h"

namespace meshproof::verifiers {
namespace {

double ulp_by_frexp(double m) {
    m = std::fabs(m);
    if (!(m >= static_cast<double>(std::numeric_limits<float>::min()))) return std::numeric_limits<float>::denorm_min();
    if (std::isinf(m)) return std::numeric_limits<double>::infinity();
    int e = 0;
    std::frexp(m, &e);
    return std::ldexp(1.0, e - 24);
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(F32Tolerance, UlpFromTheExponentBitsEqualsFrexpAndLdexp) {
    std::uint64_t s = 5;
    int checked = 0;
    for (int i = 0; i < 400000; ++i) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        double m = 0;
        std::uint64_t bits = s;
        std::memcpy(&m, &bits, sizeof m);  // any double at all, NaN and both signs included
        if (i % 2) m = std::ldexp(static_cast<double>(s >> 11) / 9007199254740992.0, static_cast<int>(s % 300) - 150);
        ASSERT_TRUE(same_bits(f32_ulp(m), ulp_by_frexp(m))) << m;
        ++checked;
    }
    const double fmin = std::numeric_limits<float>::min();
    for (double m : {0.0, -0.0, fmin, std::nextafter(fmin, 0.0), std::nextafter(fmin, 1.0), 1.0,
                     std::nextafter(1.0, 0.0), 305.0, -305.0, 4e-7, 3.5e38, 1e300, std::numeric_limits<double>::max(),
                     std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::infinity(),
                     -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()})
        EXPECT_TRUE(same_bits(f32_ulp(m), ulp_by_frexp(m))) << m;
    EXPECT_EQ(f32_ulp(305), std::ldexp(1.0, -15));
    EXPECT_EQ(f32_ulp(1.0), std::ldexp(1.0, -23));
    EXPECT_EQ(f32_ulp(0), std::numeric_limits<float>::denorm_min());
    EXPECT_EQ(checked, 400000);
}

}  // namespace
}  // namespace meshproof::verifiers
