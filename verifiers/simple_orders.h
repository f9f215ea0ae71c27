// The simple orders the numbering pass tries against a section's primitive numbering
// (havok-compressed-mesh.txt, the numbering paragraph: "A key of the section's primitives, the box
// coordinates, the first source row, quads before triangles, a traversal of the stored tree, or the
// leaf order of the cut tree at any stage of its build, is not the numbering (at most 10 of 2,610
// Sekiro object sections for any of the simple ones)"). Shared only by verifiers/numbering_pass.cpp.
//
// Readings (the document names the families, not the orders it ran):
//   - an order is a key per primitive of the section; it reproduces the numbering when sorting the
//     primitives by the key, equal keys in the pre-order of their leaves (the stock tool numbers in
//     pre-order before its sort), gives exactly the stored index order 0, 1, …, n − 1;
//   - the keys: the corner box's min x, y, z and max x, y, z (the decoded corners of a triangle or
//     quad); the smallest stored corner index ("a key of the section's primitives": the primitive's
//     shape key is its index, so it cannot be the order that differs from the index); the first
//     source row (the smallest triangleIndexToShapeKey row naming one of its triangles); quads
//     before triangles; the stored tree's leaves in pre-order (= in- and post-order for leaves), in
//     reversed pre-order, and breadth-first (by depth, then left to right);
//   - a section matches no key it lacks for some primitive (a dead or custom primitive has no corner
//     box, a primitive no row names no first row), and none at all unless its tree has two leaves or
//     more, as many as its primitives, whose payloads are 0 … n − 1 each once;
//   - the cut tree's leaf order at each stage of its build is not among them (the build is
//     engine/builder's, which a pass over the stored numbering does not run).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/mesh/decoded_member.h"

namespace meshproof::verifiers {

enum class SimpleOrder : std::uint8_t {
    kBoxMinX,
    kBoxMinY,
    kBoxMinZ,
    kBoxMaxX,
    kBoxMaxY,
    kBoxMaxZ,
    kSmallestCorner,
    kFirstRow,
    kQuadsFirst,
    kPreorder,
    kReversePreorder,
    kBreadthFirst,
};
inline constexpr std::size_t kSimpleOrderCount = 12;

// The counter of each order, in enum order ("order_box_min_x", …).
inline constexpr std::array<std::string_view, kSimpleOrderCount> kSimpleOrderCounters = {
    "order_box_min_x",   "order_box_min_y", "order_box_min_z",        "order_box_max_x",
    "order_box_max_y",   "order_box_max_z", "order_smallest_corner",  "order_first_row",
    "order_quads_first", "order_preorder",  "order_reverse_preorder", "order_breadth_first",
};

// Buffers reused from section to section (the pass runs this on every section tree).
struct SimpleOrderScratch {
    std::vector<std::uint32_t> rank, depth, bfs_order, bfs_position, per_depth;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> by_rank;  // (payload, depth) of each leaf in pre-order
};

// Bit k set: order k (SimpleOrder) reproduces section t's numbering. `first_row`: each primitive's
// (DecodedPrimitives index) first source row, kNone where no row names it.
std::uint32_t simple_orders_matching(const mesh::DecodedMesh& m, std::uint32_t t,
                                     std::span<const std::uint32_t> first_row, SimpleOrderScratch& scratch);

}  // namespace meshproof::verifiers
