// Pass "tree_rule" on the Elden Ring sample: the measured counts pinned, their partitions, the
// inner nodes and sections agreeing with the nibble pass's (which walks the same trees its own
// way), and edits whose effect on the counts is known.
#include <gtest/gtest.h>

#include <utility>

#include "engine/rules/tree_rule.h"
#include "tests/verifiers/verifier_fixtures.h"
#include "verifiers/mesh_walk.h"

namespace meshproof {
namespace {

using test::ErSampleTest;
using test::run_pass;

std::uint64_t c(const Tally& t, std::string_view name) { return t.total(name); }

void expect_partitions(const Tally& t) {
    EXPECT_EQ(c(t, "first_child_larger") + c(t, "first_child_smaller") + c(t, "equal_surface_nodes") +
                  c(t, "nan_surface_nodes"),
              c(t, "inner_nodes"));
    EXPECT_EQ(c(t, "equal_surface_two_leaves") + c(t, "equal_surface_first_more_leaves") +
                  c(t, "equal_surface_first_fewer_leaves") + c(t, "equal_surface_same_leaves"),
              c(t, "equal_surface_nodes"));
    EXPECT_LE(c(t, "sibling_sections_over127"), c(t, "sibling_section_pairs"));
    EXPECT_LE(c(t, "small_subtrees_exact"), c(t, "small_subtrees"));
    EXPECT_LE(c(t, "small_subtree_inner_exact"), c(t, "small_subtree_inner_nodes"));
    // Each maximal subtree of n leaves has n − 1 inner nodes, 2 ≤ n − 1 ≤ 15, and its root always
    // matches; an exact one matches all of them.
    EXPECT_GE(c(t, "small_subtree_inner_nodes"), 2 * c(t, "small_subtrees"));
    EXPECT_LE(c(t, "small_subtree_inner_nodes"), 15 * c(t, "small_subtrees"));
    EXPECT_GE(c(t, "small_subtree_inner_exact"), c(t, "small_subtrees") + c(t, "small_subtrees_exact"));
    for (const char* n : {"3", "16", "17", "33"})
        EXPECT_LE(c(t, std::string("subtrees_") + n + "_exact"), c(t, std::string("subtrees_") + n)) << n;
    EXPECT_LE(c(t, "subtrees_3") + c(t, "subtrees_16"), c(t, "small_subtrees"));
    EXPECT_EQ(c(t, "sections_bad_tree"), 0u);
}

TEST_F(ErSampleTest, TreeRuleCountsArePinnedAndPartition) {
    const Tally t = run_pass("tree_rule", sample_->member);
    expect_partitions(t);
    // Measured on the sample: one section of 12 large flat triangles (a floor), one tree of 11
    // inner nodes. Its root has the smaller child first (rule step 3 orders the nodes below the
    // root only) and is a binned split ("the whole list whatever its length, is split"), so the
    // merge cannot give the whole 12-leaf tree: it gives 5 of its 11 inner nodes ({0,1}, {4,5},
    // {6,7}, {9,10} by leaf rank, and the root).
    EXPECT_EQ(c(t, "sections_checked"), 1u);
    EXPECT_EQ(c(t, "inner_nodes"), 11u);
    EXPECT_EQ(c(t, "first_child_larger"), 9u);
    EXPECT_EQ(c(t, "first_child_smaller"), 1u);
    EXPECT_EQ(c(t, "equal_surface_nodes"), 1u);
    EXPECT_EQ(c(t, "equal_surface_two_leaves"), 1u);
    EXPECT_EQ(c(t, "equal_surface_first_more_leaves"), 0u);
    EXPECT_EQ(c(t, "equal_surface_first_fewer_leaves"), 0u);
    EXPECT_EQ(c(t, "sibling_section_pairs"), 0u);
    EXPECT_EQ(c(t, "sibling_sections_over127"), 0u);
    EXPECT_EQ(c(t, "small_subtrees"), 1u);
    EXPECT_EQ(c(t, "small_subtrees_exact"), 0u);
    EXPECT_EQ(c(t, "small_subtree_inner_nodes"), 11u);
    EXPECT_EQ(c(t, "small_subtree_inner_exact"), 5u);
    EXPECT_EQ(c(t, "subtrees_3"), 0u);
    EXPECT_EQ(c(t, "subtrees_3_exact"), 0u);
    EXPECT_EQ(c(t, "subtrees_16"), 0u);
    EXPECT_EQ(c(t, "subtrees_16_exact"), 0u);
    EXPECT_EQ(c(t, "subtrees_17"), 0u);
    EXPECT_EQ(c(t, "subtrees_17_exact"), 0u);
    EXPECT_EQ(c(t, "subtrees_33"), 0u);
    EXPECT_EQ(c(t, "subtrees_33_exact"), 0u);
    EXPECT_EQ(test::violations("tree_rule", t), 0u);
}

TEST_F(ErSampleTest, TreeRuleWalksTheTreesTheNibblePassWalks) {
    const Tally t = run_pass("tree_rule", sample_->member);
    const Tally n = run_pass("nibble", sample_->member);
    EXPECT_EQ(c(t, "sections_checked"), c(n, "sections_checked"));
    EXPECT_EQ(c(t, "sections_left_out"), c(n, "sections_left_out"));
    // The nibble pass counts roots (above two leaves or more) apart from the inner nodes below them.
    EXPECT_EQ(c(t, "inner_nodes"), c(n, "inner_nodes") + c(n, "roots"));
}

// Exchanging the two children of every root of two leaves or more (their subtrees are moved as
// blocks, the second child's link rewritten) moves each root between larger-first and
// smaller-first by the surfaces of its two leaf sets (computed here from the vertices), and keeps
// every leaf set below the root.
TEST_F(ErSampleTest, TreeRuleSwappedRootChildrenMoveBetweenLargerAndSmaller) {
    const Tally before = run_pass("tree_rule", sample_->member);
    mesh::DecodedMesh& m = mesh();
    mesh::StaticTreeNodes& st = m.section_trees;
    std::uint64_t swapped = 0;
    std::int64_t expected_dl = 0;  // change of first_child_larger
    auto leaf_union = [&](std::uint32_t sec, std::uint32_t from, std::uint32_t to) {
        mesh::Box u = verifiers::empty_box();
        for (std::uint32_t k = from; k < to; ++k) {
            if (!st.is_leaf[k]) continue;
            mesh::Box b = verifiers::vertex_box(m, m.sections.primitive_base[sec] + st.payload[k]);
            for (int a = 0; a < 3; ++a) {
                b.min[a] = b.min[a] - m.convex_radius;
                b.max[a] = b.max[a] + m.convex_radius;
            }
            verifiers::grow(u, b);
        }
        return u;
    };
    for (std::uint32_t sec = 0; sec < st.first_node.size(); ++sec) {
        const std::uint32_t r = st.first_node[sec], count = st.node_count[sec];
        if (count < 3 || st.is_leaf[r]) continue;
        const std::uint32_t a = r + 1, b = st.second_child[r], end = r + count;
        const float sa = rules::box_surface(leaf_union(sec, a, b)), sb = rules::box_surface(leaf_union(sec, b, end));
        expected_dl += sa > sb ? -1 : sa < sb ? 1 : 0;
        std::vector<std::uint32_t> order;  // new storage order of nodes (global ids)
        order.push_back(r);
        for (std::uint32_t k = b; k < end; ++k) order.push_back(k);
        for (std::uint32_t k = a; k < b; ++k) order.push_back(k);
        std::vector<std::uint32_t> where(count);
        for (std::uint32_t i = 0; i < count; ++i) where[order[i] - r] = r + i;
        auto permute = [&](auto& column) {
            auto old = column;
            for (std::uint32_t i = 0; i < count; ++i) column[r + i] = old[order[i]];
        };
        auto old_second = st.second_child;
        permute(st.is_leaf);
        permute(st.payload);
        permute(st.value);
        for (auto& col : st.xyz) permute(col);
        permute(st.box);
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::uint32_t o = old_second[order[i]];
            st.second_child[r + i] = o == mesh::kNone ? mesh::kNone : where[o - r];
        }
        st.second_child[r] = where[a - r];  // the root's second child is now the old first
        ++swapped;
    }
    for (std::uint32_t n = 0; n < st.size(); ++n) st.parent[n] = mesh::kNone;
    for (std::uint32_t n = 0; n < st.size(); ++n)
        if (!st.is_leaf[n]) st.parent[n + 1] = st.parent[st.second_child[n]] = n;
    ASSERT_GT(swapped, 0u);
    ASSERT_NE(expected_dl, 0);
    const Tally after = run_pass("tree_rule", sample_->member);
    expect_partitions(after);
    EXPECT_EQ(c(after, "inner_nodes"), c(before, "inner_nodes"));
    const std::int64_t dl = static_cast<std::int64_t>(c(after, "first_child_larger")) - c(before, "first_child_larger");
    const std::int64_t ds =
        static_cast<std::int64_t>(c(after, "first_child_smaller")) - c(before, "first_child_smaller");
    EXPECT_EQ(dl, expected_dl);
    EXPECT_EQ(ds, -expected_dl);
    EXPECT_EQ(c(after, "equal_surface_nodes"), c(before, "equal_surface_nodes"));
    // The subtrees keep their leaves; the root's leaf list changes order, so only the counts of
    // subtrees and of their inner nodes are compared.
    EXPECT_EQ(c(after, "small_subtrees"), c(before, "small_subtrees"));
    EXPECT_EQ(c(after, "small_subtree_inner_nodes"), c(before, "small_subtree_inner_nodes"));
}

// The section's tree replaced by the merge's own tree over its leaves (written in pre-order, the
// first child of each merged node first): every maximal subtree is then the merge's exactly, as
// long as rerunning the merge on the leaves in the new left-to-right order makes the same joins
// (the costs do not depend on the order; the sample's ties are between two leaves of one box,
// whose exchange changes no leaf set's surface).
TEST_F(ErSampleTest, TreeRuleTreeRebuiltByTheMergeIsExact) {
    mesh::DecodedMesh& m = mesh();
    mesh::StaticTreeNodes& st = m.section_trees;
    ASSERT_EQ(st.first_node.size(), 1u);
    const std::uint32_t count = st.node_count[0];
    std::vector<std::uint32_t> payloads;
    std::vector<mesh::Box> boxes;
    for (std::uint32_t n = 0; n < count; ++n) {
        if (!st.is_leaf[n]) continue;
        payloads.push_back(st.payload[n]);
        mesh::Box b = verifiers::vertex_box(m, m.sections.primitive_base[0] + st.payload[n]);
        for (int a = 0; a < 3; ++a) {
            b.min[a] = b.min[a] - m.convex_radius;
            b.max[a] = b.max[a] + m.convex_radius;
        }
        boxes.push_back(b);
    }
    const std::uint32_t leaves = static_cast<std::uint32_t>(boxes.size());
    ASSERT_EQ(2 * leaves - 1, count);
    rules::MergeWorkspace ws;
    rules::MergedTree merged;
    rules::least_surface_merge(boxes, ws, merged);
    // Pre-order emit of the merged tree.
    std::uint32_t at = 0;
    auto emit = [&](auto&& self, std::uint32_t id, std::uint32_t parent) -> void {
        const std::uint32_t n = at++;
        st.parent[n] = parent;
        if (id < leaves) {
            st.is_leaf[n] = 1;
            st.payload[n] = payloads[id];
            st.second_child[n] = mesh::kNone;
            return;
        }
        st.is_leaf[n] = 0;
        st.payload[n] = mesh::kNone;
        self(self, merged.child[0][id - leaves], n);
        st.second_child[n] = at;
        self(self, merged.child[1][id - leaves], n);
    };
    emit(emit, merged.root(), mesh::kNone);
    ASSERT_EQ(at, count);
    const Tally t = run_pass("tree_rule", sample_->member);
    expect_partitions(t);
    EXPECT_EQ(c(t, "small_subtrees"), 1u);
    EXPECT_EQ(c(t, "small_subtrees_exact"), 1u);
    EXPECT_EQ(c(t, "small_subtree_inner_exact"), 11u);
}

// Links and payloads a decoder lets through but that do not make one pre-order tree (a second
// child pointing back, out of the tree, or at the first child; a payload past the section) are
// counted as a bad tree and not followed; the mesh tree's sibling pairs need coherent parents.
// ctest-labels: hostile
TEST_F(ErSampleTest, TreeRuleCorruptTreesAreCountedNotFollowed) {
    const std::uint32_t root = mesh().section_trees.first_node[0];
    const std::uint32_t bad_links[] = {root, root + 1, mesh::kNone, 1000000u};
    for (const std::uint32_t link : bad_links) {
        auto member = sample_->member;
        member.meshes[0].section_trees.second_child[root] = link;
        const Tally t = run_pass("tree_rule", member);
        EXPECT_EQ(c(t, "sections_bad_tree"), 1u) << link;
        EXPECT_EQ(c(t, "inner_nodes"), 0u) << link;
        EXPECT_EQ(c(t, "small_subtrees"), 0u) << link;
    }
    auto member = sample_->member;
    mesh::StaticTreeNodes& st = member.meshes[0].section_trees;
    for (std::uint32_t n = 0; n < st.size(); ++n)
        if (st.is_leaf[n]) {
            st.payload[n] = 200;
            break;
        }
    const Tally t = run_pass("tree_rule", member);
    EXPECT_EQ(c(t, "sections_bad_tree"), 1u);
    EXPECT_EQ(c(t, "sections_checked"), 1u);
}

}  // namespace
}  // namespace meshproof
