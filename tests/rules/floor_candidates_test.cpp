// rules::floor_candidates (sixteen candidates of the floor rule in SSE lanes) against the rule
// written plainly: for each nibble n the scalar shrink_axis, the largest n from 15 down whose
// bound passes (the nibble pass's reading, also for an inverted or NaN parent) and the box that
// nibble gives, on random inputs with ties, zero and negative extents, NaN, ±inf and subnormals.
// Any bit of difference fails.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>

#include "engine/rules/floor_candidates.h"
#include "engine/mesh/static_tree_codec.h"
#include "tests/support/awkward_floats.h"

namespace meshproof::rules {
namespace {

using test::awkward;
using test::Rng;

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

struct Plain {
    int h = 0, l = 0;
    float min = 0, max = 0;
};

// The rule as written: each nibble scanned from 15 down, its bound by shrink_axis; the box by
// shrink_axis with the nibbles found.
Plain plain_rule(float pmin, float pmax, float bmin, float bmax) {
    Plain p;
    for (int n = 15; n > 0 && p.h == 0; --n) {
        float lo = 0, hi = 0;
        shrink_axis(pmin, pmax, static_cast<std::uint8_t>(n << 4), mesh::BoxRule::kProductFirst, lo, hi);
        if (lo <= bmin) p.h = n;
    }
    for (int n = 15; n > 0 && p.l == 0; --n) {
        float lo = 0, hi = 0;
        shrink_axis(pmin, pmax, static_cast<std::uint8_t>(n), mesh::BoxRule::kProductFirst, lo, hi);
        if (hi >= bmax) p.l = n;
    }
    shrink_axis(pmin, pmax, static_cast<std::uint8_t>(p.h << 4 | p.l), mesh::BoxRule::kProductFirst, p.min, p.max);
    return p;
}

TEST(FloorCandidates, LargestFitAndItsBoxEqualThePlainRule) {
    Rng r{11};
    int inverted = 0, nonzero = 0;
    for (int i = 0; i < 300000; ++i) {
        const float scale = std::ldexp(1.0f, static_cast<int>(r.next() % 60) - 30);
        float pmin = awkward(r, (r.unit() - 0.5f) * scale * 4);
        float pmax = awkward(r, pmin + r.unit() * scale);
        float bmin = awkward(r, pmin + (pmax - pmin) * (r.unit() * 0.6f - 0.05f));
        float bmax = awkward(r, pmax - (pmax - pmin) * (r.unit() * 0.6f - 0.05f));
        if (r.next() % 16 == 0) bmin = pmin;
        if (r.next() % 16 == 0) bmax = pmax;
        if (r.next() % 16 == 0) {
            // A tie with one candidate's bound exactly.
            float lo = 0, hi = 0;
            shrink_axis(pmin, pmax, static_cast<std::uint8_t>(r.next() & 0xFF), mesh::BoxRule::kProductFirst, lo, hi);
            bmin = lo, bmax = hi;
        }
        if (r.next() % 64 == 0) pmax = 3.0e38f;  // an extent whose products overflow for large n
        if (r.next() % 16 == 0) std::swap(pmin, pmax), ++inverted;
        const FloorCandidates c = floor_candidates(pmin, pmax, bmin, bmax);
        const int h = FloorCandidates::largest_fit(c.min_fits), l = FloorCandidates::largest_fit(c.max_fits);
        const Plain p = plain_rule(pmin, pmax, bmin, bmax);
        ASSERT_EQ(h, p.h) << pmin << " " << pmax << " " << bmin << " " << bmax;
        ASSERT_EQ(l, p.l) << pmin << " " << pmax << " " << bmin << " " << bmax;
        ASSERT_TRUE(same_bits(c.min[h], p.min)) << c.min[h] << " " << p.min;
        ASSERT_TRUE(same_bits(c.max[l], p.max)) << c.max[l] << " " << p.max;
        for (int n = 0; n < 16; ++n) {
            float lo = 0, hi = 0;
            shrink_axis(pmin, pmax, static_cast<std::uint8_t>(n << 4 | n), mesh::BoxRule::kProductFirst, lo, hi);
            ASSERT_TRUE(same_bits(c.min[n], lo) && same_bits(c.max[n], hi)) << n;
        }
        nonzero += (h | l) != 0;
    }
    EXPECT_GT(inverted, 1000);
    EXPECT_GT(nonzero, 100000);
}

// With an inverted parent the fits are not a run from 1: the largest fit and the run differ.
TEST(FloorCandidates, InvertedParentTakesTheLargestFitNotTheRun) {
    const FloorCandidates c = floor_candidates(10.0f, 0.0f, 5.0f, 5.0f);  // extent −10: bounds fall as n grows
    EXPECT_EQ(FloorCandidates::largest_fit(c.min_fits), 15);
    EXPECT_EQ(FloorCandidates::run_of_fits(c.min_fits), 0);
    EXPECT_EQ(plain_rule(10.0f, 0.0f, 5.0f, 5.0f).h, 15);
}

}  // namespace
}  // namespace meshproof::rules
