// Step 1 of the stock tree rule (havok-compressed-mesh.txt, "A rule that reproduces most of the
// stock trees", 1. Insertion): the leaves put one at a time into a binary tree, each descending
// from the root, growing every box it passes, into the child for which (squared distance between
// the centres) × (summed extents of both boxes) is smaller, the first child on a tie; where it
// stops at a leaf, the two become the children of a new node.
//
// The descent is the builder's longest chain of dependent steps (each level waiting for the one
// above, deep nodes far apart in memory), so:
// an inner node holds its two children's boxes and their extents' sums on one cache line, the
// two costs are computed in two lanes of one SSE register, and several leaves descend at once,
// one level each per round in leaf order (why that is the rule's result: stock_insertion.cpp).
// Every value is the one the rule written node by node computes, in the same order
// (tests/rules/fast_rule_forms_test.cpp compares the two on random leaves with ties and NaN).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/box_measure.h"

namespace meshproof::rules {

// An inner node: lane k of each pair is child k. A child's box is kept here, in its parent, and
// grown here, with its extents' sum (the centre is one add and one multiply, worked out at each
// visit: keeping it too would put the node on two cache lines, and a miss costs far more).
// The root's box is InsertionTree::root_box.
struct alignas(64) InsertionNode {
    float min[3][2];  // per axis, each child's box
    float max[3][2];
    float extent_sum[2];     // ((max − min)x + (max − min)y) + (max − min)z of each child's box
    std::uint32_t child[2];  // node ids (see below)
};
static_assert(sizeof(InsertionNode) == 64, "one cache line per node");

// Node ids as the rule's node-by-node version makes them: leaf 0 is node 0, leaf i (i ≥ 1) is
// node 2i − 1 and the node made when it stops, node 2i, is inner[i − 1]. The root is node 2.
struct InsertionTree {
    std::vector<InsertionNode> inner;
    mesh::Box root_box;
    std::uint32_t root = 0;
    // Per leaf, the leaf after it left to right (kLastLeaf: none). A leaf that stops at another
    // becomes its new node's second child beside it, so it comes just after that leaf; leaf 0
    // stays first. Kept as the leaves go in, the list gives insertion_order without a walk of
    // the tree's scattered nodes.
    std::vector<std::uint32_t> next_leaf;
};
inline constexpr std::uint32_t kLastLeaf = 0xFFFFFFFFu;
inline bool is_insertion_leaf(std::uint32_t id) { return id == 0 || (id & 1u) != 0; }
inline std::uint32_t insertion_inner(std::uint32_t id) { return id / 2 - 1; }
inline std::uint32_t insertion_leaf(std::uint32_t id) { return id == 0 ? 0 : (id + 1) / 2; }

// Step 1 over two leaves or more (the arrays of `tree` reused).
void insert_into(std::span<const mesh::Box> leaves, InsertionTree& tree);
// Its leaves left to right.
void insertion_order(const InsertionTree& tree, std::vector<std::uint32_t>& out);
// The box of child `lane` of inner node inner[parent], as the parent holds it.
mesh::Box insertion_child_box(const InsertionTree& tree, std::uint32_t parent, int lane);

}  // namespace meshproof::rules
