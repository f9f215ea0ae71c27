// The bounding sphere and quantized box of a ledgetree node, derived from what the node
// bounds (ivp-surface-notes.md §7; freelancer-surface.md "Node"):
//   a leaf (§7.1): the AABB of its terminal ledge's triangle vertices, the sphere centred on it
//     and reaching its corners, box_i = trunc(halfExtent_i / (radius / 250)) + 1;
//   an inner node (§7.2, the notes' correction #2): the union of the quantized boxes of all
//     terminal leaves below it, read from those leaves' stored centre, radius and box bytes.
// Indices come from a decoded model and are checked again here; a violation is an error value.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/error.h"
#include "engine/sur/sur_model.h"

namespace meshproof::sur {

struct NodeBounds {
    std::array<float, 3> center{};
    float radius = 0;
    std::array<std::int64_t, 3> box{};  // unclamped: a value outside 0..255 cannot be stored
};

// For every node of surface s (storage order = pre-order), the index one past the last node of
// its subtree (global indices). Refuses a right child that is not after its parent inside the
// surface's node range.
Result<std::vector<std::uint32_t>> subtree_ends(const SurModel& m, std::size_t s);

// The leaf rule of §7.1 over terminal ledge `ledge` of surface s.
Result<NodeBounds> leaf_bounds(const SurModel& m, std::size_t s, std::uint32_t ledge);

// The leaf-union rule of §7.2 over the leaves (right < 0) among `nodes` (global node indices).
NodeBounds union_bounds(const NodeColumns& nodes, std::uint32_t first, std::uint32_t end);

// The f32 box the leaf-union rule of §7.2 spans over the listed leaves (indices into `nodes`,
// any order; no leaf: the rule's start values, +1e6 low and -1e6 high). union_bounds's sphere
// and box bytes are made from it; the median-cut tree (ledge_tree.h) scores its cuts by it.
struct LeafUnionBox {
    std::array<float, 3> lo{}, hi{};
};
LeafUnionBox leaf_union_box(const NodeColumns& nodes, std::span<const std::uint32_t> leaves);

}  // namespace meshproof::sur
