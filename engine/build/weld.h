// Welding of `meshproof build` (issue 14, part 3): positions that are the same three floats, bit
// for bit, become one vertex. An OBJ writer repeats a position for every face or object that
// uses it (meshproof's own export writes each body's vertices once, but Blender splits them at
// seams and sharp edges); the compressed mesh's vertices and the quad pairing's edges are shared
// only between rows that name the same vertex.
//
// Exact equality only: -0.0 and 0.0 are two positions, as are two floats one ulp apart (a
// tolerance would move geometry the user placed). Linear: one hash lookup per referenced position.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/error.h"

namespace meshproof::build {

struct WeldedMesh {
    std::vector<float> x, y, z;                       // the distinct positions rows use
    std::vector<std::array<std::uint32_t, 3>> rows;   // the input rows, indices remapped
    std::uint64_t positions_in = 0;                   // positions given
    std::uint64_t duplicates_merged = 0;              // used positions that repeated an earlier one
    std::uint64_t unused_dropped = 0;                 // positions no row uses (not carried over)
};

// The positions rows use, numbered by their first occurrence in the position list (a later equal
// position takes the number of the first), and the rows renumbered. An index outside the
// position list: kOutOfBounds (offset: the row number); x, y, z of different lengths: kBadHeader.
Result<WeldedMesh> weld_positions(std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                  std::span<const std::array<std::uint32_t, 3>> rows);

}  // namespace meshproof::build
