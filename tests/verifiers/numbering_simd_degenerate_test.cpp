// Passes "numbering", "simd" and "degenerate" on the sample, and their injected defects.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/rules/havok_quicksort.h"
#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

class SamplePasses : public ErSampleTest {
protected:
    Tally run(std::string_view pass) { return run_pass(pass, sample_->member); }
};

TEST_F(SamplePasses, NumberingHoldsOnTheSample) {
    const Tally t = run("numbering");
    EXPECT_EQ(t.count("section_trees", kScope), 1u);
    EXPECT_EQ(t.count("trees_rank_payloads", kScope), 1u);
    EXPECT_EQ(t.count("payloads_not_preorder", kScope), 1u);
    EXPECT_EQ(violations("numbering", t), 0u);
}

// The sample's one section tree: 12 primitives, each named by a source row; its payloads do not
// increase along the pre-order (they are the rank permutation) and, as in Sekiro's objects, the
// primitives' first source rows do not increase with the primitive index.
TEST_F(SamplePasses, NumberingSourceRowsOfTheSample) {
    const Tally t = run("numbering");
    EXPECT_EQ(t.count("trees_with_rows", kScope), 1u);
    EXPECT_EQ(t.count("rows_payloads_not_preorder", kScope), 1u);
    EXPECT_EQ(t.count("rows_not_increasing", kScope), 1u);
}

TEST_F(SamplePasses, NumberingSourceRowsInIndexOrderOrMissing) {
    mesh::DecodedMesh& m = mesh();
    // First source rows made to follow the primitive index: the tree is no longer counted as not increasing.
    for (std::size_t i = 0; i < m.triangles.size(); ++i)
        m.triangles.source_row[i] = 2 * m.triangles.primitive[i] + m.triangles.half[i];
    Tally t = run("numbering");
    EXPECT_EQ(t.count("trees_with_rows", kScope), 1u);
    EXPECT_EQ(t.count("rows_not_increasing", kScope), 0u);
    // A primitive without a row: the tree leaves the figure's set.
    for (std::size_t i = 0; i < m.triangles.size(); ++i)
        if (m.triangles.primitive[i] == 5) m.triangles.source_row[i] = mesh::kNone;
    t = run("numbering");
    EXPECT_EQ(t.count("trees_with_rows", kScope), 0u);
    EXPECT_EQ(t.count("rows_payloads_not_preorder", kScope), 0u);
}

TEST_F(SamplePasses, NumberingSwappedPayloadsAreCaught) {
    mesh::StaticTreeNodes& st = mesh().section_trees;
    std::vector<std::uint32_t> leaves;
    for (std::uint32_t n = 0; n < st.size(); ++n)
        if (st.is_leaf[n]) leaves.push_back(n);
    ASSERT_EQ(leaves.size(), 12u);
    std::swap(st.payload[leaves[3]], st.payload[leaves[7]]);
    const Tally t = run("numbering");
    EXPECT_EQ(t.count("trees_not_rank_payloads", kScope), 1u);
    EXPECT_EQ(violations("numbering", t), 1u);
    const auto want = rules::leaf_payloads_in_preorder(12);
    EXPECT_EQ(t.samples().at("trees_not_rank_payloads")[0].detail, "12 leaves: leaf 3 in file order carries payload " +
                                                                       std::to_string(want[7]) + ", expected " +
                                                                       std::to_string(want[3]));
}

// The simple orders (verifiers/simple_orders.h) through the pass: the sample's one tree of 12
// leaves is tried; its stored numbering is the rank permutation, which no traversal gives, and
// payloads made to increase along the pre-order are counted as the pre-order's.
TEST_F(SamplePasses, NumberingCountsTheSimpleOrdersThatReproduceIt) {
    Tally t = run("numbering");
    EXPECT_EQ(t.count("order_trees", kScope), 1u);
    EXPECT_EQ(t.count("order_preorder", kScope), 0u);
    EXPECT_EQ(t.count("order_reverse_preorder", kScope), 0u);
    mesh::StaticTreeNodes& st = mesh().section_trees;
    std::uint32_t next = 0;
    for (std::uint32_t n = 0; n < st.size(); ++n)
        if (st.is_leaf[n]) st.payload[n] = next++;
    t = run("numbering");
    EXPECT_EQ(t.count("order_trees", kScope), 1u);
    EXPECT_EQ(t.count("order_preorder", kScope), 1u);
    EXPECT_EQ(t.count("order_reverse_preorder", kScope), 0u);
}

// "For n = 4 the payloads in pre-order are 2, 3, 0, 1": the sample's 12-leaf tree cut to 4 leaves
// (the other 8 no longer leaves) records its 4 payloads as one list of the payloads_n4 value set.
TEST_F(SamplePasses, NumberingRecordsTheListOfAFourLeafTree) {
    mesh::StaticTreeNodes& st = mesh().section_trees;
    std::vector<std::uint32_t> leaves;
    for (std::uint32_t n = 0; n < st.size(); ++n)
        if (st.is_leaf[n]) leaves.push_back(n);
    ASSERT_EQ(leaves.size(), 12u);
    const std::uint32_t payloads[4] = {2, 3, 0, 1};
    for (std::size_t k = 0; k < leaves.size(); ++k) {
        if (k < 4) st.payload[leaves[k]] = payloads[k];
        else st.is_leaf[leaves[k]] = 0;
    }
    const Tally t = run("numbering");
    EXPECT_EQ(t.count("trees_rank_payloads", kScope), 1u);
    const ValueSet& n4 = t.value_sets().at({"payloads_n4", kScope});
    EXPECT_EQ(n4.seen, (ValueSet::Seen{{{2, 3, 0, 1}, 1}}));
    EXPECT_FALSE(t.value_sets().contains({"payloads_n6", kScope}));
}

TEST_F(SamplePasses, SimdHoldsOnTheSample) {
    const Tally t = run("simd");
    EXPECT_EQ(t.count("meshes_with_simdtree", kScope), 1u);
    EXPECT_EQ(t.count("leaves", kScope), 12u);
    EXPECT_EQ(t.count("custom_leaves", kScope), 0u);
    EXPECT_EQ(t.count("leafless_trees", kScope), 0u);
    EXPECT_EQ(t.count("numbering_trees", kScope), 1u);
    EXPECT_EQ(t.count("numbering_rule_holds", kScope), 1u);
    EXPECT_EQ(violations("simd", t), 0u);
}

TEST_F(SamplePasses, SimdLeafNamingASecondHalf) {
    mesh::SimdTreeNodes& s = mesh().simd_tree;
    ASSERT_EQ(s.lane_kind[2 * 4 + 0], mesh::LaneKind::kLeaf);
    s.lane_target[2 * 4 + 0] |= 1;  // a quad's second half has no leaf; its first half is now unnamed
    const Tally t = run("simd");
    EXPECT_EQ(t.count("leaf_names_no_primitive", kScope), 1u);
    EXPECT_EQ(t.count("primitives_not_named_once", kScope), 1u);
    EXPECT_EQ(violations("simd", t), 2u);
}

TEST_F(SamplePasses, SimdLaneEmptyButNotInverted) {
    mesh().simd_tree.lane_box_inverted[1 * 4 + 3] = 0;  // node 1 lane 3 is empty by its data
    const Tally t = run("simd");
    EXPECT_EQ(t.count("lane_empty_mismatch", kScope), 1u);
    EXPECT_EQ(violations("simd", t), 1u);
}

TEST_F(SamplePasses, SimdNumberingRuleOfEachGame) {
    mesh::SimdTreeNodes& s = mesh().simd_tree;
    // Root lanes (2, 3, 4): Elden Ring's stack rule. As (4, 3, 2) they follow Sekiro's walk.
    std::swap(s.lane_target[1 * 4 + 0], s.lane_target[1 * 4 + 2]);
    Tally t = run("simd");
    EXPECT_EQ(t.count("numbering_rule_holds", kScope), 0u);
    EXPECT_EQ(violations("simd", t), 0u);
    s.encoding = mesh::SimdEncoding::kParity;
    t = run("simd");
    EXPECT_EQ(t.count("numbering_rule_holds", kScope), 1u);
}

TEST_F(SamplePasses, SimdChildNumberedBelowItsNode) {
    mesh().simd_tree.lane_target[1 * 4 + 1] = 1;  // node 1 names itself; node 3 is then no one's child
    const Tally t = run("simd");
    EXPECT_EQ(t.count("child_not_above", kScope), 1u);
    EXPECT_EQ(t.count("nodes_not_child_once", kScope), 1u);
}

TEST_F(SamplePasses, DegenerateHoldsOnTheSample) {
    const Tally t = run("degenerate");
    EXPECT_EQ(t.count("kept_triangles", kScope), 15u);
    EXPECT_EQ(t.count("kept_degenerate", kScope), 0u);
    EXPECT_EQ(t.count("kept_under_1e_6", kScope), 0u);
}

TEST_F(SamplePasses, DegenerateTriangleIsCounted) {
    mesh::DecodedTriangles& tr = mesh().triangles;
    tr.vertex[2][0] = tr.vertex[0][0];  // corner c onto corner a: exactly collinear, zero cross product
    const Tally t = run("degenerate");
    EXPECT_EQ(t.count("kept_degenerate", kScope), 1u);
    EXPECT_EQ(t.count("kept_collinear", kScope), 1u);
    EXPECT_EQ(t.count("kept_under_1e_6", kScope), 1u);
    ASSERT_EQ(t.samples().at("kept_degenerate").size(), 1u);
}

// The sample keeps every source row (as many triangleIndexToShapeKey words as pParam rows), and its
// kept triangles' 2nd and 3rd corners are as far apart as measured here from the positions.
TEST_F(SamplePasses, DegenerateRowsAndCornerGapsOfTheSample) {
    const Tally t = run("degenerate");
    EXPECT_EQ(t.count("source_rows", kScope), 15u);
    EXPECT_EQ(t.count("keyed_rows", kScope), 15u);
    EXPECT_EQ(t.count("keyless_rows", kScope), 0u);
    EXPECT_EQ(t.count("kept_corners_off_first_position", kScope), 0u);
    const mesh::DecodedMesh& m = mesh();
    double smallest = INFINITY;
    std::uint64_t within = 0;
    for (std::size_t i = 0; i < m.triangles.size(); ++i) {
        const std::uint32_t b = m.triangles.vertex[1][i], c = m.triangles.vertex[2][i];
        const double d =
            std::hypot(double{m.vertices.x[b]} - m.vertices.x[c], double{m.vertices.y[b]} - m.vertices.y[c],
                       double{m.vertices.z[b]} - m.vertices.z[c]);
        smallest = std::min(smallest, d);
        within += d <= 0.01;
    }
    EXPECT_EQ(t.count("kept_within_1cm", kScope), within);
    ASSERT_EQ(t.minima().count({"kept_min_corner_gap_mm", kScope}), 1u);
    EXPECT_NEAR(t.minima().at({"kept_min_corner_gap_mm", kScope}), smallest * 1e3, 1e-9);
    EXPECT_TRUE(t.maxima().empty());  // no passing key-less row
}

// Two rows appended to pParam, past the words: row 0's source vertices in reverse order (the
// three positions of a kept triangle, passing the test) and row 0's first vertex twice (degenerate).
TEST_F(SamplePasses, DegenerateKeylessRowsAppended) {
    mesh::DecodedMesh& m = mesh();
    const std::uint32_t a = m.row_vertex_index[0][0], b = m.row_vertex_index[1][0], c = m.row_vertex_index[2][0];
    const std::uint32_t added[2][3] = {{c, b, a}, {a, a, b}};
    for (const auto& r : added) {
        for (int k = 0; k < 3; ++k) m.row_vertex_index[k].push_back(r[k]);
        m.row_primitive_data_index.push_back(0);
        m.row_triangle_data_index.push_back(0);
    }
    const Tally t = run("degenerate");
    EXPECT_EQ(t.count("source_rows", kScope), 17u);
    EXPECT_EQ(t.count("keyless_rows", kScope), 2u);
    EXPECT_EQ(t.count("keyless_known", kScope), 2u);
    EXPECT_EQ(t.count("keyless_degenerate", kScope), 1u);
    EXPECT_EQ(t.count("keyless_passing", kScope), 1u);
    EXPECT_EQ(t.count("keyless_passing_same_positions", kScope), 1u);
    EXPECT_EQ(t.count("keyless_section_test_flags", kScope) + t.count("keyless_section_test_unflagged", kScope), 1u);
    EXPECT_EQ(t.minima().count({"keyless_passing_min_cross_sq", kScope}), 1u);
    EXPECT_EQ(t.maxima().count({"keyless_passing_max_cross_sq", kScope}), 1u);
}

}  // namespace
}  // namespace meshproof::test
