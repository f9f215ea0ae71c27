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
                  t.count("simd_child_lane_not_union", kScope),
              0u);
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

namespace meshproof::test {
namespace {

// One section holding one triangle at z = 4 × 10⁻⁷ m under a leaf whose box starts about
// 6 × 10⁻⁹ m above it, in a section whose domain reaches z = −0.24 m: the document's aeg228_107_l
// case. Within 16 ulps of the domain's magnitude, far beyond 16 ulps of the coordinate's own.
mesh::DecodedMember own_magnitude_member(float z, float box_min_z, float domain_min_z) {
    mesh::DecodedMember member;
    mesh::DecodedMesh& m = member.meshes.emplace_back();
    for (const float xy : {0.0f, 1.0f, 0.0f}) m.vertices.x.push_back(xy);
    for (const float xy : {0.0f, 0.0f, 1.0f}) m.vertices.y.push_back(xy);
    m.vertices.z.assign(3, z);
    mesh::Box domain;
    domain.min = {0, 0, domain_min_z};
    domain.max = {1, 1, 0.1f};
    mesh::DecodedSections& s = m.sections;
    s.page = {0};
    s.first_slot = {0};
    s.primitive_base = {0};
    s.num_primitives = {1};
    s.domain = {domain};
    mesh::DecodedPrimitives& p = m.primitives;
    for (int k = 0; k < 4; ++k) p.indices[k].push_back(static_cast<std::uint8_t>(k < 3 ? k : 2));
    p.kind = {mesh::PrimitiveKind::kTriangle};
    p.section = {0};
    p.index_in_section = {0};
    p.leaf_node = {0};
    mesh::StaticTreeNodes& t = m.section_trees;
    t.first_node = {0};
    t.node_count = {1};
    t.domain = {domain};
    t.tree = {0};
    for (auto& axis : t.xyz) axis = {0};
    t.value = {0};
    t.is_leaf = {1};
    t.payload = {0};
    t.second_child = {mesh::kNone};
    t.parent = {mesh::kNone};
    t.reached = {1};
    mesh::Box leaf = domain;
    leaf.min[2] = box_min_z;
    t.box = {leaf};
    return member;
}

double tallied(const Tally::Extremes& values, std::string_view counter) {
    const auto it = values.find({std::string(counter), kScope});
    return it == values.end() ? std::nan("") : it->second;
}

TEST(LeafboxOwnMagnitude, TheExceedingCoordinatesMeasured) {
    const float z = 4e-7f, box_min = 4.06e-7f, domain_min = -0.24f;
    const mesh::DecodedMember member = own_magnitude_member(z, box_min, domain_min);
    const Tally t = run_pass("leafbox", member, nullptr, "asset");
    EXPECT_EQ(t.count("prims_within_tolerance", kScope), 1u);  // 0.4 ulp at the domain's magnitude
    EXPECT_EQ(t.count("prims_own_magnitude_exceed", kScope), 1u);
    EXPECT_EQ(t.count("members_own_magnitude_exceed", kScope), 1u);
    const double excess = static_cast<double>(box_min) - z;
    EXPECT_EQ(tallied(t.maxima(), "own_magnitude_max_excess_m"), excess);
    EXPECT_EQ(tallied(t.maxima(), "own_magnitude_max_coordinate_m"), static_cast<double>(z));
    EXPECT_EQ(tallied(t.maxima(), "own_magnitude_max_domain_ulps"), excess / std::ldexp(1.0, -26));  // 0.24: ulp 2⁻²⁶
    EXPECT_LT(tallied(t.maxima(), "own_magnitude_max_domain_ulps"), 0.5);
    EXPECT_EQ(tallied(t.minima(), "own_magnitude_section_min_m"), static_cast<double>(domain_min));
}

TEST(LeafboxOwnMagnitude, NothingRecordedWithinTheCoordinatesOwnUlps) {
    // 4 ulps of 4 × 10⁻⁷ past the box: within 16 at its own magnitude.
    float box_min = 4e-7f;
    for (int k = 0; k < 4; ++k) box_min = std::nextafter(box_min, 1.0f);
    const Tally t = run_pass("leafbox", own_magnitude_member(4e-7f, box_min, -0.24f), nullptr, "asset");
    EXPECT_EQ(t.count("prims_within_tolerance", kScope), 1u);
    EXPECT_EQ(t.count("prims_own_magnitude_exceed", kScope), 0u);
    EXPECT_EQ(t.count("members_own_magnitude_exceed", kScope), 0u);
    EXPECT_TRUE(t.maxima().empty() || std::isnan(tallied(t.maxima(), "own_magnitude_max_excess_m")));
    EXPECT_TRUE(t.minima().empty());
}

// An f-set aabbTree leaf 2 µm short of its triangle: the shortfall in mm and in µm.
TEST(LeafboxAabbTree, ShortfallInMillimetresAndMicrometres) {
    mesh::DecodedMember member;
    mesh::DecodedExternMesh& e = member.extern_meshes.emplace_back();
    e.x = {0, 1, 0};
    e.y = {0, 0, 1};
    e.z = {0, 0, 0};
    e.w = {0, 0, 0};
    for (int k = 0; k < 3; ++k) e.triangle[k] = {static_cast<std::uint32_t>(k)};
    e.material = {-1};
    e.has_aabb_tree = true;
    mesh::StaticTreeNodes& t = e.aabb_tree;
    t.first_node = {0};
    t.node_count = {1};
    t.tree = {0};
    t.is_leaf = {1};
    t.payload = {0};
    mesh::Box b;
    b.min = {0, 0, 0};
    b.max = {1, 1 - 2e-6f, 0};
    t.domain = {b};
    t.box = {b};
    const Tally tally = run_pass("leafbox", member, nullptr, "f");
    const double short_m = 1.0 - static_cast<double>(1 - 2e-6f);
    EXPECT_EQ(tally.count("aabbtree_leaf_short", kScope), 1u);
    EXPECT_DOUBLE_EQ(tallied(tally.maxima(), "aabbtree_max_short_mm"), short_m * 1e3);
    EXPECT_DOUBLE_EQ(tallied(tally.maxima(), "aabbtree_max_short_um"), short_m * 1e6);
}

// The largest shortfall of a simd leaf lane (havok.simd.eldenring.leaf_box_short_max_ulp): none
// on the sample; a lane pulled in by a few f32 steps gives a maximum within 16 ulps, one pulled in
// by a metre a larger one.
TEST_F(LeafboxPass, LargestSimdLeafShortfall) {
    EXPECT_TRUE(std::isnan(tallied(run().maxima(), "simd_leaf_max_short_ulps")));
    mesh::Box& lane = mesh().simd_tree.lane_box[2 * 4 + 1];  // a leaf lane of node 2
    for (int k = 0; k < 3; ++k) lane.max[0] = std::nextafter(lane.max[0], -INFINITY);
    const Tally near = run();
    const double near_max = tallied(near.maxima(), "simd_leaf_max_short_ulps");
    EXPECT_EQ(near.count("simd_leaf_short_within_tolerance", kScope), 1u);
    EXPECT_GT(near_max, 0.0);
    EXPECT_LE(near_max, 16.0);
    mesh().simd_tree.lane_box[2 * 4 + 2].max[1] -= 1.0f;
    const Tally far = run();
    EXPECT_EQ(far.count("simd_leaf_short_beyond_tolerance", kScope), 1u);
    EXPECT_GT(tallied(far.maxima(), "simd_leaf_max_short_ulps"), 16.0);
}

}  // namespace
}  // namespace meshproof::test
