// The synthetic writer's own PRNG (splitmix64): same seed, same stream, on every platform.
// Never std::random_device, never a distribution of the standard library (their outputs are
// implementation-defined); every draw below is integer arithmetic or an exact conversion.
#pragma once

#include <cstdint>

namespace meshproof::synth {

struct SplitMix64 {
    std::uint64_t state = 0;

    explicit SplitMix64(std::uint64_t seed) : state(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // [0, n) for n > 0 (the tiny modulo bias is irrelevant here and deterministic).
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
    // [0, 1) with 24 bits: exact in f32.
    float unit() { return static_cast<float>(next() >> 40) * (1.0f / 16777216.0f); }
    float range(float lo, float hi) { return lo + (hi - lo) * unit(); }
};

// A child seed: the same (seed, salt) always gives the same stream, independent of the order
// in which the children are built (members are built in parallel).
inline std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t salt) {
    SplitMix64 r(seed ^ (salt * 0xD1B54A32D192ED03ull));
    r.next();
    return r.next();
}

}  // namespace meshproof::synth
