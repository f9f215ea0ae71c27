// Pass "structure", the section-level figures of issue 15: sections whose runs and indices are in
// range, the data runs a section names, the codec spanning the packed vertices, shared vertices
// used by a single section, packed positions in two sections, and the shape class version.
// Expected values come from the sample (one section, 13 shared vertices, no packed one) and from
// members the builder wrote, whose rules state the answer: packed codecs span their vertices'
// box, a vertex one section alone uses is packed (or, all shared, one shared entry of one section).
#include <gtest/gtest.h>

#include <cmath>

#include "engine/builder/collision_tagfile.h"
#include "engine/builder/mesh_builder.h"
#include "engine/mesh/decode_member.h"
#include "engine/tagfile/tagfile.h"
#include "tests/support/grid_mesh.h"
#include "tests/verifiers/mesh_edits.h"
#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

using Seen = ValueSet::Seen;

Seen seen(const Tally& t, const char* counter) {
    auto it = t.value_sets().find({counter, kScope});
    return it == t.value_sets().end() ? Seen{} : it->second.seen;
}

class StructureFigures : public ErSampleTest {
protected:
    Tally run() { return run_pass("structure", sample_->member, sample_->tagfile.get()); }
};

TEST_F(StructureFigures, SampleHoldsItsOneSection) {
    const Tally t = run();
    EXPECT_EQ(t.count("sections_in_range", kScope), 1u);
    EXPECT_EQ(seen(t, "section_data_runs"), (Seen{{{1}, 1}}));
    // The sample's compendium: hknpCompressedMeshShape version 7 (Elden Ring, with externShapes).
    EXPECT_EQ(seen(t, "shape_class_version"), (Seen{{{7}, 1}}));
    // 13 shared vertices, all listed by the one section; no packed vertex.
    EXPECT_EQ(t.count("shared_vertices", kScope), 13u);
    EXPECT_EQ(t.count("shared_single_section", kScope), 13u);
    EXPECT_EQ(t.count("sections_with_packed", kScope), 0u);
    EXPECT_EQ(t.count("packed_positions", kScope), 0u);
}

TEST_F(StructureFigures, AnIndexPastTheSlotsOrARunGapTakesTheSectionOut) {
    mesh().primitives.indices[1][0] = 13;  // 13 slots: 0..12
    Tally t = run();
    EXPECT_EQ(t.count("sections_in_range", kScope), 0u);
    EXPECT_EQ(t.count("runs_tile_meshes", kScope), 1u);  // the runs still tile
    mesh().primitives.indices[1][0] = 12;
    mesh().sections.num_shared[0] = 12;  // the shared-index run ends one short of the array
    t = run();
    EXPECT_EQ(t.count("sections_in_range", kScope), 0u);
    EXPECT_EQ(t.count("runs_tile_meshes", kScope), 0u);
}

TEST_F(StructureFigures, DataRunsNamedAreAValueSet) {
    mesh().sections.num_data_runs[0] = 0;
    EXPECT_EQ(seen(run(), "section_data_runs"), (Seen{{{0}, 1}}));
}

TEST_F(StructureFigures, ASecondSectionListingTheSameEntriesLeavesNoneToASingleSection) {
    append_section_copy(mesh(), 0, 1.0f);
    const Tally t = run();
    EXPECT_EQ(t.count("shared_vertices", kScope), 13u);
    EXPECT_EQ(t.count("shared_single_section", kScope), 0u);
}

TEST_F(StructureFigures, AnEntryListedTwiceByOneSectionIsStillOneSections) {
    mesh::DecodedVertices& v = mesh().vertices;
    v.source[5] = v.source[4];  // entry 5 now listed by none, entry 4 twice by section 0
    const Tally t = run();
    EXPECT_EQ(t.count("shared_single_section", kScope), 12u);
}

// A terrain of n × n cells built by the stock rules and decoded (Elden Ring layouts).
struct Built {
    builder::MeshStats stats;
    builder::MeshLayout layout;
    std::vector<std::uint8_t> bytes;
    std::unique_ptr<tagfile::Tagfile> tagfile;
    mesh::DecodedMember member;
};

std::unique_ptr<Built> build_terrain(std::uint32_t n, bool all_shared, tagfile::HavokDialect dialect) {
    auto b = std::make_unique<Built>();
    const builder::MeshInput in = grid_mesh(n, [](std::uint32_t i, std::uint32_t j) {
        const float fi = static_cast<float>(i), fj = static_cast<float>(j);
        return std::array<float, 3>{1.7f * fi, 2.0f * std::sin(0.21f * fi) + 1.5f * std::cos(0.17f * fj), 1.9f * fj};
    });
    builder::MeshOptions options;
    options.all_shared = all_shared;
    if (dialect == tagfile::HavokDialect::kSekiro2016) options.numbering = builder::SimdNumbering::kSekiro;
    auto m = builder::build_mesh(in, options, &b->stats, &b->layout);
    EXPECT_TRUE(m.ok());
    if (!m.ok()) return nullptr;
    auto types = builder::make_collision_type_context(dialect);
    auto tag0 = builder::write_collision_tag0(*types, *m, "terrain", std::nullopt);
    EXPECT_TRUE(tag0.ok());
    if (!tag0.ok()) return nullptr;
    b->bytes = std::move(tag0).value();
    auto tf = tagfile::parse_tagfile(b->bytes, nullptr);
    EXPECT_TRUE(tf.ok()) << tf.error().message;
    if (!tf.ok()) return nullptr;
    b->tagfile = std::make_unique<tagfile::Tagfile>(std::move(tf).value());
    auto member = mesh::decode_member(*b->tagfile);
    EXPECT_TRUE(member.ok());
    if (!member.ok()) return nullptr;
    b->member = std::move(member).value();
    return b;
}

TEST(StructureFiguresBuilt, PackedCodecsSpanAndPackedPositionsBelongToOneSection) {
    auto b = build_terrain(40, false, tagfile::HavokDialect::kEldenRing2018);
    ASSERT_NE(b, nullptr);
    mesh::DecodedMesh& m = b->member.meshes[0];
    ASSERT_GT(m.sections.size(), 4u);
    std::uint64_t with_packed = 0;
    for (std::uint32_t sec = 0; sec < m.sections.size(); ++sec) with_packed += m.sections.num_packed[sec] > 0;
    ASSERT_GT(with_packed, 2u);

    Tally t = run_pass("structure", b->member, b->tagfile.get());
    EXPECT_EQ(t.count("sections_in_range", kScope), m.sections.size());
    EXPECT_EQ(t.count("sections_with_packed", kScope), with_packed);
    EXPECT_EQ(t.count("packed_codes_span", kScope), with_packed);              // the builder's codec spans its box
    EXPECT_EQ(t.count("packed_positions", kScope), b->stats.packed_vertices);  // no two grid vertices alike
    EXPECT_EQ(t.count("packed_positions_in_two_sections", kScope), 0u);
    EXPECT_EQ(t.count("shared_single_section", kScope), 0u);  // a one-section vertex is packed
    EXPECT_EQ(t.count("shared_vertices", kScope), b->stats.shared_vertices);
    EXPECT_EQ(seen(t, "shape_class_version"), (Seen{{{7}, 1}}));

    // Section s's packed vertices lose their x code 0 (each moved to code 1): that section no
    // longer spans. And a packed vertex of another section moved onto one of section s: one
    // position in two sections, one position fewer.
    std::uint32_t s = 0;
    while (m.sections.num_packed[s] == 0) ++s;
    std::uint32_t other = s + 1;
    while (m.sections.num_packed[other] == 0) ++other;
    mesh::DecodedVertices& v = m.vertices;
    for (std::uint32_t i = m.sections.first_slot[s]; i < m.sections.first_slot[s] + m.sections.num_packed[s]; ++i)
        if ((v.packed_word[i] & 0x7FFu) == 0) v.packed_word[i] |= 1u;
    const std::uint32_t a = m.sections.first_slot[s], c = m.sections.first_slot[other];
    v.x[c] = v.x[a] + 0.0004f;  // rounds to the same millimetre
    v.y[c] = v.y[a];
    v.z[c] = v.z[a];
    t = run_pass("structure", b->member, b->tagfile.get());
    EXPECT_EQ(t.count("packed_codes_span", kScope), with_packed - 1);
    EXPECT_EQ(t.count("packed_positions", kScope), b->stats.packed_vertices - 1);
    EXPECT_EQ(t.count("packed_positions_in_two_sections", kScope), 1u);
}

TEST(StructureFiguresBuilt, AllSharedStoresEachOneSectionVertexAsASharedEntryOfOneSection) {
    auto packed = build_terrain(40, false, tagfile::HavokDialect::kSekiro2016);
    auto shared = build_terrain(40, true, tagfile::HavokDialect::kSekiro2016);
    ASSERT_NE(packed, nullptr);
    ASSERT_NE(shared, nullptr);
    const Tally t = run_pass("structure", shared->member, shared->tagfile.get());
    EXPECT_EQ(t.count("sections_with_packed", kScope), 0u);
    EXPECT_EQ(t.count("shared_vertices", kScope), packed->stats.packed_vertices + packed->stats.shared_vertices);
    EXPECT_EQ(t.count("shared_single_section", kScope), packed->stats.packed_vertices);
    EXPECT_EQ(seen(t, "shape_class_version"), (Seen{{{6}, 1}}));  // Sekiro's 2016.2 class
    EXPECT_EQ(seen(t, "section_data_runs"), (Seen{{{1}, shared->member.meshes[0].sections.size()}}));
}

}  // namespace
}  // namespace meshproof::test
