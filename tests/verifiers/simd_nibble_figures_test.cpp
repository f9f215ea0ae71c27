// Passes "simd" and "nibble", the figures of issue 15: isCompact and hasSimdTree as measured,
// the empty lanes' bounds, the key order of version-3 extern trees, and the distance of a
// one-nibble difference from the boundary between the two nibbles. The sample's values are in
// ../shared/corpus/havok/README.md (isCompact 1, hasSimdTree 1, empty boxes ±0x7F7FFFEE); the
// extern trees are hand-built; the nibble edit's answer is worked out below from the boxes.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "engine/builder/collision_tagfile.h"
#include "engine/builder/mesh_builder.h"
#include "engine/mesh/decode_member.h"
#include "engine/mesh/vertex_codec.h"
#include "engine/tagfile/tagfile.h"
#include "tests/support/grid_mesh.h"
#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

using Seen = ValueSet::Seen;

std::optional<double> extreme(const Tally::Extremes& m, const char* counter) {
    auto it = m.find({counter, kScope});
    if (it == m.end()) return std::nullopt;
    return it->second;
}

class SimdFigures : public ErSampleTest {};

TEST_F(SimdFigures, SampleIsCompactHasSimdTreeAndEmptyLanes) {
    const Tally t = run_pass("simd", sample_->member);
    EXPECT_EQ(t.value_sets().at({"is_compact_with_leaves", kScope}).seen, (Seen{{{1}, 1}}));
    EXPECT_EQ(extreme(t.maxima(), "has_simd_tree_max"), 1.0);
    EXPECT_FALSE(extreme(t.maxima(), "is_compact_leafless_max").has_value());  // its tree has leaves
    const double sentinel = std::bit_cast<float>(0x7F7FFFEEu);                 // every empty lane: ±3.40282e+38
    EXPECT_EQ(extreme(t.minima(), "empty_lane_bound_min"), sentinel);
    EXPECT_EQ(extreme(t.maxima(), "empty_lane_bound_max"), sentinel);
}

TEST_F(SimdFigures, AnEmptyLaneBoundOfTheWrongSignIsTheSmallest) {
    mesh().simd_tree.lane_box[1 * 4 + 3].max[2] = 5.0f;  // node 1 lane 3 is empty: its max z now +5
    const Tally t = run_pass("simd", sample_->member);
    EXPECT_EQ(extreme(t.minima(), "empty_lane_bound_min"), -5.0);
}

TEST_F(SimdFigures, ALeaflessTreeGivesItsIsCompactByte) {
    mesh::SimdTreeNodes& s = mesh().simd_tree;
    for (auto& k : s.lane_kind)
        if (k == mesh::LaneKind::kLeaf) k = mesh::LaneKind::kEmpty;
    s.is_compact = 246;
    mesh().has_simd_tree = 0;
    const Tally t = run_pass("simd", sample_->member);
    EXPECT_EQ(extreme(t.maxima(), "is_compact_leafless_max"), 246.0);
    EXPECT_FALSE(t.value_sets().contains({"is_compact_with_leaves", kScope}));
    EXPECT_EQ(extreme(t.maxima(), "has_simd_tree_max"), 0.0);
}

// A version-3 extern tree of six triangles: node 0 the sentinel, node 1 two children (2, 3),
// node 2 four leaves, node 3 two.
mesh::DecodedExternMesh extern_tree(std::array<std::uint32_t, 6> keys) {
    mesh::DecodedExternMesh e;
    e.bounding_volume_version = 3;
    e.has_simd_tree = true;
    e.material.assign(6, -1);
    for (auto& t : e.triangle) t.assign(6, 0);
    e.x = e.y = e.z = e.w = {0.0f};
    mesh::SimdTreeNodes& s = e.simd_tree;
    s.node_is_leaf = {0, 0, 1, 1};
    s.lane_kind.assign(16, mesh::LaneKind::kEmpty);
    s.lane_target.assign(16, mesh::kNone);
    s.lane_box.assign(16, mesh::Box{{1, 1, 1}, {-1, -1, -1}});
    s.lane_box_inverted.assign(16, 1);
    s.lane_data.assign(16, 0);
    auto lane = [&](std::uint32_t at, mesh::LaneKind k, std::uint32_t target) {
        s.lane_kind[at] = k;
        s.lane_target[at] = target;
        s.lane_box[at] = mesh::Box{{0, 0, 0}, {1, 1, 1}};
        s.lane_box_inverted[at] = 0;
    };
    lane(4, mesh::LaneKind::kChild, 2);
    lane(5, mesh::LaneKind::kChild, 3);
    for (int k = 0; k < 4; ++k) lane(8 + k, mesh::LaneKind::kLeaf, keys[k]);
    for (int k = 0; k < 2; ++k) lane(12 + k, mesh::LaneKind::kLeaf, keys[4 + k]);
    return e;
}

Tally run_extern(mesh::DecodedExternMesh e) {
    mesh::DecodedMember member;
    member.extern_meshes.push_back(std::move(e));
    return run_pass("simd", member, nullptr, "f");
}

TEST(SimdExternKeys, KeysInLaneOrderAndConsecutiveNodesOfLeaves) {
    Tally t = run_extern(extern_tree({0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(t.count("extern_v3_trees", kScope), 1u);
    EXPECT_EQ(t.count("extern_keys_in_order", kScope), 1u);
    EXPECT_EQ(t.count("extern_triangles_not_named_once", kScope), 0u);
    EXPECT_FALSE(extreme(t.minima(), "extern_consecutive_below_tris").has_value());

    t = run_extern(extern_tree({1, 0, 3, 2, 5, 4}));  // consecutive within each node, not in lane order
    EXPECT_EQ(t.count("extern_keys_in_order", kScope), 0u);
    EXPECT_FALSE(extreme(t.minima(), "extern_consecutive_below_tris").has_value());

    t = run_extern(extern_tree({0, 1, 2, 4, 3, 5}));  // node 2 holds 0 1 2 4: a tree of 6 without it
    EXPECT_EQ(t.count("extern_keys_in_order", kScope), 0u);
    EXPECT_EQ(extreme(t.minima(), "extern_consecutive_below_tris"), 5.0);

    mesh::DecodedExternMesh v2 = extern_tree({0, 1, 2, 4, 3, 5});
    v2.bounding_volume_version = 2;  // only version 3 trees are the figure's
    t = run_extern(std::move(v2));
    EXPECT_EQ(t.count("extern_v3_trees", kScope), 0u);
    EXPECT_FALSE(extreme(t.minima(), "extern_consecutive_below_tris").has_value());
}

// The nibble rule on a built terrain (the builder stores the rule's nibbles from the vertices it
// stores, so no node differs), then one leaf's stored x minimum nibble lowered by one: a one-nibble
// difference whose boundary is the rule's own nibble h, parent min + e × h² ⁄ 226, and whose
// distance is what lies below (the leaf's vertices grown by convexRadius) minus that, in the
// section's x codec steps.
TEST(NibbleBoundary, OneNibbleLowerLiesItsMarginFromTheBoundary) {
    const builder::MeshInput in = grid_mesh(12, [](std::uint32_t i, std::uint32_t j) {
        const float fi = static_cast<float>(i), fj = static_cast<float>(j);
        return std::array<float, 3>{1.7f * fi + 0.05f * fj, 0.3f * std::sin(0.7f * fi + 0.4f * fj), 1.9f * fj};
    });
    auto built = builder::build_mesh(in, builder::MeshOptions{});
    ASSERT_TRUE(built.ok());
    auto types = builder::make_collision_type_context(tagfile::HavokDialect::kEldenRing2018);
    auto tag0 = builder::write_collision_tag0(*types, *built, "terrain", std::nullopt);
    ASSERT_TRUE(tag0.ok());
    const std::vector<std::uint8_t> bytes = std::move(tag0).value();
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    auto decoded = mesh::decode_member(*tf);
    ASSERT_TRUE(decoded.ok());
    mesh::DecodedMember member = std::move(decoded).value();
    mesh::DecodedMesh& m = member.meshes[0];

    Tally t = run_pass("nibble", member);
    ASSERT_EQ(t.count("differing_nodes_stored_parent", kScope), 0u);
    EXPECT_FALSE(extreme(t.maxima(), "one_nibble_boundary_max_steps_stored_parent").has_value());

    // The first leaf below an inner node whose x minimum nibble is 1 or more, in a section with
    // packed vertices (a codec step).
    mesh::StaticTreeNodes& st = m.section_trees;
    std::uint32_t leaf = mesh::kNone;
    for (std::uint32_t n = 0; n < st.size() && leaf == mesh::kNone; ++n) {
        const std::uint32_t sec = st.tree[n];
        if (st.is_leaf[n] && st.parent[n] != mesh::kNone && (st.xyz[0][n] >> 4) >= 1 &&
            m.sections.num_packed[sec] > 0 && m.sections.codec_parms[sec][3] > 0)
            leaf = n;
    }
    ASSERT_NE(leaf, mesh::kNone);
    const std::uint32_t sec = st.tree[leaf];
    const int h = st.xyz[0][leaf] >> 4;
    const mesh::Box& parent = st.box[st.parent[leaf]];
    const std::uint32_t p = m.sections.primitive_base[sec] + st.payload[leaf];
    float below = std::numeric_limits<float>::infinity();
    const int corners = m.primitives.kind[p] == mesh::PrimitiveKind::kQuad ? 4 : 3;
    for (int k = 0; k < corners; ++k) below = std::min(below, m.vertices.x[mesh::corner_slot(m, p, k)]);
    below = below - m.convex_radius;
    const float e = parent.max[0] - parent.min[0];
    const float boundary = parent.min[0] + (e * static_cast<float>(h * h)) / 226.0f;
    const double expected = (static_cast<double>(below) - boundary) / m.sections.codec_parms[sec][3];
    ASSERT_GE(expected, 0.0);

    st.xyz[0][leaf] = static_cast<std::uint8_t>(st.xyz[0][leaf] - 0x10);
    t = run_pass("nibble", member);
    EXPECT_EQ(t.count("differ_one_nibble_stored_parent", kScope), 1u);
    EXPECT_EQ(extreme(t.maxima(), "one_nibble_boundary_max_steps_stored_parent"), expected);
}

}  // namespace
}  // namespace meshproof::test
