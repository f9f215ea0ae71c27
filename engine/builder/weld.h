// Welding of `meshproof build` (issue 14, part 3): positions that are the same three floats by
// value become one vertex. An OBJ writer repeats a position for every face or object that uses it
// (meshproof's own export writes each body's vertices once, but Blender splits them at seams and
// sharp edges); the compressed mesh's vertices and the quad pairing's edges are shared only between
// rows that name the same vertex.
//
// Equality by value: -0.0 and 0.0 are one position (a seam Blender writes with -0 on one side and
// 0 on the other is one edge), two floats one ulp apart are two (a tolerance would move geometry
// the user placed). NaN never arrives: the OBJ reader refuses it. Linear: one hash lookup per
// referenced position.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/error.h"

namespace meshproof::builder {

struct WeldedMesh {
    std::vector<float> x, y, z;                      // the distinct positions rows use
    std::vector<std::array<std::uint32_t, 3>> rows;  // the input rows, indices remapped
    std::uint64_t positions_in = 0;                  // positions given
    std::uint64_t duplicates_merged = 0;             // used positions that repeated an earlier one
    std::uint64_t unused_dropped = 0;                // positions no row uses (not carried over)
};

// The positions rows use, numbered by their first occurrence in the position list (a later equal
// position takes the number and the stored value of the first, so a -0 welded to a later 0 stays
// -0), and the rows renumbered. An index outside the
// position list: kOutOfBounds (offset: the row number); x, y, z of different lengths: kBadHeader.
Result<WeldedMesh> weld_positions(std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                  std::span<const std::array<std::uint32_t, 3>> rows);

}  // namespace meshproof::builder
