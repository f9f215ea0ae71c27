// The distinct points a hull (a compact ledge) uses: the global point indices its faces' edges
// name, sorted and without repeats. What `dump` counts per hull, `export` writes per group, and
// sur_derive takes the centroid of.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/sur/sur_model.h"

namespace meshproof::sur {

// `l` must be a ledge of `m`. `out` is cleared first (a caller's scratch, kept across hulls).
void hull_points(const SurModel& m, std::uint32_t l, std::vector<std::uint32_t>& out);

}  // namespace meshproof::sur
