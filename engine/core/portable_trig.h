// Sine and cosine from IEEE-754 additions, multiplications and divisions only, and a hypotenuse by
// one square root: the same bits from every conforming build, where the C libraries' own differ
// (glibc's and mingw-w64's sinf and cosf in the last bit for some angles; hypot need not be
// correctly rounded). The synthetic writer takes its angles from here, so that a seed writes one
// install everywhere (a writer that called sinf and cosf wrote an Elden Ring install on Windows that
// differed from Linux's in two bytes), and so do the shape geometries the passes measure against.
//
// The angle is reduced by the nearest multiple of π/2 (π/2 in two parts, the first with its low
// bits zero so that k × part is exact) to |r| ≤ π/4, then sin r and cos r are their Taylor series
// to r¹⁷ and r¹⁸, summed by Horner's rule in double; the quadrant picks ±sin or ±cos. For |x| ≤ 8
// within two units in the last place of 1 of the C library's double sin and cos, within 2e-15 up
// to 2²⁰ (the tests); larger angles lose digits in the reduction.
#pragma once

#include <cmath>

namespace meshproof {

double portable_sin(double x);
double portable_cos(double x);
// Float angles: computed in double, rounded once to float.
float portable_sinf(float x);
float portable_cosf(float x);
// √(x² + y²), the squares and their sum rounded as written (no guard against overflow: for lengths
// far below 1e150).
inline double portable_hypot(double x, double y) { return std::sqrt(x * x + y * y); }

}  // namespace meshproof
