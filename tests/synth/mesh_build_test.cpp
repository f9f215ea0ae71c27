// The mesh builder and its encoders, one member at a time: a built mesh written as TAG0 decodes
// through mesh::decode_member with every structural rule the builder promises.
#include <gtest/gtest.h>

#include <bit>

#include "engine/mesh/decode_member.h"
#include "engine/mesh/static_tree_codec.h"
#include "engine/builder/collision_tagfile.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/builder/static_tree_build.h"
#include "engine/rules/floor_rule.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"
#include "engine/tagfile/tagfile_writer.h"
#include "tests/synth/synth_checks.h"
#include "tests/support/param_printers.h"

namespace meshproof::synth {
namespace {

struct Decoded {
    mesh::DecodedMember member;
};

Decoded decode(tagfile::HavokDialect dialect, const CompressedMesh& m) {
    auto types = builder::make_collision_type_context(dialect);
    EXPECT_TRUE(types.ok()) << types.error().message;
    const tagfile::CompendiumId id = 0x1122334455667788ull;
    auto tag0 = builder::write_collision_tag0(*types, m, "h000100", id);
    EXPECT_TRUE(tag0.ok()) << tag0.error().message;
    auto tcm0 = tagfile::write_tcm0(std::array{id}, types->type_section);
    EXPECT_TRUE(tcm0.ok());
    tagfile::CompendiumRegistry reg;
    EXPECT_TRUE(reg.add_bytes(*tcm0).ok());
    auto tf = tagfile::parse_tagfile(*tag0, &reg);
    EXPECT_TRUE(tf.ok()) << tf.error().message;
    auto member = mesh::decode_member(*tf);
    EXPECT_TRUE(member.ok()) << member.error().message << " at " << member.error().offset;
    return {member.ok() ? std::move(member).value() : mesh::DecodedMember{}};
}

TEST(FloorRule, LargestNibbleNotPastWhatLiesBelow) {
    EXPECT_EQ(rules::floor_nibbles_searched_up(0.0f, 226.0f, 0.0f, 226.0f).byte, 0x00);
    EXPECT_EQ(rules::floor_nibbles_searched_up(0.0f, 226.0f, 4.0f, 226.0f).byte, 0x20);  // 2² = 4 exactly
    EXPECT_EQ(rules::floor_nibbles_searched_up(0.0f, 226.0f, 3.99f, 226.0f).byte, 0x10);
    EXPECT_EQ(rules::floor_nibbles_searched_up(0.0f, 226.0f, 0.0f, 217.0f).byte, 0x03);  // 226 − 9
}

class MeshBuild : public ::testing::TestWithParam<tagfile::HavokDialect> {};

TEST_P(MeshBuild, PartDecodesWithEveryRule) {
    const bool er = GetParam() == tagfile::HavokDialect::kEldenRing2018;
    const SourceMesh src = build_part(42, 6000, 10.0f, -30.0f);
    MeshBuildOptions o;
    o.numbering = er ? SimdNumbering::kEldenRing : SimdNumbering::kSekiro;
    const CompressedMesh m = build_compressed_mesh(src, o);
    ASSERT_GT(m.page.size(), 10u);
    EXPECT_GT(m.quads, 100u);
    const Decoded d = decode(GetParam(), m);
    ASSERT_EQ(d.member.meshes.size(), 1u);
    const MeshCheck c = check_mesh(d.member.meshes[0]);
    EXPECT_EQ(c.vertices_outside_leaf, 0u);
    EXPECT_EQ(c.sections_outside_mesh_leaf, 0u);
    EXPECT_EQ(c.nibbles_off_rule, 0u);
    EXPECT_EQ(c.run_gaps, 0u);
    EXPECT_EQ(c.interior_on_missing_key, 0u);
    EXPECT_EQ(c.simd_leaf_box_mismatch, 0u);
    EXPECT_EQ(c.simd_child_box_mismatch, 0u);
    EXPECT_EQ(c.key_width_mismatch, 0u);
    EXPECT_EQ(c.sections_over_limits, 0u);
    EXPECT_EQ(c.row_key_mismatch, 0u);
    EXPECT_EQ(c.numbering_mismatch, 0u);
    EXPECT_EQ(d.member.meshes[0].triangles.size(), m.triangles);
    EXPECT_EQ(d.member.meshes[0].sections.size(), m.page.size());
    EXPECT_EQ(d.member.meshes[0].row_key.size(), src.rows.size());
}

TEST_P(MeshBuild, AllSharedTerrainUsesPages) {
    const bool er = GetParam() == tagfile::HavokDialect::kEldenRing2018;
    const SourceMesh src = build_large_terrain(7, 270, -128.0f, -128.0f);
    MeshBuildOptions o;
    o.numbering = er ? SimdNumbering::kEldenRing : SimdNumbering::kSekiro;
    o.all_shared = true;
    const CompressedMesh m = build_compressed_mesh(src, o);
    EXPECT_GT(m.shared_vertices.size(), 65536u);
    EXPECT_GT(m.paged_sections, 0u);
    const Decoded d = decode(GetParam(), m);
    ASSERT_EQ(d.member.meshes.size(), 1u);
    const MeshCheck c = check_mesh(d.member.meshes[0]);
    EXPECT_EQ(c.vertices_outside_leaf, 0u);
    EXPECT_EQ(c.nibbles_off_rule, 0u);
    EXPECT_EQ(c.simd_leaf_box_mismatch, 0u);
    EXPECT_EQ(c.paged_sections, m.paged_sections);
}

INSTANTIATE_TEST_SUITE_P(Dialects, MeshBuild,
                         ::testing::Values(tagfile::HavokDialect::kEldenRing2018, tagfile::HavokDialect::kSekiro2016));

}  // namespace
}  // namespace meshproof::synth
