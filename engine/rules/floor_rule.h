// The floor rule on one axis, havok-compressed-mesh.txt ("The stored nibbles follow the floor of a
// square root": "h is the largest nibble with parent min + e × h² ⁄ 226 not past the minimum of
// what lies below the node, and likewise l on the maximum side"), in its two readings, each read
// off the sixteen candidates (floor_candidates.h). The readings agree on every parent of positive
// extent, where the nibbles that fit run from 0 without a gap; they part on an inverted parent,
// whose bounds fall as the nibble grows (FloorCandidates.InvertedParentTakesTheLargestFitNotTheRun).
#pragma once

#include <cstdint>

namespace meshproof::rules {

// The rule's byte (h << 4) | l on one axis, and that axis of the box those nibbles give
// (shrink_axis's bounds, read off the candidates, so nothing is shrunk twice).
struct FloorNibbles {
    std::uint8_t byte = 0;
    float min = 0, max = 0;
};

// The sentence as written: each nibble the largest in 1..15 that fits, 0 if none, whatever the
// parent (inverted or NaN too). What the nibble pass counts against, and synth's recount with it.
FloorNibbles floor_nibbles_largest_fit(float parent_min, float parent_max, float below_min, float below_max);

// The sentence read as a search up from 0: each nibble the end of the run of fits from 1. The
// largest fit on a parent of positive extent; 0 on an inverted one. What the builder stores.
FloorNibbles floor_nibbles_searched_up(float parent_min, float parent_max, float below_min, float below_max);

// How far two nibble bytes are apart: |Δh| + |Δl|.
int nibble_distance(std::uint8_t a, std::uint8_t b);

}  // namespace meshproof::rules
