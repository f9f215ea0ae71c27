// Sine and cosine for the synthetic writer's angles, from IEEE-754 additions, multiplications and
// divisions only, so that every build writes the same install for a seed. The C libraries' sinf
// and cosf differ in the last bit between glibc and mingw-w64, and a writer that called them wrote
// an Elden Ring install on Windows that differed from Linux's in two bytes.
//
// The angle is reduced by the nearest multiple of π/2 (π/2 in two parts, the first with its low
// bits zero so that k × part is exact) to |r| ≤ π/4, then sin r and cos r are their Taylor series
// to r¹⁷ and r¹⁸, summed by Horner's rule in double; the quadrant picks ±sin or ±cos. For |x| ≤ 8
// (the writer's angles are below 2π) within two units in the last place of 1 of the C library's
// double sin and cos, within 2e-15 up to 2²⁰ (the tests); larger angles lose digits in the
// reduction.
#pragma once

namespace meshproof::synth {

double portable_sin(double x);
double portable_cos(double x);
// The float angles the writer uses: computed in double, rounded once to float.
float portable_sinf(float x);
float portable_cosf(float x);

}  // namespace meshproof::synth
