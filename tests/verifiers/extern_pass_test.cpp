// Pass "extern": a hand-built f body (the ER sample has no extern mesh) that follows every rule,
// then one defect of each kind.
#include <gtest/gtest.h>

#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

// Two triangles over four vertices, version 2: an aabbTree of 3 nodes and a simd tree of two
// empty nodes; numShapeKeyBits = bitlen(2) = 2.
mesh::DecodedMember f_body() {
    mesh::DecodedMember m;
    m.sdk_version = "20160200";
    mesh::DecodedBodies& b = m.bodies;
    b.name = {"f_body"};
    b.position = {{0, 0, 0, 1}};
    b.orientation = {{0, 0, 0, 1}};
    b.motion_type = {0};
    b.mass = {-1.0f};
    b.motion_properties_id = {0xFFFF};
    b.system = {0};
    b.shape_kind = {mesh::ShapeKind::kExternMesh};
    b.shape_index = {0};
    b.shape_class = {"hknpExternMeshShape"};
    mesh::DecodedExternMesh e;
    e.num_shape_key_bits = 2;
    e.x = {0, 1, 1, 0};
    e.y = {0, 0, 0, 0};
    e.z = {0, 0, 1, 1};
    e.w = {1, 1, 1, 1};
    e.triangle = {std::vector<std::uint32_t>{0, 0}, {1, 2}, {2, 3}};
    e.material = {-1, -1};
    e.bounding_volume_version = 2;
    e.has_aabb_tree = true;
    mesh::StaticTreeNodes& t = e.aabb_tree;
    t.codec = mesh::TreeCodec::kAxis6;
    t.first_node = {0};
    t.node_count = {3};
    t.tree = {0, 0, 0};
    t.is_leaf = {0, 1, 1};
    t.payload = {mesh::kNone, 0, 1};
    e.has_simd_tree = true;
    e.simd_tree.encoding = mesh::SimdEncoding::kParity;
    e.simd_tree.node_is_leaf = {0, 0};
    e.simd_tree.lane_kind.assign(8, mesh::LaneKind::kEmpty);
    m.extern_meshes.push_back(std::move(e));
    return m;
}

TEST(ExternPass, AHandBuiltBodyFollowsEveryRule) {
    const mesh::DecodedMember m = f_body();
    const Tally t = run_pass("extern", m, nullptr, "f");
    EXPECT_EQ(t.count("bodies", kScope), 1u);
    EXPECT_EQ(t.count("vertices", kScope), 4u);
    EXPECT_EQ(t.count("triangles", kScope), 2u);
    EXPECT_EQ(t.count("v2_bodies", kScope), 1u);
    EXPECT_EQ(t.count("aabbtree_full", kScope), 1u);
    EXPECT_EQ(t.count("keybits_ok", kScope), 1u);
    EXPECT_EQ(t.count("keybits_ok_v2", kScope), 1u);
    EXPECT_EQ(t.count("keybits_ok_v3", kScope), 0u);
    EXPECT_EQ(t.count("files_2016_geometry", kScope), 1u);
    EXPECT_EQ(violations("extern", t), 0u);
}

TEST(ExternPass, OneDefectOfEachKind) {
    mesh::DecodedMember m = f_body();
    m.bodies.mass[0] = 0;
    m.bodies.motion_type[0] = 1;
    m.bodies.motion_properties_id[0] = 0;
    m.bodies.orientation[0] = {0, 0.5f, 0, 0.8660254f};
    mesh::DecodedExternMesh& e = m.extern_meshes[0];
    e.w[2] = 0.5f;
    e.material[1] = 5;
    e.triangle[2][0] = 0;  // triangle 0 becomes 0, 1, 0
    e.num_shape_key_bits = 3;
    e.aabb_tree.payload[2] = 0;  // triangle 1 named by no leaf, triangle 0 twice
    e.simd_tree.lane_kind[5] = mesh::LaneKind::kLeaf;
    const Tally t = run_pass("extern", m, nullptr, "f");
    for (const char* c : {"mass_not_minus_1", "motion_type_not_0", "motion_properties_not_ffff", "pose_not_identity",
                          "vertex_w_not_1", "material_not_minus_1", "repeated_corner", "keybits_mismatch",
                          "aabbtree_not_full", "v2_simd_not_two_empty_nodes"})
        EXPECT_EQ(t.count(c, kScope), 1u) << c;
    EXPECT_EQ(violations("extern", t), 10u);
    EXPECT_EQ(t.samples().at("material_not_minus_1")[0].location, "sample/h.hkx / body 0 / triangle 1");
}

TEST(ExternPass, Version3KeyBitsAndIsCompact) {
    mesh::DecodedMember m = f_body();
    mesh::DecodedExternMesh& e = m.extern_meshes[0];
    e.bounding_volume_version = 3;
    e.has_aabb_tree = false;
    e.simd_tree.has_is_compact = true;
    e.simd_tree.is_compact = 0;
    Tally t = run_pass("extern", m, nullptr, "f");
    EXPECT_EQ(t.count("v3_bodies", kScope), 1u);
    EXPECT_EQ(t.count("v3_is_compact_not_1", kScope), 1u);
    EXPECT_EQ(t.count("keybits_mismatch", kScope), 1u);  // version 3 wants bitlen(2) + 1 = 3
    e.num_shape_key_bits = 3;
    e.simd_tree.is_compact = 1;
    t = run_pass("extern", m, nullptr, "f");
    EXPECT_EQ(violations("extern", t), 0u);
    EXPECT_EQ(t.count("keybits_ok_v3", kScope), 1u);
    EXPECT_EQ(t.count("keybits_ok_v2", kScope), 0u);
}

using Seen = ValueSet::Seen;

Seen seen(const Tally& t, const char* counter) {
    const auto it = t.value_sets().find({counter, kScope});
    return it == t.value_sets().end() ? Seen{} : it->second.seen;
}

// What every body, vertex and triangle holds, as value sets: one value when the rules hold, the
// off value beside it (with its count) when one breaks.
TEST(ExternPass, ValueSetsOfEveryBodyVertexAndTriangle) {
    mesh::DecodedMember m = f_body();
    Tally t = run_pass("extern", m, nullptr, "f");
    EXPECT_EQ(seen(t, "body_motion_type"), (Seen{{{0}, 1}}));
    EXPECT_EQ(seen(t, "body_mass"), (Seen{{{-1}, 1}}));
    EXPECT_EQ(seen(t, "body_motion_properties"), (Seen{{{0xFFFF}, 1}}));
    EXPECT_EQ(seen(t, "vertex_w"), (Seen{{{1}, 4}}));
    EXPECT_EQ(seen(t, "triangle_material"), (Seen{{{-1}, 2}}));
    EXPECT_EQ(seen(t, "v2_simd_nodes"), (Seen{{{2}, 1}}));
    EXPECT_TRUE(seen(t, "v3_is_compact").empty());
    m.bodies.mass[0] = 0;
    m.extern_meshes[0].w[1] = 0.5f;
    m.extern_meshes[0].material[0] = 7;
    m.extern_meshes[0].simd_tree.node_is_leaf.push_back(0);
    t = run_pass("extern", m, nullptr, "f");
    EXPECT_EQ(seen(t, "body_mass"), (Seen{{{0}, 1}}));
    EXPECT_EQ(seen(t, "vertex_w"), (Seen{{{0.5}, 1}, {{1}, 3}}));
    EXPECT_EQ(seen(t, "triangle_material"), (Seen{{{-1}, 1}, {{7}, 1}}));
    EXPECT_EQ(seen(t, "v2_simd_nodes"), (Seen{{{3}, 1}}));
    m.extern_meshes[0].bounding_volume_version = 3;
    m.extern_meshes[0].simd_tree.has_is_compact = true;
    m.extern_meshes[0].simd_tree.is_compact = 1;
    t = run_pass("extern", m, nullptr, "f");
    EXPECT_EQ(seen(t, "v3_is_compact"), (Seen{{{1}, 1}}));
    EXPECT_TRUE(seen(t, "v2_simd_nodes").empty());
}

// An f file with triangles, one whose only body has none, and one with no body at all (the
// document's 808 / 824-byte tagfiles): only the last gives its size to empty_file_bytes.
TEST(ExternPass, FilesWithAndWithoutTrianglesAndTheEmptyFilesSize) {
    const std::vector<std::uint8_t> bytes(808, 0);
    mesh::DecodedMember m = f_body();
    Tally t = run_pass("extern", m, nullptr, "f", Bytes(bytes.data(), bytes.size()));
    EXPECT_EQ(t.count("files", kScope), 1u);
    EXPECT_EQ(t.count("files_with_triangles", kScope), 1u);
    EXPECT_EQ(t.count("files_without_triangles", kScope), 0u);
    EXPECT_TRUE(seen(t, "empty_file_bytes").empty());

    mesh::DecodedExternMesh& e = m.extern_meshes[0];
    for (auto& corner : e.triangle) corner.clear();
    e.material.clear();
    e.bounding_volume_version = 3;
    t = run_pass("extern", m, nullptr, "f", Bytes(bytes.data(), bytes.size()));
    EXPECT_EQ(t.count("files_without_triangles", kScope), 1u);
    EXPECT_EQ(t.count("v3_bodies_empty", kScope), 1u);
    EXPECT_TRUE(seen(t, "empty_file_bytes").empty());  // it holds a body

    const mesh::DecodedMember none;
    t = run_pass("extern", none, nullptr, "f", Bytes(bytes.data(), bytes.size()));
    EXPECT_EQ(t.count("files", kScope), 1u);
    EXPECT_EQ(t.count("files_without_triangles", kScope), 1u);
    EXPECT_EQ(seen(t, "empty_file_bytes"), (Seen{{{808}, 1}}));

    t = run_pass("extern", none, nullptr, "h", Bytes(bytes.data(), bytes.size()));  // an h file is no f file
    EXPECT_EQ(t.count("files", kScope), 0u);
    EXPECT_TRUE(seen(t, "empty_file_bytes").empty());
}

}  // namespace
}  // namespace meshproof::test
