// The key-less source rows of a mesh (verifiers/keyless_rows.h) on a hand-built decoded mesh whose
// every answer is worked out below, and on the Elden Ring sample.
#include <gtest/gtest.h>

#include "tests/verifiers/verifier_fixtures.h"
#include "verifiers/keyless_rows.h"

namespace meshproof::verifiers {
namespace {

using mesh::kNone;

// Two sections. Vertex slots:
//   section 0 (packed grid: offset 0, step 0.5): 0 (0,0,0)  1 (1,0,0)  2 (0,1,0)  3 (1,1,0)
//   section 1 (packed grid: offset (10,0,0), step 2): 4 (10,0,0)  5 (11,0,0)  6 (10,0.5,0)
//             7 (1,0,0)  8 (0,0,0)  9 (10,0.505,0)
// Kept rows (six words; row r → triangle r, source vertex indices → slots):
//   r0 (0 1 2)→(0 1 2)  r1 (1 3 2)→(1 3 2)            in section 0
//   r2 (4 5 6)→(4 5 6)  r3 (1 4 6)→(7 4 6)  r4 (8 5 6)→(8 5 6)  r5 (4 5 10)→(4 5 9)   in section 1
// so source 1 is held by both sections, and sources 0 and 8 share the position (0,0,0).
// Key-less rows (no word):
//   r6  (0 1 3)  passing (cross² 1); a corner shares its position with source 8; section 0 holds
//                all three (not flagged); in section 1, sources 0 and 3 move to its grid's (10,0,0):
//                two equal corners, flagged by "any section"
//   r7  (1 9 2)  source 9 no kept row names: unseen
//   r8  (2 2 3)  a repeated index: degenerate
//   r9  (0 1 4)  (0,0,0) (1,0,0) (10,0,0): collinear, degenerate
//   r10 (2 0 1)  passing, the three positions of r0's triangle, shares a position (source 0);
//                flagged in section 1 only, as r6
//   r11 (5 6 10) passing, 2nd and 3rd corners 5 mm apart (cross² ≈ 2.5e-5); section 1 holds all
//   r12 (4 6 3)  passing (cross² 20.25); section 1 holds two corners, and source 3 (1,1,0) moves to
//                its grid's (10,0,0) = source 4: flagged by the majority section
mesh::DecodedMesh two_sections() {
    mesh::DecodedMesh m;
    const float pos[][3] = {{0, 0, 0},  {1, 0, 0},     {0, 1, 0}, {1, 1, 0}, {10, 0, 0},
                            {11, 0, 0}, {10, 0.5f, 0}, {1, 0, 0}, {0, 0, 0}, {10, 0.505f, 0}};
    for (const auto& p : pos) m.vertices.x.push_back(p[0]), m.vertices.y.push_back(p[1]), m.vertices.z.push_back(p[2]);
    m.sections.page = {0, 0};
    m.sections.num_packed = {4, 6};
    m.sections.first_slot = {0, 4};
    m.sections.codec_parms = {{0, 0, 0, 0.5f, 0.5f, 0.5f}, {10, 0, 0, 2, 2, 2}};
    const std::uint32_t tri_slots[][3] = {{0, 1, 2}, {1, 3, 2}, {4, 5, 6}, {7, 4, 6}, {8, 5, 6}, {4, 5, 9}};
    for (std::uint32_t t = 0; t < 6; ++t) {
        for (int k = 0; k < 3; ++k) m.triangles.vertex[k].push_back(tri_slots[t][k]);
        m.triangles.primitive.push_back(t);
        m.triangles.key.push_back(0);
        m.triangles.source_row.push_back(t);
        m.primitives.kind.push_back(mesh::PrimitiveKind::kTriangle);
        m.primitives.section.push_back(t < 2 ? 0 : 1);
    }
    m.has_triangle_index_to_shape_key = true;
    m.has_param = true;
    m.row_triangle = {0, 1, 2, 3, 4, 5};
    m.row_key = {0, 1, 2, 3, 4, 5};
    const std::uint32_t rows[][3] = {{0, 1, 2}, {1, 3, 2}, {4, 5, 6}, {1, 4, 6}, {8, 5, 6},  {4, 5, 10}, {0, 1, 3},
                                     {1, 9, 2}, {2, 2, 3}, {0, 1, 4}, {2, 0, 1}, {5, 6, 10}, {4, 6, 3}};
    for (const auto& r : rows) {
        for (int k = 0; k < 3; ++k) m.row_vertex_index[k].push_back(r[k]);
        m.row_primitive_data_index.push_back(0);
        m.row_triangle_data_index.push_back(static_cast<std::uint32_t>(m.row_primitive_data_index.size() - 1));
    }
    return m;
}

KeylessRowCounts count(const mesh::DecodedMesh& m) {
    KeylessScratch scratch;
    KeylessRowCounts c;
    count_keyless_rows(m, scratch, c);
    return c;
}

TEST(KeylessRows, EveryCountOfTheHandBuiltMesh) {
    const KeylessRowCounts c = count(two_sections());
    EXPECT_EQ(c.rows, 13u);
    EXPECT_EQ(c.kept, 6u);
    EXPECT_EQ(c.keyless, 7u);
    EXPECT_EQ(c.unseen_vertex, 1u);  // r7
    EXPECT_EQ(c.known, 6u);
    EXPECT_EQ(c.degenerate, 2u);  // r8, r9
    EXPECT_EQ(c.passing, 4u);     // r6, r10, r11, r12
    EXPECT_EQ(c.passing_repeated_index, 0u);
    EXPECT_EQ(c.passing_same_positions, 1u);     // r10
    EXPECT_EQ(c.passing_repeated_position, 2u);  // r6, r10
    EXPECT_EQ(c.passing_within_1cm, 1u);         // r11
    EXPECT_EQ(c.section_test_flags, 1u);         // r12
    EXPECT_EQ(c.any_section_flags, 3u);          // r6, r10, r12
    EXPECT_EQ(c.kept_corners_off_first_position, 0u);
    EXPECT_NEAR(c.passing_min_cross_sq, 2.5e-5, 1e-7);  // r11
    EXPECT_EQ(c.passing_max_cross_sq, 20.25f);          // r12
}

// "The section that holds most of a row's corners" on a tie: row (3 5 1) — source 3 only in
// section 0, source 5 only in section 1, source 1 in both — has two corners in each. Section 0
// stores source 5 (11,0,0) on its grid as is: not flagged. Section 1 moves source 3 (1,1,0) to
// (10,0,0), on the line through (11,0,0) and (1,0,0): flagged. The tie goes to the lower section.
TEST(KeylessRows, AMajorityTieGoesToTheLowerSection) {
    mesh::DecodedMesh m = two_sections();
    const std::uint32_t row[3] = {3, 5, 1};
    for (int k = 0; k < 3; ++k) m.row_vertex_index[k].push_back(row[k]);
    m.row_primitive_data_index.push_back(0);
    m.row_triangle_data_index.push_back(13);
    const KeylessRowCounts c = count(m);
    EXPECT_EQ(c.passing, 5u);
    EXPECT_EQ(c.section_test_flags, 1u);  // r12 alone, as before
    EXPECT_EQ(c.any_section_flags, 4u);   // r6, r10, r12 and this row
}

// A word that names no triangle leaves its row key-less: r5 joins the key-less rows, and source
// 10, which only r5 named, is no longer known (r5 and r11 unseen).
TEST(KeylessRows, AWordNamingNoTriangleLeavesItsRowKeyless) {
    mesh::DecodedMesh m = two_sections();
    m.row_triangle[5] = kNone;
    const KeylessRowCounts c = count(m);
    EXPECT_EQ(c.kept, 5u);
    EXPECT_EQ(c.keyless, 8u);
    EXPECT_EQ(c.unseen_vertex, 3u);  // r5, r7, r11
    EXPECT_EQ(c.passing, 3u);        // r6, r10, r12
    EXPECT_EQ(c.passing_within_1cm, 0u);
}

// The check of the pairing: a kept row that puts a source index at another position than the
// first kept row naming it is counted (source 1: r3's corner moved off (1,0,0)).
TEST(KeylessRows, ACornerOffItsSourceVertexPositionIsCounted) {
    mesh::DecodedMesh m = two_sections();
    m.vertices.z[7] = 0.25f;
    EXPECT_EQ(count(m).kept_corners_off_first_position, 1u);
}

// Without triangleIndexToShapeKey no row can be called key-less; a mesh where every row is kept
// has none.
TEST(KeylessRows, MeshesWithoutTheMemberOrWithEveryRowKept) {
    mesh::DecodedMesh m = two_sections();
    m.has_triangle_index_to_shape_key = false;
    EXPECT_EQ(count(m).rows, 0u);
    m = two_sections();
    for (auto& column : m.row_vertex_index) column.resize(6);
    m.row_primitive_data_index.resize(6);
    m.row_triangle_data_index.resize(6);
    const KeylessRowCounts c = count(m);
    EXPECT_EQ(c.rows, 6u);
    EXPECT_EQ(c.keyless, 0u);
}

// The dense and the sorted lookups of source vertices agree: the same mesh with its source
// indices spread far apart (past the dense form's range) gives every count again.
TEST(KeylessRows, SparseSourceIndicesGiveTheSameCounts) {
    mesh::DecodedMesh m = two_sections();
    for (auto& column : m.row_vertex_index)
        for (auto& index : column) index = index * 100000u + 7u;
    const KeylessRowCounts a = count(two_sections()), b = count(m);
    EXPECT_EQ(b.known, a.known);
    EXPECT_EQ(b.passing, a.passing);
    EXPECT_EQ(b.passing_same_positions, a.passing_same_positions);
    EXPECT_EQ(b.passing_repeated_position, a.passing_repeated_position);
    EXPECT_EQ(b.section_test_flags, a.section_test_flags);
    EXPECT_EQ(b.any_section_flags, a.any_section_flags);
}

TEST(KeylessRows, NearestCodeOfASectionsGrid) {
    mesh::DecodedMesh m = two_sections();
    // Packed grid of section 0 (step 0.5): 0.74 → 0.5, 0.76 → 1; a tie takes the lower code;
    // below the offset, code 0.
    EXPECT_EQ(nearest_on_section_grid(m, 0, {0.74f, 0.76f, -3}), (std::array<float, 3>{0.5f, 1, 0}));
    EXPECT_EQ(nearest_on_section_grid(m, 1, {1, 1, 0}), (std::array<float, 3>{10, 0, 0}));
    // A section without packed vertices: the mesh domain's 21/21/22-bit shared grid (a step of
    // about 1 over this domain; the codes clamp at the domain).
    m.sections.num_packed[1] = 0;
    m.domain.min = {0, 0, 0};
    m.domain.max = {2097151, 2097151, 4194303};
    const auto q = nearest_on_section_grid(m, 1, {3.3f, 7.7f, -5});
    EXPECT_NEAR(q[0], 3, 1e-5);
    EXPECT_NEAR(q[1], 8, 1e-5);
    EXPECT_EQ(q[2], 0);
}

// The Elden Ring sample: as many words as rows, every row kept, and every source vertex index at
// one position across its rows — what the row ↔ word pairing predicts.
TEST(KeylessRows, TheErSampleKeepsEveryRowAtOnePosition) {
    MP_REQUIRE_CORPUS();
    const auto sample = test::load_er_sample();
    ASSERT_NE(sample, nullptr);
    const mesh::DecodedMesh& m = sample->member.meshes[0];
    EXPECT_EQ(m.row_key.size(), m.row_primitive_data_index.size());
    const KeylessRowCounts c = count(m);
    EXPECT_EQ(c.rows, 15u);
    EXPECT_EQ(c.kept, 15u);
    EXPECT_EQ(c.keyless, 0u);
    EXPECT_EQ(c.kept_corners_off_first_position, 0u);
}

}  // namespace
}  // namespace meshproof::verifiers
