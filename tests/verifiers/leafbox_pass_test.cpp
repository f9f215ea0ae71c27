// Pass "leafbox": the real sample ("every vertex inside its leaf box exactly") and injected defects.
#include <gtest/gtest.h>

#include "tests/verifiers/mesh_edits.h"
#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

class LeafboxPass : public ErSampleTest {
protected:
    Tally run() { return run_pass("leafbox", sample_->member, sample_->tagfile.get()); }
};

TEST_F(LeafboxPass, EveryRuleHoldsOnTheSample) {
    const Tally t = run();
    EXPECT_EQ(t.count("prims", kScope), 12u);
    EXPECT_EQ(t.count("prims_exact", kScope), 12u);
    EXPECT_EQ(t.count("prims_within_tolerance", kScope), 0u);
    EXPECT_EQ(t.count("sections_in_leaf", kScope), 1u);
    EXPECT_EQ(t.count("sections_in_leaf_exact", kScope), 1u);  // section domain == mesh domain, all-zero node
    EXPECT_EQ(t.count("section_roots_nonzero", kScope) + t.count("mesh_roots_nonzero", kScope), 0u);
    EXPECT_EQ(t.count("section_domains", kScope), 1u);
    EXPECT_EQ(t.count("section_domain_exact", kScope), 0u);  // reading notes: "to within a few units in the last place"
    EXPECT_EQ(t.count("simd_child_lanes", kScope), 3u);      // root node 1: children 2, 3, 4
    EXPECT_EQ(t.count("simd_leaf_lanes", kScope), 12u);
    EXPECT_EQ(t.count("simd_leaf_lanes_other", kScope), 0u);
    EXPECT_EQ(violations("leafbox", t), 0u);
    // The controls are reported, not violations: swapping the nibbles' roles leaves primitives out.
    EXPECT_EQ(t.count("prims_outside_swapped_nibbles", kScope), 12u);  // "nearly all"
    EXPECT_EQ(t.count("prims_outside_divisor225", kScope), 7u);        // measured on the sample
    EXPECT_EQ(t.count("simd_leaf_exact", kScope), 12u);
}

TEST_F(LeafboxPass, VerticesMovedOutOfTheirLeafBoxes) {
    mesh::DecodedMesh& m = mesh();
    m.vertices.x[3] += 1000.0f;
    m.vertices.z[9] -= 1000.0f;
    const std::uint64_t expected = primitives_using(m, {3, 9});
    ASSERT_GT(expected, 1u);
    const Tally t = run();
    EXPECT_EQ(t.count("prims_outside", kScope), expected);
    EXPECT_EQ(t.count("prims_exact", kScope), 12u - expected);
    EXPECT_EQ(t.samples().at("prims_outside").size(), expected);
}

TEST_F(LeafboxPass, VertexJustPastItsBoxIsWithinTolerance) {
    // Pick a leaf and place one vertex 4 ulps past its box max on x: counted within tolerance.
    mesh::DecodedMesh& m = mesh();
    const std::uint32_t p = 0;
    const std::uint32_t leaf = m.primitives.leaf_node[p];
    const std::uint32_t slot = m.sections.first_slot[0] + m.primitives.indices[0][p];
    float x = m.section_trees.box[leaf].max[0];
    for (int k = 0; k < 4; ++k) x = std::nextafter(x, INFINITY);
    m.vertices.x[slot] = x;
    const Tally t = run();
    EXPECT_GE(t.count("prims_within_tolerance", kScope), 1u);
    EXPECT_EQ(violations("leafbox", t) - t.count("simd_leaf_short_beyond_tolerance", kScope) -
                  t.count("simd_child_lane_not_union", kScope), 0u);
}

TEST_F(LeafboxPass, MeshTreeNodeInverted) {
    mesh::DecodedMesh& m = mesh();
    m.mesh_tree.box[0].min[1] = m.mesh_tree.box[0].max[1] + 1.0f;
    const Tally t = run();
    EXPECT_EQ(t.count("mesh_tree_inverted_nodes", kScope), 1u);
    EXPECT_EQ(t.count("sections_outside_leaf", kScope), 1u);
    EXPECT_EQ(violations("leafbox", t), 2u);
}

TEST_F(LeafboxPass, SimdChildLaneNotTheUnionOfItsChild) {
    mesh::DecodedMesh& m = mesh();
    m.simd_tree.lane_box[1 * 4 + 0].min[0] -= 1.0f;  // node 1 lane 0 names node 2
    const Tally t = run();
    EXPECT_EQ(t.count("simd_child_lane_not_union", kScope), 1u);
    EXPECT_EQ(violations("leafbox", t), 1u);
    EXPECT_EQ(t.samples().at("simd_child_lane_not_union")[0].location, "sample/h.hkx / body 0 / simd node 1 lane 0");
}

TEST_F(LeafboxPass, SimdLeafLaneShortOfItsPrimitive) {
    mesh::DecodedMesh& m = mesh();
    mesh::Box& lane = m.simd_tree.lane_box[2 * 4 + 1];  // a leaf lane of node 2
    lane.max[0] = lane.min[0];
    lane.max[2] = lane.min[2];
    const Tally t = run();
    EXPECT_EQ(t.count("simd_leaf_short_beyond_tolerance", kScope), 1u);
}

}  // namespace
}  // namespace meshproof::test
