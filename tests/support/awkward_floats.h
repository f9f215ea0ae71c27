// Random floats for the tests that hold a fast form of an exact rule to the rule written plainly
// (tests/rules/fast_rule_forms_test.cpp, tests/rules/floor_candidates_test.cpp,
// tests/verifiers/control_boxes_test.cpp): a small LCG, and a plain value replaced now and then by
// an awkward one (NaN, ±inf, the smallest subnormal, ±0). One copy for every test file.
#pragma once

#include <cstdint>
#include <limits>

namespace meshproof::test {

struct Rng {
    std::uint64_t s;
    std::uint32_t next() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(s >> 33);
    }
    float unit() { return static_cast<float>(next() & 0xFFFFFF) / float(1 << 24); }
};

// A float from a small set of awkward values, or a plain one.
inline float awkward(Rng& r, float plain) {
    switch (r.next() % 40) {
        case 0: return std::numeric_limits<float>::quiet_NaN();
        case 1: return std::numeric_limits<float>::infinity();
        case 2: return -std::numeric_limits<float>::infinity();
        case 3: return std::numeric_limits<float>::denorm_min();
        case 4: return 0.0f;
        case 5: return -0.0f;
        default: return plain;
    }
}

}  // namespace meshproof::test
