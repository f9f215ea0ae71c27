// The two split rules havok-compressed-mesh.txt costs against the stock trees ("The median split
// along the longest axis that earlier tools use costs 1.34 times the stock trees' inner-node
// surface in Sekiro and 1.32 in Elden Ring; a surface-area split down to 16 leaves with the
// bottom-up merge below costs 0.92 of the stock's"). The document does not spell either out;
// the readings here:
//   median_split_tree: top-down; a list of two leaves or more is sorted by its leaves' box
//                      centres along the longest axis of the centres' box (x before y before z on
//                      a tie), ties by leaf index (NaN centres last), and divided at half (n / 2 rounded down to the
//                      first list) — the rule the synthetic writer used before it was built on the stock rule
//                      (the earlier tools' rule);
//   sah16_tree:        top-down while a list has more than 16 leaves: the full sweep of the leaves
//                      sorted by centre on each axis (ties by leaf index), cost = surface of the
//                      first part × its count + surface of the second × its count, the least cost
//                      (the first on a tie, axes in order, from the lowest cut); a list of 16 or
//                      fewer is joined bottom-up by least_surface_merge (the stock rule's step 2
//                      below 16 leaves).
// Both put out a BinaryTree (engine/rules/stock_tree.h) whose inner_surface is the cost compared.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/stock_tree.h"

namespace meshproof::rules {

// Reused between calls: no allocation per leaf once grown.
struct ReferenceSplitWorkspace {
    std::vector<std::uint32_t> list;
    std::vector<std::uint64_t> keys;        // (centre on the axis, leaf) being sorted
    std::vector<std::uint64_t> spare_keys;  // the sort's other buffer
    std::vector<std::uint32_t> sorted[3];   // the leaves sorted on each axis; SAH divides them at each split
    std::vector<std::uint32_t> median[3];   // the median split's copy of `sorted`, divided at each split
    std::vector<std::uint8_t> in_first;     // per leaf, in the first part of the split being made
    std::vector<std::uint32_t> divided;     // SAH: a list being divided into its two parts
    std::vector<float> sweep;               // SAH: per cut, the extents of the two parts' unions and the cost
    rules::MergeWorkspace merge;
    rules::MergedTree merged;
};

// `out` is cleared and filled (its capacity reused); leaves 0..boxes.size()−1.
void median_split_tree(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& out);
void sah16_tree(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& out);
// Both trees of the same leaves, the leaves sorted on each axis once for the two.
void reference_split_trees(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws, BinaryTree& median,
                           BinaryTree& sah16);
// Only the two trees' inner_surface (the same doubles, summed in the same order), without making
// the trees: what the tree_rule pass compares.
struct SplitSurfaces {
    double median = 0, sah16 = 0;
};
SplitSurfaces reference_split_surfaces(std::span<const mesh::Box> boxes, ReferenceSplitWorkspace& ws);

}  // namespace meshproof::rules
