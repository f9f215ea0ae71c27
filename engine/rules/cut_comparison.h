// One stored mesh rebuilt by the stock tree rule and compared with its stored trees: the figures
// of havok-compressed-mesh.txt after "It is not the stock tool in every detail" (the cut gives
// exactly the stock sections in their stock order; the mesh tree above them; stock sections among
// the sections it finds; stock inner nodes whose leaves make a node of the cut tree and their
// ordered shape by leaf count; the order of shared two-leaf nodes; whole section-tree shapes).
//
// The leaves are the mesh's primitives 0..P−1 (the caller's numbering, e.g. section after section).
// The rule sees them in `rule_order` (the caller's reading of "the quads in the order the pairing
// takes them, then the other source triangles in row order"): build_stock_tree over their boxes
// in that order, then cut_sections with their vertex ids.
//
// Readings (the document leaves them open):
//   - a stock section is "found" when its primitive set is the leaf set of one of the cut's
//     sections; the mesh is "exact" when the cut has as many sections and section i of the cut is
//     stock section i for every i; "the mesh tree above them is the stock mesh tree" (asked of
//     exact meshes only): the cut tree above its sections, child order included, with section
//     numbers at its leaves, is the stored mesh tree;
//   - a stock node is "shared" when its leaf set is the leaf set of some node of the cut tree; it
//     has "the same ordered shape" when, recursively, its first and second children are shared
//     with that node's first and second children (a leaf always matches itself);
//   - the per-band node counts take the inner nodes (section roots included) of the found
//     sections ("Among the sections the cut finds"); the two-leaf node counts take every stock
//     two-leaf node of the mesh ("Of the two-leaf nodes that the cut tree shares with the stock
//     tree", no restriction stated): child surfaces (box_surface, single precision) equal, or
//     differing by 1% or more of the larger, and whether the cut tree has the stock's child order;
//   - "such sections" of the whole-shape figure: stock sections whose leaf set is a node of the
//     cut tree (a cut section, or a node above or below one).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/rules/stock_tree.h"

namespace meshproof::rules {

// Leaf-count bands of the same-shape figures: 2, 3–4, 5–8, 9–16, 17–32, 33–64, 65 or more.
inline constexpr int kShapeBands = 7;
inline int shape_band(std::uint32_t leaves) {
    if (leaves <= 2) return 0;
    int width = 0;
    for (std::uint32_t v = leaves - 1; v != 0; v >>= 1) ++width;  // bit width of n − 1
    return width - 1 < kShapeBands - 1 ? width - 1 : kShapeBands - 1;
}

// The rule's input for one mesh.
struct RuleLeaves {
    std::span<const mesh::Box> box;               // per primitive
    std::span<const std::uint32_t> vertex_first;  // per primitive + 1: its vertex ids are
    std::span<const std::uint32_t> vertex_ids;    //   vertex_ids[vertex_first[p] .. vertex_first[p + 1])
    std::span<const std::uint32_t> rule_order;    // every primitive once, in the rule's leaf order
};

// The stored trees, each in pre-order: an inner node's first child is the next node, its second
// child `second_child[node]`; a leaf has second_child == kNoNode.
struct StoredTrees {
    std::span<const std::uint32_t> section_first_node;  // per section: its root in the node arrays
    std::span<const std::uint32_t> section_node_count;
    std::span<const std::uint32_t> second_child;       // section-tree nodes (indices into these arrays)
    std::span<const std::uint32_t> leaf_primitive;     // a leaf's primitive (mesh numbering)
    std::span<const std::uint32_t> mesh_second_child;  // mesh-tree nodes, root 0
    std::span<const std::uint32_t> mesh_leaf_section;  // a mesh-tree leaf's section
};

struct CutComparison {
    bool valid = false;  // false: the stored trees are not one pre-order tree each,
                         // or do not name every primitive exactly once
    std::uint32_t stock_sections = 0, cut_sections = 0;
    bool exact = false;            // the stock sections, in stock order
    bool mesh_tree_exact = false;  // (exact meshes only) the stock mesh tree
    std::uint32_t sections_found = 0;
    std::array<std::uint64_t, kShapeBands> band_nodes{}, band_shared{}, band_same_shape{};
    std::uint64_t two_leaf_differ = 0, two_leaf_differ_stock_order = 0;
    std::uint64_t two_leaf_equal = 0, two_leaf_equal_stock_order = 0;
    std::uint32_t sections_in_cut_tree = 0, sections_same_shape = 0;
};

// Per thread; every array grown to the largest mesh and reused.
struct CutComparisonWorkspace {
    std::vector<mesh::Box> ordered_box;
    std::vector<std::uint32_t> ordered_first, ordered_ids;
    StockTreeWorkspace stock;
    BinaryTree tree;
    Cut cut;
    CutWorkspace cutting;
    // cut tree, per node
    std::vector<std::uint32_t> parent, first_rank, section_of;
    // per primitive
    std::vector<std::uint32_t> cut_leaf, cut_rank, seen;
    // stock, per node
    std::vector<std::uint32_t> count, min_rank, max_rank, match, climb;
    std::vector<std::uint8_t> same;
    std::vector<std::uint32_t> stack;
    std::vector<std::uint64_t> tokens;
};

CutComparison compare_cut(const RuleLeaves& leaves, const StoredTrees& stored, CutComparisonWorkspace& ws);

}  // namespace meshproof::rules
