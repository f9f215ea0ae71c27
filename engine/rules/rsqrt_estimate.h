// The reciprocal square root estimate of the interior-bit pass (havok-compressed-mesh.txt,
// triangleIsInterior): "a unit vector made from the reciprocal square root estimate r of its
// squared length s by one Newton step, (3 − (r s) r)(r ⁄ 2)". Which edges are convex is often
// decided by a rounding step, and the estimate decides it, so the estimate is a parameter:
//
//   kTable       the document's emulated table: "the reciprocal square root of the middle of a
//                cell of 2¹³ units in the last place of s (cells that share an exponent parity and
//                the top ten mantissa bits), rounded to the nearest multiple of 2¹¹ units in the
//                last place of the result". The one that reproduces every stored bit.
//   kExact       1 ⁄ √s correctly rounded to single precision (a reported alternative).
//   kHostRsqrtps this processor's rsqrtss (a reported alternative; differs between vendors, so a
//                figure computed with it is a property of the host, not of the files).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <string_view>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace meshproof::rules {

enum class RsqrtMode : std::uint8_t { kTable, kExact, kHostRsqrtps };
std::string_view rsqrt_mode_name(RsqrtMode mode);  // "table", "exact", "host-rsqrtps"

// Whether kHostRsqrtps can run here (an SSE build); when not, that mode falls back to kExact and
// callers should report the alternative as unavailable.
bool host_rsqrtps_available();

// The document's table as a pure function: constant on each cell of 2¹³ ulps, exact power-of-four
// scaling between exponents of the same parity. s == 0 gives +inf, s < 0 or NaN gives NaN,
// +inf gives 0 (as the hardware instruction does).
float rsqrt_table_estimate(float s);

// The same value computed from the definition alone (double arithmetic on the cell's middle, no
// lookup table): what the tests hold the table against.
float rsqrt_table_definition(float s);

// The table's 2048 words (exponent parity × top ten mantissa bits, results for s in [1, 4)), for
// hot loops that inline the lookup below.
const std::uint32_t* rsqrt_table_cells();

// rsqrt_table_estimate inlined: normal positive s from `cells`, everything else out of line.
inline float rsqrt_table_lookup(const std::uint32_t* cells, float s) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(s);
    if (bits - 0x00800000u >= 0x7F000000u) return rsqrt_table_estimate(s);  // 0, subnormal, inf, NaN, negative
    const std::uint32_t exponent = bits >> 23;
    const std::uint32_t parity = exponent & 1u;
    // s = s₀ × 4^k with s₀ in the reference octave of its parity (2^0 for odd, 2^1 for even
    // biased exponents), so r = r₀ × 2^−k: subtract k from the result's exponent.
    const std::int32_t k = (static_cast<std::int32_t>(exponent) - (parity ? 127 : 128)) / 2;
    const std::uint32_t r0 = cells[(parity << 10) | ((bits >> 13) & 1023u)];
    return std::bit_cast<float>(static_cast<std::uint32_t>(static_cast<std::int32_t>(r0) - k * (1 << 23)));
}

// Inline: the interior pass calls them once per face and edge of every mesh.
inline float rsqrt_exact(float s) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(s))); }
inline float rsqrt_host(float s) {  // rsqrtss, or rsqrt_exact without SSE
#if defined(__SSE__)
    return _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(s)));
#else
    return rsqrt_exact(s);
#endif
}

float rsqrt_estimate(float s, RsqrtMode mode);

// One Newton step from the estimate r of 1 ⁄ √s, in single precision in the document's order:
// (3 − (r s) r)(r ⁄ 2).
inline float newton_refine(float r, float s) { return (3.0f - (r * s) * r) * (r * 0.5f); }

struct Vec3f {
    float x = 0, y = 0, z = 0;
};

// v × refine(estimate(|v|²)), |v|² summed x² + y² + z² left to right.
inline float squared_length(Vec3f v) { return v.x * v.x + v.y * v.y + v.z * v.z; }
inline Vec3f unit_vector(Vec3f v, RsqrtMode mode) {
    const float s = squared_length(v);
    const float r = newton_refine(rsqrt_estimate(s, mode), s);
    return {v.x * r, v.y * r, v.z * r};
}

}  // namespace meshproof::rules
