// Quad pairing: the source rows become primitives. A row (a, b, c) followed by the row
// (a, c, d) of the same plane (and d ≠ b) becomes one quad [a, b, c, d], whose triangles are
// (a, b, c) and (a, c, d) as havok-compressed-mesh.txt decodes them; every other row is a
// triangle [a, b, c, c]. Leaves of the trees are these primitives, "the quads in the order the
// pairing takes them, then the other source triangles in row order".
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/synth/source_mesh.h"

namespace meshproof::synth {

struct PrimitiveList {
    std::vector<std::array<std::uint32_t, 4>> vertex;  // source vertex indices; c == d for a triangle
    std::vector<std::uint32_t> first_row;              // the source row of the first half
    std::vector<std::uint8_t> is_quad;
    // per source row
    std::vector<std::uint32_t> row_primitive;
    std::vector<std::uint8_t> row_half;

    std::size_t size() const { return vertex.size(); }
};

// Coplanar: the two raw normals' cross product is below 1e-6 of the product of their lengths.
PrimitiveList pair_quads(const SourceMesh& mesh);

}  // namespace meshproof::synth
