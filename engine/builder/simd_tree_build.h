// The simd tree of a compressed mesh (containers-and-tagfiles.md §8.6; havok-compressed-mesh.txt
// "Simd tree node"): node 0 a sentinel of four empty lanes, the root node 1; one leaf per
// triangle, quad and custom primitive, named by the key of its first half, with exactly the
// box of its decoded vertices; a child lane's box exactly the union of its child's lanes.
// Leaves are grouped four to a node in key order, nodes four to a parent, bottom up; every node
// is all leaves or all children (legal in both games). Numbering by game: Elden Ring numbers a
// node's children in lane order when the node is taken from a stack; Sekiro numbers nodes as a
// depth-first walk reaches them, lanes from last to first.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/mesh/box.h"

namespace meshproof::builder {

enum class SimdNumbering : std::uint8_t { kEldenRing, kSekiro };

struct SimdNode {
    std::array<float, 4> lx{}, hx{}, ly{}, hy{}, lz{}, hz{};
    std::array<std::uint32_t, 4> data{};
    std::uint8_t is_leaf = 0;  // Elden Ring's flag (all lanes leaves or empty)
};

// `keys[i]`, `boxes[i]`: the leaves in key order. The lane words follow the game's encoding:
// ER child = node, leaf = key, empty = 0 (0xFFFFFFFF in a leaf node); Sekiro child = node × 2,
// leaf = key × 2 + 1, empty = 0.
std::vector<SimdNode> build_simd_tree(std::span<const std::uint32_t> keys, std::span<const mesh::Box> boxes,
                                      SimdNumbering numbering);

}  // namespace meshproof::builder
