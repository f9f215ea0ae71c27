// An IEEE 754 binary16 word read as a float: the document reads the third word of a point-set
// record "as a half float" (havok-compressed-mesh.txt, "it lies between 1.03 and 1.33").
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace meshproof::verifiers {

inline float half_to_float(std::uint16_t h) {
    const float sign = (h & 0x8000u) != 0 ? -1.0f : 1.0f;
    const int exponent = (h >> 10) & 0x1F;
    const int mantissa = h & 0x3FF;
    if (exponent == 0) return sign * std::ldexp(static_cast<float>(mantissa), -24);  // zero, subnormal
    if (exponent == 31)
        return mantissa == 0 ? sign * std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
    return sign * std::ldexp(static_cast<float>(1024 + mantissa), exponent - 25);
}

}  // namespace meshproof::verifiers
