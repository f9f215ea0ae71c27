// The containment tolerance of havok-compressed-mesh.txt: "within 16 f32 units in the last place
// of the largest magnitude among the coordinate, the box's bounds and the tree's domain on that
// axis". Excesses are measured in double (exact for f32 differences) and expressed in those ulps.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "engine/mesh/decoded_member.h"

namespace meshproof::verifiers {

inline constexpr double kLeafBoxToleranceUlps = 16.0;

// Spacing of f32 values at magnitude m (the ulp of the largest f32 not above |m|).
inline double f32_ulp(double m) {
    m = std::fabs(m);
    if (!(m >= static_cast<double>(std::numeric_limits<float>::min()))) return std::numeric_limits<float>::denorm_min();
    if (std::isinf(m)) return std::numeric_limits<double>::infinity();
    // m = 1.f × 2^(E − 1023), E its biased exponent: the leading bit is 2^(E − 1023) and the f32
    // ulp there 2^(E − 1023 − 23), the double whose biased exponent is E − 23 (≥ 874 from FLT_MIN
    // up) and whose fraction is 0; read off the bits (frexp and ldexp are calls, per coordinate).
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(m);
    return std::bit_cast<double>((bits & 0x7FF0000000000000ull) - (std::uint64_t{23} << 52));
}

// How far v lies outside [lo, hi], in ulps at the largest magnitude among v, lo, hi and the
// domain's bounds on the axis; 0 when inside (bounds included); +inf on a NaN.
inline double axis_excess_ulps(float v, float lo, float hi, float dom_lo, float dom_hi) {
    if (std::isnan(v) || std::isnan(lo) || std::isnan(hi)) return std::numeric_limits<double>::infinity();
    double beyond = 0;
    if (v < lo) beyond = static_cast<double>(lo) - v;
    else if (v > hi) beyond = static_cast<double>(v) - hi;
    if (beyond == 0) return 0;
    const double mag = std::max({std::fabs(double{v}), std::fabs(double{lo}), std::fabs(double{hi}),
                                 std::fabs(double{dom_lo}), std::fabs(double{dom_hi})});
    return beyond / f32_ulp(mag);
}

inline double point_excess_ulps(float x, float y, float z, const mesh::Box& box, const mesh::Box& domain) {
    const float p[3] = {x, y, z};
    double worst = 0;
    for (int a = 0; a < 3; ++a)
        worst = std::max(worst, axis_excess_ulps(p[a], box.min[a], box.max[a], domain.min[a], domain.max[a]));
    return worst;
}

inline double box_excess_ulps(const mesh::Box& inner, const mesh::Box& box, const mesh::Box& domain) {
    return std::max(point_excess_ulps(inner.min[0], inner.min[1], inner.min[2], box, domain),
                    point_excess_ulps(inner.max[0], inner.max[1], inner.max[2], box, domain));
}

// The three outcomes the document counts: "inside exactly and the rest within 2.8 units".
enum class Containment : std::uint8_t { kExact, kWithinTolerance, kOutside };
inline Containment classify_excess(double ulps) {
    if (ulps == 0) return Containment::kExact;
    return ulps <= kLeafBoxToleranceUlps ? Containment::kWithinTolerance : Containment::kOutside;
}

}  // namespace meshproof::verifiers
