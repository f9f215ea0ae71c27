// Extraction by name on synthetic tagfiles of both SDK dialects (tests/mesh/synthetic_tagfile.h):
// 2016.2 packed run words and parity simd nodes, extern meshes in both bounding-volume forms,
// shared and foreign shapes.
#include <gtest/gtest.h>

#include "engine/mesh/decode_member.h"
#include "engine/mesh/extract_member.h"
#include "tests/mesh/synthetic_tagfile.h"

namespace meshproof::mesh {
namespace {

using tagfile::ExternMeshDataForm;
using tagfile::HavokDialect;

struct Decoded {
    std::vector<std::uint8_t> bytes;
    std::unique_ptr<tagfile::Tagfile> tf;
    DecodedMember member;
};

Decoded decode(const test::SyntheticCollision& opt) {
    Decoded d;
    d.bytes = test::write_synthetic_collision(opt);
    auto tf = tagfile::parse_tagfile(d.bytes, nullptr);
    EXPECT_TRUE(tf.ok()) << tf.error().message;
    if (!tf.ok()) return d;
    d.tf = std::make_unique<tagfile::Tagfile>(std::move(tf).value());
    auto m = decode_member(*d.tf);
    EXPECT_TRUE(m.ok()) << m.error().message << " @" << m.error().offset;
    if (m.ok()) d.member = std::move(m).value();
    return d;
}

void expect_mesh(const DecodedMember& member, SectionNaming naming, SimdEncoding encoding) {
    ASSERT_EQ(member.meshes.size(), 1u);
    const DecodedMesh& m = member.meshes[0];
    EXPECT_EQ(m.sections.naming, naming);
    ASSERT_EQ(m.sections.size(), 1u);
    EXPECT_EQ(m.sections.num_packed[0], 2u);
    EXPECT_EQ(m.sections.num_shared[0], 2u);
    EXPECT_EQ(m.sections.num_primitives[0], 2u);
    EXPECT_EQ(m.sections.num_data_runs[0], 1u);
    ASSERT_EQ(m.vertices.size(), 4u);
    // packed (1, 1, 1) with offset (0.5, 0.25, 0.125) and scale (1, 2, 4)
    EXPECT_EQ(m.vertices.x[1], 1.5f);
    EXPECT_EQ(m.vertices.y[1], 2.25f);
    EXPECT_EQ(m.vertices.z[1], 4.125f);
    // slot 2 = shared entry 1 = the top codes; slot 3 = entry 0 = the domain minimum
    EXPECT_EQ(m.vertices.x[3], -1.0f);
    EXPECT_EQ(m.vertices.z[3], -3.0f);
    EXPECT_FLOAT_EQ(m.vertices.x[2], 1.0f);
    EXPECT_EQ(m.triangles.key, (std::vector<std::uint32_t>{0, 2, 3}));
    EXPECT_EQ(m.triangles.interior, (std::vector<std::uint8_t>{1, 1, 0}));
    EXPECT_EQ(m.triangles.material, (std::vector<std::uint32_t>{33, 33, 33}));
    EXPECT_EQ(m.run_value, (std::vector<std::uint16_t>{0xFFFF}));
    EXPECT_EQ(m.run_count, (std::vector<std::uint8_t>{2}));
    EXPECT_EQ(m.section_trees.size(), 3u);
    EXPECT_EQ(m.primitives.leaf_node[0], 1u);
    EXPECT_EQ(m.primitives.leaf_node[1], 2u);
    EXPECT_EQ(m.simd_tree.encoding, encoding);
    ASSERT_EQ(m.simd_tree.node_count(), 2u);
    EXPECT_EQ(m.simd_tree.lane_kind[4], LaneKind::kLeaf);
    EXPECT_EQ(m.simd_tree.lane_target[4], 0u);
    EXPECT_EQ(m.simd_tree.lane_target[5], 2u);
    EXPECT_EQ(m.simd_tree.lane_kind[6], LaneKind::kEmpty);
    EXPECT_EQ(m.param_version, 0x100000u);
    EXPECT_EQ(m.row_vertex_index[0], (std::vector<std::uint32_t>{1, 2, 3}));
}

void expect_bodies(const DecodedMember& member) {
    const DecodedBodies& b = member.bodies;
    ASSERT_EQ(b.size(), 4u);
    EXPECT_EQ(b.name, (std::vector<std::string>{"m0", "f0", "m0b", "other"}));
    EXPECT_EQ(b.shape_kind[0], ShapeKind::kCompressedMesh);
    EXPECT_EQ(b.shape_kind[1], ShapeKind::kExternMesh);
    EXPECT_EQ(b.shape_kind[2], ShapeKind::kCompressedMesh);
    EXPECT_EQ(b.shape_index[2], 0u);  // the shared shape is decoded once
    EXPECT_EQ(b.shape_kind[3], ShapeKind::kOther);
    EXPECT_EQ(b.shape_class[3], "hknpShape");
    EXPECT_EQ(b.motion_type[3], 2u);
    EXPECT_EQ(b.position[1][0], 1.0f);
    EXPECT_EQ(b.mass[0], -1.0f);
    EXPECT_EQ(b.motion_properties_id[0], 0xFFFFu);
    ASSERT_EQ(member.other_shapes.shape_count(), 1u);
    EXPECT_EQ(member.other_shapes.class_name[0], "hknpShape");
    EXPECT_EQ(member.other_shapes.instance_count(), 0u);  // a body's shape is no extern entry
}

void expect_extern_geometry(const DecodedExternMesh& e) {
    ASSERT_EQ(e.x.size(), 4u);
    EXPECT_EQ(e.x[2], 4.0f);
    EXPECT_EQ(e.z[2], 4.0f);
    EXPECT_EQ(e.w[0], 1.0f);
    ASSERT_EQ(e.triangle_count(), 2u);
    EXPECT_EQ(e.triangle[1][1], 2u);
    EXPECT_EQ(e.triangle[2][1], 3u);
    EXPECT_EQ(e.material[0], -1);
    EXPECT_EQ(e.num_shape_key_bits, 2u);
}

TEST(SyntheticTagfile, EldenRing2018) {
    const Decoded d = decode({HavokDialect::kEldenRing2018, ExternMeshDataForm::kDefault});
    ASSERT_TRUE(d.tf);
    EXPECT_EQ(d.member.sdk_version, "20180100");
    expect_bodies(d.member);
    expect_mesh(d.member, SectionNaming::kExplicit, SimdEncoding::kIsLeafFlag);
    EXPECT_TRUE(d.member.meshes[0].has_extern_shapes_member);
    ASSERT_EQ(d.member.extern_meshes.size(), 1u);
    const DecodedExternMesh& e = d.member.extern_meshes[0];
    expect_extern_geometry(e);
    EXPECT_TRUE(e.has_use_triangle_material_as_shape_tag);
    // 2018.1 default: the simd-only form, leaves keyed by triangle index.
    EXPECT_FALSE(e.has_aabb_tree);
    ASSERT_TRUE(e.has_simd_tree);
    EXPECT_EQ(e.simd_tree.lane_target[4], 0u);
    EXPECT_EQ(e.simd_tree.lane_target[5], 1u);
    EXPECT_EQ(e.bounding_volume_version, 3u);
}

TEST(SyntheticTagfile, Sekiro2016) {
    const Decoded d = decode({HavokDialect::kSekiro2016, ExternMeshDataForm::kDefault});
    ASSERT_TRUE(d.tf);
    EXPECT_EQ(d.member.sdk_version, "20160200");
    expect_bodies(d.member);
    expect_mesh(d.member, SectionNaming::kPackedWords, SimdEncoding::kParity);
    EXPECT_FALSE(d.member.meshes[0].has_extern_shapes_member);
    EXPECT_EQ(d.member.meshes[0].sections.shared_word_low[0], 2u);
    ASSERT_EQ(d.member.extern_meshes.size(), 1u);
    const DecodedExternMesh& e = d.member.extern_meshes[0];
    expect_extern_geometry(e);
    EXPECT_FALSE(e.has_use_triangle_material_as_shape_tag);
    // 2016.2 default: the aabbTree form (Codec3Axis6) with a simd tree of two empty nodes.
    ASSERT_TRUE(e.has_aabb_tree);
    ASSERT_EQ(e.aabb_tree.size(), 3u);
    EXPECT_EQ(e.aabb_tree.codec, TreeCodec::kAxis6);
    EXPECT_EQ(e.aabb_tree.payload[1], 0u);
    EXPECT_EQ(e.aabb_tree.payload[2], 1u);
    EXPECT_EQ(e.aabb_tree.box[0].max[0], 4.0f);
    EXPECT_EQ(e.simd_tree.node_count(), 2u);
    EXPECT_EQ(e.simd_tree.lane_kind[4], LaneKind::kEmpty);
}

TEST(SyntheticTagfile, EldenRingWithTheAabbTreeForm) {
    // 40 ER bodies have the version-2 form: chosen by the declared members, not the SDK.
    const Decoded d = decode({HavokDialect::kEldenRing2018, ExternMeshDataForm::kAabbTree});
    ASSERT_TRUE(d.tf);
    ASSERT_EQ(d.member.extern_meshes.size(), 1u);
    EXPECT_TRUE(d.member.extern_meshes[0].has_aabb_tree);
    EXPECT_EQ(d.member.extern_meshes[0].bounding_volume_version, 2u);
}

TEST(SyntheticTagfile, SekiroWithTheSimdOnlyForm) {
    const Decoded d = decode({HavokDialect::kSekiro2016, ExternMeshDataForm::kSimdOnly});
    ASSERT_TRUE(d.tf);
    ASSERT_EQ(d.member.extern_meshes.size(), 1u);
    EXPECT_FALSE(d.member.extern_meshes[0].has_aabb_tree);
    EXPECT_EQ(d.member.extern_meshes[0].simd_tree.encoding, SimdEncoding::kParity);
    EXPECT_EQ(d.member.extern_meshes[0].simd_tree.lane_target[5], 1u);
}

}  // namespace
}  // namespace meshproof::mesh
