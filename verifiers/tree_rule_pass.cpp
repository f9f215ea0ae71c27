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
// Not computed: the rule's steps 1, 3 and 4 (insertion, binned rebuild, refinement, the cut) and
// the figures of the cut tree: the leaves' order there is the quad pairing's.
#include <array>
#include <cmath>
#include <vector>

#include "engine/mesh/tree_rule.h"
#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::Box;
using mesh::DecodedMesh;
using mesh::StaticTreeNodes;

constexpr std::uint32_t kMergeMaxLeaves = 16;   // "A subtree of 16 leaves or fewer"
constexpr std::uint32_t kMergeMinLeaves = 3;    // "maximal subtrees of 3 to 16 leaves"
constexpr std::uint32_t kSectionPrimitives = 127;

// Per thread, grown to the largest section seen and reused across meshes and units.
struct Workspace {
    std::vector<std::uint8_t> boxed;             // per section of the mesh
    std::vector<std::uint32_t> stack;
    std::vector<Box> below;                      // per node of the section (local index)
    std::vector<std::uint32_t> leaves;           // leaves under the node
    std::vector<std::uint32_t> leaf_rank;        // leaves before the node in pre-order
    std::vector<std::uint32_t> parent_leaves;    // the parent's leaf count; 0 for the root
    std::vector<Box> leaf_box;                   // per leaf, in pre-order (left to right)
    std::vector<std::uint64_t> stored_sets, merged_sets;
    mesh::MergeWorkspace merge;
    mesh::MergedTree merged;
};

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
          size{c.slot("subtrees_3"), c.slot("subtrees_16"), c.slot("subtrees_17"), c.slot("subtrees_33")},
          size_exact{c.slot("subtrees_3_exact"), c.slot("subtrees_16_exact"), c.slot("subtrees_17_exact"),
                     c.slot("subtrees_33_exact")} {}
    std::size_t sections_checked, sections_left_out, sections_bad_tree, inner_nodes;
    std::size_t larger, smaller, equal, equal_two, equal_more, equal_fewer, equal_same, nan_surface;
    std::size_t pairs, pairs_over;
    std::size_t small, small_exact, small_inner, small_inner_exact;
    std::array<std::size_t, 4> size, size_exact;   // 3, 16 (maximal), 17, 33 (every subtree)
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
        };
        info_.counters = {
            {"sections_checked", "section trees with a box for each primitive", false},
            {"sections_left_out", "sections left out because they hold a dead or custom primitive", false},
            {"sections_bad_tree", "sections with a box for each primitive whose tree is not one pre-order tree (structure reports it)", false},
            {"inner_nodes", "inner nodes of those section trees, roots included", false},
            {"first_child_larger", "nodes whose first child has the larger union box (surface)", false},
            {"first_child_smaller", "nodes whose first child has the smaller union box", false},
            {"equal_surface_nodes", "nodes whose two boxes have one surface (single precision)", false},
            {"equal_surface_two_leaves", "of those, nodes with two leaves", false},
            {"equal_surface_first_more_leaves", "of the rest, first child with more leaves", false},
            {"equal_surface_first_fewer_leaves", "of the rest, first child with fewer leaves", false},
            {"equal_surface_same_leaves", "of the rest, both children with as many leaves", false},
            {"nan_surface_nodes", "nodes with a NaN child surface (a vertex that does not decode to a number)", false},
            {"sibling_section_pairs", "mesh-tree inner nodes whose two children are sections with a box for each primitive", false},
            {"sibling_sections_over127", "of those, pairs holding more than 127 primitives together", false},
            {"small_subtrees", "maximal subtrees of 3 to 16 leaves", false},
            {"small_subtrees_exact", "of those, subtrees the bottom-up least-surface merge gives exactly (child order aside)", false},
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
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        const Slots slots(counts);
        thread_local Workspace ws;
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
            }
            sibling_sections(m, ws, slots, counts);
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
            ws.below[k] = mesh::box_union(ws.below[a], ws.below[b]);
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
            const float sa = mesh::box_surface(ws.below[a]), sb = mesh::box_surface(ws.below[b]);
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
            const bool maximal_small = n >= kMergeMinLeaves && n <= kMergeMaxLeaves &&
                                       (k == 0 || ws.parent_leaves[k] > kMergeMaxLeaves);
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
            mesh::least_surface_merge(std::span<const Box>(ws.leaf_box).subspan(base, n), ws.merge, ws.merged);
            mesh::merged_leaf_sets(ws.merged, ws.merged_sets);
            const std::uint32_t shared = mesh::shared_leaf_sets(ws.stored_sets, ws.merged_sets);
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
