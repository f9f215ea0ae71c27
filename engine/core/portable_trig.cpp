// See portable_trig.h.
#include "engine/core/portable_trig.h"

#include <array>
#include <cmath>

namespace meshproof {

namespace {

// π/2 = kHalfPiHigh + kHalfPiLow: the high part has 33 significant bits, so k × kHalfPiHigh is
// exact for every k below 2²⁰.
constexpr double kHalfPiHigh = 1.57079632673412561417e+00;
constexpr double kHalfPiLow = 6.07710050650619224932e-11;
constexpr double kTwoOverPi = 6.36619772367581382433e-01;

// 1 / n!, each a correctly rounded quotient of the one before (compile-time division: the same
// bits from every compiler).
constexpr std::array<double, 19> kInverseFactorial = [] {
    std::array<double, 19> v{};
    v[0] = 1.0;
    for (int n = 1; n < 19; ++n) v[n] = v[n - 1] / n;
    return v;
}();

// The series' coefficient of rⁿ: ±1 / n!, the sign alternating from + at n = 0 and n = 1.
constexpr double coefficient(int n) { return (n / 2) % 2 == 0 ? kInverseFactorial[n] : -kInverseFactorial[n]; }

// sin r for |r| ≤ π/4: r − r³/3! + r⁵/5! − … + r¹⁷/17!.
double sin_reduced(double r) {
    const double r2 = r * r;
    double p = coefficient(17);
    for (int n = 15; n >= 3; n -= 2) p = coefficient(n) + r2 * p;
    return r + r * (r2 * p);
}

// cos r for |r| ≤ π/4: 1 − r²/2! + r⁴/4! − … − r¹⁸/18!.
double cos_reduced(double r) {
    const double r2 = r * r;
    double p = coefficient(18);
    for (int n = 16; n >= 2; n -= 2) p = coefficient(n) + r2 * p;
    return 1.0 + r2 * p;
}

// x = k × π/2 + r: r and k mod 4.
double reduce(double x, int& quadrant) {
    const double k = std::floor(x * kTwoOverPi + 0.5);
    quadrant = static_cast<int>(k - 4.0 * std::floor(k / 4.0));
    return (x - k * kHalfPiHigh) - k * kHalfPiLow;
}

// sin(k × π/2 + r), k mod 4 being `quadrant`.
double sin_in_quadrant(double r, int quadrant) {
    switch (quadrant & 3) {
        case 0: return sin_reduced(r);
        case 1: return cos_reduced(r);
        case 2: return -sin_reduced(r);
        default: return -cos_reduced(r);
    }
}

}  // namespace

double portable_sin(double x) {
    if (!std::isfinite(x)) return x - x;  // NaN
    int q = 0;
    const double r = reduce(x, q);
    return sin_in_quadrant(r, q);
}

double portable_cos(double x) {  // cos x = sin(x + π/2): the next quadrant
    if (!std::isfinite(x)) return x - x;
    int q = 0;
    const double r = reduce(x, q);
    return sin_in_quadrant(r, q + 1);
}

float portable_sinf(float x) { return static_cast<float>(portable_sin(x)); }
float portable_cosf(float x) { return static_cast<float>(portable_cos(x)); }

}  // namespace meshproof
