// Whole synthetic installs: written, then verified (run_verify) and decoded member by member
// through mesh::decode_member; same seed, same bytes; every injected defect found in the bytes
// in exactly the injected number.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/dcx.h"
#include "engine/containers/default_decompressors.h"
#include "engine/mesh/decode_member.h"
#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"
#include "tests/synth/synth_checks.h"
#include "tests/synth/temp_install.h"
#include "tests/support/param_printers.h"

namespace meshproof::synth {
namespace {
namespace fs = std::filesystem;

std::vector<std::uint8_t> read_all(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

fs::path temp_root(const std::string& name) { return test::temp_install_root(name); }

struct MemberDecode {
    std::string path;
    bool ok = false;
    mesh::DecodedMember member;
};

// Every member of every split binder under `root`, decoded.
std::vector<MemberDecode> decode_install(const fs::path& root) {
    std::vector<fs::path> bhds;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.path().extension() == ".hkxbhd") bhds.push_back(e.path());
    std::sort(bhds.begin(), bhds.end());
    const DecompressorRegistry registry = default_decompressors();
    std::vector<MemberDecode> out;
    for (const fs::path& bhd_path : bhds) {
        const auto bhd = read_all(bhd_path);
        fs::path bdt_path = bhd_path;
        bdt_path.replace_extension(".hkxbdt");
        const auto bdt = read_all(bdt_path);
        auto binder = parse_bhf4(bhd);
        EXPECT_TRUE(binder.ok());
        if (!binder.ok()) continue;
        tagfile::CompendiumRegistry compendiums;
        for (const BinderEntry& entry : binder->entries) {
            MemberDecode md;
            md.path = fs::relative(bhd_path, root).generic_string() + " :: " + std::string(entry.name_last_component());
            auto stored = entry_stored_bytes(entry, bdt);
            if (!stored.ok()) {
                out.push_back(std::move(md));
                continue;
            }
            auto raw = dcx_decompress(*stored, registry);
            if (!raw.ok()) {
                out.push_back(std::move(md));
                continue;
            }
            if (entry.name.find(".compendium") != std::string::npos) {
                EXPECT_TRUE(compendiums.add_bytes(*raw).ok());
                continue;
            }
            auto tf = tagfile::parse_tagfile(*raw, &compendiums);
            if (tf.ok()) {
                auto member = mesh::decode_member(*tf);
                if (member.ok()) {
                    md.ok = true;
                    md.member = std::move(member).value();
                }
            }
            out.push_back(std::move(md));
        }
    }
    return out;
}

class DemoInstall : public ::testing::TestWithParam<SynthGame> {};

TEST_P(DemoInstall, RoundTripsThroughVerifyAndTheDecoder) {
    const fs::path root = temp_root(std::string(synth_game_name(GetParam())) + "-demo");
    SynthOptions o;
    o.game = GetParam();
    o.seed = 11;
    auto written = write_synthetic_install(root, o);
    ASSERT_TRUE(written.ok()) << written.error().message;
    const SynthCounts& c = written->counts;
    SynthCounts maps;  // the split binders decode_install reads (objects / assets are in by_set[3])
    for (std::size_t i = 0; i < 3; ++i) maps.add(written->by_set[i]);
    EXPECT_GT(written->by_set[3].point_sets, 0u);
    EXPECT_TRUE(fs::exists(root / "defects.json"));
    // Every member is readable but the character binders' two that are not collision.
    EXPECT_EQ(c.members, c.readable_members + c.not_collision);
    EXPECT_EQ(c.not_collision, written->by_set[4].not_collision);
    EXPECT_GT(c.not_collision, 0u);
    EXPECT_GT(c.paged_sections, 0u);

    RunOptions ro;
    ro.threads = 2;
    auto run = run_verify(root, ro);
    ASSERT_TRUE(run.ok()) << run.error().message;
    EXPECT_EQ(run->scan.game, GetParam() == SynthGame::kEldenRing ? Game::kEldenRing : Game::kSekiro);
    EXPECT_EQ(run->binders, c.binders);
    EXPECT_EQ(run->members.size(), c.members + c.compendiums);
    EXPECT_EQ(run->count(MemberState::kDecodeError), 0u);
    EXPECT_EQ(run->count(MemberState::kSkipped), 0u);
    for (const MemberStatus& m : run->members)
        EXPECT_EQ(m.state, MemberState::kOk) << m.path << ": " << m.error.message;
    EXPECT_EQ(run->not_collision(), c.not_collision);

    const auto members = decode_install(root);
    ASSERT_EQ(members.size(), maps.members);
    std::uint64_t triangles = 0, quads = 0, sections = 0, paged = 0, meshes = 0, externs = 0, extern_triangles = 0;
    std::uint64_t interior_keys = 0, interior_set = 0, interior_meshes_with_bits = 0;
    for (const MemberDecode& md : members) {
        ASSERT_TRUE(md.ok) << md.path;
        EXPECT_EQ(md.member.sdk_version, GetParam() == SynthGame::kEldenRing ? "20180100" : "20160200");
        for (const mesh::DecodedExternMesh& e : md.member.extern_meshes) {
            ++externs;
            extern_triangles += e.triangle_count();
            // aabbTree form: 2n − 1 nodes, every triangle inside its leaf box; simd form: one leaf a triangle.
            if (e.has_aabb_tree) {
                EXPECT_EQ(e.aabb_tree.size(), 2 * e.triangle_count() - 1) << md.path;
                EXPECT_EQ(e.num_shape_key_bits, std::bit_width(e.triangle_count())) << md.path;
                for (std::size_t n = 0; n < e.aabb_tree.size(); ++n) {
                    if (!e.aabb_tree.is_leaf[n]) continue;
                    const std::uint32_t t = e.aabb_tree.payload[n];
                    const mesh::Box& b = e.aabb_tree.box[n];
                    for (int k = 0; k < 3; ++k) {
                        const std::uint32_t v = e.triangle[k][t];
                        EXPECT_TRUE(e.x[v] >= b.min[0] && e.x[v] <= b.max[0] && e.y[v] >= b.min[1] &&
                                    e.y[v] <= b.max[1] && e.z[v] >= b.min[2] && e.z[v] <= b.max[2])
                            << md.path << " triangle " << t;
                    }
                }
            } else {
                EXPECT_EQ(e.num_shape_key_bits, std::bit_width(e.triangle_count()) + 1) << md.path;
                std::size_t leaves = 0;
                for (mesh::LaneKind k : e.simd_tree.lane_kind) leaves += k == mesh::LaneKind::kLeaf;
                EXPECT_EQ(leaves, e.triangle_count()) << md.path;
            }
        }
        for (const mesh::DecodedMesh& m : md.member.meshes) {
            ++meshes;
            const MeshCheck k = check_mesh(m);
            EXPECT_EQ(k.vertices_outside_leaf, 0u) << md.path;
            EXPECT_EQ(k.sections_outside_mesh_leaf, 0u) << md.path;
            EXPECT_EQ(k.nibbles_off_rule, 0u) << md.path;
            EXPECT_EQ(k.run_gaps, 0u) << md.path;
            EXPECT_EQ(k.interior_on_missing_key, 0u) << md.path;
            EXPECT_EQ(k.simd_leaf_box_mismatch, 0u) << md.path;
            EXPECT_EQ(k.simd_child_box_mismatch, 0u) << md.path;
            EXPECT_EQ(k.key_width_mismatch, 0u) << md.path;
            EXPECT_EQ(k.sections_over_limits, 0u) << md.path;
            EXPECT_EQ(k.row_key_mismatch, 0u) << md.path;
            EXPECT_EQ(k.numbering_mismatch, 0u) << md.path;
            // The stored bits are the interior-bit pass's, key for key, run here on the decoded mesh.
            const InteriorCheck ic = check_interior(m);
            EXPECT_FALSE(ic.refused) << md.path;
            EXPECT_EQ(ic.wrong, 0u) << md.path;
            EXPECT_EQ(ic.stored, ic.computed) << md.path;
            interior_keys += ic.keys;
            interior_set += ic.stored;
            interior_meshes_with_bits += ic.stored > 0;
            triangles += m.triangles.size();
            for (mesh::PrimitiveKind kind : m.primitives.kind) quads += kind == mesh::PrimitiveKind::kQuad;
            sections += m.sections.size();
            paged += k.paged_sections;
        }
    }
    EXPECT_EQ(meshes, maps.meshes);
    EXPECT_GT(c.extern_meshes, 0u);
    EXPECT_EQ(externs, maps.extern_meshes);
    EXPECT_EQ(extern_triangles, maps.extern_triangles);
    EXPECT_EQ(triangles, maps.triangles);
    EXPECT_EQ(quads, maps.quads);
    EXPECT_EQ(sections, maps.sections);
    EXPECT_EQ(paged, maps.paged_sections);
    // A good share of the keys is set (the real meshes set about half; see the report).
    EXPECT_EQ(interior_keys, maps.triangles);
    EXPECT_EQ(interior_set, maps.interior.bits_stored);
    EXPECT_EQ(interior_meshes_with_bits, maps.interior.meshes_with_bits);
    EXPECT_GT(interior_meshes_with_bits, maps.meshes / 2);
    EXPECT_GT(interior_set * 5, interior_keys) << interior_set << " of " << interior_keys;
    RecordProperty("interior_bits_set", std::to_string(interior_set));
    RecordProperty("interior_keys", std::to_string(interior_keys));
    std::printf("interior bits set: %llu of %llu triangle keys in %llu of %llu meshes\n",
                static_cast<unsigned long long>(interior_set), static_cast<unsigned long long>(interior_keys),
                static_cast<unsigned long long>(interior_meshes_with_bits), static_cast<unsigned long long>(meshes));
    fs::remove_all(root);
}

INSTANTIATE_TEST_SUITE_P(Games, DemoInstall, ::testing::Values(SynthGame::kEldenRing, SynthGame::kSekiro),
                         [](const auto& info) { return std::string(synth_game_name(info.param)); });

std::map<std::string, std::vector<std::uint8_t>> all_files(const fs::path& root) {
    std::map<std::string, std::vector<std::uint8_t>> files;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file()) files[fs::relative(e.path(), root).generic_string()] = read_all(e.path());
    return files;
}

TEST(SynthDeterminism, SameSeedSameBytesOtherSeedOtherBytes) {
    const fs::path a = temp_root("det-a"), b = temp_root("det-b"), d = temp_root("det-d");
    SynthOptions o;
    o.game = SynthGame::kSekiro;
    o.seed = 5;
    o.defects.fill(1);
    ASSERT_TRUE(write_synthetic_install(a, o).ok());
    o.threads = 1;
    ASSERT_TRUE(write_synthetic_install(b, o).ok());
    o.seed = 6;
    ASSERT_TRUE(write_synthetic_install(d, o).ok());
    const auto fa = all_files(a), fb = all_files(b), fd = all_files(d);
    ASSERT_EQ(fa.size(), fb.size());
    EXPECT_GT(fa.size(), 4u);
    for (const auto& [name, bytes] : fa) EXPECT_TRUE(fb.at(name) == bytes) << name;
    std::size_t differing = 0;
    for (const auto& [name, bytes] : fa)
        if (!fd.count(name) || fd.at(name) != bytes) ++differing;
    EXPECT_GE(differing, fa.size() - 1);  // every binder differs (the layout is the same)
    for (const auto& p : {a, b, d}) fs::remove_all(p);
}

TEST(SynthDefects, SpecParses) {
    auto all = parse_defect_spec("all");
    ASSERT_TRUE(all.ok());
    for (std::uint32_t n : *all) EXPECT_EQ(n, 1u);
    auto some =
        parse_defect_spec("page0:3,leafbox:5,nibble:2,interior:4,run_gap:1,key_width:2,truncated:1,dcx_header:1");
    ASSERT_TRUE(some.ok());
    EXPECT_EQ((*some)[static_cast<int>(DefectKind::kLeafBox)], 5u);
    EXPECT_FALSE(parse_defect_spec("leafbox:x").ok());
    EXPECT_FALSE(parse_defect_spec("bogus:1").ok());
    EXPECT_FALSE(parse_defect_spec("nibble:1,nibble:2").ok());
}

class DefectInstall : public ::testing::TestWithParam<SynthGame> {};

TEST_P(DefectInstall, EachKindIsInTheBytesExactlyAsInjected) {
    const fs::path root = temp_root(std::string(synth_game_name(GetParam())) + "-defects");
    SynthOptions o;
    o.game = GetParam();
    o.seed = 3;
    auto spec =
        parse_defect_spec("page0:3,leafbox:5,nibble:2,interior:4,run_gap:1,key_width:2,truncated:1,dcx_header:1");
    ASSERT_TRUE(spec.ok());
    o.defects = *spec;
    auto written = write_synthetic_install(root, o);
    ASSERT_TRUE(written.ok()) << written.error().message;
    EXPECT_EQ(written->injected, o.defects);
    EXPECT_NE(written->json.find("\"defects_injected\": {\"page0\": 3, \"leafbox\": 5, \"nibble\": 2, \"interior\": 4, "
                                 "\"run_gap\": 1, \"key_width\": 2, \"truncated\": 1, \"dcx_header\": 1, "
                                 "\"extern_missing\": 0, \"extern_twice\": 0, \"extern_outside\": 0}"),
              std::string::npos)
        << written->json.substr(0, 600);

    RunOptions ro;
    ro.threads = 2;
    auto run = run_verify(root, ro);
    ASSERT_TRUE(run.ok());
    EXPECT_EQ(run->count(MemberState::kDecodeError), 2u);  // truncated + dcx_header

    const auto members = decode_install(root);
    std::uint64_t unreadable = 0, leafbox = 0, page0 = 0, nibble = 0, interior = 0, run_gap = 0, key_width = 0;
    std::uint64_t interior_cleared = 0, interior_raised = 0, interior_not_key = 0;
    for (const MemberDecode& md : members) {
        if (!md.ok) {
            ++unreadable;
            continue;
        }
        for (const mesh::DecodedMesh& m : md.member.meshes) {
            const MeshCheck k = check_mesh(m);
            const bool large = k.paged_sections > 0 || md.path.find("_900000") != std::string::npos;
            if (large) {
                page0 += k.sections_with_outside.size();  // the page-0 sections read the wrong vertices
            } else {
                leafbox += k.vertices_outside_leaf;          // one primitive per moved vertex
                for (std::uint32_t s : k.off_rule_sections)  // off the rule where every vertex is inside
                    if (std::find(k.sections_with_outside.begin(), k.sections_with_outside.end(), s) ==
                        k.sections_with_outside.end())
                        ++nibble;
            }
            // Every flipped bit is one key whose stored bit differs from the pass run on the decoded mesh.
            const InteriorCheck ic = check_interior(m);
            EXPECT_FALSE(ic.refused) << md.path;
            interior += ic.wrong;
            interior_cleared += ic.set_not_stored;
            interior_raised += ic.stored_not_set;
            interior_not_key += k.interior_on_missing_key;
            run_gap += k.run_gaps;
            key_width += k.key_width_mismatch;
        }
    }
    EXPECT_EQ(unreadable, 2u);
    EXPECT_EQ(page0, 3u);
    EXPECT_EQ(leafbox, 5u);
    EXPECT_EQ(nibble, 2u);
    EXPECT_EQ(interior, 4u);
    // Alternately a set bit cleared and a clear bit set, the other direction where a mesh has no
    // bit to spare (a clear needs another set bit left): the bytes hold what the writer says it did.
    EXPECT_EQ(interior_cleared, written->counts.effects.interior_set_not_stored);
    EXPECT_EQ(interior_raised, written->counts.effects.interior_stored_not_set);
    EXPECT_GE(interior_cleared, 1u);
    EXPECT_GE(interior_raised, 1u);
    EXPECT_EQ(interior_not_key, 0u);
    EXPECT_EQ(run_gap, 1u);
    EXPECT_EQ(key_width, 2u);
    fs::remove_all(root);
}

INSTANTIATE_TEST_SUITE_P(Games, DefectInstall, ::testing::Values(SynthGame::kEldenRing, SynthGame::kSekiro),
                         [](const auto& info) { return std::string(synth_game_name(info.param)); });

}  // namespace
}  // namespace meshproof::synth
