// One binary tree over all primitives of a mesh: the tree that section_cut.h cuts into the
// sections and the mesh tree ("A mesh's trees are the pieces of one tree over all its
// primitives", havok-compressed-mesh.txt). Built top-down by a median split of the leaf
// centres along the longest axis of their box (the earlier tools' rule the document compares
// with; the stock insertion + binned rebuild is not reproduced), then every inner node has its
// larger child, by surface, first, as the stock trees do.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/synth/aabb.h"

namespace meshproof::synth {

inline constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;

struct BinaryTree {
    // per node; leaves have first_child == kNoNode
    std::vector<std::uint32_t> first_child, second_child;
    std::vector<std::uint32_t> leaf_item;   // the leaf's item (primitive); kNoNode for inner nodes
    std::vector<std::uint32_t> leaf_count;  // leaves below (1 for a leaf)
    std::vector<Aabb> box;                  // union of the leaves' boxes
    std::uint32_t root = kNoNode;

    std::size_t size() const { return first_child.size(); }
    bool is_leaf(std::uint32_t n) const { return first_child[n] == kNoNode; }
};

// Items 0..boxes.size()−1 with their boxes. Empty input gives an empty tree.
BinaryTree build_bvh(std::span<const Aabb> boxes);

// The leaves below `node` in pre-order (first child first).
void leaves_in_preorder(const BinaryTree& tree, std::uint32_t node, std::vector<std::uint32_t>& out_items);

}  // namespace meshproof::synth
