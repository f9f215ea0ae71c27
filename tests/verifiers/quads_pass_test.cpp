// Pass "quads": hand-built meshes whose counts follow from the document's rule, and the Elden
// Ring sample (its stock quads, and what the pairing rule finds there).
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>
#include <vector>

#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof {
namespace {

using test::run_pass;

std::uint64_t count(const Tally& t, std::string_view c) { return t.count(c, test::kScope); }

// One section, vertices by position, primitives and their triangles in key order, and source rows.
struct MeshBuilder {
    mesh::DecodedMember member;
    mesh::DecodedMesh& m() { return member.meshes.back(); }

    MeshBuilder() {
        member.meshes.emplace_back();
        m().has_triangle_index_to_shape_key = true;
        m().has_param = true;
        mesh::DecodedSections& s = m().sections;
        s.page = {0};
        s.first_slot = {0};
        s.primitive_base = {0};
        s.num_primitives = {0};
    }
    std::uint32_t vertex(float x, float y, float z) {
        mesh::DecodedVertices& v = m().vertices;
        v.x.push_back(x), v.y.push_back(y), v.z.push_back(z);
        v.kind.push_back(mesh::VertexKind::kShared);
        v.section.push_back(0);
        v.slot.push_back(static_cast<std::uint32_t>(v.slot.size()));
        return static_cast<std::uint32_t>(v.x.size() - 1);
    }
    // A square's four corners at (x0, 0, 0) .. (x0 + 1, 0, 1): a b c d.
    std::array<std::uint32_t, 4> square(float x0) {
        return {vertex(x0, 0, 0), vertex(x0 + 1, 0, 0), vertex(x0 + 1, 0, 1), vertex(x0, 0, 1)};
    }
    // Returns the first triangle of the new primitive.
    std::uint32_t primitive(std::array<std::uint32_t, 4> c, bool quad) {
        mesh::DecodedPrimitives& p = m().primitives;
        mesh::DecodedTriangles& t = m().triangles;
        const auto index = static_cast<std::uint32_t>(p.kind.size());
        for (int k = 0; k < 4; ++k) p.indices[k].push_back(static_cast<std::uint8_t>(quad || k < 3 ? c[k] : c[2]));
        p.kind.push_back(quad ? mesh::PrimitiveKind::kQuad : mesh::PrimitiveKind::kTriangle);
        p.section.push_back(0);
        p.index_in_section.push_back(static_cast<std::uint8_t>(index));
        p.key.push_back(index << 1);
        const auto first = static_cast<std::uint32_t>(t.key.size());
        p.first_triangle.push_back(first);
        const int halves[2][3] = {{0, 1, 2}, {0, 2, 3}};
        for (std::uint32_t h = 0; h < (quad ? 2u : 1u); ++h) {
            for (int k = 0; k < 3; ++k) t.vertex[k].push_back(c[halves[h][k]]);
            t.key.push_back(index << 1 | h);
            t.primitive.push_back(index);
            t.half.push_back(static_cast<std::uint8_t>(h));
            t.interior.push_back(0);
            t.source_row.push_back(mesh::kNone);
            t.material.push_back(mesh::kNone);
        }
        m().sections.num_primitives[0] = index + 1;
        return first;
    }
    // A source row naming triangle `tri` (kNone: a key that names nothing), with its
    // primitiveDataIndex and source vertex indices.
    void row(std::uint32_t tri, std::uint32_t data, std::array<std::uint32_t, 3> source) {
        mesh::DecodedMesh& mm = m();
        const auto r = static_cast<std::uint32_t>(mm.row_key.size());
        mm.row_key.push_back(tri == mesh::kNone ? (100u << 1) : mm.triangles.key[tri]);
        mm.row_key_word.push_back(0);
        mm.row_triangle.push_back(tri);
        mm.row_primitive_data_index.push_back(data);
        mm.row_triangle_data_index.push_back(r);
        for (int k = 0; k < 3; ++k) mm.row_vertex_index[k].push_back(source[k]);
        if (tri != mesh::kNone && mm.triangles.source_row[tri] == mesh::kNone) mm.triangles.source_row[tri] = r;
    }
    // A row of triangle `tri` whose source indices are its corners' slots.
    void row(std::uint32_t tri, std::uint32_t data) {
        const auto& t = m().triangles;
        row(tri, data, {t.vertex[0][tri], t.vertex[1][tri], t.vertex[2][tri]});
    }
};

// Three squares: a stock quad the rule makes (found), a stock quad whose rows differ in primitive
// data (missed), and two triangle primitives the rule pairs (made, not stock); one row names no triangle.
MeshBuilder three_squares() {
    MeshBuilder b;
    const auto s1 = b.square(0), s2 = b.square(10), s3 = b.square(20);
    const std::uint32_t q1 = b.primitive(s1, true);
    const std::uint32_t q2 = b.primitive(s2, true);
    const std::uint32_t t1 = b.primitive({s3[0], s3[1], s3[2], s3[2]}, false);
    const std::uint32_t t2 = b.primitive({s3[0], s3[2], s3[3], s3[3]}, false);
    b.row(q1, 0);
    b.row(q1 + 1, 0);
    b.row(q2, 1);
    b.row(q2 + 1, 2);
    b.row(t1, 3);
    b.row(t2, 3);
    b.row(mesh::kNone, 0, {0, 0, 0});
    return b;
}

TEST(QuadsPass, HandBuiltMeshCountsEachPairWhereItBelongs) {
    MeshBuilder b = three_squares();
    const Tally t = run_pass("quads", b.member);
    EXPECT_EQ(count(t, "meshes"), 1u);
    EXPECT_EQ(count(t, "meshes_with_rows"), 1u);
    EXPECT_EQ(count(t, "triangles"), 6u);
    EXPECT_EQ(count(t, "quads"), 2u);
    EXPECT_EQ(count(t, "quad_halves"), 4u);
    EXPECT_EQ(count(t, "rows"), 7u);
    EXPECT_EQ(count(t, "rows_no_triangle"), 1u);
    EXPECT_EQ(count(t, "rows_no_param"), 0u);
    EXPECT_EQ(count(t, "rows_used"), 6u);
    EXPECT_EQ(count(t, "stock_pairs"), 2u);
    EXPECT_EQ(count(t, "candidates"), 2u);
    EXPECT_EQ(count(t, "made"), 2u);
    EXPECT_EQ(count(t, "found"), 1u);
    EXPECT_EQ(count(t, "missed"), 1u);
    EXPECT_EQ(count(t, "found_first_half_agrees"), 1u);
    EXPECT_EQ(count(t, "found_first_half_swapped"), 0u);
    EXPECT_EQ(count(t, "meshes_exact"), 0u);
    EXPECT_EQ(count(t, "found_by_position"), 1u);
    EXPECT_EQ(count(t, "triangle_copies"), 0u);
    EXPECT_EQ(count(t, "section_made"), 2u);
    EXPECT_EQ(count(t, "section_found"), 1u);
    EXPECT_EQ(count(t, "section_missed"), 1u);
    EXPECT_EQ(count(t, "section_missed_diff_primdata"), 1u);
    EXPECT_EQ(count(t, "section_missed_multi_edge"), 0u);
    EXPECT_EQ(count(t, "section_missed_two_edge"), 0u);
    EXPECT_EQ(count(t, "source_index_made"), 2u);
    EXPECT_EQ(count(t, "source_index_found"), 1u);
    EXPECT_EQ(count(t, "all_records_made"), 2u);
    EXPECT_EQ(count(t, "all_records_found"), 1u);
    EXPECT_EQ(count(t, "meshes_local_indices"), 0u);
    EXPECT_EQ(test::violations("quads", t), 0u);
}

TEST(QuadsPass, ExactMeshAndSourceIndicesThatSplitAVertex) {
    MeshBuilder b;
    const std::uint32_t q = b.primitive(b.square(0), true);
    // The second row names corner a by another source index: by source index the shared edge
    // is not shared, so that pairing finds nothing, while by position the quad is found.
    b.row(q, 7, {0, 1, 2});
    b.row(q + 1, 7, {9, 2, 3});
    const Tally t = run_pass("quads", b.member);
    EXPECT_EQ(count(t, "found"), 1u);
    EXPECT_EQ(count(t, "meshes_exact"), 1u);
    EXPECT_EQ(count(t, "source_index_made"), 0u);
    EXPECT_EQ(count(t, "source_index_found"), 0u);
    EXPECT_EQ(count(t, "meshes_local_indices"), 0u);
}

TEST(QuadsPass, OneSourceIndexForFarCornersMarksTheMesh) {
    MeshBuilder b;
    const std::uint32_t q = b.primitive(b.square(0), true);
    b.row(q, 0, {0, 1, 2});
    b.row(q + 1, 0, {0, 2, 1});  // index 1 names b (1, 0, 0) and d (0, 0, 1): 1.41 m apart
    const Tally t = run_pass("quads", b.member);
    EXPECT_EQ(count(t, "meshes_local_indices"), 1u);
    EXPECT_EQ(count(t, "local_index_stock_pairs"), 1u);
    EXPECT_EQ(count(t, "local_index_found"), 1u);
}

TEST(QuadsPass, CopiesOfATriangleAndPairsCountedByPosition) {
    MeshBuilder b;
    const auto c = b.square(0);
    const std::uint32_t q = b.primitive(c, true);
    const std::uint32_t copy = b.primitive({c[0], c[2], c[3], c[3]}, false);  // the quad's second half again
    // Rows: the copy first, then the quad's halves. Whichever copy joins the first half, the pair
    // has the same positions as the stock quad.
    b.row(copy, 0);
    b.row(q, 0);
    b.row(q + 1, 0);
    const Tally t = run_pass("quads", b.member);
    EXPECT_EQ(count(t, "triangle_copies"), 1u);
    EXPECT_EQ(count(t, "made"), 1u);
    EXPECT_EQ(count(t, "found_by_position"), 1u);
    EXPECT_LE(count(t, "found"), 1u);
    const auto most = t.maxima().find({"max_corner_uses", test::kScope});
    ASSERT_NE(most, t.maxima().end());
    EXPECT_EQ(most->second, 2.0);
}

TEST(QuadsPass, MeshWithoutRowsCountsOnlyItsQuads) {
    MeshBuilder b = three_squares();
    b.m().has_triangle_index_to_shape_key = false;
    b.m().row_key.clear();
    b.m().row_triangle.clear();
    const Tally t = run_pass("quads", b.member);
    EXPECT_EQ(count(t, "quads"), 2u);
    EXPECT_EQ(count(t, "meshes_with_rows"), 0u);
    EXPECT_EQ(count(t, "stock_pairs"), 0u);
    EXPECT_EQ(count(t, "made"), 0u);
}

// Rows naming a triangle past the mesh's, columns of unequal length: skipped and counted, never followed.
// ctest-labels: hostile
TEST(QuadsPass, HostileRowsAreSkippedNotFollowed) {
    MeshBuilder b = three_squares();
    mesh::DecodedMesh& m = b.m();
    m.row_triangle[4] = 9999;               // the first triangle row of the third square
    m.row_primitive_data_index.pop_back();  // the last row (the keyless one) loses its pParam row
    m.row_primitive_data_index.pop_back();  // and so does the second triangle row of the third square
    for (auto& c : m.row_vertex_index) c.resize(m.row_primitive_data_index.size());
    const Tally t = run_pass("quads", b.member);
    EXPECT_EQ(count(t, "rows"), 7u);
    EXPECT_EQ(count(t, "rows_no_triangle"), 2u);
    EXPECT_EQ(count(t, "rows_no_param"), 1u);
    EXPECT_EQ(count(t, "rows_used"), 4u);
    EXPECT_EQ(count(t, "stock_pairs"), 2u);
    EXPECT_EQ(count(t, "made"), 1u);
    EXPECT_EQ(count(t, "found"), 1u);
    EXPECT_EQ(count(t, "section_missed"), 1u);
}

// ---- object meshes: the volume sign test, the merge, the row the indices restart at ---------------

// A stock quad folded along its diagonal (d raised to y = 1: the volume (b − a)·((c − a)×(d − a))
// is −1) and two flat triangle primitives the rule pairs (volume 0: both readings fail it).
MeshBuilder folded_quad_and_flat_pair() {
    MeshBuilder b;
    const auto s1 = b.square(0), s3 = b.square(20);
    b.m().vertices.y[s1[3]] = 1.0f;
    const std::uint32_t q = b.primitive(s1, true);
    const std::uint32_t t1 = b.primitive({s3[0], s3[1], s3[2], s3[2]}, false);
    const std::uint32_t t2 = b.primitive({s3[0], s3[2], s3[3], s3[3]}, false);
    b.row(q, 0);
    b.row(q + 1, 0);
    b.row(t1, 3);
    b.row(t2, 3);
    return b;
}

TEST(QuadsPass, VolumeSignOfStockAndOtherCandidatesInObjectMeshes) {
    MeshBuilder b = folded_quad_and_flat_pair();
    const Tally t = run_pass("quads", b.member, nullptr, "object");
    EXPECT_EQ(count(t, "candidates"), 2u);
    EXPECT_EQ(count(t, "sign_stock_candidates"), 1u);
    EXPECT_EQ(count(t, "sign_other_candidates"), 1u);
    EXPECT_EQ(count(t, "sign_stock_not_negative"), 0u);
    EXPECT_EQ(count(t, "sign_stock_not_positive"), 1u);
    EXPECT_EQ(count(t, "sign_other_not_negative"), 1u);
    EXPECT_EQ(count(t, "sign_other_not_positive"), 1u);
    // Folded the other way (d below): the stock quad's volume is +1.
    b.m().vertices.y[3] = -1.0f;
    const Tally u = run_pass("quads", b.member, nullptr, "asset");
    EXPECT_EQ(count(u, "sign_stock_not_negative"), 1u);
    EXPECT_EQ(count(u, "sign_stock_not_positive"), 0u);
    // Outside the object meshes the test is not run.
    const Tally h = run_pass("quads", b.member, nullptr, "h");
    EXPECT_EQ(count(h, "candidates"), 2u);
    EXPECT_EQ(count(h, "sign_stock_candidates"), 0u);
    EXPECT_EQ(count(h, "sign_other_candidates"), 0u);
}

TEST(QuadsPass, MergeDistanceJoinsCornersPositionsKeepApart) {
    MeshBuilder b;
    const auto c = b.square(0);
    const std::uint32_t moved = b.vertex(0.005f, 0, 0);  // corner a again, 5 mm off
    const std::uint32_t q = b.primitive(c, true);
    b.m().triangles.vertex[0][q + 1] = moved;  // the second half is a' c d
    b.row(q, 0);
    b.row(q + 1, 0);
    const Tally t = run_pass("quads", b.member, nullptr, "object");
    EXPECT_EQ(count(t, "stock_pairs"), 1u);
    EXPECT_EQ(count(t, "found"), 0u);            // by position the diagonals differ
    EXPECT_EQ(count(t, "merge_found"), 0u);      // equal positions only
    EXPECT_EQ(count(t, "merge_1mm_found"), 0u);  // 5 mm is beyond 1 mm
    EXPECT_EQ(count(t, "merge_1cm_found"), 1u);  // a' merges into a
    const Tally h = run_pass("quads", b.member, nullptr, "h");
    EXPECT_EQ(count(h, "merge_1cm_found"), 0u);  // object meshes only
}

TEST(QuadsPass, MergeOfEqualPositionsFindsWhatPositionsFind) {
    MeshBuilder b = three_squares();
    const Tally t = run_pass("quads", b.member, nullptr, "object");
    EXPECT_EQ(count(t, "found"), 1u);
    EXPECT_EQ(count(t, "merge_found"), 1u);
    EXPECT_EQ(count(t, "merge_1mm_found"), 1u);
    EXPECT_EQ(count(t, "merge_1cm_found"), 1u);
}

TEST(QuadsPass, RowWhereSourceIndexZeroStartsAgainOnAnotherPart) {
    MeshBuilder b;
    const std::uint32_t q1 = b.primitive(b.square(0), true);
    const std::uint32_t q2 = b.primitive(b.square(10), true);
    b.row(q1, 0, {0, 1, 2});
    b.row(q1 + 1, 0, {0, 2, 3});  // index 0 again, at the same corner
    b.row(q2, 0, {4, 5, 6});
    b.row(q2 + 1, 0, {0, 6, 7});  // index 0 at (10, 0, 0): the 4th row starts again
    const Tally t = run_pass("quads", b.member, nullptr, "object");
    EXPECT_EQ(count(t, "meshes_index_restart"), 1u);
    using Seen = ValueSet::Seen;
    EXPECT_EQ(t.value_sets().at({"index_restart_row", test::kScope}).seen, (Seen{{{4}, 1}}));
    // Index 0 used only near its first corner: no restart.
    b.m().row_vertex_index[0][3] = 8;
    const Tally u = run_pass("quads", b.member, nullptr, "object");
    EXPECT_EQ(count(u, "meshes_index_restart"), 0u);
    EXPECT_FALSE(u.value_sets().contains({"index_restart_row", test::kScope}));
}

// ---- the Elden Ring sample ---------------------------------------------------------------------
using QuadsPassSample = test::ErSampleTest;

TEST_F(QuadsPassSample, StockQuadsAndWhatTheRuleFinds) {
    const Tally t = run_pass("quads", sample_->member);
    // Measured on the sample (one mesh, 15 rows, each naming its own triangle): its 3 quads are
    // exactly the pairs the rule makes, by every variant.
    EXPECT_EQ(count(t, "meshes_with_rows"), 1u);
    EXPECT_EQ(count(t, "triangles"), 15u);
    EXPECT_EQ(count(t, "rows"), 15u);
    EXPECT_EQ(count(t, "rows_used"), 15u);
    EXPECT_EQ(count(t, "quads"), 3u);
    EXPECT_EQ(count(t, "stock_pairs"), 3u);
    EXPECT_EQ(count(t, "candidates"), 3u);
    EXPECT_EQ(count(t, "made"), 3u);
    EXPECT_EQ(count(t, "found"), 3u);
    EXPECT_EQ(count(t, "found_first_half_agrees"), 3u);
    EXPECT_EQ(count(t, "meshes_exact"), 1u);
    EXPECT_EQ(count(t, "section_found"), 3u);
    EXPECT_EQ(count(t, "source_index_found"), 3u);
    EXPECT_EQ(count(t, "all_records_made"), 3u);
    EXPECT_EQ(count(t, "triangle_copies"), 0u);
    EXPECT_EQ(count(t, "meshes_local_indices"), 0u);
    const std::uint64_t stock = count(t, "stock_pairs"), found = count(t, "found"), made = count(t, "made");
    EXPECT_LE(found, stock);
    EXPECT_LE(found, made);
    EXPECT_EQ(found + count(t, "missed"), stock);
    EXPECT_EQ(count(t, "section_found") + count(t, "section_missed"), stock);
    EXPECT_EQ(count(t, "section_missed"), count(t, "section_missed_diff_primdata") +
                                              count(t, "section_missed_multi_edge") +
                                              count(t, "section_missed_two_edge") + count(t, "stock_pairs_unusable"));
    EXPECT_EQ(count(t, "found_first_half_agrees") + count(t, "found_first_half_swapped"), found);
    EXPECT_EQ(count(t, "rows"), count(t, "rows_used") + count(t, "rows_no_triangle") + count(t, "rows_no_param"));
    EXPECT_EQ(count(t, "quad_halves"), 2 * count(t, "quads"));
    EXPECT_LE(count(t, "source_index_found"), count(t, "source_index_made"));
    EXPECT_LE(count(t, "all_records_found"), count(t, "all_records_made"));
    EXPECT_GE(count(t, "found_by_position"), found);
}

// The sample read as an object mesh (its set is h): the object-only measures run on it.
TEST_F(QuadsPassSample, ObjectMeasuresOnTheSample) {
    const Tally t = run_pass("quads", sample_->member, nullptr, "asset");
    EXPECT_EQ(count(t, "sign_stock_candidates"), 3u);
    EXPECT_EQ(count(t, "sign_other_candidates"), 0u);
    EXPECT_EQ(count(t, "sign_stock_candidates") + count(t, "sign_other_candidates"), count(t, "candidates"));
    // Measured: its three quads are flat to the bit (volume 0), so both readings fail all three.
    EXPECT_EQ(count(t, "sign_stock_not_negative"), 3u);
    EXPECT_EQ(count(t, "sign_stock_not_positive"), 3u);
    EXPECT_EQ(count(t, "merge_found"), 3u);
    EXPECT_EQ(count(t, "merge_1mm_found"), 3u);
    EXPECT_EQ(count(t, "merge_1cm_found"), 3u);
    EXPECT_EQ(count(t, "meshes_index_restart"), 0u);
}

TEST_F(QuadsPassSample, AnotherPrimitiveDataIndexOnOneHalfLosesThatQuad) {
    mesh::DecodedMesh& m = mesh();
    std::uint32_t quad = mesh::kNone;
    for (std::uint32_t p = 0; p < m.primitives.size() && quad == mesh::kNone; ++p)
        if (m.primitives.kind[p] == mesh::PrimitiveKind::kQuad) quad = p;
    ASSERT_NE(quad, mesh::kNone);
    const std::uint32_t row = m.triangles.source_row[m.primitives.first_triangle[quad] + 1];
    ASSERT_LT(row, m.row_primitive_data_index.size());
    m.row_primitive_data_index[row] += 1000;
    const Tally t = run_pass("quads", sample_->member);
    EXPECT_EQ(count(t, "stock_pairs"), 3u);
    EXPECT_EQ(count(t, "found"), 2u);
    EXPECT_EQ(count(t, "missed"), 1u);
    EXPECT_EQ(count(t, "meshes_exact"), 0u);
    EXPECT_EQ(count(t, "section_found"), 2u);
    EXPECT_EQ(count(t, "section_missed_diff_primdata"), 1u);
    // By source index the same: primitive data is not a matter of naming.
    EXPECT_EQ(count(t, "source_index_found"), 2u);
}

}  // namespace
}  // namespace meshproof
