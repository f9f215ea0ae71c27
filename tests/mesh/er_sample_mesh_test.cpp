// The Elden Ring collision sample (havok/h.hkx + h.compendium): every fact of
// ../shared/corpus/havok/README.md that the mesh decoder produces.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/mesh/decode_keys.h"
#include "tests/mesh/mesh_fixtures.h"

namespace meshproof::mesh {
namespace {

using test::bits_of;

class ErSampleMesh : public test::MeshErSampleTest {};

TEST_F(ErSampleMesh, Body) {
    const DecodedBodies& b = member_->bodies;
    EXPECT_EQ(member_->sdk_version, "20180100");
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(b.name[0], "h433653");
    EXPECT_EQ(b.position[0], (std::array<float, 4>{0, 0, 0, 1}));
    EXPECT_EQ(bits_of(b.orientation[0][0]), 0u);
    EXPECT_EQ(bits_of(b.orientation[0][1]), 0u);
    EXPECT_EQ(bits_of(b.orientation[0][2]), 0u);
    EXPECT_EQ(bits_of(b.orientation[0][3]), 0x3F7FFFFFu);
    EXPECT_EQ(b.motion_type[0], 0u);
    EXPECT_EQ(b.quality_id[0], 255u);
    EXPECT_EQ(b.shape_kind[0], ShapeKind::kCompressedMesh);
    EXPECT_EQ(b.shape_index[0], 0u);
    EXPECT_EQ(b.shape_class[0], "fsnpCustomParamCompressedMeshShape");
    EXPECT_TRUE(member_->extern_meshes.empty());
    EXPECT_EQ(member_->other_shapes.shape_count(), 0u);
}

TEST_F(ErSampleMesh, ShapeHeader) {
    const DecodedMesh& m = mesh();
    EXPECT_EQ(m.class_name, "fsnpCustomParamCompressedMeshShape");
    EXPECT_EQ(m.offset, 712u);
    EXPECT_EQ(m.shape_type, 9u);
    EXPECT_EQ(m.dispatch_type, 3u);
    EXPECT_EQ(m.shape_flags, 4u);
    EXPECT_EQ(m.num_shape_key_bits, 5u);
    EXPECT_EQ(bits_of(m.convex_radius), 0x3C75C28Fu);
    EXPECT_EQ(m.user_data, 0u);
    EXPECT_EQ(m.shape_tag_codec_info, 0xFFFFFFFFu);
    EXPECT_FALSE(m.has_material_table);
    EXPECT_FALSE(m.has_properties);
    EXPECT_EQ(m.num_triangles_member, 0);
    EXPECT_EQ(m.num_convex_shapes_member, 0);
    EXPECT_TRUE(m.has_extern_shapes_member);
    EXPECT_TRUE(m.extern_shapes.transform.empty());
    // No entries: no shape decoded and nothing allocated (the hot path of every map mesh).
    EXPECT_EQ(m.extern_shapes.shape_count(), 0u);
    EXPECT_EQ(m.extern_shapes.shape.capacity(), 0u);
    EXPECT_EQ(m.extern_shapes.vertex_x.capacity(), 0u);
    EXPECT_EQ(m.connectivity_headers, 0u);
    EXPECT_EQ(m.connectivity_local_links, 0u);
    EXPECT_EQ(m.connectivity_global_links, 0u);
}

TEST_F(ErSampleMesh, TreeHeaderAndDomain) {
    const DecodedMesh& m = mesh();
    EXPECT_EQ(m.num_primitive_keys, 15);
    EXPECT_EQ(m.bits_per_key, 5);
    EXPECT_EQ(m.max_key_value, 22u);
    EXPECT_EQ(m.primitive_stores_is_flat_convex, 0u);
    EXPECT_EQ(bits_of(m.domain.min[0]), 0xC30003D7u);
    EXPECT_EQ(bits_of(m.domain.min[1]), 0x42819662u);
    EXPECT_EQ(bits_of(m.domain.min[2]), 0xC2DDB76Fu);
    EXPECT_EQ(bits_of(m.domain_w[0]), 0x3F7C28F6u);
    EXPECT_EQ(bits_of(m.domain.max[0]), 0x430003D7u);
    EXPECT_EQ(bits_of(m.domain.max[1]), 0x4281A5BEu);
    EXPECT_EQ(bits_of(m.domain.max[2]), 0x430003D7u);
    EXPECT_EQ(bits_of(m.domain_w[1]), 0x3F81EB85u);
    EXPECT_EQ(m.packed_vertex_count, 0u);
    EXPECT_EQ(m.shared_vertex_count, 13u);
    EXPECT_EQ(m.shared_index_count, 13u);
}

TEST_F(ErSampleMesh, Section) {
    const DecodedSections& s = mesh().sections;
    EXPECT_EQ(s.naming, SectionNaming::kExplicit);
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s.first_packed[0], 0u);
    EXPECT_EQ(s.first_shared[0], 0u);
    EXPECT_EQ(s.num_shared[0], 13u);
    EXPECT_EQ(s.first_primitive[0], 0u);
    EXPECT_EQ(s.first_data_run[0], 0u);
    EXPECT_EQ(s.num_packed[0], 0u);
    EXPECT_EQ(s.num_primitives[0], 12u);
    EXPECT_EQ(s.num_data_runs[0], 1u);
    EXPECT_EQ(s.page[0], 0u);
    EXPECT_EQ(s.leaf_index[0], 0u);
    EXPECT_EQ(s.layer_data[0], 0u);
    EXPECT_EQ(s.flags[0], 0u);
    EXPECT_EQ(s.shared_word_low[0], kNone);
    // Section domain bit-identical to the mesh domain.
    for (int a = 0; a < 3; ++a) {
        EXPECT_EQ(bits_of(s.domain[0].min[a]), bits_of(mesh().domain.min[a]));
        EXPECT_EQ(bits_of(s.domain[0].max[a]), bits_of(mesh().domain.max[a]));
    }
    // codecParms: 0x7F7FFFEE × 3, −inf × 3 (no packed vertices).
    for (int k = 0; k < 3; ++k) EXPECT_EQ(bits_of(s.codec_parms[0][k]), 0x7F7FFFEEu);
    for (int k = 3; k < 6; ++k) EXPECT_EQ(bits_of(s.codec_parms[0][k]), 0xFF800000u);
    // One data run {65535, 0, 12}.
    ASSERT_EQ(mesh().run_value.size(), 1u);
    EXPECT_EQ(mesh().run_value[0], 65535u);
    EXPECT_EQ(mesh().run_index[0], 0u);
    EXPECT_EQ(mesh().run_count[0], 12u);
}

TEST_F(ErSampleMesh, PrimitivesAndTriangles) {
    const DecodedMesh& m = mesh();
    const DecodedPrimitives& p = m.primitives;
    ASSERT_EQ(p.size(), 12u);
    const std::uint8_t want[12][4] = {{10, 3, 2, 2},   {11, 10, 7, 7},  {9, 6, 7, 10}, {1, 6, 2, 2},
                                      {2, 12, 10, 10}, {12, 9, 10, 10}, {6, 5, 7, 7},  {4, 0, 3, 5},
                                      {0, 1, 2, 3},    {1, 8, 5, 5},    {8, 4, 5, 5},  {5, 6, 1, 1}};
    int quads = 0, triangles = 0;
    for (std::size_t i = 0; i < 12; ++i) {
        for (int k = 0; k < 4; ++k) EXPECT_EQ(p.indices[k][i], want[i][k]) << i;
        EXPECT_EQ(p.key[i], i << 1);
        EXPECT_NE(p.kind[i], PrimitiveKind::kDead);
        quads += p.kind[i] == PrimitiveKind::kQuad;
        triangles += p.kind[i] == PrimitiveKind::kTriangle;
    }
    EXPECT_EQ(quads, 3);
    EXPECT_EQ(triangles, 9);
    EXPECT_EQ(m.triangles.size(), 15u);
    EXPECT_TRUE(m.point_sets.primitive.empty());
    EXPECT_TRUE(m.extern_references.primitive.empty());
    // Quad (9,6,7,10) → (9,6,7) and (9,7,10), keys 4 and 5.
    const std::uint32_t t = p.first_triangle[2];
    EXPECT_EQ(m.triangles.key[t], 4u);
    EXPECT_EQ(m.triangles.key[t + 1], 5u);
    EXPECT_EQ(m.vertices.slot[m.triangles.vertex[0][t + 1]], 9u);
    EXPECT_EQ(m.vertices.slot[m.triangles.vertex[1][t + 1]], 7u);
    EXPECT_EQ(m.vertices.slot[m.triangles.vertex[2][t + 1]], 10u);
}

TEST_F(ErSampleMesh, SharedVertices) {
    const DecodedVertices& v = mesh().vertices;
    ASSERT_EQ(v.size(), 13u);
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (std::size_t i = 0; i < v.size(); ++i) {
        EXPECT_EQ(v.kind[i], VertexKind::kShared);
        EXPECT_EQ(v.shared_entry[i], i);  // sharedVerticesIndex is 0…12 in order
        EXPECT_EQ(v.identity[i], i);
        EXPECT_EQ(v.source[i], i);
        const float p[3] = {v.x[i], v.y[i], v.z[i]};
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::min(lo[a], p[a]);
            hi[a] = std::max(hi[a], p[a]);
        }
    }
    // README: min (-127.99998, 64.80872, -110.84329), max (127.99998, 64.80872, 127.99996).
    EXPECT_NEAR(lo[0], -127.99998, 1e-4);
    EXPECT_NEAR(lo[1], 64.80872, 1e-4);
    EXPECT_NEAR(lo[2], -110.84329, 1e-4);
    EXPECT_NEAR(hi[0], 127.99998, 1e-4);
    EXPECT_NEAR(hi[1], 64.80872, 1e-4);
    EXPECT_NEAR(hi[2], 127.99996, 1e-4);
    // The domain is the vertex bounds grown by ≈ convexRadius on every side.
    for (int a = 0; a < 3; ++a) {
        EXPECT_NEAR(lo[a] - mesh().domain.min[a], 0.015, 1e-4);
        EXPECT_NEAR(mesh().domain.max[a] - hi[a], 0.015, 1e-4);
    }
}

TEST_F(ErSampleMesh, ShapeKeysAndInterior) {
    const DecodedMesh& m = mesh();
    EXPECT_EQ(m.interior_num_bits, 23);
    ASSERT_EQ(m.interior_words.size(), 1u);
    EXPECT_EQ(m.interior_words[0], 0x00420020u);
    std::vector<std::uint32_t> set;
    for (std::size_t t = 0; t < m.triangles.size(); ++t)
        if (m.triangles.interior[t]) set.push_back(m.triangles.key[t]);
    std::sort(set.begin(), set.end());
    EXPECT_EQ(set, (std::vector<std::uint32_t>{5, 17, 22}));
    std::uint32_t largest = 0;
    for (std::uint32_t k : m.triangles.key) largest = std::max(largest, k);
    EXPECT_EQ(largest, 22u);

    const std::uint32_t words[15] = {0x17ffffff, 0x47ffffff, 0x57ffffff, 0x27ffffff, 0xa7ffffff,
                                     0x77ffffff, 0x87ffffff, 0x97ffffff, 0x07ffffff, 0x2fffffff,
                                     0x67ffffff, 0x7fffffff, 0x8fffffff, 0x37ffffff, 0xb7ffffff};
    const std::uint32_t keys[15] = {2, 8, 10, 4, 20, 14, 16, 18, 0, 5, 12, 15, 17, 6, 22};
    ASSERT_TRUE(m.has_triangle_index_to_shape_key);
    ASSERT_EQ(m.row_key_word.size(), 15u);
    std::set<std::uint32_t> tris;
    for (int r = 0; r < 15; ++r) {
        EXPECT_EQ(m.row_key_word[r], words[r]);
        EXPECT_EQ(m.row_key[r], keys[r]);
        ASSERT_NE(m.row_triangle[r], kNone) << r;
        EXPECT_EQ(m.triangles.key[m.row_triangle[r]], keys[r]);
        tris.insert(m.row_triangle[r]);
    }
    EXPECT_EQ(tris.size(), 15u);  // all distinct: every triangle named once
}

TEST_F(ErSampleMesh, Materials) {
    const DecodedMesh& m = mesh();
    EXPECT_TRUE(m.has_param);
    EXPECT_EQ(m.param_version, 0x100000u);
    EXPECT_EQ(m.vertex_data_stride, 0);
    EXPECT_EQ(m.triangle_data_stride, 0);
    EXPECT_EQ(m.row_primitive_data_index.size(), 15u);
    ASSERT_EQ(m.material_name_data.size(), 1u);
    EXPECT_EQ(m.material_name_data[0], 21u);
    for (std::size_t t = 0; t < m.triangles.size(); ++t) {
        EXPECT_EQ(m.triangles.material[t], 21u) << t;
        EXPECT_NE(m.triangles.source_row[t], kNone);
    }
}

TEST_F(ErSampleMesh, MeshTree) {
    const StaticTreeNodes& t = mesh().mesh_tree;
    EXPECT_EQ(t.codec, TreeCodec::kAxis5);
    ASSERT_EQ(t.size(), 1u);
    EXPECT_EQ(t.xyz[0][0] | t.xyz[1][0] | t.xyz[2][0] | t.value[0], 0u);
    EXPECT_TRUE(t.is_leaf[0]);
    EXPECT_EQ(t.payload[0], 0u);
    EXPECT_EQ(t.reached[0], 1u);
    EXPECT_EQ(mesh().sections.mesh_leaf_node[0], 0u);
    // An all-zero node's box is the domain itself.
    for (int a = 0; a < 3; ++a) {
        EXPECT_EQ(bits_of(t.box[0].min[a]), bits_of(mesh().domain.min[a]));
        EXPECT_EQ(bits_of(t.box[0].max[a]), bits_of(mesh().domain.max[a]));
    }
}

TEST_F(ErSampleMesh, SectionTreeLeavesHoldTheirVertices) {
    const DecodedMesh& m = mesh();
    const StaticTreeNodes& t = m.section_trees;
    ASSERT_EQ(t.size(), 23u);
    int leaves = 0, inner = 0;
    std::vector<int> named(12, 0);
    for (std::size_t n = 0; n < t.size(); ++n) {
        EXPECT_EQ(t.reached[n], 1u) << n;  // one pre-order tree, every node reached once
        if (t.is_leaf[n]) {
            ++leaves;
            ++named[t.payload[n]];
        } else {
            ++inner;
        }
    }
    EXPECT_EQ(leaves, 12);
    EXPECT_EQ(inner, 11);
    for (int c : named) EXPECT_EQ(c, 1);
    // Every vertex of each leaf's primitive lies inside the leaf box, exactly.
    const DecodedPrimitives& p = m.primitives;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const std::uint32_t leaf = p.leaf_node[i];
        ASSERT_NE(leaf, kNone);
        const Box& b = t.box[leaf];
        const int corners = p.kind[i] == PrimitiveKind::kQuad ? 4 : 3;
        for (int k = 0; k < corners; ++k) {
            const std::uint32_t v = m.sections.first_slot[0] + p.indices[k][i];
            const float q[3] = {m.vertices.x[v], m.vertices.y[v], m.vertices.z[v]};
            for (int a = 0; a < 3; ++a) {
                EXPECT_LE(b.min[a], q[a]) << "primitive " << i << " corner " << k << " axis " << a;
                EXPECT_GE(b.max[a], q[a]) << "primitive " << i << " corner " << k << " axis " << a;
            }
        }
    }
    // The same holds with the other float order of the box rule (reading-notes.md: the sample
    // cannot tell (e × h²) / 226 from e × (h² / 226); the boxes differ by a few ulps).
    DecodeOptions other;
    other.box_rule = BoxRule::kQuotientFirst;
    auto alt = decode_member(*tf_, other);
    ASSERT_TRUE(alt.ok());
    const DecodedMesh& q = alt->meshes[0];
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Box& b = q.section_trees.box[q.primitives.leaf_node[i]];
        const int corners = p.kind[i] == PrimitiveKind::kQuad ? 4 : 3;
        for (int k = 0; k < corners; ++k) {
            const std::uint32_t v = q.sections.first_slot[0] + p.indices[k][i];
            const float r[3] = {q.vertices.x[v], q.vertices.y[v], q.vertices.z[v]};
            for (int a = 0; a < 3; ++a) {
                EXPECT_LE(b.min[a], r[a]);
                EXPECT_GE(b.max[a], r[a]);
            }
        }
    }
}

TEST_F(ErSampleMesh, SimdTree) {
    const DecodedMesh& m = mesh();
    const SimdTreeNodes& s = m.simd_tree;
    EXPECT_EQ(s.encoding, SimdEncoding::kIsLeafFlag);
    ASSERT_EQ(s.node_count(), 5u);
    EXPECT_TRUE(s.has_is_compact);
    EXPECT_EQ(s.is_compact, 1u);
    EXPECT_EQ(m.has_simd_tree, 1u);
    const std::uint32_t data[5][4] = {{0, 0, 0, 0}, {2, 3, 4, 0}, {20, 14, 18, 12}, {22, 16, 6, 0}, {2, 4, 8, 10}};
    const std::uint8_t is_leaf[5] = {0, 0, 1, 1, 1};
    std::multiset<std::uint32_t> leaf_keys;
    for (std::size_t n = 0; n < 5; ++n) {
        EXPECT_EQ(s.node_is_leaf[n], is_leaf[n]);
        for (int l = 0; l < 4; ++l) {
            EXPECT_EQ(s.lane_data[n * 4 + l], data[n][l]) << n << "/" << l;
            if (s.lane_kind[n * 4 + l] == LaneKind::kLeaf) leaf_keys.insert(s.lane_target[n * 4 + l]);
        }
    }
    // Node 0: four empty lanes with inverted boxes ±0x7F7FFFEE.
    for (int l = 0; l < 4; ++l) {
        EXPECT_EQ(s.lane_kind[l], LaneKind::kEmpty);
        EXPECT_TRUE(s.lane_box_inverted[l]);
        for (int a = 0; a < 3; ++a) {
            EXPECT_EQ(bits_of(s.lane_box[l].min[a]), 0x7F7FFFEEu);
            EXPECT_EQ(bits_of(s.lane_box[l].max[a]), 0xFF7FFFEEu);
        }
    }
    // Root: children 2, 3, 4; lane 3 empty.
    EXPECT_EQ(s.lane_kind[4], LaneKind::kChild);
    EXPECT_EQ(s.lane_target[4], 2u);
    EXPECT_EQ(s.lane_kind[7], LaneKind::kEmpty);
    // The 12 leaf values are the keys primitive << 1 of all 12 primitives.
    std::multiset<std::uint32_t> want;
    for (std::uint32_t p = 0; p < 12; ++p) want.insert(p << 1);
    EXPECT_EQ(leaf_keys, want);
}

TEST_F(ErSampleMesh, LSampleIsTheSameMesh) {
    auto tf = tagfile::parse_tagfile(test::mesh_er_l_hkx(), &test::mesh_er_registry());
    ASSERT_TRUE(tf.ok());
    auto l = decode_member(*tf);
    ASSERT_TRUE(l.ok());
    EXPECT_EQ(l->bodies.name[0], "l433653");
    ASSERT_EQ(l->meshes.size(), 1u);
    const DecodedMesh& a = mesh();
    const DecodedMesh& b = l->meshes[0];
    EXPECT_EQ(a.vertices.x, b.vertices.x);
    EXPECT_EQ(a.vertices.y, b.vertices.y);
    EXPECT_EQ(a.vertices.z, b.vertices.z);
    EXPECT_EQ(a.triangles.key, b.triangles.key);
}

}  // namespace
}  // namespace meshproof::mesh
