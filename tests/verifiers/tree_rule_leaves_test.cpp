// The tree_rule pass's leaves (verifiers/tree_rule_leaves.h) on a hand-built decoded mesh: the
// quads in the order the pairing takes them, then the other primitives by their first row; a
// stored quad the pairing does not take falls back to its row; boxes grown by the radius; vertex
// ids by position; the jitter bounded by half the section's codec step.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "tests/support/awkward_floats.h"
#include "verifiers/tree_rule_leaves.h"

namespace meshproof::verifiers {
namespace {

// One section. Primitives in storage order: p0 a triangle, p1 a diamond quad (halves' boxes 2 and
// 2, union 4: pairing cost (4 − 2) + (4 − 2) = 4), p2 a unit square quad (each half's box is the
// whole square: cost 0). Rows: the diamond's halves 0 and 1, the triangle 2, the square's 3 and 4.
// The pairing takes the square (cost 0) before the diamond (4).
mesh::DecodedMesh three_primitives(bool square_rows_of_two_data) {
    mesh::DecodedMesh m;
    m.convex_radius = 0.25f;
    mesh::DecodedVertices& V = m.vertices;
    const float pos[][3] = {
        {20, 0, 0}, {21, 0, 0}, {20, 1, 0},              // triangle: slots 0..2
        {0, 0, 0},  {1, -1, 0}, {2, 0, 0},  {1, 1, 0},   // diamond a b c d: slots 3..6
        {10, 0, 0}, {11, 0, 0}, {11, 1, 0}, {10, 1, 0},  // square a b c d: slots 7..10
    };
    for (const auto& p : pos) V.x.push_back(p[0]), V.y.push_back(p[1]), V.z.push_back(p[2]);
    mesh::DecodedSections& S = m.sections;
    S.page = {0};
    S.primitive_base = {0};
    S.num_primitives = {3};
    S.first_slot = {0};
    S.codec_parms = {{0, 0, 0, 0.01f, 0.02f, 0.04f}};
    m.section_trees.first_node = {0};
    m.section_trees.node_count = {0};
    mesh::DecodedPrimitives& P = m.primitives;
    mesh::DecodedTriangles& T = m.triangles;
    auto primitive = [&](mesh::PrimitiveKind kind, std::array<std::uint8_t, 4> idx) {
        for (int k = 0; k < 4; ++k) P.indices[k].push_back(idx[k]);
        P.kind.push_back(kind);
        P.section.push_back(0);
        P.index_in_section.push_back(static_cast<std::uint8_t>(P.size() - 1));
        P.key.push_back(0);
        P.first_triangle.push_back(static_cast<std::uint32_t>(T.size()));
    };
    auto triangle = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t row) {
        T.vertex[0].push_back(a), T.vertex[1].push_back(b), T.vertex[2].push_back(c);
        T.key.push_back(0);
        T.primitive.push_back(static_cast<std::uint32_t>(P.size() - 1));
        T.half.push_back(0);
        T.source_row.push_back(row);
    };
    primitive(mesh::PrimitiveKind::kTriangle, {0, 1, 2, 0});
    triangle(0, 1, 2, 2);
    primitive(mesh::PrimitiveKind::kQuad, {3, 4, 5, 6});
    triangle(3, 4, 5, 0);  // a b c
    triangle(3, 5, 6, 1);  // a c d
    primitive(mesh::PrimitiveKind::kQuad, {7, 8, 9, 10});
    triangle(7, 8, 9, 3);
    triangle(7, 9, 10, 4);
    m.has_triangle_index_to_shape_key = true;
    m.row_triangle = {1, 2, 0, 3, 4};
    m.row_key = {0, 0, 0, 0, 0};
    m.row_primitive_data_index = {0, 0, 0, 0, square_rows_of_two_data ? 1u : 0u};
    return m;
}

TEST(TreeRuleLeaves, QuadsInTheOrderThePairingTakesThemThenRows) {
    const mesh::DecodedMesh m = three_primitives(false);
    TreeRuleLeaves l;
    ASSERT_TRUE(tree_rule_leaves(m, l));
    EXPECT_TRUE(l.from_rows);
    EXPECT_EQ(l.rule_order, (std::vector<std::uint32_t>{2, 1, 0}));
    // Boxes grown by the radius: the triangle's [20, 21] × [0, 1] × [0, 0].
    EXPECT_EQ(l.box[0].min, (std::array<float, 3>{19.75f, -0.25f, -0.25f}));
    EXPECT_EQ(l.box[0].max, (std::array<float, 3>{21.25f, 1.25f, 0.25f}));
    // Vertex ids by position, numbered by first use: 3 + 4 + 4 corners, all distinct.
    EXPECT_EQ(l.vertex_first, (std::vector<std::uint32_t>{0, 3, 7, 11}));
    EXPECT_EQ(l.vertex_ids[10], 10u);
}

TEST(TreeRuleLeaves, AStoredQuadThePairingDoesNotTakeFollowsItsFirstRow) {
    // The square's two rows of different primitive data make no candidate: only the diamond is
    // taken; then the triangle (row 2) and the square (rows 3, 4).
    const mesh::DecodedMesh m = three_primitives(true);
    TreeRuleLeaves l;
    ASSERT_TRUE(tree_rule_leaves(m, l));
    EXPECT_EQ(l.rule_order, (std::vector<std::uint32_t>{1, 0, 2}));
}

TEST(TreeRuleLeaves, WithoutRowsStorageOrder) {
    mesh::DecodedMesh m = three_primitives(false);
    m.has_triangle_index_to_shape_key = false;
    m.row_triangle.clear(), m.row_key.clear(), m.row_primitive_data_index.clear();
    TreeRuleLeaves l;
    ASSERT_TRUE(tree_rule_leaves(m, l));
    EXPECT_FALSE(l.from_rows);
    EXPECT_EQ(l.rule_order, (std::vector<std::uint32_t>{0, 1, 2}));
}

TEST(TreeRuleLeaves, APrimitiveWithoutABoxIsRefused) {
    mesh::DecodedMesh m = three_primitives(false);
    m.primitives.kind[0] = mesh::PrimitiveKind::kPointSet;
    TreeRuleLeaves l;
    EXPECT_FALSE(tree_rule_leaves(m, l));
    mesh::DecodedMesh nan = three_primitives(false);
    nan.vertices.y[4] = std::nanf("");
    EXPECT_FALSE(tree_rule_leaves(nan, l));
}

TEST(TreeRuleLeaves, JitterStaysWithinHalfACodecStepAndDependsOnTheSeedOnly) {
    const mesh::DecodedMesh m = three_primitives(false);
    TreeRuleLeaves l;
    ASSERT_TRUE(tree_rule_leaves(m, l));
    const std::vector<mesh::Box> stored = l.box;
    jitter_leaf_boxes(m, 7, l);
    const std::vector<mesh::Box> once = l.box;
    const float half_step[3] = {0.005f, 0.01f, 0.02f};
    bool moved = false;
    for (std::size_t p = 0; p < stored.size(); ++p)
        for (int a = 0; a < 3; ++a) {
            EXPECT_LE(std::fabs(once[p].min[a] - stored[p].min[a]), half_step[a] * 1.0001f) << p << " " << a;
            EXPECT_LE(std::fabs(once[p].max[a] - stored[p].max[a]), half_step[a] * 1.0001f) << p << " " << a;
            moved = moved || once[p].min[a] != stored[p].min[a];
        }
    EXPECT_TRUE(moved);
    // The diamond and the square share no position; the same seed moves them the same way again,
    // another seed otherwise.
    jitter_leaf_boxes(m, 7, l);
    for (std::size_t p = 0; p < stored.size(); ++p) EXPECT_EQ(l.box[p].min, once[p].min);
    jitter_leaf_boxes(m, 8, l);
    bool differs = false;
    for (std::size_t p = 0; p < stored.size(); ++p) differs = differs || l.box[p].min != once[p].min;
    EXPECT_TRUE(differs);
}

// The leaf order's counting sort against std::sort of (key, primitive): keys of the three classes
// (class << 40 | place) with many equal keys (rows shared by several primitives, every class-2 key
// alike) whose ties go by primitive; places from dense to sparse (the sort declines, as for a class
// above 2); a sort that is not stable, or a bucket out of key order, fails.
TEST(TreeRuleLeaves, CountingSortOfTheKeysEqualsSortingPairs) {
    test::Rng r{71};
    std::vector<std::uint32_t> buckets, order;
    int counted = 0, declined = 0;
    std::uint64_t ties = 0;
    for (int set = 0; set < 3000; ++set) {
        const std::uint32_t n = r.next() % 400;
        const std::uint64_t spread = set % 10 == 9 ? 100000 : 1 + r.next() % (2 * n + 8);  // sparse: declines
        std::vector<std::uint64_t> keys(n);
        for (std::uint64_t& k : keys) {
            const std::uint64_t c = set % 50 == 49 ? r.next() % 4 : r.next() % 3;
            k = c << 40 | (c == 2 && set % 2 == 0 ? 0 : r.next() % spread);
        }
        std::vector<std::pair<std::uint64_t, std::uint32_t>> pairs(n);
        for (std::uint32_t p = 0; p < n; ++p) pairs[p] = {keys[p], p};
        std::sort(pairs.begin(), pairs.end());
        for (std::uint32_t i = 1; i < n; ++i) ties += pairs[i].first == pairs[i - 1].first;
        if (!order_by_rule_key(keys, buckets, order)) {
            ++declined;
            continue;
        }
        ++counted;
        ASSERT_EQ(order.size(), n) << "set " << set;
        for (std::uint32_t i = 0; i < n; ++i) ASSERT_EQ(order[i], pairs[i].second) << "set " << set << " at " << i;
    }
    EXPECT_GT(counted, 2000);
    EXPECT_GT(declined, 250);
    EXPECT_GT(ties, 100000u);
}

}  // namespace
}  // namespace meshproof::verifiers
