// The tree rule of havok-compressed-mesh.txt ("The topology is partly a rule", "A subtree of 16
// leaves or fewer is built from the bottom", rule step 2): free functions over spans of boxes.
//
//   box_surface:          "the sum of the products of the extents" (engine/rules/box_measure.h, shared
//                         with the quad pairing's step 3).
//   least_surface_merge:  "the two entries whose union has the least surface (the first pair in
//                         list order on a tie) become the children of a new node that takes the
//                         first one's place, the last entry fills the second one's, until one is
//                         left" — on any number of leaves (the document's rates at 17 and 33 leaves
//                         apply it above 16 too).
//   merged_leaf_sets:     each inner node of a merged tree as the set of its leaves (a bit mask,
//                         leaf i = bit i; 64 leaves at most).
//   shared_leaf_sets:     how many of one tree's leaf sets the other has: the comparison of two
//                         shapes without child order ("gives the stock subtree exactly").
//   shared_leaf_ranges:   the same count when one tree's sets are runs of bits (leaves numbered in
//                         its pre-order), by a look-up instead of sorting both.
//
// Everything is single precision in the order written (the build sets -ffp-contract=off). No
// allocation once a workspace has grown to the largest list it has seen.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/box_measure.h"
#include "engine/mesh/decoded_member.h"

namespace meshproof::rules {

// A binary tree over n leaves built by least_surface_merge. Node ids: leaves 0..n−1 (their place in
// the input list), inner nodes n..2n−2 in the order they were made (the last one is the root).
// child[0][k] / child[1][k] are the children of inner node n + k: the entry that kept its place
// (earlier in the list) and the one that moved out of the list.
struct MergedTree {
    std::uint32_t leaves = 0;
    std::vector<std::uint32_t> child[2];
    std::uint32_t root() const { return leaves < 2 ? 0 : 2 * leaves - 2; }
};

struct MergeWorkspace {
    std::vector<float> columns;         // per list entry: min x, y, z, max x, y, z as six padded columns
    std::vector<std::uint32_t> node;    // per list entry: its node id
    std::vector<float> cost;            // list positions i < j: surface of the union, row-major (tree_rule.cpp)
    std::vector<float> row_least;       // per list entry i: its first least cost over the entries after it
    std::vector<std::uint32_t> row_at;  // ... and that entry's position (none when no cost is below +inf)
};

// Joins the leaves bottom-up by least union surface (rule step 2, lists of 16 or fewer, applied
// here to any length). Ties go to the first pair in list order: the smallest i, then the smallest
// j. The joined node takes position i; the last entry moves to position j. A pair whose cost is NaN
// is never chosen over a number (comparisons are strict), so NaN boxes end up joined last.
void least_surface_merge(std::span<const mesh::Box> leaves, MergeWorkspace& ws, MergedTree& out);

// The leaf set of each inner node of `tree` (index k for node leaves + k), leaf i being bit i.
// Returns false (and leaves `out` empty) for more than 64 leaves.
bool merged_leaf_sets(const MergedTree& tree, std::vector<std::uint64_t>& out);

// How many sets of `a` are also in `b`. Both are sorted in place (sets are expected distinct, as
// the inner nodes of a tree are).
std::uint32_t shared_leaf_sets(std::span<std::uint64_t> a, std::span<std::uint64_t> b);

// The same count when every set of `ranges` is one run of bits (the inner nodes of a tree whose
// leaves are numbered in its pre-order: a node's leaves are consecutive), without sorting: a set of
// `sets` is among them exactly when it is one run too and a range starts at its lowest bit with its
// length. Falls back to shared_leaf_sets when a range is not one run. Neither span is modified.
std::uint32_t shared_leaf_ranges(std::span<const std::uint64_t> ranges, std::span<const std::uint64_t> sets);

}  // namespace meshproof::rules
