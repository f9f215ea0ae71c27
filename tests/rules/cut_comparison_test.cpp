// compare_cut (engine/rules/cut_comparison.h) on hand-built meshes: a three-leaf mesh whose rule
// tree is worked out by hand, stored in three shapes; a 300-leaf mesh whose stored trees ARE the
// rule's output (every section found, exact order, every shared node of the same shape), and the
// same mesh with one section's root children swapped or two sections renumbered (the counts drop
// by the known amount); inputs the comparison refuses. Also the two reference split rules
// (engine/rules/reference_splits.h) on leaf sets whose surfaces are worked out by hand.
#include <gtest/gtest.h>

#include <numeric>

#include "engine/rules/cut_comparison.h"
#include "engine/rules/reference_splits.h"

namespace meshproof::rules {
namespace {

mesh::Box cube(float x, float y = 0.5f, float z = 0.5f) {
    mesh::Box b;
    const float c[3] = {x, y, z};
    for (int k = 0; k < 3; ++k) b.min[k] = c[k] - 0.5f, b.max[k] = c[k] + 0.5f;
    return b;
}

// A mesh of leaves with three vertices of their own each, and its stored trees.
struct Mesh {
    std::vector<mesh::Box> box;
    std::vector<std::uint32_t> vertex_first, vertex_ids, order;
    std::vector<std::uint32_t> section_first, section_count, second, leaf, mesh_second, mesh_leaf;

    explicit Mesh(std::vector<mesh::Box> boxes) : box(std::move(boxes)) {
        for (std::uint32_t i = 0; i < box.size(); ++i) {
            vertex_first.push_back(3 * i);
            for (std::uint32_t k = 0; k < 3; ++k) vertex_ids.push_back(3 * i + k);
        }
        vertex_first.push_back(static_cast<std::uint32_t>(vertex_ids.size()));
        order.resize(box.size());
        std::iota(order.begin(), order.end(), 0u);
    }
    RuleLeaves rule() const { return {box, vertex_first, vertex_ids, order}; }
    StoredTrees stored() const { return {section_first, section_count, second, leaf, mesh_second, mesh_leaf}; }

    // A section tree given as nested leaves: a leaf is a number, an inner node a pair.
    struct Shape {
        int leaf = -1;
        std::vector<Shape> kids;
    };
    std::uint32_t emit(const Shape& s) {
        const auto at = static_cast<std::uint32_t>(second.size());
        second.push_back(kNoNode);
        leaf.push_back(s.leaf < 0 ? kNoNode : static_cast<std::uint32_t>(s.leaf));
        if (s.leaf < 0) {
            emit(s.kids[0]);
            second[at] = emit(s.kids[1]);
        }
        return at;
    }
    void add_section(const Shape& s) {
        section_first.push_back(static_cast<std::uint32_t>(second.size()));
        emit(s);
        section_count.push_back(static_cast<std::uint32_t>(second.size()) - section_first.back());
    }
};

using Shape = Mesh::Shape;
Shape L(int i) { return Shape{i, {}}; }
Shape N(Shape a, Shape b) { return Shape{-1, {std::move(a), std::move(b)}}; }

// Leaves 0, 1, 2: unit cubes centred at x 0, 1 and 10. The whole list is split by bins (x extent
// 11; centres at 0.5, 1.5, 10.5 of it give bins 1, 4, 31): bin 1 costs 3·1 + 23·3 = 72, bin 4
// 5·2 + 21·2 = 52, bin 31 23·3 + 3·1 = 72, and y and z put every leaf in bin 16 (138): bin 4 of x,
// {0} | {1} | {2}, the split bin halved (0 leaves to the first list): (0, (1, 2)). Refinement has
// nothing to exchange, and (1, 2) has children of one surface (kept in place). One section.
Mesh three_leaves() { return Mesh({cube(0), cube(1), cube(10)}); }

TEST(CutComparison, ThreeLeavesStoredAsTheRuleHasThem) {
    Mesh m = three_leaves();
    m.add_section(N(L(0), N(L(1), L(2))));
    m.mesh_second = {kNoNode};
    m.mesh_leaf = {0};
    CutComparisonWorkspace ws;
    const CutComparison r = compare_cut(m.rule(), m.stored(), ws);
    ASSERT_TRUE(r.valid);
    EXPECT_EQ(r.cut_sections, 1u);
    EXPECT_TRUE(r.exact);
    EXPECT_TRUE(r.mesh_tree_exact);
    EXPECT_EQ(r.sections_found, 1u);
    EXPECT_EQ(r.band_nodes[0], 1u);  // (1, 2)
    EXPECT_EQ(r.band_same_shape[0], 1u);
    EXPECT_EQ(r.band_nodes[1], 1u);  // the root, 3 leaves
    EXPECT_EQ(r.band_same_shape[1], 1u);
    EXPECT_EQ(r.two_leaf_equal, 1u);  // cubes of one surface
    EXPECT_EQ(r.two_leaf_equal_stock_order, 1u);
    EXPECT_EQ(r.two_leaf_differ, 0u);
    EXPECT_EQ(r.sections_same_shape, 1u);
}

TEST(CutComparison, ThreeLeavesStoredOtherwise) {
    {  // ((0, 1), 2): the section is found, (0, 1) is no node of the cut tree, the root no shape.
        Mesh m = three_leaves();
        m.add_section(N(N(L(0), L(1)), L(2)));
        m.mesh_second = {kNoNode};
        m.mesh_leaf = {0};
        CutComparisonWorkspace ws;
        const CutComparison r = compare_cut(m.rule(), m.stored(), ws);
        EXPECT_TRUE(r.exact);
        EXPECT_EQ(r.band_nodes[0], 1u);
        EXPECT_EQ(r.band_shared[0], 0u);
        EXPECT_EQ(r.band_shared[1], 1u);
        EXPECT_EQ(r.band_same_shape[1], 0u);
        EXPECT_EQ(r.two_leaf_equal, 0u);
        EXPECT_EQ(r.sections_in_cut_tree, 1u);
        EXPECT_EQ(r.sections_same_shape, 0u);
    }
    {  // (0, (2, 1)): every leaf set shared; (2, 1) in the other order, so neither has the shape.
        Mesh m = three_leaves();
        m.add_section(N(L(0), N(L(2), L(1))));
        m.mesh_second = {kNoNode};
        m.mesh_leaf = {0};
        CutComparisonWorkspace ws;
        const CutComparison r = compare_cut(m.rule(), m.stored(), ws);
        EXPECT_EQ(r.band_shared[0], 1u);
        EXPECT_EQ(r.band_same_shape[0], 0u);
        EXPECT_EQ(r.band_shared[1], 1u);
        EXPECT_EQ(r.band_same_shape[1], 0u);
        EXPECT_EQ(r.two_leaf_equal, 1u);
        EXPECT_EQ(r.two_leaf_equal_stock_order, 0u);
    }
}

TEST(CutComparison, RefusesTreesThatDoNotNameEveryPrimitiveOnce) {
    Mesh m = three_leaves();
    m.add_section(N(L(0), N(L(1), L(1))));
    CutComparisonWorkspace ws;
    EXPECT_FALSE(compare_cut(m.rule(), m.stored(), ws).valid);
    Mesh two = three_leaves();
    two.add_section(N(L(0), L(1)));
    EXPECT_FALSE(compare_cut(two.rule(), two.stored(), ws).valid);  // leaf 2 named by none
    Mesh bad_order = three_leaves();
    bad_order.add_section(N(L(0), N(L(1), L(2))));
    bad_order.order = {0, 1, 1};
    EXPECT_FALSE(compare_cut(bad_order.rule(), bad_order.stored(), ws).valid);
}

// 300 leaves of three vertices each (the cut's 255 vertices allow 85 leaves a section), scattered
// by a fixed LCG, and stored trees written from the rule's own output: sections in queue order,
// each its subtree in pre-order, the mesh tree above them. `swap_at` (a cut-tree node) is stored
// with its children the other way round; `renumber` swaps the stock numbers of sections 0 and 1.
struct RuleMesh {
    Mesh mesh{{}};
    BinaryTree tree;
    Cut cut;
};

RuleMesh rule_mesh(bool swap_first_section_root, bool renumber) {
    std::vector<mesh::Box> boxes;
    std::uint32_t state = 12345;
    auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return static_cast<float>(state >> 8) * 0x1p-24f * 100.0f;
    };
    for (int i = 0; i < 300; ++i) {
        const float x = next(), y = next(), z = next();
        mesh::Box b = cube(x, y, z);
        b.max[0] = b.max[0] + next() * 0.01f;  // leaves of different surfaces
        boxes.push_back(b);
    }
    RuleMesh r{Mesh(boxes), {}, {}};
    r.tree = build_stock_tree(boxes);
    r.cut = cut_sections(r.tree, r.mesh.vertex_first, r.mesh.vertex_ids);
    const BinaryTree& t = r.tree;
    const std::uint32_t swap_at = swap_first_section_root ? r.cut.sections[0] : kNoNode;
    auto shape = [&](auto&& self, std::uint32_t n) -> Shape {
        if (t.is_leaf(n)) return L(static_cast<int>(t.leaf[n]));
        Shape a = self(self, t.first[n]), b = self(self, t.second[n]);
        return n == swap_at ? N(std::move(b), std::move(a)) : N(std::move(a), std::move(b));
    };
    std::vector<std::uint32_t> stock_number(r.cut.sections.size());
    std::iota(stock_number.begin(), stock_number.end(), 0u);
    if (renumber) std::swap(stock_number[0], stock_number[1]);
    std::vector<std::uint32_t> section_at(r.cut.sections.size());
    for (std::uint32_t k = 0; k < section_at.size(); ++k) section_at[stock_number[k]] = r.cut.sections[k];
    for (std::uint32_t root : section_at) r.mesh.add_section(shape(shape, root));
    // The mesh tree in pre-order, leaves naming the stock numbers.
    auto mesh_tree = [&](auto&& self, std::uint32_t n) -> std::uint32_t {
        const auto at = static_cast<std::uint32_t>(r.mesh.mesh_second.size());
        const auto it = std::find(r.cut.sections.begin(), r.cut.sections.end(), n);
        r.mesh.mesh_second.push_back(kNoNode);
        if (it != r.cut.sections.end()) {
            r.mesh.mesh_leaf.push_back(stock_number[static_cast<std::size_t>(it - r.cut.sections.begin())]);
            return at;
        }
        r.mesh.mesh_leaf.push_back(kNoNode);
        self(self, t.first[n]);
        r.mesh.mesh_second[at] = self(self, t.second[n]);
        return at;
    };
    mesh_tree(mesh_tree, t.root);
    return r;
}

std::uint64_t sum(const std::array<std::uint64_t, kShapeBands>& a) {
    return std::accumulate(a.begin(), a.end(), std::uint64_t{0});
}

TEST(CutComparison, StoredTreesThatAreTheRulesOutput) {
    const RuleMesh rm = rule_mesh(false, false);
    ASSERT_GE(rm.cut.sections.size(), 4u);  // 300 leaves, at most 85 a section
    CutComparisonWorkspace ws;
    const CutComparison r = compare_cut(rm.mesh.rule(), rm.mesh.stored(), ws);
    ASSERT_TRUE(r.valid);
    EXPECT_EQ(r.stock_sections, rm.cut.sections.size());
    EXPECT_TRUE(r.exact);
    EXPECT_TRUE(r.mesh_tree_exact);
    EXPECT_EQ(r.sections_found, r.stock_sections);
    EXPECT_EQ(r.band_shared, r.band_nodes);
    EXPECT_EQ(r.band_same_shape, r.band_nodes);
    EXPECT_EQ(sum(r.band_nodes), 300u - r.stock_sections);  // n − 1 inner nodes a section
    EXPECT_GT(r.two_leaf_differ, 0u);
    EXPECT_EQ(r.two_leaf_differ_stock_order, r.two_leaf_differ);
    EXPECT_EQ(r.two_leaf_equal_stock_order, r.two_leaf_equal);
    EXPECT_EQ(r.sections_in_cut_tree, r.stock_sections);
    EXPECT_EQ(r.sections_same_shape, r.stock_sections);
    // A second run on the same workspace gives the same answer.
    const CutComparison again = compare_cut(rm.mesh.rule(), rm.mesh.stored(), ws);
    EXPECT_EQ(again.band_same_shape, r.band_same_shape);
    EXPECT_EQ(again.two_leaf_differ, r.two_leaf_differ);
}

TEST(CutComparison, OneSectionRootStoredTheOtherWayRound) {
    const RuleMesh base = rule_mesh(false, false);
    const RuleMesh rm = rule_mesh(true, false);
    CutComparisonWorkspace ws;
    const CutComparison a = compare_cut(base.mesh.rule(), base.mesh.stored(), ws);
    const CutComparison r = compare_cut(rm.mesh.rule(), rm.mesh.stored(), ws);
    // Every leaf set is kept: the same sections, exact, found; only the root of section 0 loses
    // its ordered shape (its children keep theirs), and with it that section's whole shape.
    EXPECT_TRUE(r.exact);
    EXPECT_TRUE(r.mesh_tree_exact);
    EXPECT_EQ(r.sections_found, a.sections_found);
    EXPECT_EQ(r.band_shared, a.band_shared);
    std::uint32_t root_leaves = 0;
    for (std::uint32_t n = 0; n < rm.mesh.section_count[0]; ++n) root_leaves += rm.mesh.second[n] == kNoNode;
    ASSERT_GT(root_leaves, 2u);  // not a two-leaf node: the two-leaf counts stay
    const int band = shape_band(root_leaves);
    for (int b = 0; b < kShapeBands; ++b)
        EXPECT_EQ(r.band_same_shape[b], a.band_same_shape[b] - (b == band ? 1u : 0u)) << b;
    EXPECT_EQ(r.sections_same_shape, a.sections_same_shape - 1);
    EXPECT_EQ(r.two_leaf_differ_stock_order, a.two_leaf_differ_stock_order);
}

TEST(CutComparison, TwoSectionsNumberedTheOtherWay) {
    const RuleMesh base = rule_mesh(false, false);
    const RuleMesh rm = rule_mesh(false, true);
    CutComparisonWorkspace ws;
    const CutComparison a = compare_cut(base.mesh.rule(), base.mesh.stored(), ws);
    const CutComparison r = compare_cut(rm.mesh.rule(), rm.mesh.stored(), ws);
    // The same sections, found, in another order: not exact (so the mesh tree is not asked).
    EXPECT_FALSE(r.exact);
    EXPECT_FALSE(r.mesh_tree_exact);
    EXPECT_EQ(r.sections_found, a.sections_found);
    EXPECT_EQ(r.band_same_shape, a.band_same_shape);
    EXPECT_EQ(r.sections_same_shape, a.sections_same_shape);
}

TEST(ShapeBand, Bounds) {
    EXPECT_EQ(shape_band(2), 0);
    EXPECT_EQ(shape_band(3), 1);
    EXPECT_EQ(shape_band(4), 1);
    EXPECT_EQ(shape_band(5), 2);
    EXPECT_EQ(shape_band(8), 2);
    EXPECT_EQ(shape_band(9), 3);
    EXPECT_EQ(shape_band(16), 3);
    EXPECT_EQ(shape_band(17), 4);
    EXPECT_EQ(shape_band(32), 4);
    EXPECT_EQ(shape_band(33), 5);
    EXPECT_EQ(shape_band(64), 5);
    EXPECT_EQ(shape_band(65), 6);
    EXPECT_EQ(shape_band(127), 6);
}

// Cubes centred at x 0, 1, 2, 10. Median split (centres' box longest on x): (0, 1) | (2, 3):
// surfaces [−½, 1½] 2+1+2 = 5, [1½, 10½] 9+1+9 = 19, root [−½, 10½] 11+1+11 = 23: 47. SAH-16
// (four leaves: the bottom-up merge): (0, 1) = 5 first (the first pair on a tie with (1, 2));
// the list becomes [01, 3, 2]: 01∪3 = 23, 01∪2 = [−½, 2½] 7, 3∪2 = 19: (01, 2) = 7; root 23: 35.
TEST(ReferenceSplits, FourCubesWorkedByHand) {
    const std::vector<mesh::Box> boxes = {cube(0), cube(1), cube(2), cube(10)};
    ReferenceSplitWorkspace ws;
    BinaryTree t;
    median_split_tree(boxes, ws, t);
    EXPECT_EQ(inner_surface(t), 47.0);
    EXPECT_EQ(t.size(), 7u);
    sah16_tree(boxes, ws, t);
    EXPECT_EQ(inner_surface(t), 35.0);
    median_split_tree({}, ws, t);
    EXPECT_EQ(t.root, kNoNode);
}

// 16 cubes at x 0..15 and one at 1000: above 16 leaves the sweep splits. On x, the cut after the
// 16 costs [−½, 15½] 16+1+16 = 33 × 16 + 3 = 531, any other cut more (its second part reaches
// 1000); y and z (every centre equal) sort by leaf index, the same order, so the same costs, and
// x wins the tie: the root's second child is leaf 16.
TEST(ReferenceSplits, SahSplitsOffTheFarLeaf) {
    std::vector<mesh::Box> boxes;
    for (int i = 0; i < 16; ++i) boxes.push_back(cube(float(i)));
    boxes.push_back(cube(1000));
    ReferenceSplitWorkspace ws;
    BinaryTree t;
    sah16_tree(boxes, ws, t);
    ASSERT_NE(t.root, kNoNode);
    ASSERT_TRUE(t.is_leaf(t.second[t.root]));
    EXPECT_EQ(t.leaf[t.second[t.root]], 16u);
    EXPECT_EQ(t.size(), 33u);
    BinaryTree median;
    median_split_tree(boxes, ws, median);
    EXPECT_LT(inner_surface(t), inner_surface(median));
}

}  // namespace
}  // namespace meshproof::rules
