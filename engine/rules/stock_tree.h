// The stock tree rule of havok-compressed-mesh.txt ("A rule that reproduces most of the stock
// trees from the leaves' boxes is the following, each step in single precision and in the order
// written"): the four steps as free functions over spans of leaf boxes, shared by the builder
// (engine/builder), the synthetic writer and the tree_rule pass, which rebuilds each stored mesh
// from its decoded leaves with the same functions.
//
//   1. insert_leaves:   leaves one at a time into a binary tree, each descending into the child
//                       whose (squared centre distance × summed extents) is smaller.
//   2. rebuild:         the insertion tree's leaves, left to right, built again: the whole list
//                       and every list above 16 split by 32 bins per axis (least cost, the split
//                       bin whole to an empty side or halved by centre with the Havok quicksort),
//                       lists of 16 or fewer joined bottom-up by least union surface.
//   3. refine:          grandchild exchanges in pre-order until none pays, then every node below
//                       the root with its larger child (by surface) first.
//   4. cut_sections:    a queue from the root: an entry of <= 127 leaves and <= 255 distinct
//                       vertices is a section (numbered in queue order), any other is replaced by
//                       its first child and its second goes to the end of the queue.
//   section_primitive_order: a section's leaves in storage order, by the quicksort ranks.
//
// Readings the document leaves open (stated, and tested as such): the insertion's extents are
// summed over both boxes' three axes; a bin's place is ((c − min) / (max − min)) × 32 + ½
// truncated, an axis of no extent putting every leaf in bin 0; the split bin counts on both sides
// of its own cost; of a halved bin the lower half (n / 2, rounded down) ends the first list and
// the upper half starts the second, each in sorted order; a grandchild exchange swaps the
// grandchildren in place (first child (a1, b1) and second (a2, b2), or (a1, b2) and (b1, a2)).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/stock_insertion.h"
#include "engine/rules/box_measure.h"
#include "engine/rules/tree_rule.h"

namespace meshproof::rules {

using mesh::Box;
inline constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;

// A binary tree over leaves 0..n−1. Nodes are numbered as they are made; a leaf node names its
// leaf, an inner node its two children.
struct BinaryTree {
    std::vector<std::uint32_t> first, second;  // children; kNoNode for a leaf node
    std::vector<std::uint32_t> leaf;           // the leaf a leaf node holds; kNoNode for an inner node
    std::vector<mesh::Box> box;
    std::uint32_t root = kNoNode;

    std::uint32_t size() const { return static_cast<std::uint32_t>(leaf.size()); }
    bool is_leaf(std::uint32_t node) const { return leaf[node] != kNoNode; }
    std::uint32_t add_leaf(std::uint32_t leaf_index, const mesh::Box& b);
    std::uint32_t add_inner(std::uint32_t a, std::uint32_t b);  // box = union of the children's
    void clear();
};

// A leaf's box: its vertices' box grown by the shape's convexRadius.
mesh::Box leaf_box(std::span<const float> xyz_of_vertices, float convex_radius);

// Step 1.
BinaryTree insert_leaves(std::span<const mesh::Box> leaves);
// The leaves of `tree` left to right (pre-order).
std::vector<std::uint32_t> leaves_left_to_right(const BinaryTree& tree);

// Step 2: the tree built from `order` (leaf indices into `leaves`).
struct RebuildFrame {
    std::uint32_t lo, hi;      // the list: RebuildWorkspace::buffer[in][lo, hi)
    std::uint32_t mid;         // where its second list starts (after the split)
    std::uint32_t first_node;  // the first list's node, once built
    std::uint8_t state;        // 0: not split yet, 1: waiting for the first list, 2: for the second
    std::uint8_t in;           // the buffer holding the list; its two lists go to the other one
};
struct RebuildItem {  // a leaf's box and index (its centre is worked out where it is read)
    mesh::Box box;
    std::uint32_t leaf;
};
struct ItemBins {
    std::array<std::uint8_t, 4> axis;  // a list item's bin on x, y, z (and a pad byte)
};
struct RebuildWorkspace {
    rules::MergeWorkspace merge;
    rules::MergedTree merged;
    std::vector<RebuildItem> buffer[2];  // the lists (with their boxes): a split reads one, writes the other
    std::vector<ItemBins> bins;          // the list being split: its items' bins
    std::vector<RebuildFrame> frames;
};
BinaryTree rebuild(std::span<const mesh::Box> leaves, std::span<const std::uint32_t> order, RebuildWorkspace& ws);
void rebuild(std::span<const mesh::Box> leaves, std::span<const std::uint32_t> order, RebuildWorkspace& ws,
             BinaryTree& out);

// One split of step 2 on its own (exposed for the tests and the tree_rule pass): where the
// leaves of `list` go. Returns false when the list has fewer than two leaves.
struct BinSplit {
    int axis = 0;
    int bin = 0;
    float cost = 0;
    bool bin_whole = false;  // the split bin went whole to an empty side
    std::vector<std::uint32_t> first, second;
};
bool binned_split(std::span<const mesh::Box> leaves, std::span<const std::uint32_t> list, BinSplit& out);
inline constexpr int kBins = 32;
inline constexpr std::size_t kBottomUpMax = 16;

// Step 3. Returns the number of exchanges made. The workspace form keeps its per-node arrays from
// call to call.
struct RefineWorkspace {
    std::vector<std::uint32_t> stack, parent_of;
    std::vector<std::uint8_t> stale, stale_below;
};
std::uint32_t refine(BinaryTree& tree);
std::uint32_t refine(BinaryTree& tree, RefineWorkspace& ws);

// Steps 1 to 3 (fewer than three leaves: the insertion tree).
BinaryTree build_stock_tree(std::span<const mesh::Box> leaves);
// The same with every array kept in `ws` and `out` (their capacity reused from call to call).
// With `release_steps`, each step's arrays are handed back once the next step has what it needs
// (a one-shot build, such as the builder's, then peaks at its dearest step, not at their sum).
struct StockTreeWorkspace {
    InsertionTree inserted;
    std::vector<std::uint32_t> order;
    RebuildWorkspace rebuild;
    RefineWorkspace refine;
    bool release_steps = false;
};
void build_stock_tree(std::span<const mesh::Box> leaves, StockTreeWorkspace& ws, BinaryTree& out);

// Step 4. `vertex_first[i]..vertex_first[i + 1]` index the vertex ids of leaf i in `vertex_ids`.
struct Cut {
    std::vector<std::uint32_t> sections;    // section root nodes, in queue order
    std::vector<std::uint32_t> mesh_nodes;  // the inner nodes above the sections, in the order met
};
struct CutLimits {
    std::uint32_t max_leaves = 127;
    std::uint32_t max_vertices = 255;
};
Cut cut_sections(const BinaryTree& tree, std::span<const std::uint32_t> vertex_first,
                 std::span<const std::uint32_t> vertex_ids, CutLimits limits = {});
// The same with its arrays kept in `ws` and `out` (their capacity reused from mesh to mesh).
// Afterwards ws.count holds each node's leaf count (0 for a node the root does not reach).
struct CutWorkspace {
    std::vector<std::uint32_t> count, stack, queue, stamp;
};
void cut_sections(const BinaryTree& tree, std::span<const std::uint32_t> vertex_first,
                  std::span<const std::uint32_t> vertex_ids, CutLimits limits, CutWorkspace& ws, Cut& out);

// The leaves of the subtree at `section_root` in storage order: the primitive stored at index p is
// the leaf of pre-order rank ranks(n)[p].
std::vector<std::uint32_t> section_primitive_order(const BinaryTree& tree, std::uint32_t section_root);

// The sum of the surfaces of every inner node (the cost the document compares split rules by).
double inner_surface(const BinaryTree& tree);

}  // namespace meshproof::rules
