// Pass "structure": every structural rule holds on the sample; each injected defect is counted once.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "tests/verifiers/verifier_fixtures.h"

namespace meshproof::test {
namespace {

class StructurePass : public ErSampleTest {
protected:
    Tally run() { return run_pass("structure", sample_->member); }
};

TEST_F(StructurePass, EveryRuleHoldsOnTheSample) {
    const Tally t = run();
    EXPECT_EQ(t.count("meshes", kScope), 1u);
    EXPECT_EQ(t.count("mesh_trees", kScope), 1u);
    EXPECT_EQ(t.count("sections", kScope), 1u);
    EXPECT_EQ(t.count("section_tree_leaves", kScope), 12u);
    EXPECT_EQ(t.count("runs_tile_meshes", kScope), 1u);
    EXPECT_EQ(t.count("leafindex_ok", kScope), 1u);
    EXPECT_EQ(t.count("flagged_sections", kScope), 0u);
    EXPECT_EQ(t.count("meshes_repeat_run", kScope), 0u);
    EXPECT_EQ(t.count("flatconvex_255", kScope), 0u);
    EXPECT_EQ(t.count("codec_offset_is_domain_min", kScope), 0u);  // codecParms are the empty sentinels
    EXPECT_EQ(violations("structure", t), 0u);
}

TEST_F(StructurePass, RunGapsAreCounted) {
    mesh().sections.num_shared[0] = 12;      // the last shared-index run ends one short of the array
    mesh().sections.first_primitive[0] = 2;  // the first primitive run does not start at 0
    const Tally t = run();
    EXPECT_EQ(t.count("runs_not_tiling", kScope), 2u);
    EXPECT_EQ(t.count("runs_tile_meshes", kScope), 0u);
    EXPECT_EQ(violations("structure", t), 2u);
}

TEST_F(StructurePass, SectionFieldDefectsAreCountedOnce) {
    mesh::DecodedSections& s = mesh().sections;
    s.layer_data[0] = 5;
    s.flags[0] = 1;       // no custom primitive in the section
    s.leaf_index[0] = 3;  // the mesh tree has one node
    mesh().run_value[0] = 0;
    const Tally t = run();
    EXPECT_EQ(t.count("layer_data_nonzero", kScope), 1u);
    EXPECT_EQ(t.count("flags_mismatch", kScope), 1u);
    EXPECT_EQ(t.count("leafindex_mismatch", kScope), 1u);
    EXPECT_EQ(t.count("data_runs_not_ffff_0_count", kScope), 1u);
    EXPECT_EQ(violations("structure", t), 4u);
    EXPECT_EQ(t.samples().at("layer_data_nonzero")[0].location, "sample/h.hkx / body 0 / section 0");
}

TEST_F(StructurePass, LimitsAndDataRunCounts) {
    mesh::DecodedSections& s = mesh().sections;
    s.num_shared[0] = 256;   // also breaks the tiling end
    s.num_data_runs[0] = 0;  // names no run: the run is then unnamed too
    const Tally t = run();
    EXPECT_EQ(t.count("sections_over_255_vertex_slots", kScope), 1u);
    EXPECT_EQ(t.count("sections_data_runs_not_one", kScope), 1u);
    EXPECT_EQ(t.count("data_runs_unnamed", kScope), 1u);
    EXPECT_EQ(t.count("runs_not_tiling", kScope), 1u);
    EXPECT_EQ(violations("structure", t), 4u);
}

TEST_F(StructurePass, TreeDefects) {
    mesh::StaticTreeNodes& st = mesh().section_trees;
    st.reached[5] = 2;
    // Two leaves naming the same primitive: one named twice, one named by none.
    std::uint32_t a = mesh::kNone, b = mesh::kNone;
    for (std::uint32_t n = 0; n < st.size(); ++n)
        if (st.is_leaf[n]) (a == mesh::kNone ? a : b) = (a == mesh::kNone ? n : (b == mesh::kNone ? n : b));
    ASSERT_NE(b, mesh::kNone);
    st.payload[b] = st.payload[a];
    const Tally t = run();
    EXPECT_EQ(t.count("tree_nodes_not_reached_once", kScope), 1u);
    EXPECT_EQ(t.count("primitives_not_named_once", kScope), 2u);
    EXPECT_EQ(violations("structure", t), 3u);
}

TEST_F(StructurePass, SecondChildOutsideThePreorderIsCaught) {
    mesh::StaticTreeNodes& st = mesh().section_trees;
    ASSERT_FALSE(st.is_leaf[0]);
    st.second_child[0] += 1;
    const Tally t = run();
    EXPECT_EQ(t.count("trees_not_preorder", kScope), 1u);
}

TEST_F(StructurePass, ShapeMembers) {
    mesh().num_triangles_member = 15;
    mesh().num_convex_shapes_member = 1;
    mesh().connectivity_local_links = 4;
    const Tally t = run();
    EXPECT_EQ(t.count("num_triangles_nonzero", kScope), 1u);
    EXPECT_EQ(t.count("num_convex_shapes_nonzero", kScope), 1u);
    EXPECT_EQ(t.count("connectivity_not_empty", kScope), 1u);
    EXPECT_EQ(violations("structure", t), 3u);
}

// "The dungeons m30, m31, m32, m34 and m35 store one-triangle placeholders in their h and l files":
// the triangles of every h and l file, a value set (a place scope reads it over those maps).
TEST_F(StructurePass, TrianglesOfEveryHAndLFile) {
    using Seen = ValueSet::Seen;
    const auto seen = [](const Tally& t) {
        const auto it = t.value_sets().find({"hl_file_triangles", kScope});
        return it == t.value_sets().end() ? Seen{} : it->second.seen;
    };
    EXPECT_EQ(seen(run()), (Seen{{{15}, 1}}));  // the sample's 15 triangle keys
    EXPECT_EQ(seen(run_pass("structure", sample_->member, nullptr, "l")), (Seen{{{15}, 1}}));
    EXPECT_EQ(seen(run_pass("structure", sample_->member, nullptr, "f")), Seen{});  // f files keep the real collision
    // A one-triangle placeholder: the sample's mesh cut to its first triangle.
    mesh::DecodedTriangles& t = mesh().triangles;
    for (auto& c : t.vertex) c.resize(1);
    t.key.resize(1);
    t.primitive.resize(1);
    t.half.resize(1);
    t.interior.resize(1);
    t.source_row.resize(1);
    t.material.resize(1);
    EXPECT_EQ(seen(run()), (Seen{{{1}, 1}}));
    // A file's triangles are summed over its meshes.
    sample_->member.meshes.push_back(mesh());
    EXPECT_EQ(seen(run()), (Seen{{{2}, 1}}));
}

}  // namespace
}  // namespace meshproof::test
