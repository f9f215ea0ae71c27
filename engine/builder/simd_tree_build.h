// The simd tree of a compressed mesh (containers-and-tagfiles.md §8.6; havok-compressed-mesh.txt
// "Simd tree node"): node 0 a sentinel of four empty lanes, the root node 1; one leaf per
// triangle, quad and custom primitive, named by the key of its first half, with exactly the
// box of its decoded vertices; a child lane's box exactly the union of its child's lanes.
// Leaves are grouped four to a node in key order, nodes four to a parent, bottom up; every node
// is all leaves or all children (legal in both games). Numbering by game: Elden Ring numbers a
// node's children in lane order when the node is taken from a stack; Sekiro numbers nodes as a
// depth-first walk reaches them, lanes from last to first. Here is the tree's shape and
// numbering; the lane words are the codec's (mesh::encode_simd_lane, beside its decoder).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/mesh/box.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/mesh/simd_tree_codec.h"

namespace meshproof::builder {

enum class SimdNumbering : std::uint8_t { kEldenRing, kSekiro };

// Each game's lane encoding: Elden Ring's isLeaf flag, Sekiro's parity.
inline mesh::SimdEncoding simd_encoding(SimdNumbering numbering) {
    return numbering == SimdNumbering::kEldenRing ? mesh::SimdEncoding::kIsLeafFlag : mesh::SimdEncoding::kParity;
}

// `keys[i]`, `boxes[i]`: the leaves in key order.
std::vector<mesh::SimdNode> build_simd_tree(std::span<const std::uint32_t> keys, std::span<const mesh::Box> boxes,
                                            SimdNumbering numbering);

}  // namespace meshproof::builder
