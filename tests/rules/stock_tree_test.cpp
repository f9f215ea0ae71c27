// The four steps of the stock tree rule (engine/rules/stock_tree.h) on hand-made leaf sets whose
// results are worked out by hand in the comments: ties in each step, a bin that goes whole to an
// empty side, a halved bin, the 16/17 boundary, a refinement that exchanges (and one whose two
// ways tie), larger child first, the cut's leaf and vertex limits, and the document's rank vectors.
#include <gtest/gtest.h>

#include <algorithm>
#include <span>

#include "engine/rules/stock_tree.h"
#include "engine/rules/tree_rule.h"

namespace meshproof::rules {
namespace {

// A unit cube centred at (x, y, z).
mesh::Box cube(float x, float y = 0.5f, float z = 0.5f) {
    mesh::Box b;
    const float c[3] = {x, y, z};
    for (int k = 0; k < 3; ++k) b.min[k] = c[k] - 0.5f, b.max[k] = c[k] + 0.5f;
    return b;
}

std::vector<std::uint32_t> leaves_under(const BinaryTree& t, std::uint32_t node) {
    BinaryTree copy = t;
    copy.root = node;
    auto v = leaves_left_to_right(copy);
    std::sort(v.begin(), v.end());
    return v;
}

TEST(StockTreeInsertion, DescendsIntoTheCheaperChild) {
    // L0 at x 0, L1 at x 10: joined. L2 at x 9: child L0 costs 81 x (3 + 3) = 486, child L1
    // 1 x 6 = 6, so L2 joins L1: N(L0, M(L1, L2)), leaves left to right 0 1 2.
    const std::vector<mesh::Box> leaves = {cube(0), cube(10), cube(9)};
    const BinaryTree t = insert_leaves(leaves);
    EXPECT_EQ(leaves_left_to_right(t), (std::vector<std::uint32_t>{0, 1, 2}));
    ASSERT_FALSE(t.is_leaf(t.root));
    EXPECT_TRUE(t.is_leaf(t.first[t.root]));
    EXPECT_EQ(t.leaf[t.first[t.root]], 0u);
    // The root grew to hold every leaf.
    EXPECT_EQ(t.box[t.root].min[0], -0.5f);
    EXPECT_EQ(t.box[t.root].max[0], 10.5f);
}

TEST(StockTreeInsertion, TieGoesToTheFirstChild) {
    // L2 at x 5 is 25 x 6 from both: the first child, L0, takes it: N(M(L0, L2), L1).
    const std::vector<mesh::Box> leaves = {cube(0), cube(10), cube(5)};
    EXPECT_EQ(leaves_left_to_right(insert_leaves(leaves)), (std::vector<std::uint32_t>{0, 2, 1}));
}

TEST(StockTreeBins, LeastCostBinAndAHalvedSplitBin) {
    // Centres x 0, 1, 2, 10 (y, z equal): the list's box is x [-0.5, 10.5], so the bins are
    // (c + 0.5) / 11 x 32 + 0.5 truncated: 1, 4, 7, 31. With surface 1 + 2 ex, the costs are
    // bin 1: 3 x 1 + 23 x 4 = 95; bin 4: 5 x 2 + 21 x 3 = 73; bin 7: 7 x 3 + 19 x 2 = 59;
    // bin 31: 92 + 3 = 95; y and z put every leaf in bin 16 (92 x 2 = 184). Bin 7 wins; both
    // sides have leaves, so its one leaf is halved: 1 / 2 = 0 to the first list, L2 to the second.
    const std::vector<mesh::Box> leaves = {cube(0), cube(1), cube(2), cube(10)};
    const std::vector<std::uint32_t> list = {0, 1, 2, 3};
    BinSplit s;
    ASSERT_TRUE(binned_split(leaves, list, s));
    EXPECT_EQ(s.axis, 0);
    EXPECT_EQ(s.bin, 7);
    EXPECT_EQ(s.cost, 59.0f);
    EXPECT_FALSE(s.bin_whole);
    EXPECT_EQ(s.first, (std::vector<std::uint32_t>{0, 1}));
    EXPECT_EQ(s.second, (std::vector<std::uint32_t>{2, 3}));
}

TEST(StockTreeBins, HalvedBinIsSortedByCentreWithTheQuicksort) {
    // Centres 0, 0.2, 0.1, 10 in list order: bins 1, 2, 2, 31. Bin 2 costs
    // (1 + 2 x 1.2) x 3 + (1 + 2 x 10.9) x 3 = 78.6 (the least). L0 is before it and L3 after, so
    // the bin is sorted by centre (L2 at 0.1, then L1 at 0.2) and halved: L2 to the first list.
    const std::vector<mesh::Box> leaves = {cube(0), cube(0.2f), cube(0.1f), cube(10)};
    const std::vector<std::uint32_t> list = {0, 1, 2, 3};
    BinSplit s;
    ASSERT_TRUE(binned_split(leaves, list, s));
    EXPECT_EQ(s.bin, 2);
    EXPECT_EQ(s.first, (std::vector<std::uint32_t>{0, 2}));
    EXPECT_EQ(s.second, (std::vector<std::uint32_t>{1, 3}));
}

TEST(StockTreeBins, TieTakesTheLowestBinWhichGoesWholeToTheEmptySide) {
    // L0, L1 at x 0 (bin 1) and L2, L3 at x 10 (bin 31): bin 1 costs 3 x 2 + 23 x 4 = 98 and
    // bin 31 costs 92 + 6 = 98. The tie keeps bin 1; no bin lies before it, so it goes whole to
    // the first list, in list order.
    const std::vector<mesh::Box> leaves = {cube(10), cube(0), cube(10), cube(0)};
    const std::vector<std::uint32_t> list = {0, 1, 2, 3};
    BinSplit s;
    ASSERT_TRUE(binned_split(leaves, list, s));
    EXPECT_EQ(s.axis, 0);
    EXPECT_EQ(s.bin, 1);
    EXPECT_TRUE(s.bin_whole);
    EXPECT_EQ(s.first, (std::vector<std::uint32_t>{1, 3}));
    EXPECT_EQ(s.second, (std::vector<std::uint32_t>{0, 2}));
}

TEST(StockTreeBins, AnAxisWithoutExtentPutsEveryLeafInBinZero) {
    mesh::Box point;
    for (int k = 0; k < 3; ++k) point.min[k] = point.max[k] = 1.0f;
    const std::vector<mesh::Box> leaves = {point, point, point};
    const std::vector<std::uint32_t> list = {0, 1, 2};
    BinSplit s;
    ASSERT_TRUE(binned_split(leaves, list, s));
    EXPECT_EQ(s.bin, 0);
    EXPECT_EQ(s.first.size(), 1u);  // 3 / 2 = 1 to the first list, the rest to the second
    EXPECT_EQ(s.second.size(), 2u);
}

// Two clusters on one line far apart (y and z equal, so those axes hold every leaf in one bin
// and cost 2 x 33 x the whole box): on x, cluster A (x 0..13.6) fills bin 0 and B (x 1000..) bin
// 31; bin 0 costs surf(A) x 16 + surf(all) x 33, less than bin 31's, and nothing lies before it,
// so A goes whole to the first list. A list of 16 is then joined from the bottom (every inner
// node's leaf set is the merge's); a list of 17 is split by bins again.
std::vector<std::uint64_t> inner_leaf_sets(const BinaryTree& t, std::uint32_t node, std::uint32_t base) {
    std::vector<std::uint64_t> sets;
    std::vector<std::uint32_t> stack{node};
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        if (t.is_leaf(n)) continue;
        std::uint64_t set = 0;
        for (std::uint32_t l : leaves_under(t, n)) set |= std::uint64_t{1} << (l - base);
        sets.push_back(set);
        stack.push_back(t.first[n]), stack.push_back(t.second[n]);
    }
    return sets;
}

std::vector<std::uint64_t> merge_leaf_sets(std::span<const mesh::Box> boxes) {
    rules::MergeWorkspace mws;
    rules::MergedTree merged;
    rules::least_surface_merge(boxes, mws, merged);
    std::vector<std::uint64_t> sets;
    EXPECT_TRUE(rules::merged_leaf_sets(merged, sets));
    return sets;
}

void check_cluster_boundary(std::uint32_t second_cluster) {
    std::vector<mesh::Box> leaves;
    std::vector<std::uint32_t> a, b;
    for (std::uint32_t i = 0; i < 16; ++i) {
        a.push_back(static_cast<std::uint32_t>(leaves.size()));
        leaves.push_back(cube(float(i) * 0.9f + 0.01f * float(i * i % 5)));
    }
    for (std::uint32_t i = 0; i < second_cluster; ++i) {
        b.push_back(static_cast<std::uint32_t>(leaves.size()));
        leaves.push_back(cube(1000 + float(i) * 1.5f - 0.02f * float(i * i % 3)));
    }
    std::vector<std::uint32_t> order = a;
    order.insert(order.end(), b.begin(), b.end());
    RebuildWorkspace ws;
    const BinaryTree t = rebuild(leaves, order, ws);
    const std::uint32_t A = t.first[t.root], B = t.second[t.root];
    ASSERT_EQ(leaves_under(t, A), a);
    ASSERT_EQ(leaves_under(t, B), b);

    std::vector<std::uint64_t> expected = merge_leaf_sets(std::span(leaves).first(16));
    std::vector<std::uint64_t> found = inner_leaf_sets(t, A, 0);
    EXPECT_EQ(rules::shared_leaf_sets(expected, found), 15u);

    if (second_cluster > kBottomUpMax) {
        BinSplit s;
        ASSERT_TRUE(binned_split(leaves, b, s));
        std::vector<std::uint32_t> first = s.first;
        std::sort(first.begin(), first.end());
        EXPECT_EQ(leaves_under(t, t.first[B]), first);
    } else {
        expected = merge_leaf_sets(std::span(leaves).subspan(16));
        found = inner_leaf_sets(t, B, 16);
        EXPECT_EQ(rules::shared_leaf_sets(expected, found), second_cluster - 1);
    }
}

TEST(StockTreeRebuild, SixteenJoinedFromTheBottomSeventeenSplitByBins) {
    check_cluster_boundary(17);
    check_cluster_boundary(16);
}

TEST(StockTreeRebuild, TheWholeListIsSplitByBinsWhateverItsLength) {
    // Three leaves at x 0, 1, 10: bins 1, 4, 31 (of x [-0.5, 10.5]); costs: bin 1 3 + 23 x 3 = 72,
    // bin 4 5 x 2 + 21 x 2 = 52, bin 31 23 x 3 + 3 = 72: bin 4, its leaf halved to the second.
    // The bottom-up merge would join L0 and L1 first as well, so the shape agrees; the root's
    // children are (L0) and (L1, L2) only by the split.
    const std::vector<mesh::Box> leaves = {cube(0), cube(1), cube(10)};
    const std::vector<std::uint32_t> order = {0, 1, 2};
    RebuildWorkspace ws;
    const BinaryTree t = rebuild(leaves, order, ws);
    EXPECT_EQ(leaves_under(t, t.first[t.root]), (std::vector<std::uint32_t>{0}));
    EXPECT_EQ(leaves_under(t, t.second[t.root]), (std::vector<std::uint32_t>{1, 2}));
}

// R(N(A(a1, a2), B(b1, b2)), z) by hand.
struct HandTree {
    BinaryTree t;
    std::uint32_t N, A, B, a1, a2, b1, b2;
};
HandTree hand_tree(mesh::Box a1, mesh::Box a2, mesh::Box b1, mesh::Box b2) {
    HandTree h;
    h.a1 = h.t.add_leaf(0, a1), h.a2 = h.t.add_leaf(1, a2), h.b1 = h.t.add_leaf(2, b1), h.b2 = h.t.add_leaf(3, b2);
    h.A = h.t.add_inner(h.a1, h.a2);
    h.B = h.t.add_inner(h.b1, h.b2);
    h.N = h.t.add_inner(h.A, h.B);
    const std::uint32_t z = h.t.add_leaf(4, cube(-50));
    h.t.root = h.t.add_inner(h.N, z);
    return h;
}

TEST(StockTreeRefinement, ExchangesAGrandchildThatPays) {
    // a1 x 0, a2 x 10, b1 x 1, b2 x 11: A and B are 11 long (surface 23 each, 46). Way 1,
    // (a1, b1) and (a2, b2): 5 + 5 = 10; way 2, (a1, b2) and (b1, a2): 25 + 21 = 46. Way 1 is made.
    HandTree h = hand_tree(cube(0), cube(10), cube(1), cube(11));
    EXPECT_EQ(refine(h.t), 1u);
    EXPECT_EQ(h.t.first[h.A], h.a1);
    EXPECT_EQ(h.t.second[h.A], h.b1);
    EXPECT_EQ(h.t.first[h.B], h.a2);
    EXPECT_EQ(h.t.second[h.B], h.b2);
    EXPECT_EQ(h.t.first[h.N], h.A);  // equal surfaces (5, 5): the order stays
}

TEST(StockTreeRefinement, TiedWaysTakeTheSecondThenTheLargerChildComesFirst) {
    // Unit cubes a1 (0,0), b1 (2,0), b2 (0,2), a2 (10,10); surface = ey + ey ex + ex (ez = 1).
    // Present: A 11 x 11 → 143, B 3 x 3 → 15: 158. Way 1: (a1, b1) 7 + (a2, b2) 119 = 126;
    // way 2: (a1, b2) 7 + (b1, a2) 119 = 126 — a tie, so the second way: A (a1, b2), B (b1, a2).
    // Then the larger child first: B (119) before A (7) under N; the root keeps its order.
    HandTree h = hand_tree(cube(0, 0, 0), cube(10, 10, 0), cube(2, 0, 0), cube(0, 2, 0));
    EXPECT_EQ(refine(h.t), 1u);
    EXPECT_EQ(h.t.first[h.A], h.a1);
    EXPECT_EQ(h.t.second[h.A], h.b2);
    EXPECT_EQ(h.t.first[h.B], h.b1);
    EXPECT_EQ(h.t.second[h.B], h.a2);
    EXPECT_EQ(h.t.first[h.N], h.B);
    EXPECT_EQ(h.t.second[h.N], h.A);
    EXPECT_EQ(h.t.first[h.t.root], h.N);  // the root is not reordered (its first child is the smaller)
}

TEST(StockTreeRefinement, NoExchangeWhenNothingPays) {
    // a1 x 0, a2 x 1, b1 x 10, b2 x 11: A 5 + B 5 = 10 already; both ways cost 46.
    HandTree h = hand_tree(cube(0), cube(1), cube(10), cube(11));
    EXPECT_EQ(refine(h.t), 0u);
    EXPECT_EQ(h.t.second[h.A], h.a2);
}

TEST(StockTreeRefinement, AWorkspaceReusedFromALargerTreeRefinesAsAFreshOne) {
    // The per-node marks of a 400-leaf tree left in the workspace must not reach the next tree.
    std::vector<mesh::Box> leaves;
    for (int i = 0; i < 400; ++i) leaves.push_back(cube(float((i * 7) % 20), float(i / 20) * 1.1f, float(i % 3)));
    std::vector<std::uint32_t> order(leaves.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    RebuildWorkspace rebuilding;
    const BinaryTree rebuilt = rebuild(leaves, order, rebuilding);
    BinaryTree fresh = rebuilt, reused = rebuilt;
    RefineWorkspace ws;
    const std::uint32_t exchanges = refine(fresh);
    EXPECT_GT(exchanges, 0u);
    EXPECT_EQ(refine(reused, ws), exchanges);
    EXPECT_EQ(reused.first, fresh.first);
    EXPECT_EQ(reused.second, fresh.second);
    HandTree h = hand_tree(cube(0), cube(10), cube(1), cube(11));
    EXPECT_EQ(refine(h.t, ws), 1u);
    EXPECT_EQ(h.t.second[h.A], h.b1);
    HandTree none = hand_tree(cube(0), cube(1), cube(10), cube(11));
    EXPECT_EQ(refine(none.t, ws), 0u);
}

TEST(StockTreeCut, QueueOrderAndTheLeafLimit) {
    // R(N1(l0, l1), N2(N3(l2, l3), l4)) with at most 2 leaves a section: R and N2 are cut;
    // the queue gives N1, N3, l4 in that order.
    BinaryTree t;
    std::uint32_t l[5];
    for (std::uint32_t i = 0; i < 5; ++i) l[i] = t.add_leaf(i, cube(float(i)));
    const std::uint32_t N1 = t.add_inner(l[0], l[1]);
    const std::uint32_t N3 = t.add_inner(l[2], l[3]);
    const std::uint32_t N2 = t.add_inner(N3, l[4]);
    t.root = t.add_inner(N1, N2);
    const std::vector<std::uint32_t> first = {0, 3, 6, 9, 12, 15};
    const std::vector<std::uint32_t> ids = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    const Cut c = cut_sections(t, first, ids, {.max_leaves = 2, .max_vertices = 255});
    EXPECT_EQ(c.sections, (std::vector<std::uint32_t>{N1, N3, l[4]}));
    EXPECT_EQ(c.mesh_nodes, (std::vector<std::uint32_t>{t.root, N2}));
    // Shared vertices: N1 has 5 distinct (l0 {0,1,2}, l1 {2,3,4}), N3 4 (l2 {5,6,7}, l3 {5,6,8}).
    // At most 5: the same sections. At most 4: N1 is cut into l0 (a section) and l1 (to the end
    // of the queue): l0, then N2 is cut, N3, then l1, then l4.
    const std::vector<std::uint32_t> shared = {0, 1, 2, 2, 3, 4, 5, 6, 7, 5, 6, 8, 9, 10, 11};
    EXPECT_EQ(cut_sections(t, first, shared, {.max_leaves = 2, .max_vertices = 5}).sections,
              (std::vector<std::uint32_t>{N1, N3, l[4]}));
    const Cut four = cut_sections(t, first, shared, {.max_leaves = 2, .max_vertices = 4});
    EXPECT_EQ(four.sections, (std::vector<std::uint32_t>{l[0], N3, l[1], l[4]}));
    EXPECT_EQ(four.mesh_nodes, (std::vector<std::uint32_t>{t.root, N1, N2}));
}

TEST(StockTreeCut, OneHundredTwentySevenLeavesMakeOneSection) {
    for (std::uint32_t n : {127u, 128u}) {
        std::vector<mesh::Box> leaves;
        std::vector<std::uint32_t> first{0}, ids;
        for (std::uint32_t i = 0; i < n; ++i) {
            leaves.push_back(cube(float(i % 16), float(i / 16)));
            for (std::uint32_t k = 0; k < 3; ++k) ids.push_back(k);  // 3 distinct vertices in all
            first.push_back(static_cast<std::uint32_t>(ids.size()));
        }
        const BinaryTree t = build_stock_tree(leaves);
        const Cut c = cut_sections(t, first, ids);
        EXPECT_EQ(c.sections.size(), n == 127 ? 1u : 2u) << n;
    }
}

TEST(StockTreeNumbering, TheDocumentsRankVectors) {
    // "For n = 4 the payloads in pre-order are 2, 3, 0, 1, for 6 3, 4, 5, 0, 1, 2, for 8
    // 5, 4, 7, 6, 1, 0, 3, 2, for 10 6, 5, 7, 9, 8, 1, 0, 2, 4, 3."
    const std::vector<std::vector<std::uint32_t>> expected = {
        {2, 3, 0, 1}, {3, 4, 5, 0, 1, 2}, {5, 4, 7, 6, 1, 0, 3, 2}, {6, 5, 7, 9, 8, 1, 0, 2, 4, 3}};
    for (const auto& payloads : expected) {
        const auto n = static_cast<std::uint32_t>(payloads.size());
        // A chain whose pre-order is leaf 0, 1, …, n − 1.
        BinaryTree t;
        std::uint32_t node = t.add_leaf(n - 1, cube(float(n - 1)));
        for (std::uint32_t i = n - 1; i-- > 0;) node = t.add_inner(t.add_leaf(i, cube(float(i))), node);
        t.root = node;
        const std::vector<std::uint32_t> order = section_primitive_order(t, t.root);
        std::vector<std::uint32_t> payload_in_preorder(n);
        for (std::uint32_t p = 0; p < n; ++p) payload_in_preorder[order[p]] = p;
        EXPECT_EQ(payload_in_preorder, payloads) << n;
    }
}

TEST(StockTree, EveryLeafOnceAndBoxesHoldTheirChildren) {
    // A 20 x 20 grid of slightly jittered cubes through steps 1 to 3.
    std::vector<mesh::Box> leaves;
    for (int i = 0; i < 400; ++i)
        leaves.push_back(cube(float(i % 20) + 0.01f * float(i % 7), float(i / 20) * 1.1f, float(i % 3)));
    const BinaryTree t = build_stock_tree(leaves);
    auto all = leaves_left_to_right(t);
    std::sort(all.begin(), all.end());
    for (std::uint32_t i = 0; i < 400; ++i) ASSERT_EQ(all[i], i);
    for (std::uint32_t n = 0; n < t.size(); ++n) {
        if (t.is_leaf(n)) continue;
        for (std::uint32_t c : {t.first[n], t.second[n]})
            for (int k = 0; k < 3; ++k) {
                EXPECT_LE(t.box[n].min[k], t.box[c].min[k]);
                EXPECT_GE(t.box[n].max[k], t.box[c].max[k]);
            }
    }
}

}  // namespace
}  // namespace meshproof::rules
