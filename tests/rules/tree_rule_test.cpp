// engine/rules/tree_rule: the surface measure, the bottom-up least-surface merge of the rule's
// step 2 on hand-built boxes whose answer follows from the document's steps, and the merge held to
// a literal, list-editing implementation of the same step on random boxes full of ties.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "engine/rules/tree_rule.h"

namespace meshproof::rules {
namespace {

mesh::Box box(float x0, float y0, float z0, float x1, float y1, float z1) {
    mesh::Box b;
    b.min = {x0, y0, z0};
    b.max = {x1, y1, z1};
    return b;
}
// A unit cube along x from `x`.
mesh::Box cube_at(float x) { return box(x, 0, 0, x + 1, 1, 1); }

TEST(TreeRuleSurface, IsTheSumOfTheProductsOfTheExtentsInTheDocumentsOrder) {
    EXPECT_EQ(box_surface(box(0, 0, 0, 2, 3, 5)), 5.0f * 3 + 3.0f * 2 + 2.0f * 5);
    EXPECT_EQ(box_surface(cube_at(7)), 3.0f);
    // ez·ey + ey·ex + ex·ez summed left to right in single precision; find boxes where another
    // order rounds differently, so this pins the order.
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> d(0.001f, 1000.0f);
    int differing = 0;
    for (int t = 0; t < 20000; ++t) {
        const mesh::Box b = box(0, 0, 0, d(rng), d(rng), d(rng));
        volatile float ex = b.max[0], ey = b.max[1], ez = b.max[2];
        volatile float zy = ez * ey, yx = ey * ex, xz = ex * ez;
        volatile float first = zy + yx;
        volatile float doc = first + xz;
        volatile float tail = yx + xz;
        volatile float other = zy + tail;
        ASSERT_EQ(box_surface(b), doc);
        differing += other != doc;
    }
    EXPECT_GT(differing, 0);
}

TEST(TreeRuleMerge, FourBoxesInARowJoinFirstPairThenTheMovedLastWithItsNeighbour) {
    // Every adjacent pair costs 5 (a 2×1×1 box): the first pair in list order, (0, 1), is joined
    // and takes place 0; the last entry, leaf 3, fills place 1: [01, 3, 2]. Then (3, 2) costs 5
    // against 7 and 9: joined with leaf 3 first, as it now stands before leaf 2. Then the root.
    const std::vector<mesh::Box> leaves = {cube_at(0), cube_at(1), cube_at(2), cube_at(3)};
    MergeWorkspace ws;
    MergedTree t;
    least_surface_merge(leaves, ws, t);
    ASSERT_EQ(t.leaves, 4u);
    ASSERT_EQ(t.child[0].size(), 3u);
    EXPECT_EQ(t.child[0], (std::vector<std::uint32_t>{0, 3, 4}));
    EXPECT_EQ(t.child[1], (std::vector<std::uint32_t>{1, 2, 5}));
    EXPECT_EQ(t.root(), 6u);
    std::vector<std::uint64_t> sets;
    ASSERT_TRUE(merged_leaf_sets(t, sets));
    EXPECT_EQ(sets, (std::vector<std::uint64_t>{0b0011, 0b1100, 0b1111}));
}

TEST(TreeRuleMerge, ATieGoesToTheFirstPairInListOrder) {
    // (0, 3) and (1, 2) both cost 5; (0, 3) comes first in list order (smaller first position).
    const std::vector<mesh::Box> leaves = {cube_at(0), cube_at(10), cube_at(11), cube_at(1)};
    MergeWorkspace ws;
    MergedTree t;
    least_surface_merge(leaves, ws, t);
    ASSERT_EQ(t.child[0].size(), 3u);
    EXPECT_EQ(t.child[0][0], 0u);
    EXPECT_EQ(t.child[1][0], 3u);
    EXPECT_EQ(t.child[0][1], 1u);
    EXPECT_EQ(t.child[1][1], 2u);
}

TEST(TreeRuleMerge, TheMovedLastEntryDecidesALaterTie) {
    // Cubes at x = 0, 1, 20, 22, 21. Three pairs cost 5 ((0, 1), (2, 4), (3, 4)); (0, 1) is first
    // and takes place 0, and the last entry, leaf 4, fills place 1: [01, 4, 2, 3]. Now (4, 2) and
    // (4, 3) tie at 5 (2 and 3 cost 7): places (1, 2) come first, so 4 is joined with 2. Had the
    // list closed the gap instead ([01, 2, 3, 4]), the first tie would be (2, 4).
    const std::vector<mesh::Box> leaves = {cube_at(0), cube_at(1), cube_at(20), cube_at(22), cube_at(21)};
    MergeWorkspace ws;
    MergedTree t;
    least_surface_merge(leaves, ws, t);
    ASSERT_EQ(t.child[0].size(), 4u);
    EXPECT_EQ(t.child[0][0], 0u);
    EXPECT_EQ(t.child[1][0], 1u);
    EXPECT_EQ(t.child[0][1], 4u);
    EXPECT_EQ(t.child[1][1], 2u);
}

TEST(TreeRuleMerge, FewerThanTwoLeavesMakeNoInnerNode) {
    MergeWorkspace ws;
    MergedTree t;
    least_surface_merge(std::vector<mesh::Box>{}, ws, t);
    EXPECT_TRUE(t.child[0].empty());
    least_surface_merge(std::vector<mesh::Box>{cube_at(0)}, ws, t);
    EXPECT_EQ(t.leaves, 1u);
    EXPECT_TRUE(t.child[0].empty());
    std::vector<std::uint64_t> sets{42};
    EXPECT_TRUE(merged_leaf_sets(t, sets));
    EXPECT_TRUE(sets.empty());
}

// Step 2 as written, the list edited literally and every pair costed anew at every join.
MergedTree literal_merge(std::vector<mesh::Box> list) {
    MergedTree t;
    const std::uint32_t n = static_cast<std::uint32_t>(list.size());
    t.leaves = n;
    std::vector<std::uint32_t> id(n);
    for (std::uint32_t i = 0; i < n; ++i) id[i] = i;
    std::uint32_t next = n;
    while (list.size() > 1) {
        std::size_t bi = 0, bj = 1;
        float best = box_surface(box_union(list[0], list[1]));
        for (std::size_t i = 0; i < list.size(); ++i)
            for (std::size_t j = i + 1; j < list.size(); ++j) {
                const float c = box_surface(box_union(list[i], list[j]));
                if (c < best) best = c, bi = i, bj = j;
            }
        t.child[0].push_back(id[bi]);
        t.child[1].push_back(id[bj]);
        list[bi] = box_union(list[bi], list[bj]);
        id[bi] = next++;
        list[bj] = list.back();
        id[bj] = id.back();
        list.pop_back();
        id.pop_back();
    }
    return t;
}

TEST(TreeRuleMerge, AgreesWithTheStepAsWrittenOnRandomBoxesWithTies) {
    std::mt19937 rng(2026);
    MergeWorkspace ws;  // reused across sizes, as the pass does
    MergedTree t;
    int checked = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const std::uint32_t n = 2 + trial % 40;
        // Coordinates on a coarse grid: many equal costs, so the tie rule is exercised.
        std::uniform_int_distribution<int> g(0, 6), e(1, 3);
        std::vector<mesh::Box> leaves;
        for (std::uint32_t i = 0; i < n; ++i) {
            const float x = static_cast<float>(g(rng)), y = static_cast<float>(g(rng)), z = static_cast<float>(g(rng));
            leaves.push_back(box(x, y, z, x + e(rng), y + e(rng), z + e(rng)));
        }
        least_surface_merge(leaves, ws, t);
        const MergedTree want = literal_merge(leaves);
        ASSERT_EQ(t.child[0], want.child[0]) << "n = " << n;
        ASSERT_EQ(t.child[1], want.child[1]) << "n = " << n;
        ++checked;
    }
    EXPECT_EQ(checked, 400);
}

TEST(TreeRuleSets, SharedLeafSetsCountsCommonInnerNodesWithoutChildOrder) {
    // ((0 1) (2 3)) against (((0 1) 2) 3): they share {0,1} and the root.
    std::vector<std::uint64_t> a = {0b1111, 0b0011, 0b1100};
    std::vector<std::uint64_t> b = {0b0011, 0b0111, 0b1111};
    EXPECT_EQ(shared_leaf_sets(a, b), 2u);
    std::vector<std::uint64_t> c = {0b1100, 0b1111, 0b0011};
    std::vector<std::uint64_t> d = {0b0011, 0b1100, 0b1111};
    EXPECT_EQ(shared_leaf_sets(c, d), 3u);
}

TEST(TreeRuleSets, MoreThan64LeavesHaveNoMasks) {
    std::vector<mesh::Box> leaves;
    for (int i = 0; i < 65; ++i) leaves.push_back(cube_at(static_cast<float>(i)));
    MergeWorkspace ws;
    MergedTree t;
    least_surface_merge(leaves, ws, t);
    EXPECT_EQ(t.child[0].size(), 64u);
    std::vector<std::uint64_t> sets;
    EXPECT_FALSE(merged_leaf_sets(t, sets));
    EXPECT_TRUE(sets.empty());
}

}  // namespace
}  // namespace meshproof::rules
