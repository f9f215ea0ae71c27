#include "engine/rules/rsqrt_estimate.h"

#include <array>
#include <bit>
#include <cmath>
#include <limits>

namespace meshproof::rules {
namespace {

constexpr std::uint32_t kCellBits = 13;    // a cell is 2¹³ ulps of s
constexpr std::uint32_t kResultStep = 11;  // results are multiples of 2¹¹ ulps

// Biased exponent of the reference octave of each parity: s in [2, 4) for even, [1, 2) for odd.
constexpr std::uint32_t reference_exponent(std::uint32_t parity) { return parity ? 127u : 128u; }

// The definition for a normal positive s: the cell's middle, its reciprocal square root in double,
// rounded to the nearest multiple of 2¹¹ ulps of the single-precision result.
float definition_normal(std::uint32_t bits) {
    const std::uint32_t middle_bits = (bits & ~((1u << kCellBits) - 1u)) | (1u << (kCellBits - 1u));
    const double middle = static_cast<double>(std::bit_cast<float>(middle_bits));
    const double r = 1.0 / std::sqrt(middle);
    int e = 0;
    std::frexp(r, &e);  // r = f × 2^e, f in [0.5, 1): one ulp of the float is 2^(e − 24)
    const int step_exponent = e - 24 + static_cast<int>(kResultStep);
    const double q = std::nearbyint(std::ldexp(r, -step_exponent));
    return static_cast<float>(std::ldexp(q, step_exponent));
}

// 2 × 1024 entries: exponent parity × top ten mantissa bits, for the reference octaves.
struct CellTable {
    std::array<std::uint32_t, 2048> bits{};
    CellTable() {
        for (std::uint32_t parity = 0; parity < 2; ++parity)
            for (std::uint32_t top = 0; top < 1024; ++top) {
                const std::uint32_t s_bits = (reference_exponent(parity) << 23) | (top << kCellBits);
                bits[(parity << 10) | top] = std::bit_cast<std::uint32_t>(definition_normal(s_bits));
            }
    }
};
const CellTable& cell_table() {
    static const CellTable table;  // built once, thread-safe static initialisation
    return table;
}

// Non-normal inputs, shared by the table and the definition: what the hardware estimate gives
// at the edges, and subnormals lifted by 2⁶⁴ into the normal range (exact) and scaled back.
template <class NormalFn>
float special_or(float s, NormalFn normal) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(s);
    if (std::isnan(s) || s < 0.0f) return std::numeric_limits<float>::quiet_NaN();
    if (s == 0.0f) return std::numeric_limits<float>::infinity();
    if (std::isinf(s)) return 0.0f;
    if ((bits >> 23) == 0) return normal(s * 0x1p64f) * 0x1p32f;  // subnormal
    return normal(s);
}

}  // namespace

std::string_view rsqrt_mode_name(RsqrtMode mode) {
    switch (mode) {
        case RsqrtMode::kTable: return "table";
        case RsqrtMode::kExact: return "exact";
        case RsqrtMode::kHostRsqrtps: return "host-rsqrtps";
    }
    return "?";
}

bool host_rsqrtps_available() {
#if defined(__SSE__)
    return true;
#else
    return false;
#endif
}

float rsqrt_table_estimate(float s) {
    return special_or(s, [](float v) {
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(v);
        const std::uint32_t exponent = bits >> 23;  // sign is 0 here
        const std::uint32_t parity = exponent & 1u;
        const std::uint32_t top = (bits >> kCellBits) & 1023u;
        // Same parity, so (exponent − reference) is even: s = s₀ × 4^k, r = r₀ × 2^−k exactly.
        const std::int32_t k =
            (static_cast<std::int32_t>(exponent) - static_cast<std::int32_t>(reference_exponent(parity))) / 2;
        const std::uint32_t r0 = cell_table().bits[(parity << 10) | top];
        return std::bit_cast<float>(static_cast<std::uint32_t>(static_cast<std::int32_t>(r0) - k * (1 << 23)));
    });
}

const std::uint32_t* rsqrt_table_cells() { return cell_table().bits.data(); }

float rsqrt_table_definition(float s) {
    return special_or(s, [](float v) { return definition_normal(std::bit_cast<std::uint32_t>(v)); });
}

float rsqrt_estimate(float s, RsqrtMode mode) {
    switch (mode) {
        case RsqrtMode::kTable: return rsqrt_table_estimate(s);
        case RsqrtMode::kExact: return rsqrt_exact(s);
        case RsqrtMode::kHostRsqrtps: return rsqrt_host(s);
    }
    return rsqrt_exact(s);
}

}  // namespace meshproof::rules
