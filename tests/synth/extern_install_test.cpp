// Extern shapes on a synthetic Elden Ring install (issue 16 items 2 and 3): the h assets hold
// boxes, capsules, cylinders and convex polytopes referenced from custom primitives; the
// custom_prims pass counts them, and every injected extern defect (a reference to a missing entry,
// a second reference to one entry, a shape moved out of its section's domain) exactly. The decoded
// assets are also checked here on their own terms (the classes declared with the §7.3 hashes,
// each polytope convex, each shape placed inside its record's leaf box), independently of the pass.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/dcx.h"
#include "engine/containers/default_decompressors.h"
#include "engine/mesh/decode_member.h"
#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"
#include "engine/tagfile/tagfile.h"
#include "tests/support/pass_tally.h"
#include "tests/synth/temp_install.h"

namespace meshproof::synth {
namespace {
namespace fs = std::filesystem;

const TallyScope kAssets = TallyScope{"eldenring", "asset", {}};

ValueSet::Seen value_set(const Tally& t, const char* counter) {
    const auto it = t.value_sets().find({counter, kAssets});
    return it == t.value_sets().end() ? ValueSet::Seen{} : it->second.seen;
}

TEST(ExternInstall, CleanAssetsReferenceEachShapeOnceAtScaleOne) {
    auto verified = test::write_and_verify(SynthGame::kEldenRing, 9, {"custom_prims"}, "extern-clean");
    ASSERT_TRUE(verified.ok()) << verified.error().message;
    const SynthCounts& c = verified->written.by_set[3];
    const Tally& t = meshproof::test::tally_of(verified->run, "custom_prims");
    ASSERT_GT(c.extern_shapes, 0u);
    EXPECT_EQ(c.extern_refs, c.extern_shapes);
    EXPECT_EQ(t.count("extern_refs", kAssets), c.extern_refs);
    EXPECT_EQ(t.count("extern_shapes", kAssets), c.extern_shapes);
    EXPECT_EQ(t.count("extern_shape_files", kAssets), c.extern_files);
    EXPECT_EQ(t.count("extern_w_zero", kAssets), c.extern_w_zero);
    EXPECT_LT(c.extern_w_zero, c.extern_refs);  // some w of 3, 4 or 5
    EXPECT_EQ(t.count("extern_boxes_checked", kAssets), c.extern_refs);
    for (const char* v : {"extern_refs_missing_shape", "extern_box_outside_leaf", "extern_box_outside_domain",
                          "extern_shapes_not_referenced_once"})
        EXPECT_EQ(t.count(v, kAssets), 0u) << v;
    using Set = ValueSet::Seen;
    EXPECT_EQ(value_set(t, "extern_refs_per_shape"), (Set{{{1.0}, c.extern_shapes}}));
    EXPECT_EQ(value_set(t, "extern_scale"), (Set{{{1.0}, c.extern_shapes}}));
    const auto lo = t.minima().find({"extern_w_other_min", kAssets});
    const auto hi = t.maxima().find({"extern_w_other_max", kAssets});
    ASSERT_NE(lo, t.minima().end());
    ASSERT_NE(hi, t.maxima().end());
    EXPECT_GE(lo->second, 3.0);
    EXPECT_LE(hi->second, 5.0);
    // No extern shape outside the assets (the map sets hold none).
    EXPECT_EQ(t.total("extern_refs"), c.extern_refs);
}

TEST(ExternInstall, EachInjectedDefectIsCountedExactly) {
    auto spec = parse_defect_spec("extern_missing:2,extern_twice:1,extern_outside:1");
    ASSERT_TRUE(spec.ok());
    auto verified = test::write_and_verify(SynthGame::kEldenRing, 9, {"custom_prims"}, "extern-defects", *spec);
    ASSERT_TRUE(verified.ok()) << verified.error().message;
    EXPECT_EQ(verified->written.injected, *spec);
    const SynthCounts& c = verified->written.by_set[3];
    const Tally& t = meshproof::test::tally_of(verified->run, "custom_prims");
    EXPECT_EQ(c.extern_refs, c.extern_shapes + 3);  // two missing, one twice: three more records
    EXPECT_EQ(t.count("extern_refs", kAssets), c.extern_refs);
    EXPECT_EQ(t.count("extern_refs_missing_shape", kAssets), 2u);
    EXPECT_EQ(t.count("extern_shapes_not_referenced_once", kAssets), 1u);
    EXPECT_EQ(t.count("extern_box_outside_leaf", kAssets), 1u);
    EXPECT_EQ(t.count("extern_box_outside_domain", kAssets), 1u);
    EXPECT_EQ(t.count("extern_boxes_checked", kAssets), c.extern_refs - 2);
    using Set = ValueSet::Seen;
    EXPECT_EQ(value_set(t, "extern_refs_per_shape"), (Set{{{1.0}, c.extern_shapes - 1}, {{2.0}, 1}}));
    EXPECT_TRUE(verified->run.any_violation());
}

TEST(ExternInstall, SekiroHoldsNoneAndInjectsNone) {
    auto spec = parse_defect_spec("extern_missing:1");
    ASSERT_TRUE(spec.ok());
    auto verified = test::write_and_verify(SynthGame::kSekiro, 9, {"custom_prims"}, "extern-sekiro", *spec);
    ASSERT_TRUE(verified.ok()) << verified.error().message;
    EXPECT_EQ(verified->written.injected, DefectCounts{});
    EXPECT_EQ(verified->written.counts.extern_shapes, 0u);
    EXPECT_EQ(meshproof::test::tally_of(verified->run, "custom_prims").total("extern_refs"), 0u);
}

std::vector<std::uint8_t> read_all(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The first asset tagfile of the install (an h asset with four extern shapes), decoded.
TEST(ExternInstall, AssetsDeclareTheClassesAndPlaceConvexShapesInTheirLeaves) {
    const fs::path root = test::temp_install_root("extern-decoded");
    SynthOptions o;
    o.seed = 9;
    o.write_json = false;
    auto written = write_synthetic_install(root, o);
    ASSERT_TRUE(written.ok()) << written.error().message;
    const fs::path asset = root / "asset/aeg/aeg100/aeg100_000_h.geomhkxbnd.dcx";
    ASSERT_TRUE(fs::exists(asset));
    const auto dcx = read_all(asset);
    auto bnd = dcx_decompress(dcx, default_decompressors());
    ASSERT_TRUE(bnd.ok());
    auto binder = parse_bnd4(*bnd);
    ASSERT_TRUE(binder.ok());
    ASSERT_EQ(binder->entries.size(), 1u);
    const auto& entry = binder->entries[0];
    auto hkx = entry_stored_bytes(entry, *bnd);
    ASSERT_TRUE(hkx.ok());
    auto tf = tagfile::parse_tagfile(*hkx, nullptr);
    ASSERT_TRUE(tf.ok()) << tf.error().message;
    // The §7.3 registry hashes in the asset's own TYPE section.
    const std::pair<const char*, std::uint32_t> hashes[] = {{"hknpBoxShape", 3876534295u},
                                                            {"hknpCapsuleShape", 2816269015u},
                                                            {"hknpCylinderShape", 4268640020u},
                                                            {"hknpConvexPolytopeShape", 4055701261u},
                                                            {"hknpShapeInstance", 1862782239u}};
    for (const auto& [name, hash] : hashes) {
        const auto type = tf->types().find_type(name);
        ASSERT_TRUE(type.has_value()) << name;
        EXPECT_EQ(tf->types().info(*type).hash, hash) << name;
    }
    auto member = mesh::decode_member(*tf);
    ASSERT_TRUE(member.ok()) << member.error().message;
    ASSERT_EQ(member->meshes.size(), 1u);
    const mesh::DecodedMesh& m = member->meshes[0];
    const mesh::DecodedExternShapes& e = m.extern_shapes;
    ASSERT_EQ(e.instance_count(), 4u);  // aeg100_000: the first asset, 4 shapes
    std::set<tagfile::ShapeType> types;
    for (std::size_t s = 0; s < e.shape_count(); ++s) {
        types.insert(e.type[s]);
        EXPECT_EQ(e.stored_type[s], static_cast<std::uint8_t>(e.type[s]));
        if (e.face_count[s] == 0) continue;
        EXPECT_EQ(e.plane_count[s], e.face_count[s]);
        // Convex: every vertex on the inner side of every face plane.
        for (std::uint32_t f = 0; f < e.plane_count[s]; ++f) {
            const std::uint32_t pl = e.first_plane[s] + f;
            for (std::uint32_t v = e.first_vertex[s]; v < e.first_vertex[s] + e.vertex_count[s]; ++v) {
                const double d = double{e.plane_x[pl]} * e.vertex_x[v] + double{e.plane_y[pl]} * e.vertex_y[v] +
                                 double{e.plane_z[pl]} * e.vertex_z[v] + e.plane_w[pl];
                EXPECT_LE(d, 1e-5) << "shape " << s << " face " << f;
            }
        }
    }
    EXPECT_EQ(types,
              (std::set<tagfile::ShapeType>{tagfile::ShapeType::kBox, tagfile::ShapeType::kCapsule,
                                            tagfile::ShapeType::kCylinder, tagfile::ShapeType::kConvexPolytope}));
    // Each reference names its own entry; the entry's vertices (rotation columns, translation, in
    // double) lie in the reference's leaf box and the section is flagged.
    const mesh::DecodedExternReferences& r = m.extern_references;
    ASSERT_EQ(r.primitive.size(), 4u);
    for (std::size_t i = 0; i < r.primitive.size(); ++i) {
        EXPECT_EQ(r.shape_index[i], i);
        const std::uint32_t p = r.primitive[i];
        EXPECT_EQ(m.sections.flags[m.primitives.section[p]], 1u);
        ASSERT_NE(m.primitives.leaf_node[p], mesh::kNone);
        const mesh::Box& leaf = m.section_trees.box[m.primitives.leaf_node[p]];
        const auto& t = e.transform[i];
        const std::uint32_t s = e.shape[i];
        for (std::uint32_t v = e.first_vertex[s]; v < e.first_vertex[s] + e.vertex_count[s]; ++v)
            for (int a = 0; a < 3; ++a) {
                const double q = double{t[a]} * e.vertex_x[v] + double{t[4 + a]} * e.vertex_y[v] +
                                 double{t[8 + a]} * e.vertex_z[v] + t[12 + a];
                EXPECT_GE(q, leaf.min[a] - 1e-4) << i;
                EXPECT_LE(q, leaf.max[a] + 1e-4) << i;
            }
    }
    fs::remove_all(root);
}

}  // namespace
}  // namespace meshproof::synth
