// The builder (engine/builder/mesh_builder.h) end to end on small hand-made meshes: what it writes
// decodes through the engine's own decoder (a loose tagfile with its own TYPE section, as
// `meshproof build` writes it) into the same triangles, keys and materials, and its sections are
// the stock rule's cut of the leaves' boxes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "engine/builder/collision_tagfile.h"
#include "engine/builder/mesh_builder.h"
#include "engine/mesh/decode_member.h"
#include "engine/tagfile/tagfile.h"
#include "tests/support/grid_mesh.h"
#include "tests/support/param_printers.h"

namespace meshproof::builder {
namespace {

// An n × n grid of unit cells in the xz plane at height f(x, z), each cell two rows (a b c),
// (a c d) as a modeller exports a quad.
MeshInput grid(std::uint32_t n, float bump = 0.0f) {
    return test::grid_mesh(n, [&](std::uint32_t i, std::uint32_t j) {
        return std::array<float, 3>{
            static_cast<float>(i),
            bump * std::sin(0.7f * static_cast<float>(i)) * std::cos(0.4f * static_cast<float>(j)),
            static_cast<float>(j)};
    });
}

struct Decoded {
    mesh::DecodedMember member;
    std::vector<std::uint8_t> bytes;
};

Decoded write_and_decode(const CompressedMesh& m, tagfile::HavokDialect dialect) {
    Decoded d;
    auto types = make_collision_type_context(dialect);
    EXPECT_TRUE(types.ok());
    auto tag0 = write_collision_tag0(*types, m, "test_body", std::nullopt);
    EXPECT_TRUE(tag0.ok()) << tag0.error().message;
    d.bytes = std::move(tag0).value();
    auto tf = tagfile::parse_tagfile(d.bytes, nullptr);
    EXPECT_TRUE(tf.ok()) << tf.error().message;
    auto member = mesh::decode_member(*tf);
    EXPECT_TRUE(member.ok()) << member.error().message;
    if (member.ok()) d.member = std::move(member).value();
    return d;
}

class Builder : public ::testing::TestWithParam<tagfile::HavokDialect> {};

TEST_P(Builder, GridRoundTripsThroughTheDecoder) {
    const MeshInput in = grid(40, 0.8f);  // 3,200 rows: several sections
    MeshStats st;
    auto built = build_mesh(in,
                            MeshOptions{GetParam() == tagfile::HavokDialect::kEldenRing2018 ? SimdNumbering::kEldenRing
                                                                                            : SimdNumbering::kSekiro},
                            &st);
    ASSERT_TRUE(built.ok()) << built.error().message;
    EXPECT_EQ(st.rows_in, 3200u);
    EXPECT_EQ(st.rows_dropped_degenerate, 0u);
    EXPECT_EQ(st.triangles, 3200u);
    EXPECT_EQ(st.quads, 1600u);  // every cell's two rows pair (the fan order the pairing takes)
    EXPECT_GT(st.sections, 10u);
    EXPECT_GT(st.max_position_error, 0.0);

    const Decoded d = write_and_decode(*built, GetParam());
    ASSERT_EQ(d.member.meshes.size(), 1u);
    const mesh::DecodedMesh& m = d.member.meshes[0];
    ASSERT_EQ(m.triangles.size(), 3200u);
    // Every triangle is its source row's, each corner within half a codec step of the source
    // position: the section's packed scale, or the shared codec's (domain extent ⁄ 2²¹ − 1, z 2²² − 1).
    const std::array<float, 3> shared_step{(m.domain.max[0] - m.domain.min[0]) / 2097151.0f,
                                           (m.domain.max[1] - m.domain.min[1]) / 2097151.0f,
                                           (m.domain.max[2] - m.domain.min[2]) / 4194303.0f};
    double worst = 0;
    for (std::uint32_t t = 0; t < m.triangles.size(); ++t) {
        const std::uint32_t row = m.triangles.source_row[t];
        ASSERT_LT(row, in.rows.size());
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t slot = m.triangles.vertex[k][t];
            const std::uint32_t v = in.rows[row][k];
            const bool packed = m.vertices.kind[slot] == mesh::VertexKind::kPacked;
            const float src[3] = {in.x[v], in.y[v], in.z[v]};
            const float got[3] = {m.vertices.x[slot], m.vertices.y[slot], m.vertices.z[slot]};
            for (int a = 0; a < 3; ++a) {
                const float step = packed ? m.sections.codec_parms[m.vertices.section[slot]][3 + a] : shared_step[a];
                const double err = std::fabs(double{got[a]} - src[a]);
                EXPECT_LE(err, 0.5 * step + 1e-6) << "triangle " << t << " corner " << k << " axis " << a;
                worst = std::max(worst, err);
            }
        }
    }
    EXPECT_EQ(worst, st.max_position_error);  // the build's own figure is the largest error
}

INSTANTIATE_TEST_SUITE_P(Games, Builder,
                         ::testing::Values(tagfile::HavokDialect::kEldenRing2018, tagfile::HavokDialect::kSekiro2016));

// Without a layout to keep, build_mesh hands the layout's tree, cut and keys back before the
// interior bits (less fresh memory per build): the same file and the same statistics as a build
// that keeps them.
TEST(BuilderRows, ABuildThatKeepsNoLayoutWritesTheSameFile) {
    MeshInput in = grid(40, 0.8f);
    in.row_material.resize(in.rows.size());
    for (std::size_t r = 0; r < in.rows.size(); ++r) in.row_material[r] = static_cast<std::uint32_t>(r / 700);
    MeshStats kept_stats, released_stats;
    MeshLayout layout;
    auto kept = build_mesh(in, MeshOptions{}, &kept_stats, &layout);
    auto released = build_mesh(in, MeshOptions{}, &released_stats);
    ASSERT_TRUE(kept.ok() && released.ok());
    EXPECT_GT(layout.tree.size(), 0u);  // the kept layout is whole
    EXPECT_GT(layout.cut.sections.size(), 1u);
    const Decoded a = write_and_decode(*kept, tagfile::HavokDialect::kEldenRing2018);
    const Decoded b = write_and_decode(*released, tagfile::HavokDialect::kEldenRing2018);
    EXPECT_EQ(a.bytes, b.bytes);
    EXPECT_EQ(kept_stats.stock_surface, released_stats.stock_surface);
    EXPECT_GT(released_stats.stock_surface, 0.0);
    EXPECT_EQ(kept_stats.max_position_error, released_stats.max_position_error);
    EXPECT_EQ(kept_stats.sections, released_stats.sections);
    EXPECT_EQ(kept->interior_words, released->interior_words);
}

TEST(BuilderRows, DegenerateRowsAreDroppedAndCounted) {
    MeshInput in = grid(2);
    const auto a = static_cast<std::uint32_t>(in.x.size());
    in.x.insert(in.x.end(), {0.0f, 1.0f, 2.0f});  // three collinear points
    in.y.insert(in.y.end(), {5.0f, 5.0f, 5.0f});
    in.z.insert(in.z.end(), {0.0f, 0.0f, 0.0f});
    in.rows.push_back({a, a + 1, a + 2});
    in.rows.push_back({0, 0, 1});  // a repeated corner
    MeshStats st;
    auto built = build_mesh(in, MeshOptions{}, &st);
    ASSERT_TRUE(built.ok());
    EXPECT_EQ(st.rows_in, 10u);
    EXPECT_EQ(st.rows_dropped_degenerate, 2u);
    EXPECT_EQ(st.triangles, 8u);
    EXPECT_EQ(built->row_vertices.size(), 8u);  // dropped rows are not written
}

TEST(BuilderRows, NothingLeftIsAnError) {
    MeshInput in;
    in.x = {0, 1, 2};
    in.y = {0, 0, 0};
    in.z = {0, 0, 0};
    in.rows = {{0, 1, 2}};
    auto built = build_mesh(in, MeshOptions{});
    ASSERT_FALSE(built.ok());
    EXPECT_EQ(built.error().code, ErrorCode::kLimit);
}

TEST(BuilderRows, AMeshTheFormatCannotHoldIsAnError) {
    const MeshInput in = grid(40);  // 3,200 rows: more than 2 sections
    MeshOptions few_sections;
    few_sections.max_sections = 2;
    auto a = build_mesh(in, few_sections);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().code, ErrorCode::kLimit);
    EXPECT_NE(a.error().message.find("sections"), std::string::npos);
    MeshOptions no_page;
    no_page.all_shared = true;
    no_page.max_pages = 0;
    auto b = build_mesh(in, no_page);
    ASSERT_FALSE(b.ok());
    EXPECT_EQ(b.error().code, ErrorCode::kLimit);
    EXPECT_NE(b.error().message.find("pages"), std::string::npos);
    no_page.max_pages = 1;  // 1,681 shared vertices fit one page
    EXPECT_TRUE(build_mesh(in, no_page).ok());
}

// A mesh wider than single precision holds (its extent, grown by the convex radius, is infinite)
// is refused: before, its codecs' steps were infinite and verify rejected the file written.
TEST(BuilderRows, AnExtentPastSinglePrecisionIsAnError) {
    MeshInput wide;
    wide.x = {-3e38f, 3e38f, 0.0f};
    wide.y = {0, 0, 0};
    wide.z = {0, 0, 3e38f};
    wide.rows = {{0, 1, 2}};
    auto a = build_mesh(wide, MeshOptions{});
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().code, ErrorCode::kLimit);
    EXPECT_NE(a.error().message.find("wider than single precision"), std::string::npos) << a.error().message;
    wide.x = {-1.5e38f, 1.5e38f, 0.0f};  // 3e38 wide: still finite, and built
    EXPECT_TRUE(build_mesh(wide, MeshOptions{}).ok());
    MeshOptions huge_radius;
    huge_radius.convex_radius = 3.4e38f;
    auto b = build_mesh(grid(2), huge_radius);
    ASSERT_FALSE(b.ok());
    EXPECT_EQ(b.error().code, ErrorCode::kLimit);
}

TEST(BuilderRows, MaterialsBecomePrimitiveDataAndNeverPairAcross) {
    MeshInput in = grid(4);
    in.row_material.resize(in.rows.size());
    // The first row of every cell material 7, the second 9: no cell can pair.
    for (std::size_t r = 0; r < in.rows.size(); ++r) in.row_material[r] = r % 2 == 0 ? 7u : 9u;
    MeshStats st;
    auto built = build_mesh(in, MeshOptions{}, &st);
    ASSERT_TRUE(built.ok());
    EXPECT_EQ(built->materials, (std::vector<std::uint32_t>{7, 9}));
    // Each cell's two rows would pair (the grid test) but differ in material; the grid's other
    // shared edges are never a third edge meeting a first edge: no quad at all.
    EXPECT_EQ(st.quads, 0u);
    const Decoded d = write_and_decode(*built, tagfile::HavokDialect::kEldenRing2018);
    ASSERT_EQ(d.member.meshes.size(), 1u);
    const mesh::DecodedMesh& m = d.member.meshes[0];
    std::map<std::uint32_t, std::uint32_t> by_material;
    for (std::uint32_t t = 0; t < m.triangles.size(); ++t) {
        ++by_material[m.triangles.material[t]];
        if (m.triangles.half[t] == 1) {
            // a quad's halves come from rows of one material
            const std::uint32_t p = m.triangles.primitive[t];
            for (std::uint32_t u = 0; u < m.triangles.size(); ++u)
                if (m.triangles.primitive[u] == p) {
                    EXPECT_EQ(m.triangles.material[u], m.triangles.material[t]);
                }
        }
    }
    EXPECT_EQ(by_material[7], 16u);
    EXPECT_EQ(by_material[9], 16u);
}

// The builder's sections are the cut of the stock tree over the leaves' boxes, in queue order:
// rebuilt here from the primitives the decoder reads (their source positions are the grid's).
TEST(BuilderTree, SectionsAreTheStockCutInQueueOrder) {
    const MeshInput in = grid(30, 0.5f);
    MeshLayout L;
    CompressedMesh m;
    L.kept = kept_rows(in, nullptr);
    lay_out(in, MeshOptions{}, L, m);
    ASSERT_GT(L.cut.sections.size(), 4u);
    // Independently: the leaves in pairing order, the rule's tree and cut.
    std::vector<mesh::Box> leaves(L.prims.size());
    std::vector<std::uint32_t> first(L.prims.size() + 1, 0), ids;
    for (std::uint32_t p = 0; p < L.prims.size(); ++p) {
        leaves[p] = L.source_leaf_box(in, p, 0.015f);
        for (std::uint32_t k = 0; k < L.corners(p); ++k) ids.push_back(L.prims.vertex[p][k]);
        first[p + 1] = static_cast<std::uint32_t>(ids.size());
    }
    const rules::BinaryTree t = rules::build_stock_tree(leaves);
    const rules::Cut cut = rules::cut_sections(t, first, ids);
    ASSERT_EQ(cut.sections.size(), L.cut.sections.size());
    for (std::size_t s = 0; s < cut.sections.size(); ++s) {
        const std::vector<std::uint32_t> order = rules::section_primitive_order(t, cut.sections[s]);
        ASSERT_EQ(order.size(), m.num_primitives[s]);
        for (std::uint32_t p = 0; p < order.size(); ++p) EXPECT_EQ(L.stored[m.first_primitive[s] + p], order[p]);
    }
    // Every section holds at most 127 primitives and 255 vertex slots.
    for (std::size_t s = 0; s < cut.sections.size(); ++s) {
        EXPECT_LE(m.num_primitives[s], 127u);
        EXPECT_LE(m.num_packed[s] + m.num_shared[s], 255u);
    }
}

}  // namespace
}  // namespace meshproof::builder

namespace meshproof::builder {
namespace {

// Large triangles (a 400 m floor of 8 cells): one section whose packed codec steps are 20 cm.
TEST(BuilderVertices, ACoarsePackedCodecGivesWayToSharedVertices) {
    MeshInput in = grid(2, 0.3f);
    for (float& v : in.x) v *= 200.0f;
    for (float& v : in.z) v *= 200.0f;
    MeshStats packed, shared;
    auto a = build_mesh(in, MeshOptions{}, &packed);
    MeshOptions o;
    o.max_packed_error = 0.005f;
    auto b = build_mesh(in, o, &shared);
    ASSERT_TRUE(a.ok());
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(a->shared_vertices.size(), 0u);
    EXPECT_GT(packed.max_position_error, 0.005);
    EXPECT_EQ(b->packed_vertices.size(), 0u);
    EXPECT_EQ(b->shared_vertices.size(), 9u);
    EXPECT_LE(shared.max_position_error, 0.001);  // 21/21/22 bits over 400 m: 0.1 mm steps
    // The same triangles either way.
    EXPECT_EQ(a->triangles, b->triangles);
    EXPECT_EQ(a->quads, b->quads);
}

}  // namespace
}  // namespace meshproof::builder
