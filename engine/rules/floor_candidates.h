// The floor rule's sixteen candidates on one axis, havok-compressed-mesh.txt ("The stored nibbles
// follow the floor of a square root": "h is the largest nibble with parent min + e × h² ⁄ 226 not
// past the minimum of what lies below the node, and likewise l on the maximum side"). For every
// n = 0..15 at once, four SSE lanes at a time, in the decoder's own f32 arithmetic (shrink_axis
// with mesh::BoxRule::kProductFirst: each lane does the scalar IEEE operation in the rule's order):
// the child's min for high nibble n, its max for low nibble n, and which of them fit what lies
// below. The rule's two readings are read off them (floor_rule.h), the child's box with them
// instead of shrinking again.
#pragma once

#include <bit>
#include <cstdint>

#include <xmmintrin.h>  // SSE, the x86-64 baseline

#include "engine/mesh/static_tree_codec.h"  // mesh::detail::kNibbleSquare

namespace meshproof::rules {

struct FloorCandidates {
    alignas(16) float min[16];  // parent min + (e × n²) / 226: shrink_axis's out_min for high nibble n
    alignas(16) float max[16];  // parent max − (e × n²) / 226: its out_max for low nibble n
    unsigned min_fits = 0;      // bit n: min[n] <= below min (false on NaN)
    unsigned max_fits = 0;      // bit n: max[n] >= below max (false on NaN)

    // The largest n in 1..15 that fits (0 if none): the rule scanned from 15 down.
    static int largest_fit(unsigned fits) { return std::bit_width((fits & 0xFFFEu) | 1u) - 1; }
    // The run of fits from 1 (with a positive extent the fits are 0..N without a gap).
    static int run_of_fits(unsigned fits) { return std::countr_one(fits >> 1); }
};

inline FloorCandidates floor_candidates(float parent_min, float parent_max, float below_min, float below_max) {
    const float* const squares = mesh::detail::kNibbleSquare;  // 16-byte aligned
    FloorCandidates c;
    const __m128 extent = _mm_set1_ps(parent_max - parent_min), steps = _mm_set1_ps(226.0f);
    const __m128 lo0 = _mm_set1_ps(parent_min), hi0 = _mm_set1_ps(parent_max);
    const __m128 below_lo = _mm_set1_ps(below_min), below_hi = _mm_set1_ps(below_max);
    for (int q = 0; q < 4; ++q) {
        const __m128 step = _mm_div_ps(_mm_mul_ps(extent, _mm_load_ps(squares + 4 * q)), steps);
        const __m128 lo = _mm_add_ps(lo0, step), hi = _mm_sub_ps(hi0, step);
        _mm_store_ps(c.min + 4 * q, lo);
        _mm_store_ps(c.max + 4 * q, hi);
        c.min_fits |= static_cast<unsigned>(_mm_movemask_ps(_mm_cmple_ps(lo, below_lo))) << (4 * q);
        c.max_fits |= static_cast<unsigned>(_mm_movemask_ps(_mm_cmple_ps(below_hi, hi))) << (4 * q);
    }
    return c;
}

}  // namespace meshproof::rules
