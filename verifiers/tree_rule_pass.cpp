// Pass "tree_rule" (family havok-mesh): the topology of the stored trees against the rule of
// havok-compressed-mesh.txt ("The topology is partly a rule", "A subtree of 16 leaves or fewer is
// built from the bottom", "A node's first child is the one with the larger union box"). Every
// figure there is Observed: every counter here is a plain count or rate, never a violation.
//
// Over every section tree with a box for each primitive (a section holding a dead or custom
// primitive, which has no box, is left out, as in the nibble pass), a leaf's box being its
// primitive's decoded vertices grown by the shape's convexRadius and a node's union box the union
// of its leaves' boxes:
//   - each inner node (roots included): first child's union box of larger / smaller / one surface
//     (box_surface, single precision); of those of one surface, two leaves, else the first child
//     with more / fewer / as many leaves;
//   - each maximal subtree of 3 to 16 leaves (a node with 3..16 leaves whose parent has more than
//     16, or the section's root) rebuilt by least_surface_merge from its leaves' boxes listed left
//     to right, and compared without child order (the merge alone orders no children; the
//     document says "child order included" where it counts it): exactly, and its inner nodes
//     (subtree root included) whose leaf set the merge makes. Per size: maximal subtrees of 3 and
//     of 16 leaves, and every subtree of 17 and of 33 leaves (every subtree of n leaves is maximal
//     among those of n or fewer, its parent having at least n + 1);
// and over the mesh tree: the inner nodes whose two children are both sections (both with a box
// for each primitive), and of those the pairs holding more than 127 primitives together.
//
// The split costs ("The median split along the longest axis that earlier tools use costs 1.34 times
// the stock trees' inner-node surface ...; a surface-area split down to 16 leaves with the bottom-up
// merge below costs 0.92 of the stock's"), over the same section trees: the stored tree's inner-node
// surface (union boxes), and that of a longest-axis median split and of a SAH-16 + merge tree over
// the same leaves (engine/rules/reference_splits.h states both rules). Counters are integers: each
// section's three sums (double) are rounded once to µm² (1e-6 m²) and added, so the totals do not
// depend on the threads; the figures are ratios of them (manifest `"ratio": true`).
//
// The whole rule over every mesh of two sections or more (insertion, binned rebuild, refinement,
// the cut: engine/rules/stock_tree.h), from the decoded leaves in the rule's order, against the
// stored sections, section trees and mesh tree (engine/rules/cut_comparison.h states what "exact",
// "found", "shared" and "the same ordered shape" count; verifiers/tree_rule_leaves.h how the leaf
// order, the boxes and the vertex ids are read from the files: the quads in the order the pairing
// takes them, then the other primitives by their first row, a primitive no row names last, a mesh
// without rows in storage order). A mesh with a primitive that has no box, or whose stored trees do
// not name each primitive once, is counted in cut_meshes_left_out and nothing else. For units of
// the object set (the document's jitter figure is of Sekiro's objects) the rule runs once more on
// the vertices jittered by up to half the section's codec step, seeded by the member's path and the
// mesh's index (the same report at any thread count).
//
// Not computed (corpus-manifests/counters.tsv '#why' rows): the figures of a sample the document
// does not name (one Sekiro map, 40 meshes, a Sekiro sample). lacks_leafset min / max are the
// lowest / highest over the seven bands of (band_nodes_* − band_shared_*) / band_nodes_* (the
// manifest kinds lowest_of / highest_of with `complement`), merge_rate_33 a bound on
// subtrees_33_exact / subtrees_33.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "engine/rules/cut_comparison.h"
#include "engine/rules/reference_splits.h"
#include "engine/core/scratch_release.h"
#include "engine/rules/tree_rule.h"
#include "engine/pipeline/pass.h"
#include "verifiers/tree_rule_leaves.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::Box;
using mesh::DecodedMesh;
using mesh::StaticTreeNodes;

constexpr std::uint32_t kMergeMaxLeaves = 16;  // "A subtree of 16 leaves or fewer"
constexpr std::uint32_t kMergeMinLeaves = 3;   // "maximal subtrees of 3 to 16 leaves"
constexpr std::uint32_t kSectionPrimitives = 127;

// Per thread, grown to the largest section seen and reused across meshes and units.
struct Workspace {
    std::vector<std::uint8_t> boxed;  // per section of the mesh
    std::vector<std::uint32_t> stack;
    std::vector<Box> below;                    // per node of the section (local index)
    std::vector<std::uint32_t> leaves;         // leaves under the node
    std::vector<std::uint32_t> leaf_rank;      // leaves before the node in pre-order
    std::vector<std::uint32_t> parent_leaves;  // the parent's leaf count; 0 for the root
    std::vector<Box> leaf_box;                 // per leaf, in pre-order (left to right)
    std::vector<std::uint64_t> stored_sets, merged_sets;
    rules::MergeWorkspace merge;
    rules::MergedTree merged;
    // split costs
    rules::ReferenceSplitWorkspace splits;
    // the whole rule over a mesh
    TreeRuleLeaves rule;
    rules::CutComparisonWorkspace cut;
};

// Surfaces are summed as integers of this unit (1 µm² = 1e-6 m²), each section's sum rounded once:
// integer sums do not depend on the order the threads merge them.
constexpr double kSurfaceUnitsPerSquareMetre = 1e6;

constexpr const char* kBandNames[rules::kShapeBands] = {"2", "3_4", "5_8", "9_16", "17_32", "33_64", "65up"};

// Counter slots, looked up once per unit (UnitCounts::slot is a linear search).
struct Slots {
    explicit Slots(const UnitCounts& c)
        : sections_checked(c.slot("sections_checked")),
          sections_left_out(c.slot("sections_left_out")),
          sections_bad_tree(c.slot("sections_bad_tree")),
          inner_nodes(c.slot("inner_nodes")),
          larger(c.slot("first_child_larger")),
          smaller(c.slot("first_child_smaller")),
          equal(c.slot("equal_surface_nodes")),
          equal_two(c.slot("equal_surface_two_leaves")),
          equal_more(c.slot("equal_surface_first_more_leaves")),
          equal_fewer(c.slot("equal_surface_first_fewer_leaves")),
          equal_same(c.slot("equal_surface_same_leaves")),
          nan_surface(c.slot("nan_surface_nodes")),
          pairs(c.slot("sibling_section_pairs")),
          pairs_over(c.slot("sibling_sections_over127")),
          small(c.slot("small_subtrees")),
          small_exact(c.slot("small_subtrees_exact")),
          small_inner(c.slot("small_subtree_inner_nodes")),
          small_inner_exact(c.slot("small_subtree_inner_exact")),
          split_sections(c.slot("split_cost_sections")),
          stock_surface(c.slot("stock_inner_surface_um2")),
          median_surface(c.slot("median_split_surface_um2")),
          sah16_surface(c.slot("sah16_surface_um2")),
          multi(c.slot("multi_section_meshes")),
          multi_left_out(c.slot("cut_meshes_left_out")),
          multi_no_rows(c.slot("cut_meshes_without_rows")),
          exact(c.slot("cut_exact_meshes")),
          exact_tree(c.slot("cut_exact_mesh_tree")),
          stock_sections(c.slot("cut_stock_sections")),
          found(c.slot("sections_found")),
          two_differ(c.slot("shared_two_leaf_differ")),
          two_differ_order(c.slot("larger_child_first")),
          two_equal(c.slot("shared_two_leaf_equal")),
          two_equal_order(c.slot("equal_surface_order")),
          in_cut(c.slot("section_trees_in_cut_tree")),
          whole_shape(c.slot("section_trees_same_shape")),
          jitter_meshes(c.slot("jitter_meshes")),
          jitter_stock(c.slot("jitter_stock_sections")),
          jitter_found(c.slot("jitter_sections_found")),
          jitter_exact(c.slot("jitter_exact_meshes")),
          size{c.slot("subtrees_3"), c.slot("subtrees_16"), c.slot("subtrees_17"), c.slot("subtrees_33")},
          size_exact{c.slot("subtrees_3_exact"), c.slot("subtrees_16_exact"), c.slot("subtrees_17_exact"),
                     c.slot("subtrees_33_exact")} {
        for (int b = 0; b < rules::kShapeBands; ++b) {
            band_nodes[b] = c.slot(std::string("band_nodes_") + kBandNames[b]);
            band_shared[b] = c.slot(std::string("band_shared_") + kBandNames[b]);
            band_same[b] = c.slot(std::string("same_shape_") + kBandNames[b]);
        }
    }
    std::size_t sections_checked, sections_left_out, sections_bad_tree, inner_nodes;
    std::size_t larger, smaller, equal, equal_two, equal_more, equal_fewer, equal_same, nan_surface;
    std::size_t pairs, pairs_over;
    std::size_t small, small_exact, small_inner, small_inner_exact;
    std::size_t split_sections, stock_surface, median_surface, sah16_surface;
    std::size_t multi, multi_left_out, multi_no_rows, exact, exact_tree, stock_sections, found;
    std::size_t two_differ, two_differ_order, two_equal, two_equal_order, in_cut, whole_shape;
    std::size_t jitter_meshes, jitter_stock, jitter_found, jitter_exact;
    std::array<std::size_t, 4> size, size_exact;  // 3, 16 (maximal), 17, 33 (every subtree)
    std::array<std::size_t, rules::kShapeBands> band_nodes{}, band_shared{}, band_same{};
};

int size_bucket(std::uint32_t leaves) {
    switch (leaves) {
        case 3: return 0;
        case 16: return 1;
        case 17: return 2;
        case 33: return 3;
        default: return -1;
    }
}

class TreeRulePass final : public Pass {
public:
    TreeRulePass() {
        info_.name = "tree_rule";
        info_.family = "havok-mesh";
        info_.claims = {
            "A node's first child is the one with the larger union box (Observed)",
            "of the pairs of sibling sections … hold more than 127 primitives together (Observed)",
            "joining always the two nodes whose union has the least surface area … gives the stock subtree exactly (Observed)",
            "The rate falls with the size … drops to 8.9% (8.6%) at 17 leaves and under 1% by 33 (Observed)",
            "The median split along the longest axis … costs 1.34 times the stock trees' inner-node surface …; a surface-area "
            "split down to 16 leaves with the bottom-up merge below costs 0.92 of the stock's (Observed)",
            "the cut gives exactly the stock sections in their stock order … the mesh tree above them is the stock mesh tree "
            "(Observed)",
            "the same ordered shape is there for this share … the larger child comes first (Observed)",
            "Moving every decoded vertex of a section by a random amount of up to half a codec step … lowers the sections "
            "found (Observed)",
        };
        info_.counters = {
            {"sections_checked", "section trees with a box for each primitive", false},
            {"sections_left_out", "sections left out because they hold a dead or custom primitive", false},
            {"sections_bad_tree",
             "sections with a box for each primitive whose tree is not one pre-order tree (structure reports it)",
             false},
            {"inner_nodes", "inner nodes of those section trees, roots included", false},
            {"first_child_larger", "nodes whose first child has the larger union box (surface)", false},
            {"first_child_smaller", "nodes whose first child has the smaller union box", false},
            {"equal_surface_nodes", "nodes whose two boxes have one surface (single precision)", false},
            {"equal_surface_two_leaves", "of those, nodes with two leaves", false},
            {"equal_surface_first_more_leaves", "of the rest, first child with more leaves", false},
            {"equal_surface_first_fewer_leaves", "of the rest, first child with fewer leaves", false},
            {"equal_surface_same_leaves", "of the rest, both children with as many leaves", false},
            {"nan_surface_nodes", "nodes with a NaN child surface (a vertex that does not decode to a number)", false},
            {"sibling_section_pairs",
             "mesh-tree inner nodes whose two children are sections with a box for each primitive", false},
            {"sibling_sections_over127", "of those, pairs holding more than 127 primitives together", false},
            {"small_subtrees", "maximal subtrees of 3 to 16 leaves", false},
            {"small_subtrees_exact",
             "of those, subtrees the bottom-up least-surface merge gives exactly (child order aside)", false},
            {"small_subtree_inner_nodes", "inner nodes inside those subtrees (their roots included)", false},
            {"small_subtree_inner_exact", "of those, inner nodes whose leaf set the merge makes a node", false},
            {"subtrees_3", "maximal subtrees of 3 leaves", false},
            {"subtrees_3_exact", "of those, given exactly by the merge", false},
            {"subtrees_16", "subtrees of 16 leaves", false},
            {"subtrees_16_exact", "of those, given exactly by the merge", false},
            {"subtrees_17", "subtrees of 17 leaves", false},
            {"subtrees_17_exact", "of those, given exactly by the merge", false},
            {"subtrees_33", "subtrees of 33 leaves", false},
            {"subtrees_33_exact", "of those, given exactly by the merge", false},
            {"split_cost_sections",
             "section trees whose inner-node surfaces are summed for the split costs (finite surfaces)", false},
            {"stock_inner_surface_um2",
             "the stored section trees' inner-node surface (union boxes), µm² (1e-6 m², each section rounded)", false},
            {"median_split_surface_um2", "inner-node surface of a longest-axis median split of the same leaves, µm²",
             false},
            {"sah16_surface_um2",
             "inner-node surface of a surface-area split to 16 leaves plus the bottom-up merge, µm²", false},
            {"multi_section_meshes", "meshes with two sections or more", false},
            {"cut_meshes_left_out",
             "of those, meshes the rule is not run on (a primitive without a box, a stored tree that is not one pre-order tree naming each primitive once)",
             false},
            {"cut_meshes_without_rows", "of those, meshes without triangleIndexToShapeKey (leaves in storage order)",
             false},
            {"cut_exact_meshes", "meshes where the cut gives exactly the stock sections in stock order", false},
            {"cut_exact_mesh_tree", "of those, meshes whose mesh tree above the sections is the stock mesh tree",
             false},
            {"cut_stock_sections", "stock sections of the meshes the rule is run on", false},
            {"sections_found", "of those, stock sections among the sections the cut finds", false},
            {"band_nodes_2", "inner nodes of 2 leaves of the found stock sections", false},
            {"band_shared_2", "of those, nodes whose leaf set is a node of the cut tree", false},
            {"same_shape_2", "of those, nodes with the same ordered shape in the cut tree", false},
            {"band_nodes_3_4", "inner nodes of 3 to 4 leaves of the found stock sections", false},
            {"band_shared_3_4", "of those, nodes whose leaf set is a node of the cut tree", false},
            {"same_shape_3_4", "of those, nodes with the same ordered shape in the cut tree", false},
            {"band_nodes_5_8", "inner nodes of 5 to 8 leaves of the found stock sections", false},
            {"band_shared_5_8", "of those, nodes whose leaf set is a node of the cut tree", false},
            {"same_shape_5_8", "of those, nodes with the same ordered shape in the cut tree", false},
            {"band_nodes_9_16", "inner nodes of 9 to 16 leaves of the found stock sections", false},
            {"band_shared_9_16", "of those, nodes whose leaf set is a node of the cut tree", false},
            {"same_shape_9_16", "of those, nodes with the same ordered shape in the cut tree", false},
            {"band_nodes_17_32", "inner nodes of 17 to 32 leaves of the found stock sections", false},
            {"band_shared_17_32", "of those, nodes whose leaf set is a node of the cut tree", false},
            {"same_shape_17_32", "of those, nodes with the same ordered shape in the cut tree", false},
            {"band_nodes_33_64", "inner nodes of 33 to 64 leaves of the found stock sections", false},
            {"band_shared_33_64", "of those, nodes whose leaf set is a node of the cut tree", false},
            {"same_shape_33_64", "of those, nodes with the same ordered shape in the cut tree", false},
            {"band_nodes_65up", "inner nodes of 65 or more leaves of the found stock sections", false},
            {"band_shared_65up", "of those, nodes whose leaf set is a node of the cut tree", false},
            {"same_shape_65up", "of those, nodes with the same ordered shape in the cut tree", false},
            {"shared_two_leaf_differ",
             "stock two-leaf nodes the cut tree shares whose leaf surfaces differ by 1% or more", false},
            {"larger_child_first", "of those, nodes where the cut tree (larger child first) has the stock child order",
             false},
            {"shared_two_leaf_equal",
             "stock two-leaf nodes the cut tree shares whose leaf surfaces are equal (single precision)", false},
            {"equal_surface_order", "of those, nodes where the cut tree has the stock child order", false},
            {"section_trees_in_cut_tree", "stock sections whose leaf set is a node of the cut tree", false},
            {"section_trees_same_shape",
             "of those, sections whose whole tree, child order included, is that node's subtree", false},
            {"jitter_meshes",
             "(object set) meshes the rule is run on again with every vertex jittered by up to half a codec step",
             false},
            {"jitter_stock_sections", "stock sections of those meshes", false},
            {"jitter_sections_found", "of those, stock sections the cut finds after the jitter", false},
            {"jitter_exact_meshes", "of the jittered meshes, meshes in exact stock order after the jitter", false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        const Slots slots(counts);
        thread_local Workspace ws;
        const ReleaseAfterLargeUnit release(ws, unit.triangles);
        std::uint32_t mesh_index = 0;
        for (const DecodedMesh& m : unit.mesh->meshes) {
            mark_boxed(m, ws);
            for (std::uint32_t sec = 0; sec < m.sections.size() && sec < m.section_trees.first_node.size(); ++sec) {
                if (!ws.boxed[sec]) {
                    counts.add_at(slots.sections_left_out);
                    continue;
                }
                counts.add_at(slots.sections_checked);
                if (!load_section(m, sec, ws)) {
                    counts.add_at(slots.sections_bad_tree);
                    continue;
                }
                child_order(m.section_trees, sec, ws, slots, counts);
                merge_subtrees(ws, slots, counts);
                split_costs(ws, slots, counts);
            }
            sibling_sections(m, ws, slots, counts);
            whole_rule(unit, mesh_index, m, ws, slots, counts);
            ++mesh_index;
        }
        counts.flush(tally);
    }

private:
    // A section has a box for each primitive when every one is a triangle or quad.
    static void mark_boxed(const DecodedMesh& m, Workspace& ws) {
        const mesh::DecodedSections& s = m.sections;
        ws.boxed.assign(s.size(), 0);
        for (std::uint32_t sec = 0; sec < s.size(); ++sec) {
            const std::uint64_t begin = s.primitive_base[sec], end = begin + s.num_primitives[sec];
            if (end > m.primitives.size()) continue;
            bool boxed = true;
            for (std::uint64_t p = begin; p < end && boxed; ++p) boxed = has_geometry(m.primitives.kind[p]);
            ws.boxed[sec] = boxed;
        }
    }

    // Checks that the section's nodes form one pre-order tree (the walk from the root visits them
    // in storage order, each once) with every leaf naming a primitive of the section, and fills the
    // per-node union boxes, leaf counts and ranks.
    static bool load_section(const DecodedMesh& m, std::uint32_t sec, Workspace& ws) {
        const StaticTreeNodes& st = m.section_trees;
        const std::uint32_t first = st.first_node[sec], count = st.node_count[sec];
        if (count == 0 || std::uint64_t{first} + count > st.size()) return false;
        const std::uint32_t end = first + count;
        ws.stack.clear();
        ws.stack.push_back(first);
        std::uint32_t expected = first;
        ws.parent_leaves.assign(count, 0);
        while (!ws.stack.empty()) {
            const std::uint32_t n = ws.stack.back();
            ws.stack.pop_back();
            if (n != expected || n >= end) return false;
            ++expected;
            if (st.is_leaf[n]) {
                if (st.payload[n] >= m.sections.num_primitives[sec]) return false;
                continue;
            }
            const std::uint32_t second = st.second_child[n];
            if (second == mesh::kNone || second <= n + 1 || second >= end) return false;
            ws.stack.push_back(second);
            ws.stack.push_back(n + 1);
        }
        if (expected != end) return false;

        ws.below.resize(count);
        ws.leaves.resize(count);
        ws.leaf_rank.resize(count);
        ws.leaf_box.clear();
        const float r = m.convex_radius;
        for (std::uint32_t k = 0; k < count; ++k) {  // pre-order: leaves left to right
            ws.leaf_rank[k] = static_cast<std::uint32_t>(ws.leaf_box.size());
            const std::uint32_t n = first + k;
            if (!st.is_leaf[n]) continue;
            Box b = vertex_box(m, m.sections.primitive_base[sec] + st.payload[n]);
            for (int a = 0; a < 3; ++a) {
                b.min[a] = b.min[a] - r;
                b.max[a] = b.max[a] + r;
            }
            ws.leaf_box.push_back(b);
        }
        for (std::uint32_t k = count; k-- > 0;) {  // children after their parent: one backward sweep
            const std::uint32_t n = first + k;
            if (st.is_leaf[n]) {
                ws.below[k] = ws.leaf_box[ws.leaf_rank[k]];
                ws.leaves[k] = 1;
                continue;
            }
            const std::uint32_t a = k + 1, b = st.second_child[n] - first;
            ws.below[k] = rules::box_union(ws.below[a], ws.below[b]);
            ws.leaves[k] = ws.leaves[a] + ws.leaves[b];
            ws.parent_leaves[a] = ws.parent_leaves[b] = ws.leaves[k];
        }
        return true;
    }

    // "A node's first child is the one with the larger union box" and its tallies of ties.
    static void child_order(const StaticTreeNodes& st, std::uint32_t sec, const Workspace& ws, const Slots& slots,
                            UnitCounts& counts) {
        const std::uint32_t first = st.first_node[sec], count = st.node_count[sec];
        for (std::uint32_t k = 0; k < count; ++k) {
            const std::uint32_t n = first + k;
            if (st.is_leaf[n]) continue;
            const std::uint32_t a = k + 1, b = st.second_child[n] - first;
            counts.add_at(slots.inner_nodes);
            const float sa = rules::box_surface(ws.below[a]), sb = rules::box_surface(ws.below[b]);
            if (std::isnan(sa) || std::isnan(sb)) {
                counts.add_at(slots.nan_surface);
            } else if (sa > sb) {
                counts.add_at(slots.larger);
            } else if (sa < sb) {
                counts.add_at(slots.smaller);
            } else {
                counts.add_at(slots.equal);
                const std::uint32_t la = ws.leaves[a], lb = ws.leaves[b];
                if (la == 1 && lb == 1) counts.add_at(slots.equal_two);
                else if (la > lb) counts.add_at(slots.equal_more);
                else if (la < lb) counts.add_at(slots.equal_fewer);
                else counts.add_at(slots.equal_same);
            }
        }
    }

    // The bottom-up least-surface merge of every subtree the figures name, against the stored one.
    static void merge_subtrees(Workspace& ws, const Slots& slots, UnitCounts& counts) {
        const std::uint32_t count = static_cast<std::uint32_t>(ws.leaves.size());
        for (std::uint32_t k = 0; k < count; ++k) {
            const std::uint32_t n = ws.leaves[k];
            const bool maximal_small =
                n >= kMergeMinLeaves && n <= kMergeMaxLeaves && (k == 0 || ws.parent_leaves[k] > kMergeMaxLeaves);
            const int bucket = size_bucket(n);
            const bool sized = bucket >= 2 || (bucket >= 0 && maximal_small);
            if (!maximal_small && !sized) continue;

            // The stored subtree's inner nodes as leaf sets (bits relative to its first leaf).
            const std::uint32_t base = ws.leaf_rank[k];
            ws.stored_sets.clear();
            for (std::uint32_t j = k; j < k + 2 * n - 1; ++j) {
                if (ws.leaves[j] == 1) continue;
                const std::uint64_t ones = (std::uint64_t{1} << ws.leaves[j]) - 1;  // n ≤ 33
                ws.stored_sets.push_back(ones << (ws.leaf_rank[j] - base));
            }
            rules::least_surface_merge(std::span<const Box>(ws.leaf_box).subspan(base, n), ws.merge, ws.merged);
            rules::merged_leaf_sets(ws.merged, ws.merged_sets);
            const std::uint32_t shared =
                rules::shared_leaf_ranges(ws.stored_sets, ws.merged_sets);  // stored: runs of ranks
            const bool exact = shared == n - 1;
            if (maximal_small) {
                counts.add_at(slots.small);
                counts.add_at(slots.small_inner, n - 1);
                counts.add_at(slots.small_inner_exact, shared);
                if (exact) counts.add_at(slots.small_exact);
            }
            if (sized) {
                counts.add_at(slots.size[bucket]);
                if (exact) counts.add_at(slots.size_exact[bucket]);
            }
        }
    }

    // "The median split along the longest axis ... costs 1.34 times the stock trees' inner-node
    // surface ...; a surface-area split down to 16 leaves with the bottom-up merge below costs 0.92"
    // (reference_splits.h), over the section's leaves in pre-order (the order breaks centre ties).
    static void split_costs(Workspace& ws, const Slots& slots, UnitCounts& counts) {
        double stock = 0;
        for (std::uint32_t k = 0; k < ws.leaves.size(); ++k)
            if (ws.leaves[k] > 1) stock += rules::box_surface(ws.below[k]);
        const rules::SplitSurfaces split = rules::reference_split_surfaces(ws.leaf_box, ws.splits);
        const double median = split.median, sah16 = split.sah16;
        const double limit = 1e12;  // m²: keeps the µm² integers far from 2^64 over a whole install
        for (double v : {stock, median, sah16})
            if (!(std::isfinite(v) && v >= 0 && v < limit)) return;
        counts.add_at(slots.split_sections);
        counts.add_at(slots.stock_surface,
                      static_cast<std::uint64_t>(std::llround(stock * kSurfaceUnitsPerSquareMetre)));
        counts.add_at(slots.median_surface,
                      static_cast<std::uint64_t>(std::llround(median * kSurfaceUnitsPerSquareMetre)));
        counts.add_at(slots.sah16_surface,
                      static_cast<std::uint64_t>(std::llround(sah16 * kSurfaceUnitsPerSquareMetre)));
    }

    // The whole rule (insertion, rebuild, refinement, the cut) over a mesh of two sections or more,
    // against its stored trees (engine/rules/cut_comparison.h, verifiers/tree_rule_leaves.h); for
    // the object set, once more with the vertices jittered.
    static void whole_rule(const Unit& unit, std::uint32_t mesh_index, const DecodedMesh& m, Workspace& ws,
                           const Slots& slots, UnitCounts& counts) {
        if (m.sections.size() < 2) return;
        counts.add_at(slots.multi);
        if (!tree_rule_leaves(m, ws.rule, unit.products)) {
            counts.add_at(slots.multi_left_out);
            return;
        }
        const rules::CutComparison r = rules::compare_cut(ws.rule.rule(), ws.rule.stored(), ws.cut);
        if (!r.valid) {
            counts.add_at(slots.multi_left_out);
            return;
        }
        if (!ws.rule.from_rows) counts.add_at(slots.multi_no_rows);
        counts.add_at(slots.stock_sections, r.stock_sections);
        counts.add_at(slots.found, r.sections_found);
        if (r.exact) counts.add_at(slots.exact);
        if (r.mesh_tree_exact) counts.add_at(slots.exact_tree);
        for (int b = 0; b < rules::kShapeBands; ++b) {
            counts.add_at(slots.band_nodes[b], r.band_nodes[b]);
            counts.add_at(slots.band_shared[b], r.band_shared[b]);
            counts.add_at(slots.band_same[b], r.band_same_shape[b]);
        }
        counts.add_at(slots.two_differ, r.two_leaf_differ);
        counts.add_at(slots.two_differ_order, r.two_leaf_differ_stock_order);
        counts.add_at(slots.two_equal, r.two_leaf_equal);
        counts.add_at(slots.two_equal_order, r.two_leaf_equal_stock_order);
        counts.add_at(slots.in_cut, r.sections_in_cut_tree);
        counts.add_at(slots.whole_shape, r.sections_same_shape);

        // "Moving every decoded vertex of a section by a random amount of up to half a codec step
        // ... lowers the sections found among the Sekiro object meshes": the object set only.
        if (unit.set != "object") return;
        std::uint64_t seed = 0xCBF29CE484222325ull;  // FNV-1a of the member's path, then the mesh
        for (const char ch : unit.path) seed = (seed ^ static_cast<unsigned char>(ch)) * 0x100000001B3ull;
        seed = (seed ^ mesh_index) * 0x100000001B3ull;
        jitter_leaf_boxes(m, seed, ws.rule);
        const rules::CutComparison j = rules::compare_cut(ws.rule.rule(), ws.rule.stored(), ws.cut);
        counts.add_at(slots.jitter_meshes);
        counts.add_at(slots.jitter_stock, j.stock_sections);
        counts.add_at(slots.jitter_found, j.sections_found);
        if (j.exact) counts.add_at(slots.jitter_exact);
    }

    // "of the pairs of sibling sections in the mesh trees … hold more than 127 primitives together"
    static void sibling_sections(const DecodedMesh& m, const Workspace& ws, const Slots& slots, UnitCounts& counts) {
        const StaticTreeNodes& mt = m.mesh_tree;
        const std::uint32_t size = static_cast<std::uint32_t>(mt.size());
        for (std::uint32_t n = 0; n < size; ++n) {
            if (mt.is_leaf[n]) continue;
            const std::uint32_t a = n + 1, b = mt.second_child[n];
            if (a >= size || b == mesh::kNone || b >= size || !mt.is_leaf[a] || !mt.is_leaf[b]) continue;
            if (mt.parent[a] != n || mt.parent[b] != n) continue;  // not one pre-order tree: structure reports it
            const std::uint32_t sa = mt.payload[a], sb = mt.payload[b];
            if (sa >= ws.boxed.size() || sb >= ws.boxed.size() || !ws.boxed[sa] || !ws.boxed[sb]) continue;
            counts.add_at(slots.pairs);
            if (m.sections.num_primitives[sa] + m.sections.num_primitives[sb] > kSectionPrimitives)
                counts.add_at(slots.pairs_over);
        }
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(TreeRulePass);

}  // namespace
}  // namespace meshproof
