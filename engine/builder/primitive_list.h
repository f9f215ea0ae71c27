// The source rows become primitives by the document's quad pairing (engine/rules/quad_pairing.h,
// havok-compressed-mesh.txt "A rule that picks most of the same pairs from the source triangles
// of a mesh, in pParam row order"): a pair (first row p0 p1 p2, second row p0 p2 q2 — the third
// edge of the first is the first edge of the second, run the other way) becomes the quad
// [p0, p1, p2, q2]; every other row a triangle [a, b, c, c]. The primitives come in the order the
// tree rule takes its leaves: "the quads in the order the pairing takes them, then the other
// source triangles in row order".
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/quad_pairing.h"

namespace meshproof::builder {

struct PrimitiveList {
    std::vector<std::array<std::uint32_t, 4>> vertex;  // source vertex indices; c == d for a triangle
    std::vector<std::uint8_t> is_quad;
    // per source row (rows not listed in `kept`: kNoPrimitive)
    std::vector<std::uint32_t> row_primitive;
    std::vector<std::uint8_t> row_half;  // 0: the primitive's first triangle (a b c), 1: its second (a c d)

    std::size_t size() const { return vertex.size(); }
};
inline constexpr std::uint32_t kNoPrimitive = 0xFFFFFFFFu;

struct PairingInput {
    std::span<const float> x, y, z;
    std::span<const std::array<std::uint32_t, 3>> rows;
    std::span<const std::uint32_t> row_primitive_data;  // empty: all 0
    std::span<const std::uint32_t> kept;                // the rows that become primitives, in row order
};

// Vertices are named by the bits of their positions (the rule's step 1), so two source indices
// at one position are one vertex to the pairing.
PrimitiveList pair_rows(const PairingInput& in, rules::QuadPairingWorkspace& ws);

}  // namespace meshproof::builder
