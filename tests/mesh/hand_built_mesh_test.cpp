// Hand-built raw meshes for what the real sample lacks: Sekiro's packed run words, several
// sections, quads, pages above 0, custom primitives (point sets, extern references), keys and
// materials, and the bounds checks of the decode layer.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/mesh/decode_compressed_mesh.h"
#include "engine/mesh/decode_keys.h"
#include "engine/mesh/vertex_codec.h"
#include "tests/mesh/mesh_fixtures.h"
#include "tests/mesh/raw_builder.h"

namespace meshproof::mesh {
namespace {

using test::bits_of;
using test::packed_code;
using test::shared_code;

// Two sections. Section 0: 2 packed + 2 shared slots, a triangle and a quad. Section 1: 2 packed
// + 1 shared slot, one triangle. Mesh tree: root → (leaf s0, leaf s1).
test::RawBuilder two_sections(SectionNaming naming) {
    test::RawBuilder b;
    b.naming = naming;
    b.domain = {{-10, -10, -10, 1}, {10, 10, 10, 1}};
    b.mesh_nodes = {{0, 0, 0, 0x80, 0x01}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 1}};
    b.packed = {packed_code(0, 0, 0), packed_code(2047, 0, 0), packed_code(0, 2047, 0), packed_code(0, 0, 1023)};
    b.shared = {shared_code(0, 0, 0), shared_code(0x1FFFFF, 0x1FFFFF, 0x3FFFFF), shared_code(1048576, 0, 0)};
    b.shared_index = {1, 0, 2};
    b.primitives = {{0, 1, 2, 2}, {0, 1, 2, 3}, {0, 1, 2, 2}};
    b.runs = {{0xFFFF, 0, 2}, {0xFFFF, 0, 1}};
    test::SectionSpec s0;
    s0.codec_parms = {1, 2, 3, 0.5f, 0.25f, 0.125f};
    s0.first_packed = 0;
    s0.num_packed = 2;
    s0.first_shared = 0;
    s0.num_shared = 2;
    s0.first_primitive = 0;
    s0.num_primitives = 2;
    s0.first_data_run = 0;
    s0.leaf_index = 1;
    s0.nodes = {{0, 0, 0, 0x03}, {0, 0, 0, 0}, {0, 0, 0, 2}};
    test::SectionSpec s1 = s0;
    s1.codec_parms = {-1, -2, -3, 1, 1, 1};
    s1.first_packed = 2;
    s1.first_shared = 2;
    s1.num_shared = 1;
    s1.first_primitive = 2;
    s1.num_primitives = 1;
    s1.first_data_run = 1;
    s1.leaf_index = 2;
    s1.nodes = {{0, 0, 0, 0}};
    b.sections = {s0, s1};
    b.num_shape_key_bits = 9;
    return b;
}

void expect_two_sections(const DecodedMesh& m) {
    const DecodedSections& s = m.sections;
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s.first_shared[1], 2u);
    EXPECT_EQ(s.num_shared[0], 2u);
    EXPECT_EQ(s.num_shared[1], 1u);
    EXPECT_EQ(s.first_primitive[1], 2u);
    EXPECT_EQ(s.num_primitives[1], 1u);
    EXPECT_EQ(s.first_data_run[1], 1u);
    EXPECT_EQ(s.num_data_runs[1], 1u);
    EXPECT_EQ(s.first_slot[0], 0u);
    EXPECT_EQ(s.first_slot[1], 4u);
    EXPECT_EQ(s.primitive_base[1], 2u);
    ASSERT_EQ(m.vertices.size(), 7u);
    // Section 0 slot 1: packed (2047, 0, 0) with offset (1, 2, 3), scale 0.5 → x = 1 + 1023.5.
    EXPECT_EQ(m.vertices.x[1], 1024.5f);
    EXPECT_EQ(m.vertices.y[1], 2.0f);
    EXPECT_EQ(m.vertices.kind[1], VertexKind::kPacked);
    EXPECT_EQ(m.vertices.identity[1], kPackedIdentityBit | 1u);
    // Section 0 slot 2: shared entry 1 → top codes → the domain maximum.
    EXPECT_EQ(m.vertices.kind[2], VertexKind::kShared);
    EXPECT_EQ(m.vertices.shared_entry[2], 1u);
    EXPECT_EQ(m.vertices.x[2], 10.0f);
    EXPECT_FLOAT_EQ(m.vertices.z[2], 10.0f);  // code × f32(1/4,194,303) rounds: within ulps, not exact
    EXPECT_EQ(m.vertices.x[3], -10.0f);
    // Section 1 slot 1: packed (0, 0, 1023) with offset (−1, −2, −3), scale 1.
    EXPECT_EQ(m.vertices.z[5], 1020.0f);
    EXPECT_EQ(m.vertices.identity[5], kPackedIdentityBit | (1u << 8) | 1u);
    EXPECT_EQ(m.vertices.section[6], 1u);
    EXPECT_EQ(m.vertices.slot[6], 2u);
    // Triangles: s0 triangle (key 0), s0 quad (keys 2, 3), s1 triangle (key 256).
    ASSERT_EQ(m.triangles.size(), 4u);
    EXPECT_EQ(m.triangles.key, (std::vector<std::uint32_t>{0, 2, 3, 256}));
    EXPECT_EQ(m.triangles.half, (std::vector<std::uint8_t>{0, 0, 1, 0}));
    // The quad's second half is a c d = slots 0, 2, 3.
    EXPECT_EQ(m.triangles.vertex[0][2], 0u);
    EXPECT_EQ(m.triangles.vertex[1][2], 2u);
    EXPECT_EQ(m.triangles.vertex[2][2], 3u);
    EXPECT_EQ(m.triangles.vertex[2][3], 6u);  // section 1's slot 2
    EXPECT_EQ(m.primitives.kind[1], PrimitiveKind::kQuad);
    EXPECT_EQ(m.primitives.key[2], 256u);
    // Trees: section 0's leaves name primitives 0 and 1, section 1's single leaf primitive 0.
    EXPECT_EQ(m.primitives.leaf_node[0], 1u);
    EXPECT_EQ(m.primitives.leaf_node[1], 2u);
    EXPECT_EQ(m.primitives.leaf_node[2], 3u);
    EXPECT_EQ(m.section_trees.tree[3], 1u);
    EXPECT_EQ(m.mesh_tree.payload[1], 0u);
    EXPECT_EQ(m.mesh_tree.payload[2], 1u);
    EXPECT_EQ(m.sections.mesh_leaf_node, (std::vector<std::uint32_t>{1, 2}));
    EXPECT_EQ(corner_slot(m, 2, 2), 6u);
    EXPECT_EQ(corner_slot(m, 1, 3), 3u);
}

TEST(HandBuiltMesh, EldenRingExplicitSections) {
    auto b = two_sections(SectionNaming::kExplicit);
    auto m = decode_compressed_mesh(b.build());
    ASSERT_TRUE(m.ok()) << m.error().message;
    expect_two_sections(*m);
    EXPECT_EQ(m->sections.shared_word_low[0], kNone);
}

TEST(HandBuiltMesh, SekiroPackedWords) {
    auto b = two_sections(SectionNaming::kPackedWords);
    const RawCompressedMesh raw = b.build();
    // The words as a 2016.2 file stores them: (first << 8) | count.
    EXPECT_EQ(raw.sections.primitives_word[1], (2u << 8) | 1u);
    EXPECT_EQ(raw.sections.shared_word[1], (2u << 8) | 2u);  // low byte = numPackedVertices
    EXPECT_EQ(raw.sections.data_runs_word[1], (1u << 8) | 1u);
    auto m = decode_compressed_mesh(raw);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->sections.naming, SectionNaming::kPackedWords);
    expect_two_sections(*m);
    EXPECT_EQ(m->sections.shared_word_low[0], 2u);
    EXPECT_EQ(m->sections.shared_word_low[1], 2u);
}

TEST(HandBuiltMesh, SekiroCountsComeFromTheWordsNotTheNextSection) {
    // 2016.2 names the shared count (numSharedIndices); 2018.1 derives it from the next start.
    auto b = two_sections(SectionNaming::kPackedWords);
    b.sections[0].num_shared = 1;  // uses only entry 0 although section 1 starts at 2
    auto m = decode_compressed_mesh(b.build());
    ASSERT_FALSE(m.ok());  // the quad's slot 3 is now past section 0's 3 slots
    EXPECT_EQ(m.error().code, ErrorCode::kOutOfBounds);
    EXPECT_NE(m.error().message.find("vertex slots"), std::string::npos);
}

TEST(HandBuiltMesh, KeysMaterialsAndInteriorBits) {
    auto b = two_sections(SectionNaming::kExplicit);
    const auto word = [](std::uint32_t key) { return (key << 23) | 0x7FFFFFu; };  // 9 key bits
    b.triangle_index_to_shape_key = {word(3), word(256), word(254), word(0)};
    b.row_primitive_data_index = {1, 0, 0, 1};
    b.materials = {7, 9};
    b.interior_words = {0b1000};  // key 3
    b.interior_num_bits = 257;
    auto m = decode_compressed_mesh(b.build());
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->row_key, (std::vector<std::uint32_t>{3, 256, 254, 0}));
    EXPECT_EQ(m->row_triangle, (std::vector<std::uint32_t>{2, 3, kNone, 0}));
    EXPECT_EQ(m->triangles.material, (std::vector<std::uint32_t>{9, kNone, 9, 7}));
    EXPECT_EQ(m->triangles.source_row, (std::vector<std::uint32_t>{3, kNone, 0, 1}));
    EXPECT_EQ(m->triangles.interior, (std::vector<std::uint8_t>{0, 0, 1, 0}));
    EXPECT_EQ(triangle_of_key(*m, 1), kNone);  // a triangle has no second half
    EXPECT_EQ(triangle_of_key(*m, 3), 2u);
    EXPECT_EQ(triangle_of_key(*m, 512), kNone);
}

TEST(HandBuiltMesh, StoredKeyWidths) {
    EXPECT_EQ(key_of_stored_word(0x17FFFFFFu, 5), 2u);
    EXPECT_EQ(key_of_stored_word(0x12345678u, 32), 0x12345678u);
    EXPECT_EQ(key_of_stored_word(0x12345678u, 0), kNone);
    EXPECT_EQ(key_of_stored_word(0x12345678u, 33), kNone);
}

TEST(HandBuiltMesh, PrimitiveDataIndexPastTheArrayIsAnError) {
    auto b = two_sections(SectionNaming::kExplicit);
    b.triangle_index_to_shape_key = {(0u << 23) | 0x7FFFFFu};
    b.row_primitive_data_index = {5};
    b.materials = {7};
    auto m = decode_compressed_mesh(b.build());
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, ErrorCode::kOutOfBounds);
}

// One section on page 1: its shared slots read sharedVertices[65536 + entry].
TEST(HandBuiltMesh, PageAboveZero) {
    test::RawBuilder b;
    b.domain = {{0, 0, 0, 1}, {2097151, 2097151, 4194303, 1}};
    b.shared.assign(65536 + 3, shared_code(7, 7, 7));
    b.shared[65536 + 0] = shared_code(100, 200, 300);
    b.shared[65536 + 1] = shared_code(101, 201, 301);
    b.shared[65536 + 2] = shared_code(102, 202, 302);
    b.shared_index = {0, 1, 2};
    b.primitives = {{0, 1, 2, 2}};
    b.runs = {{0xFFFF, 0, 1}};
    test::SectionSpec s;
    s.num_primitives = 1;
    s.page = 1;
    s.nodes = {{0, 0, 0, 0}};
    s.domain = b.domain;
    b.sections = {s};
    auto m = decode_compressed_mesh(b.build());
    ASSERT_TRUE(m.ok()) << m.error().message;
    const SharedVertexCodec codec = shared_vertex_codec(m->domain);
    for (std::uint32_t i = 0; i < 3; ++i) {
        EXPECT_EQ(m->vertices.source[i], 65536u + i);
        EXPECT_EQ(m->vertices.shared_entry[i], i);
        EXPECT_EQ(m->vertices.identity[i], i);  // the page is not part of the identity
        const auto want = decode_shared_vertex(shared_code(100 + i, 200 + i, 300 + i), codec);
        EXPECT_EQ(bits_of(m->vertices.x[i]), bits_of(want[0]));
        EXPECT_EQ(bits_of(m->vertices.y[i]), bits_of(want[1]));
        EXPECT_EQ(bits_of(m->vertices.z[i]), bits_of(want[2]));
    }
    // Page 2 points past sharedVertices: the slots are unresolved and the triangle is an error.
    b.sections[0].page = 2;
    const RawCompressedMesh raw = b.build();
    auto bad = decode_compressed_mesh(raw);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, ErrorCode::kOutOfBounds);
    EXPECT_EQ(bad.error().offset, raw.primitive_indices[0].offset_of(0));
}

// One section holding a triangle, a point set and an extern reference (records in the
// shared-index stream after the three vertex entries).
test::RawBuilder custom_mesh() {
    test::RawBuilder b;
    b.domain = {{-1, 2, 3, 1}, {1.5f, 2.75f, 10, 1}};
    b.shared = {shared_code(0, 0, 0), shared_code(1, 0, 0), shared_code(0, 1, 0),
                (std::uint64_t{packed_code(0, 0, 0)} << 32) | packed_code(2047, 2047, 1023),
                std::uint64_t{packed_code(100, 1000, 500)} << 32};
    //                0  1  2  [point set: h, slot, tag]   [extern: 0x92, w, lo, hi]
    b.shared_index = {0, 1, 2, 0x0352, 3, 0x3C24, 0x0092, 0, 1, 0};
    b.primitives = {{0, 1, 2, 2}, {3, 3, 3, 3}, {6, 6, 4, 6}};
    b.runs = {{0xFFFF, 0, 3}};
    test::SectionSpec s;
    s.num_primitives = 3;
    s.flags = 1;
    s.domain = b.domain;
    // node 0 → (leaf p0, node 2 → (leaf p1, leaf p2))
    s.nodes = {{0, 0, 0, 0x03}, {0, 0, 0, 0}, {0, 0, 0, 0x03}, {0, 0, 0, 2}, {0, 0, 0, 4}};
    b.sections = {s};
    b.extern_shapes.assign(2, std::array<float, 16>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1});
    return b;
}

TEST(HandBuiltMesh, CustomPrimitives) {
    auto b = custom_mesh();
    auto m = decode_compressed_mesh(b.build());
    ASSERT_TRUE(m.ok()) << m.error().message;
    const DecodedPrimitives& p = m->primitives;
    EXPECT_EQ(p.kind[0], PrimitiveKind::kTriangle);
    EXPECT_EQ(p.kind[1], PrimitiveKind::kPointSet);
    EXPECT_EQ(p.kind[2], PrimitiveKind::kExternReference);
    EXPECT_EQ(m->triangles.size(), 1u);
    EXPECT_EQ(p.first_triangle[1], kNone);
    EXPECT_EQ(m->sections.flags[0], 1u);
    // Record words are shared slots too; 0x0352 = 850 lies past sharedVertices.
    EXPECT_EQ(m->vertices.kind[3], VertexKind::kUnresolved);

    const DecodedPointSets& ps = m->point_sets;
    ASSERT_EQ(ps.primitive.size(), 1u);
    EXPECT_EQ(p.custom_record[1], 0u);
    EXPECT_EQ(ps.header[0], 0x0352u);
    EXPECT_EQ(ps.slot[0], 3u);
    EXPECT_EQ(ps.tag[0], 0x3C24u);
    EXPECT_EQ(ps.record_word[0], 3u);
    EXPECT_EQ(ps.leaf_node[0], 3u);  // the n of [k, n, c, n]
    EXPECT_EQ(ps.point_count[0], 3u);
    ASSERT_EQ(ps.x.size(), 3u);
    // Quantised over the leaf box [-1, 2, 3] – [1.5, 2.75, 10] (= the section domain here).
    const std::uint32_t want[3][3] = {{0xbf800000, 0x40000000, 0x40400000},
                                      {0x3fc00000, 0x40300000, 0x41200000},
                                      {0xbf60bc17, 0x401772ee, 0x40cd7b5f}};
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(bits_of(ps.x[i]), want[i][0]) << i;
        EXPECT_EQ(bits_of(ps.y[i]), want[i][1]) << i;
        EXPECT_EQ(bits_of(ps.z[i]), want[i][2]) << i;
    }

    const DecodedExternReferences& e = m->extern_references;
    ASSERT_EQ(e.primitive.size(), 1u);
    EXPECT_EQ(e.primitive[0], 2u);
    EXPECT_EQ(e.shape_index[0], 1u);
    EXPECT_EQ(e.w[0], 0u);
    EXPECT_EQ(e.record_word[0], 6u);
    ASSERT_EQ(m->extern_shapes.transform.size(), 2u);
    EXPECT_EQ(m->extern_shapes.transform[1][12], 5.0f);
    EXPECT_EQ(m->extern_shapes.shape_class[1], "hknpConvexPolytopeShape");
}

TEST(HandBuiltMesh, CustomPrimitiveBounds) {
    {
        auto b = custom_mesh();
        b.shared_index[8] = 7;  // extern shape 7 of 2: kept as stored (the custom_prims pass counts it)
        auto m = decode_compressed_mesh(b.build());
        ASSERT_TRUE(m.ok()) << m.error().message;
        ASSERT_EQ(m->extern_references.shape_index.size(), 1u);
        EXPECT_EQ(m->extern_references.shape_index[0], 7u);
    }
    {
        auto b = custom_mesh();
        b.shared_index[4] = 4;  // three points from entry 4: two entries needed, one left
        auto m = decode_compressed_mesh(b.build());
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code, ErrorCode::kOutOfBounds);
    }
    {
        auto b = custom_mesh();
        b.shared_index.resize(8);  // the extern record's last words are gone
        b.primitives[2] = {6, 6, 4, 6};
        auto m = decode_compressed_mesh(b.build());
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code, ErrorCode::kOutOfBounds);
    }
    {
        auto b = custom_mesh();
        b.shared_index[6] = 0x0011;  // another header: kept as an unknown custom primitive
        auto m = decode_compressed_mesh(b.build());
        ASSERT_TRUE(m.ok()) << m.error().message;
        EXPECT_EQ(m->primitives.kind[2], PrimitiveKind::kCustomUnknown);
    }
}

TEST(HandBuiltMesh, DeadPrimitive) {
    auto b = two_sections(SectionNaming::kExplicit);
    b.primitives[0] = {0xDE, 0xAD, 0xDE, 0xAD};
    auto m = decode_compressed_mesh(b.build());
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->primitives.kind[0], PrimitiveKind::kDead);
    EXPECT_EQ(m->primitives.first_triangle[0], kNone);
    EXPECT_EQ(m->triangles.size(), 3u);
    EXPECT_EQ(m->triangles.key[0], 2u);
}

TEST(HandBuiltMesh, RunBoundsAreChecked) {
    struct Case {
        const char* what;
        void (*edit)(test::RawBuilder&);
    } cases[] = {
        {"primitive run", [](test::RawBuilder& b) { b.sections[1].num_primitives = 2; }},
        {"packed run", [](test::RawBuilder& b) { b.sections[1].first_packed = 3; }},
        {"data-run run", [](test::RawBuilder& b) { b.sections[1].first_data_run = 2; }},
        {"shared run ends before it starts", [](test::RawBuilder& b) { b.sections[1].first_shared = 4; }},
        {"triangle slot",
         [](test::RawBuilder& b) {
             b.primitives[2] = {0, 1, 9, 9};
         }},
        {"mesh tree leaf", [](test::RawBuilder& b) { b.mesh_nodes[2][4] = 2; }},
        {"section tree leaf", [](test::RawBuilder& b) { b.sections[1].nodes[0][3] = 2; }},
    };
    for (const Case& c : cases) {
        auto b = two_sections(SectionNaming::kExplicit);
        c.edit(b);
        auto m = decode_compressed_mesh(b.build());
        ASSERT_FALSE(m.ok()) << c.what;
        EXPECT_EQ(m.error().code, ErrorCode::kOutOfBounds) << c.what;
    }
    // The error names the section's offset: section 1 of a 96-byte stride.
    auto b = two_sections(SectionNaming::kExplicit);
    b.sections[1].num_primitives = 2;
    RawCompressedMesh raw = b.build();
    raw.sections.offset = 1456;
    auto m = decode_compressed_mesh(raw);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().offset, 1456u + 96u);
}

TEST(HandBuiltMesh, MismatchedColumnsAreBadObject) {
    auto b = two_sections(SectionNaming::kExplicit);
    RawCompressedMesh raw = b.build();
    raw.sections.page = RawColumn<std::uint8_t>{};
    auto m = decode_compressed_mesh(raw);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, ErrorCode::kBadObject);
}

}  // namespace
}  // namespace meshproof::mesh
