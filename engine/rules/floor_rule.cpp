#include "engine/rules/floor_rule.h"

#include <cstdlib>

#include "engine/rules/floor_candidates.h"

namespace meshproof::rules {

namespace {

FloorNibbles read_off(const FloorCandidates& c, int h, int l) {
    return {static_cast<std::uint8_t>(h << 4 | l), c.min[h], c.max[l]};
}

}  // namespace

FloorNibbles floor_nibbles_largest_fit(float parent_min, float parent_max, float below_min, float below_max) {
    const FloorCandidates c = floor_candidates(parent_min, parent_max, below_min, below_max);
    return read_off(c, FloorCandidates::largest_fit(c.min_fits), FloorCandidates::largest_fit(c.max_fits));
}

FloorNibbles floor_nibbles_searched_up(float parent_min, float parent_max, float below_min, float below_max) {
    // n = 0 always fits, and with a positive extent the fits run 0..N without a gap, so N is the
    // run of fits from 1 (with no positive extent, or NaN, the run from 1 is what a search upward
    // from 0 finds).
    const FloorCandidates c = floor_candidates(parent_min, parent_max, below_min, below_max);
    return read_off(c, FloorCandidates::run_of_fits(c.min_fits), FloorCandidates::run_of_fits(c.max_fits));
}

int nibble_distance(std::uint8_t a, std::uint8_t b) {
    return std::abs((a >> 4) - (b >> 4)) + std::abs((a & 15) - (b & 15));
}

}  // namespace meshproof::rules
